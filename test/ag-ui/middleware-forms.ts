/**
 * The middleware's forms per version (v0.9 and v1.0, on a generated response of two blocks): text
 * and tool-call forms, activity snapshots only, two turns, malformed text. Part of
 * `middleware-suite.ts`.
 */
import { describe, expect, it } from 'vitest';
import { A2UI_TEXT_METADATA_KEY } from '../../src/ag-ui/index.js';
import type { A2uiMessage } from '../../src/index.js';
import { chunks, renderArgs, run, textMessage, toolCall } from '../support/ag-ui-runs.js';
import { generateResponse } from '../support/generate-response.js';
import { bySurface, converse, rendered, renderedActivitiesOf, type RunRecord } from './helpers.js';
import { activities, checked, componentIds, middleware, ofType, paintedIds } from './middleware-suite-helpers.js';

/** Registers the tests of the text and tool-call forms, for v0.9 and v1.0. */
export function describeForms(): void {
  describe.each(['0.9', '1.0'] as const)('v%s', (version) => {
    const response = generateResponse({ version, targetBytes: 9_000, seed: 5, blocks: 2 });
    const block = response.blocks[0]?.messages ?? [];

    it('text form: the text without its blocks, each surface one activity message, painted while the block streams', async () => {
      const { records, messages } = await converse(middleware(version), [run(textMessage('m1', chunks(response.text, 'model')))]);
      const [record] = checked(records) as [RunRecord];
      const assistant = messages.find((message) => message.id === 'm1') as { content: string; metadata: Record<string, { text: string }> };
      expect(assistant.content).toBe(response.text.replace(/<a2ui-json>[\s\S]*?<\/a2ui-json>/g, ''));
      expect(assistant.metadata[A2UI_TEXT_METADATA_KEY]?.text).toBe(response.text);
      expect(bySurface(renderedActivitiesOf(messages, version))).toEqual(rendered(response.messages, version));
      // Before the text after the first block goes out (it can only once the block closed),
      // most of its components are painted already.
      expect(paintedBeforeBlockEnds(record, response.text, block).share).toBeGreaterThan(0.5);
    });

    it('activityUpdates snapshot: every change a snapshot of the whole surface, painted while the block streams, for clients that read snapshots only', async () => {
      const { records, messages } = await converse(middleware(version, { activityUpdates: 'snapshot' }), [
        run(textMessage('m1', chunks(response.text, 'model'))),
      ]);
      const [record] = checked(records) as [RunRecord];
      expect(activities(record.sent).every((event) => event.type === 'ACTIVITY_SNAPSHOT')).toBe(true);
      // A client that keeps only each activity message's latest snapshot shows the model's surfaces.
      const latest = new Map<string, A2uiMessage[]>();
      for (const event of activities(record.sent)) latest.set(String(event.messageId), (event.content as { a2ui_operations: A2uiMessage[] }).a2ui_operations);
      expect(Object.assign({}, ...[...latest.values()].map((operations) => rendered(operations, version)))).toEqual(rendered(response.messages, version));
      expect(bySurface(renderedActivitiesOf(messages, version))).toEqual(rendered(response.messages, version));
      const { share, afterBlock } = paintedBeforeBlockEnds(record, response.text, block);
      expect(share).toBeGreaterThan(0.5);
      expect(activities(record.sent.slice(0, afterBlock)).length).toBeGreaterThan(3);
    });

    it("tool form: the call's own activity message, building, then painted while the arguments stream, then a result", async () => {
      const deltas = chunks(JSON.stringify(renderArgs(block)), 'model');
      const { records, messages } = await converse(middleware(version), [run(toolCall('tc-1', 'render_a2ui', deltas))]);
      const [record] = checked(records) as [RunRecord];
      expect(new Set(activities(record.sent).map((event) => event.messageId))).toEqual(new Set(['a2ui-surface-tc-1']));
      expect(activities(record.sent)[0]).toMatchObject({ type: 'ACTIVITY_SNAPSHOT', content: { status: 'building' } });
      const lastArgs = record.sent.map((event) => event.type).lastIndexOf('TOOL_CALL_ARGS');
      const early = paintedIds(record.sent.slice(0, lastArgs));
      const ids = componentIds(block);
      expect(ids.filter((id) => early.has(id)).length / ids.length).toBeGreaterThan(0.5);
      expect(ofType(record.sent, 'TOOL_CALL_RESULT')).toEqual([expect.objectContaining({ toolCallId: 'tc-1', content: '{"status":"rendered"}' })]);
      expect(record.sent.at(-1)?.type).toBe('RUN_FINISHED');
      expect(bySurface(renderedActivitiesOf(messages, version))).toEqual(rendered(block, version));
    });

    it("two turns, text form: the second updates the first turn's surface in its activity message", async () => {
      const surfaceId = (block[0]!.createSurface as { surfaceId: string }).surfaceId;
      const first = `<a2ui-json>${response.blocks[0]?.json}</a2ui-json>`;
      const update: A2uiMessage[] = [
        { version: `v${version}`, updateComponents: { surfaceId, components: [{ id: 'root', component: 'Text', text: 'Replaced in turn 2' }] } },
        { version: `v${version}`, updateDataModel: { surfaceId, path: '/summary', value: 'turn 2' } },
      ];
      const second = `Done.<a2ui-json>${JSON.stringify(update)}</a2ui-json>`;
      const runs = [run(textMessage('m1', chunks(first, 'model')), 'run-1'), run(textMessage('m2', chunks(second, 'model')), 'run-2')];
      const { records, messages, agent } = await converse(middleware(version), runs);
      const [, turn2] = checked(records) as [RunRecord, RunRecord];
      // The agent gets the model's own text back, blocks included.
      const echoed = (agent.inputs[1]?.messages ?? []).find((message) => message.id === 'm1') as { content: string };
      expect(echoed.content).toBe(first);
      expect(new Set(activities(turn2.sent).map((event) => event.messageId))).toEqual(new Set([`a2ui-surface-m1-${surfaceId}`]));
      expect(activities(turn2.sent)[0]?.type).toBe('ACTIVITY_SNAPSHOT');
      expect(ofType(turn2.sent, 'CUSTOM')).toEqual([]);
      expect(bySurface(renderedActivitiesOf(messages, version))).toEqual(rendered([...block, ...update], version));
    });

    it('malformed text: an error event for the broken block; the blocks around it paint', async () => {
      const [one, two] = response.blocks as [{ json: string; messages: A2uiMessage[] }, { json: string; messages: A2uiMessage[] }];
      // Cut between two components, then something that is not JSON.
      const cut = one.json.slice(0, one.json.indexOf('},', Math.floor(one.json.length / 2)) + 2);
      const broken = `${cut} !!! ]}`;
      const text = `A <a2ui-json>${broken}</a2ui-json> B <a2ui-json>${two.json}</a2ui-json> C`;
      const { records, messages } = await converse(middleware(version), [run(textMessage('m1', chunks(text, 'model')))]);
      const [record] = checked(records) as [RunRecord];
      expect(ofType(record.sent, 'CUSTOM').length).toBeGreaterThan(0);
      expect(ofType(record.sent, 'CUSTOM')[0]).toMatchObject({ name: 'a2ui-stream.error', value: { sourceId: 'm1' } });
      const shown = bySurface(renderedActivitiesOf(messages, version));
      const secondId = (two.messages[0]!.createSurface as { surfaceId: string }).surfaceId;
      expect(shown[secondId]).toEqual(rendered(two.messages, version)[secondId]);
    });
  });
}

/**
 * The share of the first block's components painted before the text after it goes out (it can
 * only once the block closed), and the index of that text's event in what the run sent.
 */
function paintedBeforeBlockEnds(record: RunRecord, text: string, block: readonly A2uiMessage[]): { share: number; afterBlock: number } {
  const before = text.slice(0, text.indexOf('<a2ui-json>')).length;
  let shown = 0;
  const afterBlock = record.sent.findIndex((event) => event.type === 'TEXT_MESSAGE_CONTENT' && (shown += String(event.delta).length) > before);
  const early = paintedIds(record.sent.slice(0, afterBlock));
  const ids = componentIds(block);
  return { share: ids.filter((id) => early.has(id)).length / ids.length, afterBlock };
}
