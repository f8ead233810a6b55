/**
 * The AI SDK guide's blocks (docs/ai-sdk.md, found among README.md and docs/*.md by tag) run as written, together, under each AI SDK major users have (ai 6,
 * what Node 20 installs, and ai 7): the server route (tagged `ai-sdk-route`) and the React client
 * (`ai-sdk-client`), in a project where `a2ui-stream` is the built package and `ai`,
 * `@ai-sdk/react`, React and `@a2ui/web_core` the real ones (test/docs/sdk-consumer.ts). The one
 * stand-in is `@ai-sdk/openai`: a mock model of that major playing a scripted answer per turn.
 * The client's `Chat` posts to the route through `fetch` (the SDK's `DefaultChatTransport` and
 * wire format), its page is rendered with `react-dom/server`: three turns (the second changes the
 * first's surface, the third is the surface's button pressed, with its data model), then a
 * "reload" restores the surfaces from the saved `message.parts`. Needs `npm run build`.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC_CATALOG_ID_V09, type A2uiMessage } from '../../src/index.js';
import { ROOT, run } from '../docs/consumer.js';
import { createSdkConsumer, MAJORS } from '../docs/sdk-consumer.js';
import { docSnippets } from '../docs/snippets.js';
import { block, renderedSurfaces } from './fixtures.js';

const blocks = docSnippets(ROOT);
const route = blocks.filter((b) => b.tags[0] === 'ai-sdk-route');
const client = blocks.filter((b) => b.tags[0] === 'ai-sdk-client');

const v = 'v0.9';
/** Turn 1 draws a booking card that sends its data model, with a button. */
const TURN_1: A2uiMessage[] = [
  { version: v, createSurface: { surfaceId: 'booking', catalogId: BASIC_CATALOG_ID_V09, sendDataModel: true } },
  {
    version: v,
    updateComponents: {
      surfaceId: 'booking',
      components: [
        { id: 'root', component: 'Column', children: ['title', 'when', 'confirm'] },
        { id: 'title', component: 'Text', text: 'Dinner at Lumen' },
        { id: 'when', component: 'Text', text: { path: '/when' } },
        { id: 'confirm_label', component: 'Text', text: 'Confirm' },
        { id: 'confirm', component: 'Button', child: 'confirm_label', action: { event: { name: 'confirm_booking', context: { guests: 2 } } } },
      ],
    },
  },
  { version: v, updateDataModel: { surfaceId: 'booking', path: '/', value: { when: '7pm', guests: 2 } } },
];
/** Turn 2 changes it. */
const TURN_2: A2uiMessage[] = [
  { version: v, updateComponents: { surfaceId: 'booking', components: [{ id: 'title', component: 'Text', text: 'Dinner at Lumen, 8pm' }] } },
  { version: v, updateDataModel: { surfaceId: 'booking', path: '/when', value: '8pm' } },
];
/** Turn 3 answers the button. */
const TURN_3: A2uiMessage[] = [
  { version: v, updateComponents: { surfaceId: 'booking', components: [{ id: 'confirm_label', component: 'Text', text: 'Booked' }] } },
];
const ANSWERS = [`Here is your booking.\n${block(TURN_1)}\nShall I confirm?`, `Moved to 8pm.\n${block(TURN_2)}`, `Booked for 8pm.\n${block(TURN_3)}`];

const DRIVER = `
import { readFileSync, writeFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ComponentContext } from '@a2ui/web_core/v0_9';
import { POST } from './route.mjs';
globalThis.__answers = ${JSON.stringify(ANSWERS)};
const bodies = [];
globalThis.fetch = async (url, init) => {
  bodies.push(JSON.parse(init.body));
  return POST(new Request(new URL(String(url), 'http://localhost'), init));
};
const { ChatPage, chat, processor, restore } = await import('./chat.mjs');
const applied = [];
const apply = processor.processMessages.bind(processor);
processor.processMessages = (messages) => { applied.push(...structuredClone(messages)); apply(messages); };
const decode = (html) => html.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const page = () => {
  const html = renderToString(createElement(ChatPage));
  const texts = [...html.matchAll(/<p>([^<]*)<\\/p>/g)].map((m) => decode(m[1]));
  const alerts = [...html.matchAll(/<p role="alert">([^<]*)<\\/p>/g)].map((m) => decode(m[1]));
  return { texts, alerts, form: /<form[^>]*>/.test(html) };
};
const settled = async () => { while (chat.status !== 'ready' && chat.status !== 'error') await new Promise((r) => setTimeout(r, 10)); };
const result = { turns: [] };
const turn = async (send) => {
  await send();
  await settled();
  result.turns.push({ status: chat.status, error: chat.error?.message, ...page(), applied: applied.splice(0) });
};
if (process.argv[2] === 'reload') {
  restore(JSON.parse(readFileSync('saved.json', 'utf8')));
  result.turns.push({ ...page(), applied: applied.splice(0) });
} else {
  await turn(() => chat.sendMessage({ text: 'Book Lumen for two' }));
  await turn(() => chat.sendMessage({ text: 'Make it 8pm' }));
  // The user presses the button, as a renderer's Button does through its component context.
  const surface = processor.model.getSurface('booking');
  const button = surface.componentsModel.get('confirm');
  await turn(() => new ComponentContext(surface, 'confirm').dispatchAction(button.properties.action));
  result.prompts = globalThis.__prompts.map((prompt) => JSON.stringify(prompt));
  result.capabilities = bodies.map((body) => body.capabilities);
  writeFileSync('saved.json', JSON.stringify(chat.messages));
}
console.log(JSON.stringify(result));`;

type Turn = { status?: string; error?: string; texts: string[]; alerts: string[]; form: boolean; applied: A2uiMessage[] };

it('the documents have one route block and one client block', () => {
  expect(route).toHaveLength(1);
  expect(client).toHaveLength(1);
});

for (const major of MAJORS) {
  describe(`under ${major.name}`, () => {
    let consumer: { dir: string; dispose: () => Promise<void> };
    let turns: Turn[];
    let prompts: string[];
    beforeAll(async () => {
      consumer = await createSdkConsumer(major);
      const transpile = (code: string) =>
        ts.transpileModule(code, {
          compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX, verbatimModuleSyntax: true },
        }).outputText;
      await writeFile(join(consumer.dir, 'route.mjs'), transpile(route[0]?.code ?? ''));
      await writeFile(join(consumer.dir, 'chat.mjs'), transpile(client[0]?.code ?? ''));
      await writeFile(join(consumer.dir, 'driver.mjs'), DRIVER);
    }, 120_000);
    afterAll(() => consumer?.dispose());

    it("three turns through the route: live surfaces from onData, the second changing the first's, the third a button press", async () => {
      const result = await run(process.execPath, ['driver.mjs'], { cwd: consumer.dir });
      expect(result.stderr).toBe('');
      let capabilities: unknown[];
      ({ turns, prompts, capabilities } = JSON.parse(result.stdout) as { turns: Turn[]; prompts: string[]; capabilities: unknown[] });
      // Each request carried the client's capabilities, as web_core's processor gives them.
      expect(capabilities).toEqual(Array(3).fill({ 'v0.9': { supportedCatalogIds: [BASIC_CATALOG_ID_V09] } }));
      const [first, second, third] = turns as [Turn, Turn, Turn];
      expect(first).toMatchObject({ status: 'ready', alerts: [], form: true });
      expect(first.error).toBeUndefined();
      expect(first.texts).toEqual(['Book Lumen for two', 'Here is your booking.\n', '\nShall I confirm?']);
      expect(renderedSurfaces(first.applied)).toEqual(renderedSurfaces(TURN_1));
      // The prompt is systemPrompt's, for the catalog the client's capabilities name.
      expect(prompts[0]).toContain('---BEGIN A2UI JSON SCHEMA---');
      expect(prompts[0]).toContain(BASIC_CATALOG_ID_V09);
      expect(prompts[0]).toContain('You book restaurant tables.');
      // The model saw its surface again (a2uiConvertDataPart), as one block.
      expect(prompts[1]!.match(/Dinner at Lumen/g)).toHaveLength(1);
      expect(second.status).toBe('ready');
      expect(second.texts.slice(-2)).toEqual(['Make it 8pm', 'Moved to 8pm.\n']);
      // Only through history does the update reach the surface the first turn drew.
      expect(renderedSurfaces([...first.applied, ...second.applied])).toEqual(renderedSurfaces([...TURN_1, ...TURN_2]));
      // The button press was the third user turn: the action, and the data model the surface asked for.
      expect(third.status).toBe('ready');
      expect(prompts[2]).toContain(
        'The user acted on an A2UI surface: {\\"action\\":{\\"name\\":\\"confirm_booking\\",\\"surfaceId\\":\\"booking\\",\\"sourceComponentId\\":\\"confirm\\"',
      );
      expect(prompts[2]).toContain('\\"context\\":{\\"guests\\":2}');
      expect(prompts[2]).toContain('The data model of the surfaces that send theirs: {\\"booking\\":{\\"when\\":\\"8pm\\",\\"guests\\":2}}');
      expect(third.texts.at(-1)).toBe('Booked for 8pm.\n');
      expect(third.applied).toEqual(TURN_3);
    });

    it('a reload restores the surfaces from the saved message.parts', async () => {
      const result = await run(process.execPath, ['driver.mjs', 'reload'], { cwd: consumer.dir });
      expect(result.stderr).toBe('');
      const [turn] = (JSON.parse(result.stdout) as { turns: Turn[] }).turns as [Turn];
      expect(turn.texts).toContain('Moved to 8pm.\n');
      expect(renderedSurfaces(turn.applied)).toEqual(renderedSurfaces([...TURN_1, ...TURN_2, ...TURN_3]));
    });
  });
}
