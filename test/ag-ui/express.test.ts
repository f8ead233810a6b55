/**
 * Express answers through the AG-UI middleware (issue #40): an `<a2ui>` answer streamed in small
 * deltas paints the surfaces it compiles to, the text without its block; the next turn reads the
 * Express turn back from the conversation (an update to its surface lands on the same card).
 */
import { describe, expect, it } from 'vitest';
import { A2uiStreamMiddleware, A2UI_TEXT_METADATA_KEY } from '../../src/ag-ui/index.js';
import { BASIC_CATALOG_ID_V09, basicCatalogV09, basicCatalogV10, compileExpress, type A2uiMessage } from '../../src/index.js';
import { chunks, run, textMessage } from '../support/ag-ui-runs.js';
import { EXPRESS_ANSWER, EXPRESS_ANSWER_TEXT, expressMessages, OVER_BUDGET_ANSWER } from '../support/express-answer.js';
import { bySurface, converse, expectValidEvents, rendered, renderedActivitiesOf } from './helpers.js';

const catalogsOf = (version: '0.9' | '1.0') => (version === '0.9' ? basicCatalogV09() : basicCatalogV10());
const middleware = (version: '0.9' | '1.0') =>
  new A2uiStreamMiddleware({ catalogs: catalogsOf(version), defaultCatalogId: version === '0.9' ? BASIC_CATALOG_ID_V09 : undefined });

describe.each(['0.9', '1.0'] as const)('A2uiStreamMiddleware with Express answers, v%s', (version) => {
  it.each([1, 5])('at %i-character deltas: the surfaces painted, the text without its block', async (size) => {
    const { records, messages } = await converse(middleware(version), [run(textMessage('m1', chunks(EXPRESS_ANSWER, size)))]);
    for (const record of records) expectValidEvents(record.sent);
    expect(records[0]?.sent.filter((event) => event.type === 'RUN_ERROR' || event.type === 'CUSTOM')).toEqual([]);
    const assistant = messages.find((message) => message.id === 'm1') as { content: string; metadata: Record<string, { text: string }> };
    expect(assistant.content).toBe(EXPRESS_ANSWER_TEXT);
    expect(assistant.metadata[A2UI_TEXT_METADATA_KEY]?.text).toBe(EXPRESS_ANSWER);
    expect(bySurface(renderedActivitiesOf(messages, version))).toEqual(rendered(expressMessages(version), version));
  });

  it('reads on past a statement left out by the expansion budget: one error event, the text and the next block kept', async () => {
    const { records, messages } = await converse(middleware(version), [run(textMessage('m1', chunks(OVER_BUDGET_ANSWER, 16)))]);
    const custom = records[0]?.sent.filter((event) => event.type === 'RUN_ERROR' || event.type === 'CUSTOM') ?? [];
    expect(custom.map((event) => JSON.stringify(event).includes('limit_exceeded'))).toEqual([true]);
    const assistant = messages.find((message) => message.id === 'm1') as { content: string };
    expect(assistant.content).toContain('After.');
    expect(Object.keys(bySurface(renderedActivitiesOf(messages, version)))).toEqual(['default_surface', 'two']);
  });

  it('a delta holding many blocks sends its text as one TEXT_MESSAGE_CONTENT (one per newline between blocks cost 62 bytes each: decisions U11)', async () => {
    const blocks = Array.from({ length: 5 }, (_, i) => `<a2ui>\nsurface("b${i}")\nroot = Text("v${i}")\n</a2ui>\n`);
    const answer = `Hi.\n${blocks.join('')}Bye.`;
    const { records, messages } = await converse(middleware(version), [run(textMessage('m1', [answer]))]);
    const sent = records[0]?.sent ?? [];
    expectValidEvents(sent);
    expect(sent.filter((event) => event.type === 'TEXT_MESSAGE_CONTENT').map((event) => event.delta)).toEqual(['Hi.\n\n\n\n\n\nBye.']);
    expect(Object.keys(bySurface(renderedActivitiesOf(messages, version))).sort()).toEqual(['b0', 'b1', 'b2', 'b3', 'b4']);
  });

  it('the next turn reads the Express turn back: its update lands on the same card', async () => {
    const update = 'title = Text("# Welcome back")\n$/user/name = "Grace"';
    const second = `Updated.\n<a2ui>\n${update}\n</a2ui>`;
    const runs = [run(textMessage('m1', chunks(EXPRESS_ANSWER, 7)), 'run-1'), run(textMessage('m2', chunks(second, 3)), 'run-2')];
    const { records, messages } = await converse(middleware(version), runs);
    const turn2 = records[1]?.sent ?? [];
    expectValidEvents(turn2);
    const cards = new Set(turn2.filter((event) => event.type.startsWith('ACTIVITY_')).map((event) => event.messageId));
    expect(cards).toEqual(new Set(['a2ui-surface-m1-default_surface']));
    const updates = compileExpress(update, catalogsOf(version)) as A2uiMessage[];
    expect(bySurface(renderedActivitiesOf(messages, version))).toEqual(rendered([...expressMessages(version), ...updates], version));
  });

  it('an assistant message whose content holds an <a2ui> block (a messages snapshot) is read as its surfaces', async () => {
    const snapshot = {
      type: 'MESSAGES_SNAPSHOT',
      messages: [
        { id: 'u', role: 'user', content: 'hi' },
        { id: 'a', role: 'assistant', content: EXPRESS_ANSWER },
      ],
    };
    const update = 'title = Text("# Again")';
    const runs = [run([snapshot], 'run-1'), run(textMessage('m2', chunks(`<a2ui>\n${update}\n</a2ui>`, 4)), 'run-2')];
    const { records, messages } = await converse(middleware(version), runs);
    expect(messages.find((message) => message.id === 'a')).toMatchObject({
      content: EXPRESS_ANSWER_TEXT,
      metadata: { [A2UI_TEXT_METADATA_KEY]: { text: EXPRESS_ANSWER } },
    });
    const turn2 = records[1]?.sent ?? [];
    expect(new Set(turn2.filter((event) => event.type.startsWith('ACTIVITY_')).map((event) => event.messageId))).toEqual(
      new Set(['a2ui-surface-a-default_surface']),
    );
  });
});
