/**
 * JSON's number grammar as `@streamparser/json`'s tokenizer reads it, one character at a time:
 * what the repair stage needs to know which digits of a number leave the tokenizer's state as it
 * is (those it keeps from the tokenizer, see `RepairSink.numberValue`).
 */

/** Where a number or literal stands: one of the `NUMBER_*` states. */
export type NumberState = number;

/** A literal (`true`), or characters that make no number: the tokenizer reads them all. */
export const NUMBER_OTHER: NumberState = 0;
const MINUS: NumberState = 1;
const ZERO: NumberState = 2;
const INT: NumberState = 3;
const DOT: NumberState = 4;
const FRAC: NumberState = 5;
const E: NumberState = 6;
const E_SIGN: NumberState = 7;
const EXP: NumberState = 8;

/** Whether UTF-16 unit `code` is a decimal digit. */
export const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;
const isExponent = (code: number): boolean => code === 0x65 || code === 0x45;

/** Whether a digit leaves `state` as it is (in the integer part, the fraction or the exponent). */
export const keepsNumberState = (state: NumberState): boolean => state === INT || state === FRAC || state === EXP;

/** The state after the first character (`code`) of a number or literal. */
export function firstNumberState(code: number): NumberState {
  return code === 0x2d ? MINUS : code === 0x30 ? ZERO : isDigit(code) ? INT : NUMBER_OTHER;
}

/** The state after character `code` of a number or literal in `state`. */
export function nextNumberState(state: NumberState, code: number): NumberState {
  switch (state) {
    case MINUS:
      return code === 0x30 ? ZERO : isDigit(code) ? INT : NUMBER_OTHER;
    case ZERO:
      return code === 0x2e ? DOT : isExponent(code) ? E : NUMBER_OTHER;
    case INT:
      return isDigit(code) ? INT : code === 0x2e ? DOT : isExponent(code) ? E : NUMBER_OTHER;
    case DOT:
      return isDigit(code) ? FRAC : NUMBER_OTHER;
    case FRAC:
      return isDigit(code) ? FRAC : isExponent(code) ? E : NUMBER_OTHER;
    case E:
      return code === 0x2b || code === 0x2d ? E_SIGN : isDigit(code) ? EXP : NUMBER_OTHER;
    case E_SIGN:
    case EXP:
      return isDigit(code) ? EXP : NUMBER_OTHER;
    default:
      return NUMBER_OTHER;
  }
}
