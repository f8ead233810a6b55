/**
 * Google's renderer core as the judge: every basic-catalog example of v0.9 (and v0.8), wrapped in
 * conversational text and tags, streamed through `a2uiStream` at seeded random chunkings (strings
 * and bytes; full and delta snapshots), with every emitted message fed to `@a2ui/web_core`'s
 * processor as it arrives. The processor must never throw, and the surfaces it ends with must
 * equal those it builds from the example's own messages. Skips when the spec folder is absent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { A2uiMessageProcessor } from '@a2ui/web_core/v0_8';
import { MessageProcessor } from '@a2ui/web_core/v0_9';
import { basicCatalog as webCoreBasicCatalog } from '@a2ui/web_core/v0_9/basic_catalog';
import { expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import type { ProtocolVersion } from '../../src/protocol/versions.js';
import type { A2uiMessage, Part } from '../../src/types.js';
import { a2uiStream, type A2uiStreamOptions } from '../../src/web/index.js';
import { Rng } from '../support/rng.js';
import { webCoreV09State as v09State } from '../support/web-core-state.js';
import { SPEC_DIR, sharedSuite } from './runner.js';

type Messages = Record<string, unknown>[];

const CHUNKINGS_PER_EXAMPLE = 4;
const TEXT_BEFORE = 'Sure — here it is ✓\n';
const TEXT_AFTER = '\nAnything else? 👋🏽';

function loadExamples(folder: string): { file: string; messages: Messages }[] {
  const dir = join(SPEC_DIR, folder, 'catalogs/basic/examples');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const json = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Messages | { messages: Messages };
      return { file, messages: Array.isArray(json) ? json : json.messages };
    });
}

/** `text` cut at random places into pieces of 1–40 units: strings, or UTF-8 bytes on odd seeds. */
function chunk(text: string, seed: number): (string | Uint8Array)[] {
  const seeded = new Rng(seed); // seeded, so that a failing chunking can be replayed
  const next = () => seeded.next();
  const bytes = seed % 2 === 1;
  const data: string | Uint8Array = bytes ? new TextEncoder().encode(text) : text;
  const chunks: (string | Uint8Array)[] = [];
  for (let i = 0; i < data.length; ) {
    const size = 1 + Math.floor(next() * 40);
    chunks.push(data.slice(i, i + size));
    i += size;
  }
  return chunks;
}

/**
 * Streams the wrapped example and hands each message to `apply` as it arrives. Returns the text
 * and the error parts (there should be none).
 */
async function streamInto(
  version: ProtocolVersion,
  messages: Messages,
  seed: number,
  options: A2uiStreamOptions,
  apply: (message: A2uiMessage) => void,
): Promise<{ text: string; errors: string[] }> {
  const response = `${TEXT_BEFORE}<a2ui-json>\n${JSON.stringify(messages, null, 2)}\n</a2ui-json>${TEXT_AFTER}`;
  const chunks = chunk(response, seed);
  const source = new ReadableStream<string | Uint8Array>({
    pull(controller) {
      const next = chunks.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(next);
    },
  });
  const reader = source.pipeThrough(a2uiStream(basicCatalog(version), options)).getReader();
  let text = '';
  const errors: string[] = [];
  for (;;) {
    const { done, value } = (await reader.read()) as ReadableStreamReadResult<Part>;
    if (done) return { text, errors };
    if (value.type === 'text') text += value.text;
    else if (value.type === 'error') errors.push(`${value.error.category}: ${value.error.message}`);
    else for (const message of value.messages) apply(message);
  }
}

const snapshotModes: A2uiStreamOptions[] = [{ snapshots: 'full' }, { snapshots: 'delta' }];

function v08State(processor: A2uiMessageProcessor) {
  const surfaces: Record<string, unknown> = {};
  for (const [id, surface] of processor.getSurfaces()) {
    surfaces[id] = {
      root: surface.rootComponentId,
      tree: surface.componentTree,
      dataModel: surface.dataModel,
      styles: surface.styles,
    };
  }
  return surfaces;
}

/** A fresh renderer: apply one message as it arrives; read the surfaces it ends with. */
interface Judge {
  apply(message: A2uiMessage): void;
  state(): unknown;
}

/**
 * Streams `messages` at every chunking and snapshot mode into a fresh renderer from `judge`: the
 * renderer must accept every message, and end with the `expected` surfaces.
 */
async function judgeChunkings(version: ProtocolVersion, messages: Messages, index: number, expected: unknown, judge: () => Judge): Promise<void> {
  for (const options of snapshotModes) {
    for (let n = 0; n < CHUNKINGS_PER_EXAMPLE; n++) {
      const seed = index * 100 + n;
      const streamed = judge();
      const where = `seed ${seed}, snapshots ${options.snapshots}`;
      const { text, errors } = await streamInto(version, messages, seed, options, (message) => {
        try {
          streamed.apply(message as A2uiMessage);
        } catch (error) {
          throw new Error(`${where}: web_core rejected ${JSON.stringify(message)}: ${error}`);
        }
      });
      expect(errors, where).toEqual([]);
      expect(text, where).toBe(TEXT_BEFORE + TEXT_AFTER);
      expect(streamed.state(), where).toEqual(expected);
    }
  }
}

sharedSuite('web_core v0.9 MessageProcessor judges the stream', join(SPEC_DIR, 'v0_9/catalogs/basic/examples'), () => {
  const examples = loadExamples('v0_9');
  it.each(examples.map((example, index) => ({ ...example, index })))('$file', async ({ messages, index }) => {
    const direct = new MessageProcessor([webCoreBasicCatalog]);
    direct.processMessages(messages as never);
    const expected = v09State(direct);
    for (const surface of Object.values(expected) as { components: object }[]) {
      expect(surface.components).toHaveProperty('root');
    }
    await judgeChunkings('0.9', messages, index, expected, () => {
      const streamed = new MessageProcessor([webCoreBasicCatalog]);
      return { apply: (message) => streamed.processMessages([message as never]), state: () => v09State(streamed) };
    });
  });
});

sharedSuite('web_core v0.8 A2uiMessageProcessor judges the stream', join(SPEC_DIR, 'v0_8/catalogs/basic/examples'), () => {
  const examples = loadExamples('v0_8');
  it.each(examples.map((example, index) => ({ ...example, index })))('$file', async ({ messages, index }) => {
    const direct = new A2uiMessageProcessor();
    direct.processMessages(messages as never);
    const expected = v08State(direct);
    for (const surface of Object.values(expected) as { tree: unknown }[]) expect(surface.tree).not.toBeNull();
    await judgeChunkings('0.8', messages, index, expected, () => {
      const streamed = new A2uiMessageProcessor();
      return { apply: (message) => streamed.processMessages([message as never]), state: () => v08State(streamed) };
    });
  });
});
