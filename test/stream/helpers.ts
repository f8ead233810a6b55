import { basicCatalog } from '../../src/catalog/index.js';
import type { Catalog } from '../../src/catalog/model.js';
import type { ProtocolVersion } from '../../src/protocol/versions.js';
import { A2uiStreamParser } from '../../src/stream/index.js';
import type { DeltaSnapshots } from '../../src/stream/delta-snapshots.js';
import type { FullSnapshots } from '../../src/stream/full-snapshots.js';
import { liveGates } from '../../src/stream/readiness.js';
import type { Gates } from '../../src/stream/snapshots.js';
import { Surface } from '../../src/stream/surface.js';
import { wireOf } from '../../src/stream/wire.js';
import { VERSION_SPECS } from '../../src/protocol/versions.js';
import type { StreamParserOptions } from '../../src/stream/index.js';
import type { A2uiError } from '../../src/errors.js';
import type { A2uiMessage, Part } from '../../src/types.js';

export const V09 = basicCatalog('0.9');
export const V08 = basicCatalog('0.8');
export const V10 = basicCatalog('1.0');

/** A surface `s` on `catalog` and its snapshot mode object, for tests of the modes' forms. */
export function modeOf<T extends FullSnapshots | DeltaSnapshots>(catalog: Catalog, mode: new (surface: Surface, gates: Gates) => T): T {
  const settings = {
    wire: wireOf(VERSION_SPECS[catalog.version]),
    validate: true,
    snapshots: (s: Surface, gates: Gates) => new mode(s, gates),
    gates: liveGates,
    maxComponentsPerSurface: 10_000,
    maxExpansion: 10_000,
    held: { held: 0, max: 100_000 },
    placeholder: undefined,
    turns: false,
  };
  const surface = new Surface('s', { main: catalog, scope: undefined, constrained: false }, settings);
  return new mode(surface, liveGates(surface));
}

/** Pushes each chunk and returns the parts of every call, in order. */
export function pushAll(parser: A2uiStreamParser, chunks: readonly string[]): Part[][] {
  return chunks.map((chunk) => parser.push(chunk));
}

/** `parts`, or, when one of them is an error part, throws its error (the first). */
export function rethrow(parts: readonly Part[]): readonly Part[] {
  for (const part of parts) if (part.type === 'error') throw part.error;
  return parts;
}

/** The error of the last part of `parts`, which must be a limit's error part (a limit ends the parser's output). */
export function limitOf(parts: readonly Part[]): A2uiError {
  const last = parts[parts.length - 1];
  if (last?.type !== 'error' || last.error.category !== 'LimitError') throw new Error(`no limit error part last: ${JSON.stringify(last)}`);
  return last.error;
}

/** The errors of the error parts in `parts`, in order. */
export function errorsOf(parts: readonly Part[]): A2uiError[] {
  return parts.flatMap((part) => (part.type === 'error' ? [part.error] : []));
}

/** Every message in `parts`, in order. */
export function messagesOf(parts: readonly Part[] | readonly Part[][]): A2uiMessage[] {
  return (parts as Part[]).flat().flatMap((part) => (part.type === 'a2ui' ? part.messages : []));
}

/** All text in `parts`, concatenated. */
export function textOf(parts: readonly Part[] | readonly Part[][]): string {
  return (parts as Part[])
    .flat()
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('');
}

/** Parses a whole response pushed in the given chunks, ending it; returns all parts. */
export function parseChunks(catalog: ProtocolVersion | Catalog | readonly Catalog[], chunks: readonly string[], options: StreamParserOptions = {}): Part[] {
  const parser = new A2uiStreamParser(typeof catalog === 'string' ? basicCatalog(catalog) : catalog, options);
  const parts = pushAll(parser, chunks).flat();
  return [...parts, ...parser.end()];
}

/** A v0.9-family message. */
export function v09(key: string, body: Record<string, unknown>, version = 'v0.9'): A2uiMessage {
  return { version, [key]: body } as A2uiMessage;
}

/** Component ids of every components message for `surfaceId`, per message. */
export function componentIds(messages: readonly A2uiMessage[], key = 'updateComponents'): string[][] {
  return messages.filter((message) => key in message).map((message) => ((message[key] as { components: { id: string }[] }).components ?? []).map((c) => c.id));
}
