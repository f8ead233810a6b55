/**
 * Malformed tool calls and recovery, as `@ag-ui/a2ui-middleware` runs them: attempts shown as
 * building, retrying and failed, arguments cut short, a tool result reporting exhausted recovery.
 * Part of `middleware-suite.ts`.
 */
import { describe, expect, it } from 'vitest';
import { A2uiStreamMiddleware } from '../../src/ag-ui/index.js';
import { basicCatalogV09 } from '../../src/index.js';
import { chunks, run, toolCall } from '../support/ag-ui-runs.js';
import { converse, rendered, renderedActivitiesOf, type RunRecord } from './helpers.js';
import { activities, checked, middleware, ofType, paintedIds, statuses, toMessages } from './middleware-suite-helpers.js';

/** Registers the tests of malformed tool calls and the recovery lifecycle. */
export function describeRecovery(): void {
  describe('malformed tool calls and recovery (the @ag-ui/a2ui-middleware lifecycle)', () => {
    const good = {
      surfaceId: 'hotels',
      components: [
        { id: 'root', component: 'Column', children: ['name'] },
        { id: 'name', component: 'Text', text: { path: '/name' } },
      ],
      data: { name: 'Ritz' },
    };
    const bad = { surfaceId: 'hotels', components: [{ id: 'root', component: 'Carousel', children: ['x'] }] };

    it('an attempt that draws nothing shows retrying; a later attempt in the same outer call replaces it in place', async () => {
      const body = [
        ...toolCall('outer-1', 'generate_a2ui', ['{"intent":"create"}']),
        ...toolCall('tc-1', 'render_a2ui', chunks(JSON.stringify(bad), 7)),
        ...toolCall('tc-2', 'render_a2ui', chunks(JSON.stringify(good), 7)),
      ];
      const { records, messages } = await converse(middleware('0.9'), [run(body)]);
      const [record] = checked(records) as [RunRecord];
      expect(statuses(record.sent)).toEqual(['building', 'retrying']);
      expect(new Set(activities(record.sent).map((event) => event.messageId))).toEqual(new Set(['a2ui-surface-outer-1']));
      const retry = activities(record.sent).find((event) => (event.content as { status?: string })?.status === 'retrying');
      expect(retry?.content).toMatchObject({ attempt: 2, maxAttempts: 3, errors: [expect.objectContaining({ category: 'ValidationError' })] });
      expect(Object.values(renderedActivitiesOf(messages, '0.9'))).toEqual([rendered(toMessages(good), '0.9').hotels]);
      const results = ofType(record.sent, 'TOOL_CALL_RESULT').map((event) => [event.toolCallId, JSON.parse(String(event.content)).status]);
      expect(results).toEqual([
        ['tc-1', 'failed'],
        ['tc-2', 'rendered'],
      ]);
    });

    it('a retry that never comes ends as failed before RUN_FINISHED; debugExposure is stamped on it', async () => {
      const mw = new A2uiStreamMiddleware({ catalogs: basicCatalogV09(), recovery: { debugExposure: 'hidden', maxAttempts: 5 } });
      const { records } = await converse(mw, [run(toolCall('tc-1', 'render_a2ui', chunks(JSON.stringify(bad), 5)))]);
      const [record] = checked(records) as [RunRecord];
      expect(statuses(record.sent)).toEqual(['building', 'retrying', 'failed']);
      const withStatus = activities(record.sent).filter((event) => 'status' in (event.content as object));
      for (const event of withStatus) expect(event.content).toMatchObject({ debugExposure: 'hidden' });
      expect(withStatus[1]?.content).toMatchObject({ attempt: 2, maxAttempts: 5 });
    });

    it('arguments cut short paint what they held and report it; arguments without a surfaceId report that', async () => {
      const args = JSON.stringify(good);
      const cut = args.slice(0, args.indexOf('"data"'));
      const body = [...toolCall('tc-1', 'render_a2ui', chunks(cut, 4)), ...toolCall('tc-2', 'render_a2ui', [JSON.stringify({ components: good.components })])];
      const { records, messages } = await converse(middleware('0.9', { catalogs: undefined }), [run(body)]);
      const [record] = checked(records) as [RunRecord];
      const reported = ofType(record.sent, 'CUSTOM').map((event) => [
        (event.value as { sourceId: string }).sourceId,
        (event.value as { category: string }).category,
      ]);
      expect(reported).toEqual([
        ['tc-1', 'ParseError'],
        ['tc-2', 'ValidationError'],
      ]);
      expect(paintedIds(record.sent)).toEqual(new Set(['root', 'name']));
      expect(Object.keys(renderedActivitiesOf(messages, '0.9'))).toEqual(['a2ui-surface-tc-1/hotels']);
    });

    it('a tool result that reports exhausted recovery shows failed', async () => {
      const envelope = JSON.stringify({
        error: 'Failed to generate valid A2UI after 3 attempt(s)',
        code: 'a2ui_recovery_exhausted',
        attempts: [{ attempt: 1 }],
      });
      const body = [...toolCall('outer-1', 'generate_a2ui', ['{}']), { type: 'TOOL_CALL_RESULT', messageId: 'r1', toolCallId: 'outer-1', content: envelope }];
      const { records } = await converse(new A2uiStreamMiddleware(), [run(body)]);
      const [record] = checked(records) as [RunRecord];
      expect(activities(record.sent)).toEqual([
        expect.objectContaining({
          messageId: 'a2ui-surface-outer-1',
          content: { status: 'failed', error: 'Failed to generate valid A2UI after 3 attempt(s)', attempts: [{ attempt: 1 }], maxAttempts: 1 },
        }),
      ]);
    });
  });
}
