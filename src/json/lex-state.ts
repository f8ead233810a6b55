/** The repair stage's per-character state, and positions in its input. */
import { NUMBER_OTHER } from './number-grammar.js';

/** Position of a character in the repairer's input: 0-based offset, 1-based line and column. */
export interface InputPosition {
  /** 0-based character offset. */
  offset: number;
  /** 1-based line. */
  line: number;
  /** 1-based column. */
  column: number;
}

/**
 * One open container of the repair stage: its opening bracket and the container around it. The
 * stack is a linked list of these, so opening and closing cost the same at any depth and a copy
 * of the state shares it.
 */
export interface OpenContainer {
  /** `{` or `[`. */
  readonly bracket: '{' | '[';
  /** The container around it; `null` at top level. */
  readonly outer: OpenContainer | null;
}

/** State that changes per character; copied to replay a chunk when an error needs its position. */
export interface LexState {
  /** The innermost open container; `null` outside any value. */
  stack: OpenContainer | null;
  /** The number of open containers. */
  depth: number;
  /** Inside a string, and which character closes it (`"` or a curly quote). */
  stringCloser: string | null;
  /** The previous character inside a string was a backslash. */
  escaped: boolean;
  /** Decoding strings: hex digits read of a `\u` escape (-1: not in one), and their value. */
  unicodeDigits: number;
  unicodeValue: number;
  /** A comma outside strings waits for the next significant character. */
  pendingComma: boolean;
  /** The last significant character outside strings belongs to a number or literal. */
  inBareWord: boolean;
  /** Where the number or literal being read stands in JSON's number grammar (a `NumberState`). */
  numberState: number;
  /** A value just ended (a comma or closer should follow). */
  afterValue: boolean;
  /** Inside an object, the next string is a key. */
  keyNext: boolean;
  /** The open string is an object key. */
  stringIsKey: boolean;
  /** Strict mode: inside a Markdown fence line (```json) outside any value. */
  inFence: boolean;
  offset: number;
  line: number;
  column: number;
}

/** Copies `from` into `to` field by field (`Object.assign` costs several times more per chunk). */
export function copyLexState(from: Readonly<LexState>, to: LexState): LexState {
  to.stack = from.stack;
  to.depth = from.depth;
  to.stringCloser = from.stringCloser;
  to.escaped = from.escaped;
  to.unicodeDigits = from.unicodeDigits;
  to.unicodeValue = from.unicodeValue;
  to.pendingComma = from.pendingComma;
  to.inBareWord = from.inBareWord;
  to.numberState = from.numberState;
  to.afterValue = from.afterValue;
  to.keyNext = from.keyNext;
  to.stringIsKey = from.stringIsKey;
  to.inFence = from.inFence;
  to.offset = from.offset;
  to.line = from.line;
  to.column = from.column;
  return to;
}

/** The state before any input: outside any value, at line 1, column 1. */
export function initialLexState(): LexState {
  return {
    stack: null,
    depth: 0,
    stringCloser: null,
    escaped: false,
    unicodeDigits: -1,
    unicodeValue: 0,
    pendingComma: false,
    inBareWord: false,
    numberState: NUMBER_OTHER,
    afterValue: false,
    keyNext: false,
    stringIsKey: false,
    inFence: false,
    offset: 0,
    line: 1,
    column: 1,
  };
}

/** The position after the first `cursor` characters of `chunk`, read from `state` (the position at its start). */
export function positionIn(state: Readonly<LexState>, chunk: string, cursor: number): InputPosition {
  let { offset, line, column } = state;
  for (let i = 0; i < cursor; i++) {
    offset++;
    if (chunk.charCodeAt(i) === 10) {
      line++;
      column = 1;
    } else {
      column++;
    }
  }
  return { offset, line, column };
}

/** Moves the position in `state` (kept per chunk, not per character) over a whole chunk. */
export function advancePosition(state: LexState, chunk: string): void {
  state.offset += chunk.length;
  let newline = chunk.indexOf('\n');
  if (newline < 0) {
    state.column += chunk.length;
    return;
  }
  let last = newline;
  while (newline >= 0) {
    state.line++;
    last = newline;
    newline = chunk.indexOf('\n', newline + 1);
  }
  state.column = chunk.length - last;
}
