/**
 * The declarations as a browser project meets them: no @types/node, `skipLibCheck: false`,
 * `lib: ["DOM", "DOM.Iterable", "DOM.AsyncIterable", "ES2022"]`, strict. A file importing every
 * entry but `a2ui-stream/node` (which is for Node) compiles without an error in this package's
 * declarations; `for await` over `a2uiStream`'s output compiles; and without DOM.AsyncIterable it
 * does not (TS2504, which the README's Install section tells about). Needs `npm run build`.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT, run } from './consumer.js';
import { createSdkConsumer, MAJORS } from './sdk-consumer.js';

const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const LIB = ['DOM', 'DOM.Iterable', 'DOM.AsyncIterable', 'ES2022'];

const APP = `
import { a2uiStream, basicCatalog, isV09Message, type A2uiMessageOf, type Part } from 'a2ui-stream';
import { anthropicTextStream } from 'a2ui-stream/providers';
import { systemPrompt } from 'a2ui-stream/agent';
import { a2uiDataPartSchemas, a2uiUIMessageStream, type A2uiUIMessage } from 'a2ui-stream/ai-sdk';
import { a2uiDataPart } from 'a2ui-stream/a2a';
import { a2uiLitSink } from 'a2ui-stream/lit';

export async function show(response: Response, into: HTMLElement): Promise<A2uiMessageOf<'0.9'>[]> {
  const v09: A2uiMessageOf<'0.9'>[] = [];
  const parts = response.body!.pipeThrough(anthropicTextStream()).pipeThrough(a2uiStream(basicCatalog('0.9')));
  for await (const part of parts) {
    const typed: Part = part;
    if (typed.type === 'a2ui') v09.push(...typed.messages.filter(isV09Message));
    else if (typed.type === 'text') into.append(typed.text);
  }
  return v09;
}
export const prompt: string = systemPrompt({ catalog: basicCatalog('0.9') }).prompt;
export const schemas = a2uiDataPartSchemas;
export const transform: TransformStream = a2uiUIMessageStream(basicCatalog('0.9'));
export const sink = (element: HTMLElement) => a2uiLitSink(element);
export const part = a2uiDataPart({ version: 'v0.9', deleteSurface: { surfaceId: 's' } });
export type Message = A2uiUIMessage<'0.9'>;
`;

let consumer: { dir: string; dispose: () => Promise<void> };
beforeAll(async () => {
  // The ai 7 project: a2ui-stream/ai-sdk's declarations import ai's types.
  consumer = await createSdkConsumer(MAJORS.find((major) => major.name === 'ai 7')!);
  await writeFile(join(consumer.dir, 'app.ts'), APP);
  const options = { strict: true, noEmit: true, skipLibCheck: false, target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', types: [] };
  await writeFile(join(consumer.dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { ...options, lib: LIB }, files: ['app.ts'] }));
  await writeFile(join(consumer.dir, 'tsconfig.dom-only.json'), JSON.stringify({ compilerOptions: { ...options, lib: ['DOM', 'ES2022'] }, files: ['app.ts'] }));
}, 120_000);
afterAll(() => consumer?.dispose());

/** tsc's diagnostics by file: this package's declarations and the app, apart from other packages'. */
async function diagnostics(project: string): Promise<{ ours: string[]; others: string[] }> {
  const result = await run(process.execPath, [TSC, '-p', project, '--pretty', 'false'], { cwd: consumer.dir, timeoutMs: 300_000 });
  const lines = (result.stdout + result.stderr).split('\n').filter((line) => /error TS\d+/.test(line));
  const ours = lines.filter((line) => line.startsWith('app.ts') || line.includes('node_modules/a2ui-stream/'));
  return { ours, others: lines.filter((line) => !ours.includes(line)) };
}

it('every entry but a2ui-stream/node compiles without @types/node, skipLibCheck off', async () => {
  const { ours, others } = await diagnostics('tsconfig.json');
  expect(ours).toEqual([]);
  // What ai's own declarations need (Node's Buffer, json-schema's types) is ai's to fix, not ours.
  for (const line of others) expect(line).toMatch(/node_modules\/(@ai-sdk|ai)\//);
});

it('without DOM.AsyncIterable, for await over the stream is TS2504, as the README says', async () => {
  const { ours } = await diagnostics('tsconfig.dom-only.json');
  expect(ours).toEqual([
    expect.stringMatching(/^app\.ts\(\d+,\d+\): error TS2504: Type 'ReadableStream<Part>' must have a '\[Symbol\.asyncIterator\]\(\)' method/),
  ]);
});
