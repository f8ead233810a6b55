/**
 * The response as the model wrote it (model text with `<a2ui-json>` or `<a2ui>` blocks, or a
 * provider's SSE), the part already fed to the parser marked. The text is set once per replay;
 * moving the mark changes one range (CSS Custom Highlight API `::highlight(fed)`; where the
 * browser has none, the text shows unmarked).
 */
export class SourceView {
  private text: Text | undefined;

  constructor(private readonly element: HTMLElement) {}

  /** Shows `source`, nothing of it fed yet. */
  show(source: string): void {
    this.element.textContent = source;
    this.text = (this.element.firstChild as Text | null) ?? undefined;
    this.mark(0);
  }

  /** Marks the source up to `offset` (in UTF-16 units, as the feed's offsets) as fed. */
  mark(offset: number): void {
    if (typeof Highlight === 'undefined' || !('highlights' in CSS)) return;
    if (!this.text || offset === 0) return void CSS.highlights.delete('fed');
    const range = new Range();
    range.setStart(this.text, 0);
    range.setEnd(this.text, Math.min(offset, this.text.length));
    CSS.highlights.set('fed', new Highlight(range));
  }
}
