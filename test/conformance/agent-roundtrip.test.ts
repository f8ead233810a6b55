/**
 * Round trip: a prompt is only good if what a model writes from it parses. For every version,
 * each spec example is the "model's answer", written the way the prompt tells a model to (text
 * around one <a2ui-json> block, the messages formatted as the prompt's own examples are), and
 * streamed through `a2uiStream` with the catalog `systemPrompt` chose: no error part, final
 * surfaces equal to the example's. With `allowedComponents`, an answer that uses a pruned-away
 * component is rejected with an error naming it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { examplesText, systemPrompt } from '../../src/agent/index.js';
import { a2uiStream, basicCatalog, type A2uiMessage, type Catalog, type Part, type ProtocolVersion } from '../../src/index.js';
import { applyMessages, applyParts, finalState } from '../support/apply-messages.js';
import { SPEC_DIR, sharedSuite } from './runner.js';

type Message = Record<string, unknown>;

const VERSIONS: readonly { version: ProtocolVersion; dir: string; relabel?: string }[] = [
  { version: '0.8', dir: 'v0_8' },
  { version: '0.9', dir: 'v0_9' },
  { version: '0.9.1', dir: 'v0_9', relabel: 'v0.9.1' },
  { version: '1.0', dir: 'v1_0' },
];

function examplesOf(dir: string, relabel?: string): { name: string; messages: A2uiMessage[] }[] {
  const folder = join(SPEC_DIR, dir, 'catalogs/basic/examples');
  return readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const content: unknown = JSON.parse(readFileSync(join(folder, file), 'utf8'));
      const messages = (Array.isArray(content) ? content : (content as { messages: Message[] }).messages) as Message[];
      const relabelled = relabel === undefined ? messages : messages.map((m) => ({ ...m, version: relabel }));
      return { name: file.replace(/\.json$/, ''), messages: relabelled as A2uiMessage[] };
    });
}

/** The answer a model following the prompt writes: text, the example's block as the prompt shows it, text. */
function answerFor(name: string, messages: A2uiMessage[]): string {
  const shown = examplesText([{ name, messages }]);
  const block = shown.slice(shown.indexOf('\n') + 1, shown.lastIndexOf('\n'));
  return `Here is what I made for you.\n<a2ui-json>\n${block}\n</a2ui-json>\nAnything else?`;
}

async function stream(catalog: Catalog, text: string, snapshots: 'full' | 'delta'): Promise<Part[]> {
  const parts: Part[] = [];
  const chunks = text.match(/[\s\S]{1,16}/g) ?? [];
  const source = new ReadableStream<string>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  const reader = source.pipeThrough(a2uiStream(catalog, { snapshots })).getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) parts.push(read.value);
  return parts;
}

const componentTypes = (messages: readonly A2uiMessage[], version: ProtocolVersion): Set<string> => {
  const key = version === '0.8' ? 'surfaceUpdate' : 'updateComponents';
  const types = new Set<string>();
  for (const message of messages) {
    for (const component of (message[key] as { components?: Message[] } | undefined)?.components ?? []) {
      const type = version === '0.8' ? Object.keys(component.component as object)[0] : component.component;
      if (typeof type === 'string') types.add(type);
    }
  }
  return types;
};

sharedSuite('prompt round trip over the spec examples', SPEC_DIR, () => {
  for (const { version, dir, relabel } of VERSIONS) {
    describe(version, () => {
      const examples = examplesOf(dir, relabel);
      it('has examples', () => expect(examples.length).toBeGreaterThan(10));

      for (const { name, messages } of examples) {
        it(name, async () => {
          const types = [...componentTypes(messages, version)];
          const expected = finalState(applyMessages(new Map(), messages));
          for (const allowedComponents of [undefined, types]) {
            const { prompt, catalog } = systemPrompt({
              catalog: basicCatalog(version),
              includeSchema: true,
              examples: [{ name, messages }],
              ...(allowedComponents === undefined ? {} : { allowedComponents }),
            });
            const answer = answerFor(name, messages);
            expect(prompt).toContain(answer.slice(answer.indexOf('\n<a2ui-json>\n') + 13, answer.indexOf('\n</a2ui-json>')));
            for (const snapshots of ['full', 'delta'] as const) {
              const parts = await stream(catalog, answer, snapshots);
              expect(parts.filter((p) => p.type === 'error').map((p) => (p as { error: Error }).error.message)).toEqual([]);
              expect(finalState(applyParts(new Map(), parts))).toEqual(expected);
            }
          }
        });
      }

      it('rejects an answer that uses a pruned-away component, naming it', async () => {
        const example = examples.find(({ messages }) => componentTypes(messages, version).has('Button'))!;
        const allowed = [...componentTypes(example.messages, version)].filter((type) => type !== 'Button');
        const { catalog } = systemPrompt({ catalog: basicCatalog(version), allowedComponents: allowed });
        for (const snapshots of ['full', 'delta'] as const) {
          const parts = await stream(catalog, answerFor(example.name, example.messages), snapshots);
          const errors = parts.flatMap((p) => (p.type === 'error' ? [p.error] : []));
          expect(errors.length).toBeGreaterThan(0);
          expect(errors[0]!.message).toMatch(/Button/);
        }
      });
    });
  }
});
