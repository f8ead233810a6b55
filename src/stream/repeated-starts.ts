import type { Surface } from './surface.js';

/**
 * The v0.8 `beginRendering` last sent per surface, as JSON. A v0.8 renderer applies a repeated
 * one (root and styles again), so a repeat that changes either is sent; one that changes nothing
 * is not, as the reference sends a surface's start once.
 */
export class RepeatedStarts {
  private readonly sent = new WeakMap<Surface, string>();

  /** Records the start message sent for `surface`. */
  record(surface: Surface, message: object): void {
    this.sent.set(surface, JSON.stringify(message));
  }

  /** Whether `message` differs from the one last sent for `surface`; records it when it does. */
  changes(surface: Surface, message: object): boolean {
    const json = JSON.stringify(message);
    if (this.sent.get(surface) === json) return false;
    this.sent.set(surface, json);
    return true;
  }
}
