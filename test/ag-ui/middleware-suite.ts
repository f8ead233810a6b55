/**
 * The middleware's behaviour through an `@ag-ui/client` agent replaying event streams shaped like
 * an agent's: text and tool-call forms, v0.9 and v1.0, malformed output, two turns, user actions,
 * what `@ag-ui/a2ui-middleware`'s tests show its users rely on. Run once per client version
 * (`middleware.test.ts`: 1.0.0; `middleware-client-0.test.ts`: 0.0.59, CopilotKit 1.74's).
 *
 * Its sections: the forms per version (`middleware-forms.ts`), malformed tool calls and recovery
 * (`middleware-recovery.ts`), surfaces in tool results (`middleware-tool-results.ts`), the run's
 * input (`middleware-run-input.ts`), then the cases below; what they read from a run is in
 * `middleware-suite-helpers.ts`.
 */
import type { A2UIMiddlewareConfig } from '@ag-ui/a2ui-middleware';
import { describe, expect, it } from 'vitest';
import { A2uiStreamMiddleware, A2UI_TEXT_METADATA_KEY } from '../../src/ag-ui/index.js';
import { BASIC_CATALOG_ID_V09, basicCatalogV08, type A2uiMessage } from '../../src/index.js';
import { chunks, run, textMessage, toolCall, type AguiEvent } from '../support/ag-ui-runs.js';
import { converse, rendered, renderedActivitiesOf, type RunRecord } from './helpers.js';
import { describeForms } from './middleware-forms.js';
import { describeRecovery } from './middleware-recovery.js';
import { describeRunInput } from './middleware-run-input.js';
import { activities, checked, middleware, ofType, paintedIds, toMessages, v } from './middleware-suite-helpers.js';
import { describeToolResults } from './middleware-tool-results.js';

/** Registers the suite's tests, named after `client`, the `@ag-ui/client` version the test file runs with. */
export function describeMiddleware(client: string): void {
  describe(`A2uiStreamMiddleware with @ag-ui/client ${client}`, () => {
    describeForms();
    describeRecovery();
    describeToolResults();
    describeRunInput();

    it('passes every other event through unchanged, and text unchanged with readText: false', async () => {
      const others: AguiEvent[] = [
        { type: 'STATE_SNAPSHOT', snapshot: { a: 1 } },
        { type: 'STEP_STARTED', stepName: 'plan' },
        ...toolCall('w', 'get_weather', ['{"city":', '"Oslo"}']),
        { type: 'TOOL_CALL_RESULT', messageId: 'r', toolCallId: 'w', content: 'sunny' },
        { type: 'CUSTOM', name: 'mine', value: [1, 2] },
        { type: 'STEP_FINISHED', stepName: 'plan' },
      ];
      const { records } = await converse(new A2uiStreamMiddleware(), [run(others)]);
      expect(checked(records)[0]?.sent.slice(1, -1)).toEqual(others);
      const text = textMessage('m', ['Hi <a2ui-json>', '[]</a2ui-json>']);
      const { records: plain } = await converse(new A2uiStreamMiddleware({ readText: false }), [run(text)]);
      expect(plain[0]?.sent.slice(1, -1)).toEqual(text);
    });

    it("two turns, tool form then a user action: the second turn's text updates the tool-drawn surface in its activity message", async () => {
      const args = {
        surfaceId: 'trip',
        components: [
          { id: 'root', component: 'Column', children: ['title', 'go'] },
          { id: 'title', component: 'Text', text: 'Lisbon' },
          { id: 'go', component: 'Button', child: 'label', action: { event: { name: 'book' } } },
          { id: 'label', component: 'Text', text: 'Book' },
        ],
      };
      const update: A2uiMessage[] = [
        { version: v, updateComponents: { surfaceId: 'trip', components: [{ id: 'title', component: 'Text', text: 'Lisbon, booked' }] } },
      ];
      const runs = [
        run(toolCall('tc-1', 'render_a2ui', chunks(JSON.stringify(args), 11)), 'run-1'),
        run(textMessage('m2', chunks(`Done.<a2ui-json>${JSON.stringify(update)}</a2ui-json>`, 7)), 'run-2'),
      ];
      const userAction = { name: 'book', surfaceId: 'trip', sourceComponentId: 'go', context: {} };
      const { records, messages, agent } = await converse(middleware('0.9'), runs, [{}, { forwardedProps: { a2uiAction: { userAction } } }]);
      const [, turn2] = checked(records) as [RunRecord, RunRecord];
      expect(agent.inputs[1]?.messages.at(-2)).toMatchObject({ role: 'assistant', toolCalls: [{ function: { name: 'log_a2ui_event' } }] });
      expect(activities(turn2.sent).map((event) => [event.type, event.messageId])).toEqual([['ACTIVITY_SNAPSHOT', 'a2ui-surface-tc-1']]);
      expect(Object.values(renderedActivitiesOf(messages, '0.9'))).toEqual([rendered([...toMessages(args), ...update], '0.9').trip]);
    });

    it("reads interleaved text messages each with its own parser, keeping each event's other fields", async () => {
      const block = (surfaceId: string) =>
        `<a2ui-json>${JSON.stringify([
          { version: v, createSurface: { surfaceId, catalogId: BASIC_CATALOG_ID_V09 } },
          { version: v, updateComponents: { surfaceId, components: [{ id: 'root', component: 'Text', text: surfaceId }] } },
        ])}</a2ui-json>`;
      const [a, b] = [chunks(`A ${block('sa')} a`, 9), chunks(`B ${block('sb')} b`, 9)];
      const body: AguiEvent[] = [
        { type: 'TEXT_MESSAGE_START', messageId: 'ma', role: 'assistant' },
        { type: 'TEXT_MESSAGE_START', messageId: 'mb', role: 'assistant' },
      ];
      for (let i = 0; i < Math.max(a.length, b.length); i++) {
        if (a[i]) body.push({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'ma', delta: a[i], timestamp: i });
        if (b[i]) body.push({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'mb', delta: b[i], timestamp: i });
      }
      body.push({ type: 'TEXT_MESSAGE_END', messageId: 'ma' }, { type: 'TEXT_MESSAGE_END', messageId: 'mb' });
      const { records, messages } = await converse(middleware('0.9'), [run(body)]);
      const [record] = checked(records) as [RunRecord];
      expect(messages.filter((message) => message.role === 'assistant').map((message) => message.content)).toEqual(['A  a', 'B  b']);
      expect(Object.keys(renderedActivitiesOf(messages, '0.9')).sort()).toEqual(['a2ui-surface-ma-sa/sa', 'a2ui-surface-mb-sb/sb']);
      expect(ofType(record.sent, 'TEXT_MESSAGE_CONTENT').every((event) => typeof event.timestamp === 'number')).toBe(true);
    });

    it('stops reading a text message at a limit: an error event, the rest of it not passed on', async () => {
      const text = `Hi <a2ui-json>[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${BASIC_CATALOG_ID_V09}"}},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[${'{"id":"x","component":"Text","text":"aaaaaaaaaa"},'.repeat(20)}{"id":"root","component":"Text","text":"end"}]}}]</a2ui-json> after`;
      const { records, messages } = await converse(middleware('0.9', { maxBufferSize: 200 }), [run(textMessage('m', chunks(text, 50)))]);
      const [record] = checked(records) as [RunRecord];
      expect(ofType(record.sent, 'CUSTOM').map((event) => (event.value as { category: string }).category)).toEqual(['LimitError']);
      expect(messages.find((message) => message.id === 'm')?.content).toBe('Hi ');
    });

    it('takes an @ag-ui/a2ui-middleware config as it is (a drop-in, types included)', async () => {
      const config: A2UIMiddlewareConfig = {
        schema: { catalogId: 'app-catalog', components: { HotelCard: { type: 'object' } } },
        injectA2UITool: 'draw',
        a2uiToolNames: ['render_a2ui'],
        defaultCatalogId: 'app-catalog',
        recovery: { debugExposure: 'collapsed', showProgressTokens: false, maxAttempts: 2 },
      };
      const args = JSON.stringify({ surfaceId: 's', components: [{ id: 'root', component: 'HotelCard', name: 'Ritz' }] });
      const { records, agent } = await converse(new A2uiStreamMiddleware(config), [run(toolCall('t', 'draw', [args]))]);
      expect(agent.inputs[0]?.tools.map((tool) => tool.name)).toEqual(['draw']);
      expect(paintedIds(records[0]?.sent ?? [])).toEqual(new Set(['root']));
    });

    it('refuses v0.8 catalogs (CopilotKit renders v0.9)', () => {
      expect(() => new A2uiStreamMiddleware({ catalogs: basicCatalogV08() })).toThrow(/v0\.9 or later/);
    });

    it("a messages snapshot shows assistant text without its A2UI, the model's text in the metadata", async () => {
      const raw = `Here:<a2ui-json>${JSON.stringify([{ version: v, createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID_V09 } }])}</a2ui-json> ok`;
      const snapshot = {
        type: 'MESSAGES_SNAPSHOT',
        messages: [
          { id: 'u', role: 'user', content: 'hi' },
          { id: 'a', role: 'assistant', content: raw },
        ],
      };
      const { records, messages } = await converse(new A2uiStreamMiddleware(), [run([snapshot])]);
      checked(records);
      expect(messages.find((message) => message.id === 'a')).toEqual({
        id: 'a',
        role: 'assistant',
        content: 'Here: ok',
        metadata: { [A2UI_TEXT_METADATA_KEY]: { text: raw } },
      });
    });
  });
}
