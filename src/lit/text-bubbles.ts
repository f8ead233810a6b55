import type { MarkdownRenderer } from '@a2ui/web_core/v0_9';

/**
 * The conversational text of a response, as bubbles in the container: text goes to the current
 * bubble, and a surface mounted after it ends that bubble (the next text starts a new one).
 * Whitespace alone never starts a bubble (the blank lines around a block). Plain text grows one
 * text node; with a markdown renderer the bubble's whole text is rendered again per frame, and a
 * render that finishes after a newer one started is dropped.
 */
export class TextBubbles {
  private bubble: HTMLElement | undefined;
  private node: Text | undefined;
  private text = '';
  private held = '';
  private renders = 0;
  private readonly latest = new WeakMap<HTMLElement, number>();

  /**
   * @param container Where bubbles are appended.
   * @param createElement Makes an empty bubble.
   * @param markdown Renders a bubble's text to sanitized HTML; absent: plain text.
   * @param onError Told of a markdown render that failed (the bubble then shows plain text).
   */
  constructor(
    private readonly container: HTMLElement,
    private readonly createElement: () => HTMLElement,
    private readonly markdown: MarkdownRenderer | undefined,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Appends `text` (one frame's text, joined) to the current bubble. */
  append(text: string): void {
    if (this.bubble === undefined) {
      this.held += text;
      if (this.held.trim() === '') return;
      text = this.held.replace(/^\s+/, '');
      this.held = '';
      this.bubble = this.createElement();
      this.container.append(this.bubble);
    }
    this.text += text;
    if (this.markdown === undefined) {
      if (this.node === undefined) {
        this.node = document.createTextNode(text);
        this.bubble.append(this.node);
      } else this.node.appendData(text);
      return;
    }
    this.render(this.bubble, this.text, this.markdown);
  }

  /** Ends the current bubble: what follows goes after whatever is appended to the container next. */
  end(): void {
    this.bubble = undefined;
    this.node = undefined;
    this.text = '';
    this.held = '';
  }

  private render(bubble: HTMLElement, text: string, markdown: MarkdownRenderer): void {
    const render = ++this.renders;
    this.latest.set(bubble, render);
    const current = () => this.latest.get(bubble) === render;
    markdown(text).then(
      (html) => {
        if (current()) bubble.innerHTML = html;
      },
      (error: unknown) => {
        if (current()) bubble.textContent = text;
        this.onError(error);
      },
    );
  }
}
