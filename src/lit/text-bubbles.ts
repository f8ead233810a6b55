import type { MarkdownRenderer } from '@a2ui/web_core/v0_9';
import { MarkdownBlocks } from './markdown-blocks.js';

/** An open tail up to this long is rendered again every frame it grows. */
const SMALL_TAIL = 1024;

/**
 * One rendered piece of a bubble: its nodes stand after `anchor` (an empty text node, which adds
 * nothing to the bubble's HTML). A render that finishes after a newer one of the same piece
 * started is dropped.
 */
class Piece {
  readonly anchor = document.createTextNode('');
  private nodes: ChildNode[] = [];
  private latest = 0;

  constructor(bubble: HTMLElement) {
    bubble.append(this.anchor);
  }

  render(text: string, markdown: MarkdownRenderer, onError: (error: unknown) => void): void {
    const render = ++this.latest;
    markdown(text).then(
      (html) => {
        if (render !== this.latest) return;
        const template = document.createElement('template');
        template.innerHTML = html;
        this.show([...template.content.childNodes]);
      },
      (error: unknown) => {
        if (render === this.latest) this.show([document.createTextNode(text)]);
        onError(error);
      },
    );
  }

  private show(nodes: ChildNode[]): void {
    for (const node of this.nodes) node.remove();
    this.anchor.after(...nodes);
    this.nodes = nodes;
  }
}

/**
 * The conversational text of a response, as bubbles in the container: text goes to the current
 * bubble, and a surface mounted after it ends that bubble (the next text starts a new one).
 * Whitespace alone never starts a bubble (the blank lines around a block). Plain text grows one
 * text node. With a markdown renderer, each finished block (ended by a blank line outside a code
 * fence) is rendered once, and only the open tail again as it grows: every frame while it is
 * short, then at growth by a quarter (and once more when the bubble ends), so the markdown work
 * stays linear in the text.
 */
export class TextBubbles {
  private bubble: HTMLElement | undefined;
  private node: Text | undefined;
  private held = '';
  private blocks = new MarkdownBlocks();
  private tail: Piece | undefined;
  /** The tail's length at its last render (-1: not rendered since it changed). */
  private tailShown = -1;

  /**
   * @param container Where bubbles are appended.
   * @param createElement Makes an empty bubble.
   * @param markdown Renders a bubble's text to sanitized HTML; absent: plain text.
   * @param onError Told of a markdown render that failed (the piece then shows plain text).
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
    if (this.markdown === undefined) {
      if (this.node === undefined) {
        this.node = document.createTextNode(text);
        this.bubble.append(this.node);
      } else this.node.appendData(text);
      return;
    }
    const finished = this.blocks.push(text);
    if (finished !== '') {
      // The tail's piece shows the finished blocks for good; the new tail gets a piece after it.
      (this.tail ?? new Piece(this.bubble)).render(finished, this.markdown, this.onError);
      this.tail = undefined;
      this.tailShown = -1;
    }
    const length = this.blocks.tail.length;
    if (length > 0 && (length <= SMALL_TAIL || this.tailShown < 0 || length >= this.tailShown * 1.25)) this.renderTail();
  }

  /** Renders the open tail as it stands now, if it changed since its last render (at close, and when the bubble ends). */
  flush(): void {
    if (this.bubble !== undefined && this.markdown !== undefined && this.blocks.tail.length !== this.tailShown && this.blocks.tail.length > 0)
      this.renderTail();
  }

  /** Ends the current bubble: what follows goes after whatever is appended to the container next. */
  end(): void {
    this.flush();
    this.bubble = undefined;
    this.node = undefined;
    this.held = '';
    this.blocks = new MarkdownBlocks();
    this.tail = undefined;
    this.tailShown = -1;
  }

  private renderTail(): void {
    this.tail ??= new Piece(this.bubble as HTMLElement);
    this.tail.render(this.blocks.tail, this.markdown as MarkdownRenderer, this.onError);
    this.tailShown = this.blocks.tail.length;
  }
}
