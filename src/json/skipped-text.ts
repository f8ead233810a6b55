/**
 * What the lenient repair stage skips outside a block's JSON values, kept so it can be reported
 * (decision C37): a model's prose inside `<a2ui-json>` ("Here is the UI:", "Done.") would
 * otherwise vanish. What a block may hold between values without a word stays silent:
 * whitespace, commas, stray `]` and `}` (a miscounted closer, which the reference skips and
 * the suite pins as silent) and Markdown fence lines (three or more backticks at the start of a
 * line or right after a value, and the info word after them: ```` ```json ````).
 *
 * Memory is bounded whatever the input: a count, a position and the first
 * {@link SKIPPED_SAMPLE_LENGTH} characters, never the skipped text itself.
 */
import { A2uiParseError } from '../errors.js';
import type { InputPosition } from './lex-state.js';

/** Characters of skipped text kept for the report (its head; the rest is counted). */
export const SKIPPED_SAMPLE_LENGTH = 40;

/** What a block's reading skipped outside its JSON values. */
export interface SkippedReport {
  /**
   * Characters skipped: for each place, from its first skipped character to its last (the
   * whitespace between words counts, the whitespace around them does not).
   */
  readonly count: number;
  /** Places skipped text stood: stretches between values (or before the first, or after the last) holding any. */
  readonly places: number;
  /** Where the first skipped character stands in the block. */
  readonly first: InputPosition;
  /** The first place's text, up to {@link SKIPPED_SAMPLE_LENGTH} characters. */
  readonly sample: string;
}

/** Where a character stands on its line, for telling a fence from prose. */
enum Line {
  /** Only whitespace since the line (or the last value) began. */
  Start,
  /** Backticks at the start of the line, fewer than three so far. */
  Ticks,
  /** A fence line: backticks and the info word after them stay silent. */
  Fence,
  /** Anything else: what is not tolerated is skipped text. */
  Other,
}

/** Records what is skipped outside values; fed by `LenientRepairer` as it reads. */
export class SkippedText {
  private count = 0;
  private places = 0;
  private first: InputPosition | undefined;
  private sample = '';
  /** A character was skipped since the last value began (the current place holds text). */
  private inPlace = false;
  /** Tolerated characters since the last skipped one in the current place (counted if more text follows). */
  private pending = 0;
  /** Their head, while the sample has room for it. */
  private pendingText = '';
  private line = Line.Start;
  /** Backticks in the run being read (> 0); on a fence line, 0 in its info word, -1 after it. */
  private ticks = 0;

  /**
   * @param where The position of character `index` of the chunk being read; asked once, for the
   *   first skipped character of the block (it may scan the chunk).
   */
  constructor(private readonly where: (index: number) => InputPosition) {}

  /** Character `index` of the chunk being read, `ch`, outside any value (not `{` or `[`). */
  char(ch: string, index: number): void {
    const line = this.line;
    if (ch === '`' && (line === Line.Start || line === Line.Ticks || (line === Line.Fence && this.ticks > 0))) {
      this.ticks++;
      this.line = this.ticks >= 3 ? Line.Fence : Line.Ticks;
      return;
    }
    // Fewer than three backticks were no fence: they are text, skipped just before this character.
    if (line === Line.Ticks) this.ticksAreText(index);
    if (ch === '\n' || ch === '\r') {
      this.line = Line.Start;
      this.ticks = 0;
      this.tolerated(ch);
      return;
    }
    if (ch === ' ' || ch === '\t') {
      if (line === Line.Fence) this.ticks = -1;
      this.tolerated(ch);
      return;
    }
    if (line === Line.Fence && this.ticks >= 0 && isInfoChar(ch)) {
      // The info word follows the backticks directly (```json); a space ends it, and what follows is text.
      this.ticks = 0;
      this.tolerated(ch);
      return;
    }
    if (ch === ',' || ch === ']' || ch === '}') {
      this.tolerated(ch);
      return;
    }
    this.line = Line.Other;
    this.skip(ch, 0, 1, index);
  }

  /**
   * Characters `from` to `to` of the chunk being read, outside any value, each {@link isPlainText}:
   * read as {@link char} reads them, in one step once they are known to be text (a megabyte of
   * prose costs a few steps per word, not a call per character).
   */
  text(chunk: string, from: number, to: number): void {
    let i = from;
    // An info word after a fence is tolerated, and backticks short of a fence are text: per character.
    while (i < to && this.line !== Line.Other) {
      this.char(chunk[i] as string, i);
      i++;
    }
    if (i < to) this.skip(chunk, i, to, i);
  }

  /** Characters `from` to `to` of the chunk being read, outside any value, all JSON whitespace: read as {@link char} reads them, in one step. */
  space(chunk: string, from: number, to: number): void {
    if (this.line === Line.Ticks) this.ticksAreText(from);
    let lineBreak = false;
    for (let i = from; i < to && !lineBreak; i++) {
      const code = chunk.charCodeAt(i);
      lineBreak = code === 0x0a || code === 0x0d;
    }
    if (lineBreak) {
      this.line = Line.Start;
      this.ticks = 0;
    } else if (this.line === Line.Fence) {
      this.ticks = -1;
    }
    if (!this.inPlace) return;
    this.pending += to - from;
    const room = SKIPPED_SAMPLE_LENGTH - this.sample.length - this.pendingText.length;
    if (this.places === 1 && room > 0) this.pendingText += chunk.slice(from, Math.min(to, from + room));
  }

  /** A value begins: the current place ends, and a fence may follow the value on its line. */
  valueStarts(): void {
    this.inPlace = false;
    this.pending = 0;
    this.pendingText = '';
    this.line = Line.Start;
    this.ticks = 0;
  }

  /** What was skipped so far; `undefined` when nothing was. */
  get report(): SkippedReport | undefined {
    if (this.first === undefined) return undefined;
    // A sample cut inside a surrogate pair ends before it.
    return { count: this.count, places: this.places, first: this.first, sample: this.sample.replace(/[\uD800-\uDBFF]$/, '') };
  }

  private ticksAreText(index: number): void {
    const ticks = this.ticks;
    this.ticks = 0;
    this.line = Line.Other;
    if (this.first === undefined) {
      // The backticks stood just before character `index`, on its line (perhaps in an earlier chunk).
      const here = this.where(index);
      this.first = { offset: here.offset - ticks, line: here.line, column: here.column - ticks };
    }
    this.skip('`'.repeat(ticks), 0, ticks, index);
  }

  private tolerated(ch: string): void {
    if (!this.inPlace) return;
    this.pending++;
    if (this.places === 1 && this.sample.length + this.pendingText.length < SKIPPED_SAMPLE_LENGTH) this.pendingText += ch;
  }

  /** Skips characters `from` to `to` of `text`, the first of which is character `index` of the chunk being read. */
  private skip(text: string, from: number, to: number, index: number): void {
    if (this.first === undefined) this.first = this.where(index);
    if (!this.inPlace) {
      this.inPlace = true;
      this.places++;
    }
    this.count += this.pending + (to - from);
    if (this.places === 1 && this.sample.length < SKIPPED_SAMPLE_LENGTH) {
      const room = SKIPPED_SAMPLE_LENGTH - this.sample.length;
      this.sample = (this.sample + this.pendingText + text.slice(from, Math.min(to, from + room))).slice(0, SKIPPED_SAMPLE_LENGTH);
    }
    this.pending = 0;
    this.pendingText = '';
  }
}

/** The error part for what a block skipped (an `A2uiParseError` that does not stop the block; details code `skipped_text`). */
export function skippedTextError(report: SkippedReport): A2uiParseError {
  const { count, places, first, sample } = report;
  const head = count > sample.length ? `${JSON.stringify(sample)}…` : JSON.stringify(sample);
  const where = `line ${first.line} column ${first.column} (char ${first.offset})`;
  const more = places > 1 ? ` in ${places} places` : '';
  const message = `Text outside the JSON values of the A2UI block was skipped: ${count} character${count === 1 ? '' : 's'}${more}, the first at ${where}: ${head}`;
  return new A2uiParseError(message, {
    line: first.line,
    column: first.column,
    offset: first.offset,
    details: [{ path: '', code: 'skipped_text', message }],
  });
}

/**
 * Whether UTF-16 unit `code` is text outside a value whatever stands around it: not whitespace,
 * a comma, a bracket or a backtick (for {@link SkippedText.text}).
 */
export function isPlainText(code: number): boolean {
  return !(
    code === 0x20 ||
    code === 0x0a ||
    code === 0x0d ||
    code === 0x09 ||
    code === 0x2c ||
    code === 0x60 ||
    code === 0x5b ||
    code === 0x5d ||
    code === 0x7b ||
    code === 0x7d
  );
}

/** Characters of a fence's info word (```` ```json ````, ```` ```a2ui-json ````). */
function isInfoChar(ch: string): boolean {
  const code = ch.charCodeAt(0);
  return (
    (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || ch === '-' || ch === '_' || ch === '+' || ch === '.'
  );
}
