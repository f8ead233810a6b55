/**
 * Where a growing markdown text has finished blocks: a blank line outside a code fence ends every
 * block before it (what follows cannot change how they render, reference-style links aside), so a
 * text bubble renders each finished block once and only the open tail again.
 */

/** A line that opens or closes a code fence: up to three spaces, then ``` or ~~~. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Splits a growing markdown text into finished blocks and the open tail; each character is looked at once. */
export class MarkdownBlocks {
  /** The text not yet in a finished block. */
  tail = '';
  /** Where the line being read starts in {@link tail}. */
  private lineStart = 0;
  /** The marker of the open code fence, if any. */
  private fence: string | undefined;
  /** Whether a line with content was read since the last finished block. */
  private content = false;

  /** Appends `text`; returns the text of the blocks it finished (`''` when none). */
  push(text: string): string {
    const offset = this.tail.length;
    this.tail += text;
    let boundary = 0;
    // Newlines are looked for in the new text only: the tail is never searched again.
    for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', newline + 1)) {
      const end = offset + newline;
      const line = this.tail.slice(this.lineStart, end);
      this.lineStart = end + 1;
      const fence = FENCE.exec(line)?.[1];
      if (fence !== undefined) {
        if (this.fence === undefined) this.fence = fence;
        else if (fence[0] === this.fence[0] && fence.length >= this.fence.length) this.fence = undefined;
        this.content = true;
      } else if (line.trim() !== '') {
        this.content = true;
      } else if (this.fence === undefined && this.content) {
        boundary = end + 1;
        this.content = false;
      }
    }
    if (boundary === 0) return '';
    const finished = this.tail.slice(0, boundary);
    this.tail = this.tail.slice(boundary);
    this.lineStart -= boundary;
    return finished;
  }
}
