/**
 * Builds fuzz input number `index` of a run from the run's seed alone, so that any input can be
 * rebuilt (the watchdog rebuilds the one a hung worker was on): a realistic response, mutated a
 * few times, cut into chunks at random, with random options.
 */
import { basicCatalog } from '../../src/catalog/index.js';
import { decompileExpress } from '../../src/express/index.js';
import { PROTOCOL_VERSIONS, type ProtocolVersion } from '../../src/protocol/versions.js';
import type { StreamParserOptions } from '../../src/stream/options.js';
import { FIXTURE_RESPONSES } from '../../test/robustness/fixtures.js';
import type { FuzzCase } from '../../test/support/fuzz-case.js';
import { generateResponse } from '../../test/support/generate-response.js';
import { randomResponse } from '../../test/support/random-response.js';
import { mixSeed, Rng } from '../../test/support/rng.js';
import { hostileInput, type HostileShapes } from './hostile-shapes.js';

/** What mutations insert: tags, JSON punctuation, quotes, escapes, control characters, emoji, lone surrogates. */
const INSERTS = [
  '<a2ui-json>',
  '</a2ui-json>',
  '<A2UI-JSON>',
  '</A2UI-Json>',
  '<a2ui-json data-x="1">',
  '<a2ui-js',
  '</a2ui-',
  '<',
  '</',
  '>',
  '"',
  "'",
  '“',
  '”',
  '‘',
  '’',
  '{',
  '}',
  '[',
  ']',
  ',',
  ',,',
  ':',
  '\\',
  '\\u',
  '\\u00',
  '\\"',
  '\\\\',
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u001b',
  '\u001f',
  '\u007f',
  '\r',
  '\n',
  '\t',
  '\u2028',
  '\ufeff',
  '🎉',
  '👩‍👩‍👧',
  '\ud83d',
  '\ude00',
  '\udfff\ud800',
  '```',
  '```json\n',
  'null',
  'true',
  '1e999',
  '-0',
  '0x1F',
  '"__proto__"',
  '"constructor"',
  '"prototype"',
  '{"__proto__":{"polluted":1}}',
  '"id":',
  '"component":',
  '"children":[',
  // A2UI Express: tags, statements and the lexer's states (triple-quoted and raw strings, paths, comments).
  '<a2ui>',
  '</a2ui>',
  '<A2UI>',
  '<a2ui',
  '</a2ui',
  '\nroot = ',
  ' = ',
  '(',
  ')',
  '([',
  '])',
  '_',
  '$/',
  '$/a/b = ',
  '"'.repeat(3),
  'r"',
  '#',
  '//',
  '/*',
  '*/',
  'Event(',
  'surface("s")',
  'deleteSurface("s")',
  '_template(',
  '?',
  'Text(',
  'Column([',
  '__proto__ = ',
];

/** Base responses, built once: fixtures, generated ones in every version, and a few large ones. */
let bases: { version: ProtocolVersion; text: string; express?: boolean }[] | undefined;
function baseResponses(): { version: ProtocolVersion; text: string; express?: boolean }[] {
  if (bases) return bases;
  bases = FIXTURE_RESPONSES.map((f) => ({ version: f.version, text: f.text }));
  for (let seed = 1; seed <= 60; seed++) {
    for (const version of PROTOCOL_VERSIONS) bases.push({ version, text: randomResponse(seed, version).text });
  }
  for (const version of ['0.8', '0.9', '1.0'] as const) {
    for (let seed = 1; seed <= 4; seed++) bases.push({ version, text: generateResponse({ version, seed, targetBytes: 2_000 }).text });
  }
  // The same kind of generated surfaces written in A2UI Express (v0.9 and later), a block per block.
  for (const version of ['0.9', '1.0'] as const) {
    for (let seed = 1; seed <= 30; seed++) {
      const blocks = generateResponse({ version, seed, targetBytes: 1_500 + seed * 100, blocks: 1 + (seed % 3) }).blocks;
      const text = blocks.map((block, i) => `Part ${i}:\n<a2ui>\n${decompileExpress(block.messages, basicCatalog(version))}\n</a2ui>\n`).join('');
      bases.push({ version, text, express: true });
    }
  }
  return bases;
}

function insert(text: string, at: number, piece: string): string {
  return text.slice(0, at) + piece + text.slice(at);
}

/** A piece of `text`: mostly one whole block with some text around it, else any slice. */
function window(rng: Rng, text: string): string {
  const open = text.indexOf('<a2ui', rng.int(0, text.length));
  const close = open < 0 ? -1 : text.indexOf('</a2ui', open);
  if (close >= 0 && close - open < 3_000 && rng.chance(0.8)) {
    return text.slice(Math.max(0, open - rng.int(0, 100)), text.indexOf('>', close) + 1 + rng.int(0, 100));
  }
  const from = open >= 0 && rng.chance(0.5) ? open : rng.int(0, text.length - 1);
  return text.slice(from, from + rng.int(100, 1_200));
}

/** Applies one random mutation to `text`. */
function mutate(rng: Rng, text: string, donor: string): string {
  const at = rng.int(0, text.length);
  const span = Math.min(text.length - at, rng.int(1, 64));
  switch (rng.int(0, 11)) {
    case 0: {
      // Flip one bit of one UTF-16 unit (may make a lone surrogate or a control character).
      if (at >= text.length) return text;
      const code = text.charCodeAt(at) ^ (1 << rng.int(0, 15));
      return text.slice(0, at) + String.fromCharCode(code) + text.slice(at + 1);
    }
    case 1:
      return rng.chance(0.5) ? text.slice(0, at) : text.slice(at);
    case 2:
      return insert(text, rng.int(0, text.length), text.slice(at, at + span));
    case 3:
      return text.slice(0, at) + text.slice(at + span);
    case 4: {
      const from = rng.int(0, donor.length);
      return insert(text, at, donor.slice(from, from + rng.int(1, 200)));
    }
    case 5:
      return insert(text, at, rng.pick(['[', '{', '"a":[', '{"a":']).repeat(rng.int(2, 300)));
    default:
      return insert(text, at, rng.pick(INSERTS));
  }
}

/**
 * Cuts `text` into chunks. A parser call costs the core up to a few milliseconds when surfaces
 * are large, so fine chunkings (single characters, token-sized) go to short inputs only.
 */
function chunk(rng: Rng, text: string): string[] {
  const style = rng.int(0, 9);
  const short = text.length <= 1_500;
  const max = style === 0 && short ? 1 : style <= 4 && short ? 16 : style <= 8 ? 512 : text.length;
  const chunks: string[] = [];
  for (let i = 0; i < text.length; ) {
    const n = rng.int(short || max === text.length ? 1 : 64, Math.max(1, max));
    chunks.push(text.slice(i, i + n));
    i += n;
  }
  return chunks;
}

/** UTF-8 bytes of `text` cut at random byte offsets, with an invalid byte now and then. */
function byteChunks(rng: Rng, text: string): number[][] {
  const bytes = [...new TextEncoder().encode(text)];
  if (rng.chance(0.5)) bytes.splice(rng.int(0, bytes.length), 0, rng.pick([0x80, 0xbf, 0xc0, 0xc3, 0xe2, 0xf0, 0xff]));
  const out: number[][] = [];
  for (let i = 0; i < bytes.length; ) {
    const n = rng.int(1, 32);
    out.push(bytes.slice(i, i + n));
    i += n;
  }
  return out;
}

function options(rng: Rng, express: boolean): StreamParserOptions {
  const o: StreamParserOptions = {};
  if (rng.chance(0.2)) o.validate = false;
  if (rng.chance(0.2)) o.snapshots = 'delta';
  if (rng.chance(0.2)) o.text = 'trim';
  if (rng.chance(0.05)) {
    o.wrapped = false;
    if (express) o.format = 'express';
  }
  if (rng.chance(0.1)) o.maxDepth = rng.int(1, 12);
  if (rng.chance(0.1)) o.maxBufferSize = rng.int(16, 2_000);
  if (rng.chance(0.05)) o.maxComponentsPerSurface = rng.int(1, 6);
  if (rng.chance(0.05)) o.maxSurfaces = rng.int(1, 2);
  return o;
}

/** `text` cut into `size`-character chunks. */
function chunksOf(text: string, size: number): string[] {
  if (size === Infinity) return [text];
  return Array.from({ length: Math.ceil(text.length / size) }, (_, k) => text.slice(k * size, (k + 1) * size));
}

/**
 * Fuzz input number `index` of the run seeded with `seed`; one in 20 is a hostile shape (see
 * hostile-shapes.ts; `shapes` says which).
 */
export function fuzzCase(seed: number, index: number, shapes: HostileShapes = 'fixed'): FuzzCase {
  const rng = new Rng(mixSeed(seed, index));
  const all = baseResponses();
  const base = rng.pick(all);
  const donor = rng.pick(all).text;
  const hostile = hostileInput(rng, base.text.slice(0, rng.int(0, 300)), shapes);
  if (hostile) {
    const cut = hostile.chunkSize === undefined ? chunk(rng, hostile.text) : chunksOf(hostile.text, hostile.chunkSize);
    // Hostile shapes are v0.9 messages: read with the v0.9 catalog and default limits.
    return { version: '0.9', options: {}, chunks: cut, onError: rng.pick(['emit', 'terminate', 'callback'] as const) };
  }
  // Most inputs are a window of the base (often starting at a tag), so that they stay short.
  let text = base.text;
  if (rng.chance(0.8) && text.length > 1_200) text = window(rng, text);
  // 1 to 8 mutations, fewer more often.
  for (let m = 0; m === 0 || (m < 8 && rng.chance(0.5)); m++) text = mutate(rng, text, donor);
  const fuzz: FuzzCase = {
    version: base.version,
    options: options(rng, base.express === true),
    chunks: chunk(rng, text),
    onError: rng.pick(['emit', 'emit', 'terminate', 'callback'] as const),
  };
  if (rng.chance(0.25)) fuzz.byteChunks = byteChunks(rng, text);
  return fuzz;
}
