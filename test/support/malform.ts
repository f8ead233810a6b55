/**
 * Makes a well-formed response malformed the ways models do: a forgotten closing brace (the next
 * message is then read nested in the unclosed one), an extra closer, a block cut short.
 */
import { Rng } from './rng.js';

/** What {@link malform} did. */
export type Malformation = 'none' | 'missing closer' | 'extra closer' | 'truncated block';

const OPEN_TAG = '<a2ui-json>';
const CLOSE_TAG = '</a2ui-json>';

/** The ranges of block content in `text` (between the tags). */
function blockRanges(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (let at = text.indexOf(OPEN_TAG); at >= 0; at = text.indexOf(OPEN_TAG, at + 1)) {
    const end = text.indexOf(CLOSE_TAG, at);
    if (end < 0) break;
    out.push([at + OPEN_TAG.length, end]);
  }
  return out;
}

/** Offsets in `[from, to)` where `pattern` matches. */
function matches(text: string, from: number, to: number, pattern: RegExp): number[] {
  const out: number[] = [];
  const re = new RegExp(pattern.source, 'g');
  re.lastIndex = from;
  for (let m = re.exec(text); m !== null && m.index < to; m = re.exec(text)) out.push(m.index);
  return out;
}

/** Offsets in `[from, to]` that are not inside a JSON string. */
function outsideStrings(text: string, from: number, to: number): number[] {
  const out: number[] = [];
  let inString = false;
  for (let i = from; i <= to; i++) {
    if (!inString) out.push(i);
    const c = text[i];
    if (inString && c === '\\') i++;
    else if (c === '"') inString = !inString;
  }
  return out;
}

/** `text` with one malformation chosen by `seed` in one of its blocks (or none, about a quarter of the time). */
export function malform(text: string, seed: number): { text: string; kind: Malformation } {
  const rng = new Rng(seed);
  const blocks = blockRanges(text);
  if (blocks.length === 0 || rng.chance(0.25)) return { text, kind: 'none' };
  const [from, to] = rng.pick(blocks);
  const kind = rng.pick<Malformation>(['missing closer', 'missing closer', 'extra closer', 'truncated block']);
  // The `}` that ends a message (or its body): at the start of a line indented by two spaces at
  // most (as `decompile` writes), followed by the next object. A closer inside a component would
  // make that component invalid once it closes, after its valid partials went out: no chunking
  // can take those back, so that is not what this rule is about.
  const ends = matches(text, from, to, /(?<=\n {0,2})\}(?=,?\s*\{)/);
  if (kind !== 'truncated block' && ends.length === 0) return { text, kind: 'none' };
  if (kind === 'missing closer') {
    const at = rng.pick(ends);
    return { text: text.slice(0, at) + text.slice(at + 1), kind };
  }
  if (kind === 'extra closer') {
    const at = rng.pick(ends) + 1;
    return { text: text.slice(0, at) + rng.pick(['}', ']']) + text.slice(at), kind };
  }
  // Cut between tokens: a string cut short would run on into the text after the block, a
  // different input from a block cut short.
  const at = rng.pick(outsideStrings(text, from, to));
  return { text: text.slice(0, at) + text.slice(to), kind };
}
