/**
 * Text bubbles render markdown incrementally: finished blocks once, the open tail again only while
 * it is short or at growth by a quarter. A small stand-in for the DOM (a list of nodes per bubble)
 * is enough: the browser suite draws the real thing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MarkdownBlocks } from '../../src/lit/markdown-blocks.js';
import { TextBubbles } from '../../src/lit/text-bubbles.js';

/** A node of the stand-in DOM: its text (an anchor's is empty) and its parent's list. */
class FakeNode {
  parent: FakeNode[] | undefined;
  constructor(readonly text: string) {}
  after(...nodes: FakeNode[]): void {
    const list = this.parent as FakeNode[];
    list.splice(list.indexOf(this) + 1, 0, ...nodes);
    for (const node of nodes) node.parent = list;
  }
  remove(): void {
    this.parent?.splice(this.parent.indexOf(this), 1);
    this.parent = undefined;
  }
}

class FakeBubble {
  readonly childNodes: FakeNode[] = [];
  append(...nodes: FakeNode[]): void {
    for (const node of nodes) {
      node.parent = this.childNodes;
      this.childNodes.push(node);
    }
  }
  get html(): string {
    return this.childNodes.map((node) => node.text).join('');
  }
}

beforeEach(() => {
  vi.stubGlobal('document', {
    createTextNode: (text: string) => new FakeNode(text),
    createElement: () => {
      const content = { childNodes: [] as FakeNode[] };
      return {
        content,
        set innerHTML(html: string) {
          content.childNodes = [new FakeNode(html)];
        },
      };
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

/** A bubble fed `pieces` one frame each through a renderer that counts the characters it renders. */
async function feed(pieces: readonly string[]) {
  const bubbles: FakeBubble[] = [];
  let rendered = 0;
  const markdown = (text: string) => {
    rendered += text.length;
    return Promise.resolve(`<${text}>`);
  };
  const container = { append: (bubble: FakeBubble) => bubbles.push(bubble) };
  const text = new TextBubbles(
    container as unknown as HTMLElement,
    () => new FakeBubble() as unknown as HTMLElement,
    markdown,
    (error) => {
      throw error;
    },
  );
  for (const piece of pieces) text.append(piece);
  text.flush();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { html: bubbles.map((bubble) => bubble.html), rendered };
}

describe('MarkdownBlocks', () => {
  it('a blank line outside a code fence ends the blocks before it', () => {
    const blocks = new MarkdownBlocks();
    expect(blocks.push('# Title\n\nSome ')).toBe('# Title\n\n');
    expect(blocks.push('text\n```\ncode\n\nmore\n')).toBe('');
    expect(blocks.push('```\n\nnext')).toBe('Some text\n```\ncode\n\nmore\n```\n\n');
    expect(blocks.tail).toBe('next');
  });
});

describe('TextBubbles with markdown', () => {
  it('renders each finished paragraph once: 200 paragraphs fed a few characters a frame cost a few times their length', async () => {
    const paragraph = `${'word '.repeat(40)}\n\n`;
    const text = paragraph.repeat(200);
    const pieces = text.match(/[\s\S]{1,7}/g) as string[];
    const { html, rendered } = await feed(pieces);
    expect(html).toEqual([Array.from({ length: 200 }, () => `<${paragraph}>`).join('')]);
    expect(rendered).toBeLessThan(text.length * 20);
    // Every frame re-rendering the whole text (before) costs about pieces × text / 2.
    expect(rendered * 50).toBeLessThan((pieces.length * text.length) / 2);
  });
  it('a long paragraph without a blank line is rendered again only at growth by a quarter', async () => {
    const text = 'x'.repeat(200_000);
    const pieces = text.match(/[\s\S]{1,1000}/g) as string[];
    const { html, rendered } = await feed(pieces);
    expect(html).toEqual([`<${text}>`]);
    expect(rendered).toBeLessThan(text.length * 6);
  });
});
