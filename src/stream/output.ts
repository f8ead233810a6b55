import type { A2uiMessage, Part } from '../types.js';

/**
 * Collects what one `push`/`end` call produces: adjacent text merged, adjacent messages in one
 * `a2ui` part.
 */
export class PartsBuilder {
  readonly parts: Part[] = [];
  /** Components messages that hold only what changed, not a whole snapshot. */
  private readonly changesOnly = new WeakSet<object>();

  /** Appends conversational text. */
  text(text: string): void {
    if (text === '') return;
    const last = this.parts[this.parts.length - 1];
    if (last?.type === 'text') last.text += text;
    else this.parts.push({ type: 'text', text });
  }

  /** Appends one message; `whole: false` for a components message holding only what changed. */
  message(built: Readonly<Record<string, unknown>>, whole = true): void {
    if (!whole) this.changesOnly.add(built);
    // The core builds messages as loose objects; what it emits is a message of its catalogs' version.
    const message = built as A2uiMessage;
    const last = this.parts[this.parts.length - 1];
    if (last?.type === 'a2ui') last.messages.push(message);
    else this.parts.push({ type: 'a2ui', messages: [message] });
  }

  /**
   * Within each part keeps only the last message carrying `key` per surface: a later full
   * snapshot of a surface supersedes an earlier one (the reference does this for v0.8). A message
   * of another kind for the same surface in between (a delete, a new start) keeps both, and so
   * does one holding only what changed (a surface whose tree is unknown, see `knownSurfaces`).
   */
  keepLastSnapshots(key: string): void {
    for (const part of this.parts) {
      if (part.type !== 'a2ui' || part.messages.length === 1) continue;
      const superseded = new Set<unknown>();
      const kept: A2uiMessage[] = [];
      for (let i = part.messages.length - 1; i >= 0; i--) {
        const message = part.messages[i] as A2uiMessage;
        const surfaceId = surfaceOf(message);
        if (key in message && !this.changesOnly.has(message)) {
          if (superseded.has(surfaceId)) continue;
          superseded.add(surfaceId);
        } else {
          superseded.delete(surfaceId);
        }
        kept.push(message);
      }
      part.messages = kept.reverse();
    }
  }
}

function surfaceOf(message: A2uiMessage): unknown {
  for (const value of Object.values(message)) {
    if (typeof value === 'object' && value !== null && 'surfaceId' in value) return (value as { surfaceId: unknown }).surfaceId;
  }
  return undefined;
}
