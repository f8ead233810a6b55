/** Redraws a frame of lines in place on a terminal (no alternate screen: the last frame stays). */
import type { OutlineLine } from './outline.js';

const ESC = '\u001b[';

/** A terminal region redrawn from its top-left corner on each frame. */
export class Screen {
  private readonly color: boolean;

  constructor(private readonly out: NodeJS.WriteStream) {
    this.color = process.env.NO_COLOR === undefined || process.env.NO_COLOR === '';
  }

  /**
   * Columns available for a line: the terminal's width less one, 80 when it is unknown or 0
   * (some terminals and multiplexers report 0), at least 20.
   */
  get width(): number {
    const columns = this.out.columns;
    return Math.max(20, (columns !== undefined && columns > 0 ? columns : 80) - 1);
  }

  /** Clears the screen and hides the cursor. */
  start(): void {
    this.out.write(`${ESC}?25l${ESC}2J${ESC}H`);
  }

  /** Draws `lines` from the top; when they do not fit, the last ones (the newest) are shown. */
  draw(header: string, lines: readonly OutlineLine[]): void {
    const rows = this.out.rows;
    const room = Math.max(1, (rows !== undefined && rows > 0 ? rows : 24) - 2);
    const shown = lines.length > room ? lines.slice(lines.length - room) : lines;
    const body = [this.bold(header), ...shown.map((line) => this.style(line))];
    this.out.write(`${ESC}H${body.map((line) => `${line}${ESC}K`).join('\n')}\n${ESC}J`);
  }

  /** Draws the whole last frame below a cleared screen, so all of it reaches the scrollback, and shows the cursor. */
  finish(header: string, lines: readonly OutlineLine[], footer: string): void {
    const body = [this.bold(header), ...lines.map((line) => this.style(line)), footer];
    this.out.write(`${ESC}H${ESC}J${body.join('\n')}\n${ESC}?25h`);
  }

  /** Shows the cursor again (after an interruption). */
  restore(): void {
    this.out.write(`${ESC}?25h\n`);
  }

  private style(line: OutlineLine): string {
    return line.placeholder && this.color ? `${ESC}2m${line.text}${ESC}22m` : line.text;
  }

  private bold(text: string): string {
    return this.color ? `${ESC}1m${text}${ESC}22m` : text;
  }
}
