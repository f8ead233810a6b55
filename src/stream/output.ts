import type { A2uiMessage, Part } from '../types.js';

/**
 * Collects what one `push`/`end` call produces: adjacent text merged, adjacent messages in one
 * `a2ui` part.
 */
export class PartsBuilder {
  readonly parts: Part[] = [];

  /** Appends conversational text. */
  text(text: string): void {
    if (text === '') return;
    const last = this.parts[this.parts.length - 1];
    if (last?.type === 'text') last.text += text;
    else this.parts.push({ type: 'text', text });
  }

  /** Appends one message. */
  message(message: A2uiMessage): void {
    const last = this.parts[this.parts.length - 1];
    if (last?.type === 'a2ui') last.messages.push(message);
    else this.parts.push({ type: 'a2ui', messages: [message] });
  }

  /**
   * Within each part keeps only the last message carrying `key` per surface: a later full
   * snapshot of a surface supersedes an earlier one (the reference does this for v0.8).
   */
  keepLastSnapshots(key: string): void {
    for (const part of this.parts) {
      if (part.type !== 'a2ui') continue;
      const lastIndex = new Map<unknown, number>();
      part.messages.forEach((message, index) => {
        const body = message[key] as { surfaceId?: unknown } | undefined;
        if (body) lastIndex.set(body.surfaceId, index);
      });
      part.messages = part.messages.filter((message, index) => {
        const body = message[key] as { surfaceId?: unknown } | undefined;
        return !body || lastIndex.get(body.surfaceId) === index;
      });
    }
  }
}
