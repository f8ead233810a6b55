import { DEFAULT_MAX_COMPONENTS_PER_SURFACE, DEFAULT_MAX_SURFACES, type A2uiMessage, type StreamParserOptions } from '../index.js';
import { DEFAULT_MAX_COMPONENTS } from '../internal.js';

/**
 * How much of what the client holds seeds a parser of the model's text (docs/decisions.md U10).
 * The parser counts its `history` against `maxSurfaces` and `maxComponents`, so a conversation
 * holding more made its constructor throw in every later run. The newest surfaces are taken (by
 * the last message that touched them), each whole, while they fit in half of each limit (rounded
 * up): the answer keeps the rest for surfaces and components of its own. A surface holding more
 * than `maxComponentsPerSurface` (another source than the parser sent it) is left out. A surface
 * left out is, for the answer, one the parser does not know.
 */
export class SeedingBudget {
  #surfaces: number;
  #components: number;
  readonly #perSurface: number;

  constructor(options: Pick<StreamParserOptions, 'maxSurfaces' | 'maxComponents' | 'maxComponentsPerSurface'>) {
    this.#surfaces = Math.ceil((options.maxSurfaces ?? DEFAULT_MAX_SURFACES) / 2);
    this.#components = Math.ceil((options.maxComponents ?? DEFAULT_MAX_COMPONENTS) / 2);
    this.#perSurface = options.maxComponentsPerSurface ?? DEFAULT_MAX_COMPONENTS_PER_SURFACE;
  }

  /** No further surface fits. */
  get full(): boolean {
    return this.#surfaces < 1;
  }

  /** Whether one surface's messages fit; if so they are counted. */
  admit(messages: readonly A2uiMessage[]): boolean {
    const components = componentCount(messages);
    if (this.full || components > this.#perSurface || components > this.#components) return false;
    this.#surfaces--;
    this.#components -= components;
    return true;
  }
}

/** The components the messages list (a component listed twice counts twice: never fewer than the parser holds). */
function componentCount(messages: readonly A2uiMessage[]): number {
  let count = 0;
  for (const message of messages) {
    for (const [key, body] of Object.entries(message)) {
      const components = key === 'version' ? undefined : (body as { components?: unknown } | null)?.components;
      if (Array.isArray(components)) count += components.length;
    }
  }
  return count;
}
