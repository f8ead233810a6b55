/**
 * Surfaces in tool results (`a2ui_operations` of any tool's result) and how surfaces are counted:
 * one activity message per call, a streamed surface painted once when a result wraps it again,
 * custom render tool names. Part of `middleware-suite.ts`.
 */
import { describe, expect, it } from 'vitest';
import { A2uiStreamMiddleware } from '../../src/ag-ui/index.js';
import { BASIC_CATALOG_ID_V09 } from '../../src/index.js';
import { chunks, run, toolCall } from '../support/ag-ui-runs.js';
import { converse, renderedActivitiesOf, type RunRecord } from './helpers.js';
import { activities, checked, ofType, v } from './middleware-suite-helpers.js';

/** Registers the tests of surfaces in tool results and surface counting. */
export function describeToolResults(): void {
  describe('surfaces in tool results and surface counting', () => {
    const envelope = (surfaceId: string, text: string) =>
      JSON.stringify({
        a2ui_operations: [
          { version: v, createSurface: { surfaceId, catalogId: BASIC_CATALOG_ID_V09 } },
          { version: v, updateComponents: { surfaceId, components: [{ id: 'root', component: 'Text', text }] } },
        ],
      });
    const streamed = (surfaceId: string) => JSON.stringify({ surfaceId, components: [{ id: 'root', component: 'Text', text: 'streamed' }] });

    it("draws a2ui_operations of other tools' results, one activity message per call; other results draw nothing", async () => {
      const body = [
        ...toolCall('t1', 'render_flights', ['{}']),
        { type: 'TOOL_CALL_RESULT', messageId: 'r1', toolCallId: 't1', content: envelope('shared', 'one') },
        ...toolCall('t2', 'render_flights', ['{}']),
        { type: 'TOOL_CALL_RESULT', messageId: 'r2', toolCallId: 't2', content: envelope('shared', 'two') },
        ...toolCall('t3', 'get_weather', ['{"city":"NYC"}']),
        { type: 'TOOL_CALL_RESULT', messageId: 'r3', toolCallId: 't3', content: '{"temperature":72}' },
      ];
      const { records } = await converse(new A2uiStreamMiddleware(), [run(body)]);
      const [record] = checked(records) as [RunRecord];
      expect(activities(record.sent).map((event) => event.messageId)).toEqual(['a2ui-surface-t1', 'a2ui-surface-t2']);
      expect(ofType(record.sent, 'TOOL_CALL_RESULT')).toHaveLength(3);
    });

    it('paints a streamed surface once when a result wraps it again, and still paints an unrelated one', async () => {
      const mw = new A2uiStreamMiddleware({ a2uiToolNames: ['render_a2ui', 'generate_a2ui'] });
      const body = [
        ...toolCall('inner', 'render_a2ui', chunks(streamed('s-dup'), 9)),
        ...toolCall('outer', 'generate_a2ui', ['{}']),
        { type: 'TOOL_CALL_RESULT', messageId: 'r1', toolCallId: 'outer', content: envelope('s-dup', 'again') },
        ...toolCall('other', 'some_tool', ['{}']),
        { type: 'TOOL_CALL_RESULT', messageId: 'r2', toolCallId: 'other', content: envelope('s-other', 'other') },
      ];
      const { records, messages } = await converse(mw, [run(body)]);
      checked(records);
      expect(Object.keys(renderedActivitiesOf(messages, '0.9')).sort()).toEqual(['a2ui-surface-inner/s-dup', 'a2ui-surface-other/s-other']);
    });

    it('two render calls for one surface id are two activity messages, and recognises a custom injected tool name', async () => {
      const mw = new A2uiStreamMiddleware({ injectA2UITool: 'custom_render', a2uiToolNames: ['extra'] });
      const body = [
        ...toolCall('a', 'custom_render', [streamed('same')]),
        ...toolCall('b', 'render_a2ui', [streamed('same')]),
        ...toolCall('c', 'extra', [streamed('same')]),
      ];
      const { records, messages } = await converse(mw, [run(body)]);
      checked(records);
      // `render_a2ui` is not among the names once a2uiToolNames is given: its call passes
      // untouched and, like any other tool call until its result, is the outer call of the next.
      expect(Object.keys(renderedActivitiesOf(messages, '0.9'))).toEqual(['a2ui-surface-a/same', 'a2ui-surface-b/same']);
      expect(records[0]?.sent.filter((event) => event.type === 'TOOL_CALL_RESULT').map((event) => event.toolCallId)).toEqual(['a', 'c']);
    });
  });
}
