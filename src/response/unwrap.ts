import { newExpressScan, TagSplitter, type BlockFormat } from '../tags/index.js';
import type { RawPart } from '../types.js';

/**
 * Splits a complete model response into text and raw blocks without reading the blocks. Tags are
 * recognised as by {@link TagSplitter} (any case, attributes allowed, close tags inside JSON
 * strings ignored). Text and block content are kept verbatim (not trimmed); text between two tags
 * that is empty is left out; a block whose close tag never came has `closed: false`.
 *
 * @param text The whole response.
 * @returns Text parts and block parts in input order.
 */
export function unwrap(text: string): RawPart[] {
  return splitBlocks(text, false);
}

/** A part of {@link splitBlocks}: a block says which notation its tag opened. */
export type NotatedPart = RawPart & { readonly format?: BlockFormat };

/** {@link unwrap}, with `<a2ui>` Express blocks too when `express`; each block part names its notation. */
export function splitBlocks(text: string, express: boolean): NotatedPart[] {
  const splitter = new TagSplitter({ express: express ? newExpressScan : undefined });
  const events = [...splitter.push(text), ...splitter.end()];
  const parts: NotatedPart[] = [];
  let format: BlockFormat = 'json';
  let textRun = '';
  let raw = '';
  for (const event of events) {
    switch (event.type) {
      case 'text':
        textRun += event.text;
        break;
      case 'open':
        format = event.format;
        if (textRun !== '') parts.push({ type: 'text', text: textRun });
        textRun = '';
        break;
      case 'block':
        raw += event.text;
        break;
      case 'close':
      case 'unclosed':
        parts.push(express ? { type: 'block', raw, closed: event.type === 'close', format } : { type: 'block', raw, closed: event.type === 'close' });
        raw = '';
        break;
    }
  }
  if (textRun !== '') parts.push({ type: 'text', text: textRun });
  return parts;
}

/** Options of {@link hasA2ui}. */
export interface HasA2uiOptions {
  /** Require a block whose close tag is present, not just an open tag. Default `false`. */
  complete?: boolean;
  /** Count `<a2ui>` Express blocks too, not only `<a2ui-json>` ones. Default `false`. */
  express?: boolean;
}

/**
 * Whether `text` holds an `<a2ui-json>` block (or, with `express: true`, an `<a2ui>` block): an
 * open tag, or with `complete: true` a block whose close tag is present too. Tags are recognised
 * as by {@link unwrap}.
 */
export function hasA2ui(text: string, options: HasA2uiOptions = {}): boolean {
  const wanted = options.complete ? 'close' : 'open';
  const splitter = new TagSplitter({ express: options.express === true ? newExpressScan : undefined });
  return [...splitter.push(text), ...splitter.end()].some((event) => event.type === wanted);
}
