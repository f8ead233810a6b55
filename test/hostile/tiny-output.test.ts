/**
 * No amplification for tiny answers (issue #37): below a kilobyte, the bytes an entry sends have
 * a fixed floor (the first error of a source, the one error counting those withheld), so the
 * bound is `out ≤ 4·in + C` with {@link ENTRY_OUTPUT_FLOOR} as C (docs/security.md). Valid and
 * malformed answers of 1 to 1,024 characters (prefixes and one-character mutations of a real
 * response, bad components) go through the AI SDK entry and the AG-UI middleware (text messages
 * and `render_a2ui` tool calls), at 1- and 16-character deltas and whole.
 */
import { describe, expect, it } from 'vitest';
import { FIXTURE_RESPONSES } from '../robustness/fixtures.js';
import { Rng } from '../support/rng.js';
import { A2uiStreamParser, basicCatalog, type Part } from '../../src/index.js';
import { aiSdkBytes, agUiBytes, agUiToolBytes, deltas, type EntryBytes } from './entry-output.js';

/** C in `out ≤ 4·in + C`: bytes an entry may send past four times its input, per response. */
const ENTRY_OUTPUT_FLOOR = 1_024;

const catalogId = 'https://a2ui.org/specification/v0_9/basic_catalog.json';
const create = `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${catalogId}"}}`;
/** Components whose one error lists several problems (today each costs about ten bytes per character of it). */
const BAD_COMPONENTS = [
  '{"id":"root","component":"DateTimeInput","value":1,"enableDate":"x","enableTime":"y","min":1,"max":2,"label":3}',
  '{"id":"root","component":"ChoicePicker","options":1,"value":1,"variant":1,"label":1,"maxAllowedSelections":"x"}',
  '{"id":"a","component":"Button"}',
];

/** `text`, its prefixes (1 to 1,024 characters, growing by a third) and `mutations` one-character mutations of it. */
function variants(text: string, mutations: number, rng: Rng): string[] {
  const out = [text];
  for (let n = 1; n < Math.min(1_024, text.length); n = Math.ceil(n * 1.34)) out.push(text.slice(0, n));
  for (let k = 0; k < mutations; k++) {
    const at = rng.int(0, text.length - 1);
    out.push(text.slice(0, at) + rng.pick(['{', '}', '[', ']', ',', '"', ':', 'x', '1', ' ', '\\']) + text.slice(at + 1));
  }
  return out;
}

const rng = new Rng(37);
const fixture = FIXTURE_RESPONSES.find((f) => f.version === '0.9')?.text ?? '';
const ANSWERS = [
  ...variants(fixture, 12, rng),
  '<a2ui-json>{}',
  '<a2ui-json>x',
  'Hello.',
  ...BAD_COMPONENTS.map((c) => `<a2ui-json>[${create},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[${c}]}}]</a2ui-json>`),
];
const TOOL_ARGUMENTS = [
  ...variants(`{"surfaceId":"s","components":[{"id":"root","component":"Column","children":["t"]},{"id":"t","component":"Text","text":"Hi"}]}`, 12, rng),
  '{"surfaceId":"s","components":[1]}',
  'x',
  ...BAD_COMPONENTS.map((c) => `{"surfaceId":"s","components":[${c}]}`),
];

/**
 * The core's parts as JSON (errors with their message) against the answer's characters. Text
 * goes through verbatim: adjacent text parts of successive calls are joined, as a caller keeping
 * the response does (else one part's framing per 1-character chunk would be counted as output).
 */
async function coreBytes(chunks: string[]): Promise<EntryBytes> {
  const parser = new A2uiStreamParser(basicCatalog('0.9'));
  const parts: Part[] = [];
  const add = (part: Part) => {
    const last = parts[parts.length - 1];
    if (part.type === 'text' && last?.type === 'text') parts[parts.length - 1] = { type: 'text', text: last.text + part.text };
    else parts.push(part);
  };
  for (const chunk of chunks) parser.push(chunk).forEach(add);
  parser.end().forEach(add);
  const bytesOut = JSON.stringify(parts, (_key, value: unknown) => (value instanceof Error ? { ...value, message: value.message } : value)).length;
  return { bytesIn: chunks.join('').length, bytesOut };
}

/** The answers (and chunkings) whose output breaks the bound. */
async function overBound(answers: readonly string[], bytes: (chunks: string[]) => Promise<EntryBytes>): Promise<string[]> {
  const over: string[] = [];
  for (const answer of answers) {
    for (const size of [1, 16, Infinity]) {
      const { bytesIn, bytesOut } = await bytes(deltas(answer, size));
      if (bytesOut > 4 * bytesIn + ENTRY_OUTPUT_FLOOR) over.push(`${bytesOut} out for ${bytesIn} in, ${size}-character deltas: ${answer.slice(0, 80)}`);
    }
  }
  return over;
}

describe(`tiny answers: out ≤ 4·in + ${ENTRY_OUTPUT_FLOOR} bytes on every entry`, () => {
  it('AI SDK', async () => {
    expect(await overBound(ANSWERS, aiSdkBytes)).toEqual([]);
  });

  // Before: `<a2ui-json>{}` (13 characters) gave two errors, 667 bytes; a bad component's errors 4 KB past 4·in.
  it('the core (the parser parts as JSON)', async () => {
    expect(await overBound(ANSWERS, coreBytes)).toEqual([]);
  });

  it('AG-UI text message', async () => {
    expect(await overBound(ANSWERS, agUiBytes)).toEqual([]);
  });

  // Before: a bad component's first error (1.9 KB as an event) went out whatever was read, and
  // again in the `retrying` status, the tool result and the `failed` status: 3.8 KB past 4·in.
  it('AG-UI render tool call', async () => {
    expect(await overBound(TOOL_ARGUMENTS, agUiToolBytes)).toEqual([]);
  });
});
