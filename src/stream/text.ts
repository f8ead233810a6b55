/**
 * `text: 'trim'`: each run of text between blocks is trimmed at its edges, as the Elixir seed
 * does. Leading whitespace of a run is dropped; trailing whitespace is held until more text shows
 * it was inside the run, or a block or the end shows it was trailing.
 */
export class TextTrimmer {
  private started = false;
  private held = '';

  /** Text to emit for the next piece of a run. */
  push(text: string): string {
    let piece = this.started ? text : text.replace(/^\s+/, '');
    if (piece === '') return '';
    this.started = true;
    piece = this.held + piece;
    const body = piece.replace(/\s+$/, '');
    this.held = piece.slice(body.length);
    return body;
  }

  /** The run ended (a block opens, or the response ends): trailing whitespace is dropped. */
  endRun(): void {
    this.started = false;
    this.held = '';
  }
}
