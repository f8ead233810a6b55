/**
 * The README's AI SDK blocks, run as written: the server route (tagged `ai-sdk-route`) and the
 * React client (`ai-sdk-client`), in a consumer project where `a2ui-stream` is the built package
 * and `ai` and `@a2ui/web_core` the installed ones. Stand-ins for what needs a network or a
 * browser: `@ai-sdk/openai` is a mock model playing a scripted answer per turn; `@ai-sdk/react`'s
 * `useChat` is the SDK's own `AbstractChat` with an in-memory state (what `@ai-sdk/react` builds
 * on); React's JSX runtime builds plain objects. The client posts to the route through
 * `fetch` (the SDK's `DefaultChatTransport` and wire format): two turns, the second changing the
 * first's surface; then a "reload" restores the surfaces from the saved `message.parts`.
 * Needs `npm run build`.
 */
import { readFileSync } from 'node:fs';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { A2uiMessage } from '../../src/index.js';
import { createConsumer, ROOT, run } from '../docs/consumer.js';
import { snippets } from '../docs/snippets.js';
import { block, BOOKING_TURN_1, BOOKING_UPDATE, renderedSurfaces } from './fixtures.js';

const blocks = snippets(readFileSync(join(ROOT, 'README.md'), 'utf8'));
const route = blocks.filter((b) => b.tags[0] === 'ai-sdk-route');
const client = blocks.filter((b) => b.tags[0] === 'ai-sdk-client');
let consumer: { dir: string; dispose: () => Promise<void> };

/** The model's answer per turn (the mock model picks by the number of user messages). */
const ANSWERS = [
  `Here is your booking.\n${block(BOOKING_TURN_1)}\nShall I confirm?`,
  `Moved to 8pm.\n${block(BOOKING_UPDATE)}`,
];

const files: Record<string, string> = {
  'node_modules/@ai-sdk/openai/package.json': JSON.stringify({ name: '@ai-sdk/openai', type: 'module', exports: './index.js' }),
  'node_modules/@ai-sdk/openai/index.js': `
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
globalThis.__prompts = [];
export function openai() {
  return new MockLanguageModelV4({
    doStream: async ({ prompt }) => {
      globalThis.__prompts.push(prompt);
      const text = ${JSON.stringify(ANSWERS)}[prompt.filter((m) => m.role === 'user').length - 1];
      const deltas = text.match(/[\\s\\S]{1,7}/g);
      return { stream: simulateReadableStream({ chunks: [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: '0' },
        ...deltas.map((delta) => ({ type: 'text-delta', id: '0', delta })),
        { type: 'text-end', id: '0' },
        { type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } },
      ] }) };
    },
  });
}`,
  'node_modules/react/package.json': JSON.stringify({ name: 'react', type: 'module', exports: { '.': './index.js', './jsx-runtime': './jsx-runtime.js' } }),
  'node_modules/react/index.js': 'export {};',
  'node_modules/react/jsx-runtime.js': `
export const Fragment = 'fragment';
export function jsx(type, props) { return typeof type === 'function' ? type(props) : { type, props }; }
export const jsxs = jsx;`,
  'node_modules/@ai-sdk/react/package.json': JSON.stringify({ name: '@ai-sdk/react', type: 'module', exports: './index.js' }),
  'node_modules/@ai-sdk/react/index.js': `
import { AbstractChat, DefaultChatTransport } from 'ai';
class State {
  status = 'ready'; error = undefined;
  constructor(messages) { this.messages = messages; }
  pushMessage(message) { this.messages = this.messages.concat(message); }
  popMessage() { this.messages = this.messages.slice(0, -1); }
  replaceMessage(index, message) { this.messages = [...this.messages.slice(0, index), message, ...this.messages.slice(index + 1)]; }
  snapshot(value) { return structuredClone(value); }
}
class Chat extends AbstractChat {
  constructor({ messages = [], transport = new DefaultChatTransport(), ...init }) { super({ ...init, transport, state: new State(messages) }); }
}
let chat;
/** One chat per process; each call is a render. */
export function useChat(options = {}) {
  chat ??= new Chat(options);
  return { messages: chat.messages, status: chat.status, error: chat.error, sendMessage: (message, o) => chat.sendMessage(message, o) };
}`,
  'driver.mjs': `
import { readFileSync, writeFileSync } from 'node:fs';
import { POST } from './route.mjs';
globalThis.fetch = async (url, init) => POST(new Request(new URL(String(url), 'http://localhost'), init));
const { Chat, processor, restore } = await import('./chat.mjs');
const { useChat } = await import('@ai-sdk/react');
const applied = [];
const apply = processor.processMessages.bind(processor);
processor.processMessages = (messages) => { applied.push(...messages); apply(messages); };
const walk = (node, out = []) => {
  if (Array.isArray(node)) node.forEach((n) => walk(n, out));
  else if (node && typeof node === 'object') { out.push(node); walk(node.props?.children, out); }
  return out;
};
const texts = (tree, role) => walk(tree).filter((n) => n.type === 'p' && n.props.role === role).map((n) => n.props.children);
const result = { turns: [] };
if (process.argv[2] === 'reload') {
  const saved = JSON.parse(readFileSync('saved.json', 'utf8'));
  const tree = Chat({ saved: restore(saved) });
  result.turns.push({ texts: texts(tree), applied });
} else {
  for (const q of ['Book Lumen for two', 'Make it 8pm']) {
    const form = walk(Chat({})).find((n) => n.type === 'form');
    const data = new FormData();
    data.set('q', q);
    await form.props.action(data);
    const state = useChat();
    const tree = Chat({});
    result.turns.push({ status: state.status, error: state.error?.message, texts: texts(tree), alerts: texts(tree, 'alert'), applied: applied.splice(0) });
  }
  result.secondPrompt = JSON.stringify(globalThis.__prompts[1]);
  writeFileSync('saved.json', JSON.stringify(useChat().messages));
}
console.log(JSON.stringify(result));`,
};

beforeAll(async () => {
  consumer = await createConsumer();
  for (const name of ['ai', '@a2ui/web_core']) {
    await mkdir(join(consumer.dir, 'node_modules', name, '..'), { recursive: true });
    await symlink(join(ROOT, 'node_modules', name), join(consumer.dir, 'node_modules', name), 'dir');
  }
  for (const [file, content] of Object.entries(files)) {
    await mkdir(join(consumer.dir, file, '..'), { recursive: true });
    await writeFile(join(consumer.dir, file), content);
  }
  const transpile = (code: string) =>
    ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX, verbatimModuleSyntax: true } }).outputText;
  await writeFile(join(consumer.dir, 'route.mjs'), transpile(route[0]?.code ?? ''));
  await writeFile(join(consumer.dir, 'chat.mjs'), transpile(client[0]?.code ?? ''));
});
afterAll(() => consumer?.dispose());

type Turn = { status?: string; error?: string; texts: string[]; alerts?: string[]; applied: A2uiMessage[] };

it('the README has one route block and one client block', () => {
  expect(route).toHaveLength(1);
  expect(client).toHaveLength(1);
});

it('two turns through the route: live surfaces from onData, the second turn changing the first\'s', async () => {
  const result = await run(process.execPath, ['driver.mjs'], { cwd: consumer.dir });
  expect(result.stderr).toBe('');
  const { turns, secondPrompt } = JSON.parse(result.stdout) as { turns: Turn[]; secondPrompt: string };
  const [first, second] = turns as [Turn, Turn];
  expect(first.status).toBe('ready');
  expect(first.error).toBeUndefined();
  expect(first.texts).toEqual(['Book Lumen for two', 'Here is your booking.\n', '\nShall I confirm?']);
  expect(first.alerts).toEqual([]);
  expect(renderedSurfaces(first.applied)).toEqual(renderedSurfaces(BOOKING_TURN_1));
  // The model saw its surface again (a2uiConvertDataPart), as one block.
  expect(secondPrompt.match(/<\/a2ui-json>/g)).toHaveLength(1); // (the system prompt names the open tag)
  expect(secondPrompt).toContain('Dinner at Lumen');
  expect(second.status).toBe('ready');
  expect(second.texts.slice(-2)).toEqual(['Make it 8pm', 'Moved to 8pm.\n']);
  // Only through history does the update reach the surface the first turn drew.
  expect(renderedSurfaces([...first.applied, ...second.applied])).toEqual(renderedSurfaces([...BOOKING_TURN_1, ...BOOKING_UPDATE]));
});

it('a reload restores the surfaces from the saved message.parts', async () => {
  const result = await run(process.execPath, ['driver.mjs', 'reload'], { cwd: consumer.dir });
  expect(result.stderr).toBe('');
  const [turn] = (JSON.parse(result.stdout) as { turns: Turn[] }).turns as [Turn];
  expect(turn.texts).toContain('Moved to 8pm.\n');
  expect(renderedSurfaces(turn.applied)).toEqual(renderedSurfaces([...BOOKING_TURN_1, ...BOOKING_UPDATE]));
});
