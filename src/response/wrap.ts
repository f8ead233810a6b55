import type { A2uiMessage } from '../types.js';
import { decompile } from './decompile.js';

/** A part {@link wrap} can write: text, a raw block (as from `unwrap`), or parsed messages. */
export type WrapPart =
  | { type: 'text'; text: string }
  | {
      type: 'block';
      /** The block's content, written verbatim between the tags. */
      raw: string;
      /** `false` leaves out the close tag (a block cut off). Default `true`. */
      closed?: boolean;
    }
  | { type: 'a2ui'; messages: readonly A2uiMessage[] };

const OPEN = '<a2ui-json>';
const CLOSE = '</a2ui-json>';

/**
 * Writes parts out as model output, joined by newlines: text as it is; a raw block verbatim
 * between `<a2ui-json>` and `</a2ui-json>`; messages {@link decompile}d onto their own lines
 * between the tags.
 */
export function wrap(parts: readonly WrapPart[]): string {
  return parts
    .map((part) => {
      switch (part.type) {
        case 'text':
          return part.text;
        case 'block':
          return OPEN + part.raw + (part.closed === false ? '' : CLOSE);
        case 'a2ui':
          return wrapDecompiledBlocks([decompile(part.messages)]);
      }
    })
    .join('\n');
}

/**
 * Encloses decompiled blocks in one pair of tags, each on its own line:
 * `<a2ui-json>\n` + blocks joined by `\n` + `\n</a2ui-json>`.
 */
export function wrapDecompiledBlocks(blocks: readonly string[]): string {
  return `${OPEN}\n${blocks.join('\n')}\n${CLOSE}`;
}
