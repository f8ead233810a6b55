/**
 * The middleware's behaviour through an `@ag-ui/client` agent replaying event streams shaped like
 * an agent's: text and tool-call forms, v0.9 and v1.0, malformed output, two turns, user actions,
 * what `@ag-ui/a2ui-middleware`'s tests show its users rely on. Run once per client version
 * (`middleware.test.ts`: 1.0.0; `middleware-client-0.test.ts`: 0.0.59, CopilotKit 1.74's).
 */
import type { A2UIMiddlewareConfig } from '@ag-ui/a2ui-middleware';
import { describe, expect, it } from 'vitest';
import { A2uiStreamMiddleware, A2UI_SCHEMA_CONTEXT_DESCRIPTION, A2UI_TEXT_METADATA_KEY } from '../../src/ag-ui/index.js';
import {
  BASIC_CATALOG_ID_V09,
  basicCatalogV08,
  basicCatalogV09,
  basicCatalogV10,
  type A2uiMessage,
  type FlatComponent,
  type JsonValue,
} from '../../src/index.js';
import { chunks, renderArgs, run, textMessage, toolCall, type AguiEvent } from '../support/ag-ui-runs.js';
import { generateResponse } from '../support/generate-response.js';
import { bySurface, converse, expectValidEvents, rendered, renderedActivitiesOf, type RunRecord } from './helpers.js';

type Version = '0.9' | '1.0';
const catalogsOf = (version: Version) => (version === '0.9' ? basicCatalogV09() : basicCatalogV10());
const activities = (events: readonly AguiEvent[]) => events.filter((event) => event.type.startsWith('ACTIVITY_'));
const ofType = (events: readonly AguiEvent[], type: string) => events.filter((event) => event.type === type);
const paints = (events: readonly AguiEvent[]) => activities(events).filter((event) => JSON.stringify(event).includes('"component"'));
const statuses = (events: readonly AguiEvent[]) =>
  activities(events).flatMap((event) =>
    typeof (event.content as { status?: string } | undefined)?.status === 'string' ? [(event.content as { status: string }).status] : [],
  );
const v = 'v0.9';

/** What every run shows: valid events, and the client got exactly what the middleware sent. */
function checked(records: readonly RunRecord[]): RunRecord[] {
  for (const record of records) {
    expectValidEvents(record.sent);
    expect(record.received).toEqual(record.sent);
  }
  return [...records];
}

/** The component ids painted by `events` (any activity event carrying them). */
function paintedIds(events: readonly AguiEvent[]): Set<string> {
  const ids = new Set<string>();
  for (const event of paints(events)) for (const match of JSON.stringify(event).matchAll(/"id":"([^"]+)","component"/g)) ids.add(match[1] as string);
  return ids;
}

/** Component ids of messages. */
function componentIds(messages: readonly A2uiMessage[]): string[] {
  return messages.flatMap((message) => ((message.updateComponents as { components?: { id: string }[] } | undefined)?.components ?? []).map((c) => c.id));
}

const middleware = (version: Version, options = {}) =>
  new A2uiStreamMiddleware({ catalogs: catalogsOf(version), defaultCatalogId: version === '0.9' ? BASIC_CATALOG_ID_V09 : undefined, ...options });

export function describeMiddleware(client: string): void {
  describe(`A2uiStreamMiddleware with @ag-ui/client ${client}`, () => {
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
        const before = response.text.slice(0, response.text.indexOf('<a2ui-json>')).length;
        let shown = 0;
        const afterBlock = record.sent.findIndex((event) => event.type === 'TEXT_MESSAGE_CONTENT' && (shown += String(event.delta).length) > before);
        const early = paintedIds(record.sent.slice(0, afterBlock));
        const ids = componentIds(block);
        expect(ids.filter((id) => early.has(id)).length / ids.length).toBeGreaterThan(0.5);
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
        const before = response.text.slice(0, response.text.indexOf('<a2ui-json>')).length;
        let shown = 0;
        const afterBlock = record.sent.findIndex((event) => event.type === 'TEXT_MESSAGE_CONTENT' && (shown += String(event.delta).length) > before);
        const early = paintedIds(record.sent.slice(0, afterBlock));
        const ids = componentIds(block);
        expect(ids.filter((id) => early.has(id)).length / ids.length).toBeGreaterThan(0.5);
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
        const body = [
          ...toolCall('tc-1', 'render_a2ui', chunks(cut, 4)),
          ...toolCall('tc-2', 'render_a2ui', [JSON.stringify({ components: good.components })]),
        ];
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

    describe("the run's input", () => {
      const empty = [run([])];

      it('a user action reaches the agent as a log_a2ui_event call and its result, at the end', async () => {
        const userAction = {
          name: 'book_restaurant',
          surfaceId: 'restaurant-card',
          sourceComponentId: 'book-btn',
          context: { restaurantName: "Xi'an Famous Foods" },
        };
        const { agent } = await converse(new A2uiStreamMiddleware(), [...empty, ...empty], [{ forwardedProps: { a2uiAction: { userAction } } }, {}]);
        const [call, result] = agent.inputs[0]!.messages.slice(-2) as unknown as [
          { role: string; toolCalls: { id: string; function: { name: string; arguments: string } }[] },
          { role: string; toolCallId: string; content: string },
        ];
        expect(call.role).toBe('assistant');
        expect(call.toolCalls[0]?.function).toEqual({ name: 'log_a2ui_event', arguments: JSON.stringify(userAction) });
        expect(result).toMatchObject({ role: 'tool', toolCallId: call.toolCalls[0]?.id });
        expect(result.content).toBe(
          'User performed action "book_restaurant" on surface "restaurant-card" (component: book-btn). Context: {"restaurantName":"Xi\'an Famous Foods"}',
        );
        expect(agent.inputs[1]?.messages.some((message) => message.role === 'tool')).toBe(false);
      });

      it('puts the schema in the context and injects the render tool once, with its guide and the forwarded flag', async () => {
        const schema = { catalogId: 'my-catalog', components: { HotelCard: { type: 'object' } } };
        const { agent } = await converse(new A2uiStreamMiddleware({ schema, injectA2UITool: true }), empty);
        const input = agent.inputs[0];
        expect(input?.context.find((entry) => entry.description === A2UI_SCHEMA_CONTEXT_DESCRIPTION)?.value).toBe(JSON.stringify(schema));
        expect(input?.tools.filter((tool) => tool.name === 'render_a2ui')).toHaveLength(1);
        expect(input?.context.some((entry) => entry.value.includes('render_a2ui'))).toBe(true);
        expect(input?.forwardedProps).toMatchObject({ injectA2UITool: true });
        const { agent: plain } = await converse(new A2uiStreamMiddleware(), empty);
        expect(plain.inputs[0]?.tools).toEqual([]);
        expect(plain.inputs[0]?.context).toEqual([]);
      });

      it("names a tool-drawn surface's catalog: configured id, then the frontend's, then the argument", async () => {
        const catalogOf = async (options: object, context: { description: string; value: string }[] = [], argument = 'from-args') => {
          const args = JSON.stringify({ surfaceId: 's', catalogId: argument, components: [{ id: 'root', component: 'Text', text: 'x' }] });
          const { messages } = await converse(new A2uiStreamMiddleware(options), [run(toolCall('t', 'render_a2ui', [args]))], [{ context }]);
          const operations = messages.find((message) => message.role === 'activity') as unknown as {
            content: { a2ui_operations: { createSurface?: { catalogId: string } }[] };
          };
          return operations.content.a2ui_operations[0]?.createSurface?.catalogId;
        };
        const frontend = [{ description: A2UI_SCHEMA_CONTEXT_DESCRIPTION, value: JSON.stringify({ catalogId: 'frontend', components: {} }) }];
        expect(await catalogOf({ defaultCatalogId: 'configured' }, frontend)).toBe('configured');
        expect(await catalogOf({ defaultCatalogId: '' }, frontend)).toBe('frontend');
        expect(await catalogOf({})).toBe('from-args');
        expect(await catalogOf({}, [], 'basic')).toBe('https://a2ui.org/specification/v0_9/basic_catalog.json');
      });
    });

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

/** A render tool call's arguments as the messages the middleware draws them with (v0.9). */
function toMessages(args: { surfaceId: string; components: unknown[]; data?: unknown }): A2uiMessage[] {
  const messages: A2uiMessage[] = [
    { version: v, createSurface: { surfaceId: args.surfaceId, catalogId: BASIC_CATALOG_ID_V09 } },
    { version: v, updateComponents: { surfaceId: args.surfaceId, components: args.components as FlatComponent[] } },
  ];
  if (args.data !== undefined) messages.push({ version: v, updateDataModel: { surfaceId: args.surfaceId, path: '/', value: args.data as JsonValue } });
  return messages;
}
