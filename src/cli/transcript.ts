/**
 * What a person sees of a streamed response: its text as it arrives, with each surface's live
 * outline where its block began. Produces plain lines; `screen.ts` draws them.
 */
import type { Catalog, Part } from '../index.js';
import { SurfaceOutline, type OutlineLine } from './outline.js';

type Item = { kind: 'text'; text: string } | { kind: 'surface'; id: string };

/** The response so far: text runs and surfaces, in the order they appeared. */
export class Transcript {
  private readonly items: Item[] = [];
  private readonly outline: SurfaceOutline;
  private readonly errors: string[] = [];

  constructor(catalog: Catalog) {
    this.outline = new SurfaceOutline(catalog);
  }

  /** Takes in one part. */
  add(part: Part): void {
    if (part.type === 'error') {
      this.errors.push(`${part.error.category}: ${part.error.message}`);
      return;
    }
    if (part.type === 'text') {
      const last = this.items[this.items.length - 1];
      if (last?.kind === 'text') last.text += part.text;
      else this.items.push({ kind: 'text', text: part.text });
      return;
    }
    const shown = new Set(this.items.flatMap((item) => (item.kind === 'surface' ? [item.id] : [])));
    for (const id of this.outline.apply(part)) {
      if (!shown.has(id)) this.items.push({ kind: 'surface', id });
      shown.add(id);
    }
  }

  /** The transcript as lines at most `width` columns wide (text is word-wrapped). */
  lines(width: number): OutlineLine[] {
    const out: OutlineLine[] = [];
    for (const item of this.items) {
      if (item.kind === 'text') {
        for (const line of wrapText(item.text.trim(), width)) out.push({ text: line, placeholder: false });
        continue;
      }
      const outline = this.outline.lines(item.id);
      out.push({ text: `┌${'─'.repeat(Math.max(0, width - 1))}`, placeholder: false });
      for (const line of outline) out.push({ ...line, text: clip(`│ ${line.text}`, width) });
      out.push({ text: `└${'─'.repeat(Math.max(0, width - 1))}`, placeholder: false });
    }
    for (const error of this.errors) out.push({ text: clip(`error ${error}`, width), placeholder: false });
    return out;
  }
}

/** Cuts a line to `width` columns, marking the cut with `…`. */
export function clip(line: string, width: number): string {
  const chars = [...line];
  return chars.length <= width ? line : `${chars.slice(0, Math.max(0, width - 1)).join('')}…`;
}

/** Word-wraps text to `width` columns, keeping its line breaks. */
export function wrapText(text: string, width: number): string[] {
  if (text === '') return [];
  const out: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      if (line !== '' && [...line].length + 1 + [...word].length > width) {
        out.push(line);
        line = word;
      } else line = line === '' ? word : `${line} ${word}`;
    }
    out.push(clip(line, width));
  }
  return out;
}
