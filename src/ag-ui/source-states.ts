import type { ErrorBudget } from '../internal.js';
import type { A2uiError, A2uiStreamParser } from '../index.js';
import type { ToolCallReader } from './readers.js';
import type { SourceLedger } from './source-ledger.js';

/** A text message being read. */
export interface TextState {
  readonly parser: A2uiStreamParser;
  /** The model's text, as it came. */
  readonly raw: string[];
  rawLength: number;
  /** Characters of text passed on (fewer than `rawLength` when A2UI was taken out). */
  shownLength: number;
  /** A limit stopped reading: the rest of the message is not passed on. */
  stopped: boolean;
  /** Its errors: bounded by the text read. */
  readonly budget: ErrorBudget;
  /** An error of it went out. */
  errorSent: boolean;
  /** Its bytes in and out, which pace its activity events. */
  readonly bytes: SourceLedger;
}

/** A render tool call being read. */
export interface ToolState {
  readonly reader: ToolCallReader;
  /** What its activity message is keyed by: the tool call it runs inside, or itself. */
  readonly key: string;
  /** Components of it went out. */
  painted: boolean;
  /** The errors sent (those the budget let through). */
  readonly errors: A2uiError[];
  stopped: boolean;
  /** Its errors: bounded by the arguments read. */
  readonly budget: ErrorBudget;
  /** Characters of its arguments read. */
  read: number;
  /** An error was read: it drew nothing it could keep unless `painted`. */
  failed: boolean;
  /** Its errors are only counted (the run's output had no room for them). */
  muted: boolean;
  /** Its bytes in and out, which pace its activity events. */
  readonly bytes: SourceLedger;
}
