/**
 * Whole responses that carry Express: finding `<a2ui>` blocks beside text (and `<a2ui-json>`
 * ones), as upstream's `agent/express/response_parser.yaml` states it, and writing parts back.
 */
import type { Catalog } from '../catalog/model.js';
import { A2uiParseError } from '../errors.js';
import { newExpressScan, TagSplitter, type BlockFormat } from '../tags/index.js';
import { compileExpress, type CompileExpressOptions } from './compile.js';
import { ExpansionBudget, withBudget } from './expansion-budget.js';
import type { ExpressMessage } from './reader-types.js';

/** A piece of a response: trimmed text, or a block's content with its format. */
export type ExpressRawPart =
  | { readonly type: 'text'; readonly text: string }
  | {
      readonly type: 'block';
      /** The content, trimmed, without a Markdown fence just inside the tags. */
      readonly raw: string;
      /** Whether the close tag came (`false`: the block was cut off). */
      readonly closed: boolean;
      /** Which notation the tags named. */
      readonly format: BlockFormat;
    };

const FENCE_OPEN = /^```[^\n]*\n/;
const FENCE_CLOSE = /\n```$/;

/** A block's content without the Markdown fence a model carried over, and trimmed. */
export function stripFence(raw: string): string {
  const trimmed = raw.trim();
  return trimmed.replace(FENCE_OPEN, '').replace(FENCE_CLOSE, '').trim();
}

/**
 * Splits a whole response into text and blocks: `<a2ui …>` (Express) and `<a2ui-json …>` (JSON)
 * tags, any case; a close tag inside an Express string or comment does not end its block. Text is
 * trimmed and a run left empty is dropped.
 */
export function unwrapExpress(text: string): ExpressRawPart[] {
  const splitter = new TagSplitter({ express: newExpressScan });
  const parts: ExpressRawPart[] = [];
  let run = '';
  let raw = '';
  let format: BlockFormat = 'express';
  const flush = () => {
    const t = run.trim();
    if (t !== '') parts.push({ type: 'text', text: t });
    run = '';
  };
  for (const event of [...splitter.push(text), ...splitter.end()]) {
    if (event.type === 'text') run += event.text;
    else if (event.type === 'block') raw += event.text;
    else if (event.type === 'open') {
      flush();
      format = event.format;
    } else {
      parts.push({ type: 'block', raw: stripFence(raw), closed: event.type === 'close', format });
      raw = '';
    }
  }
  flush();
  return parts;
}

/** A part {@link wrapExpress} writes: text, or a block's content (Express unless `format` says JSON). */
export type ExpressWrapPart =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'block'; readonly raw: string; readonly format?: BlockFormat };

/** Writes parts out as a response: text as it is, each block between its tags on their own lines. */
export function wrapExpress(parts: readonly ExpressWrapPart[]): string {
  return parts
    .map((part) => {
      if (part.type === 'text') return part.text;
      const tag = part.format === 'json' ? 'a2ui-json' : 'a2ui';
      return `<${tag}>\n${part.raw}\n</${tag}>`;
    })
    .join('\n');
}

/** A part of a parsed response: text, or the messages one block compiled to. */
export type ExpressPart = { readonly type: 'text'; readonly text: string } | { readonly type: 'a2ui'; readonly messages: ExpressMessage[] };

/** Options of {@link parseExpressResponse}. */
export interface ParseExpressResponseOptions extends CompileExpressOptions {
  /** Whether blocks are wrapped in tags. `false`: the whole response is one Express block. Default `true`. */
  readonly wrapped?: boolean;
}

/**
 * Parses a whole response whose blocks are Express: text parts and, per block, the messages
 * {@link compileExpress} makes of it. A block that fails fails the call. (`<a2ui-json>` blocks
 * are the JSON parser's: use `parseResponse` for them; here they are an error.)
 *
 * @throws A2uiParseError / A2uiValidationError as `compileExpress`, or for a JSON block.
 */
export function parseExpressResponse(text: string, catalogs: Catalog | readonly Catalog[], options: ParseExpressResponseOptions = {}): ExpressPart[] {
  const { wrapped, ...rest } = options;
  // The response's blocks share one expansion budget, as a parser's do.
  const compileOptions = withBudget(rest, new ExpansionBudget());
  if (wrapped === false) return [{ type: 'a2ui', messages: compileExpress(stripFence(text), catalogs, compileOptions) }];
  return unwrapExpress(text).map((part): ExpressPart => {
    if (part.type === 'text') return part;
    if (part.format === 'json') throw new A2uiParseError('An <a2ui-json> block is read by parseResponse, not parseExpressResponse');
    return { type: 'a2ui', messages: compileExpress(part.raw, catalogs, compileOptions) };
  });
}
