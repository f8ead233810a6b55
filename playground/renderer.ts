/**
 * The renderers the playground can draw the conversation with, each in a module of its own that
 * is loaded when it is first chosen (the page's first screen loads neither): `a2uiLitSink`
 * (`lit-renderer.ts`) and `@a2ui/react` (`react-renderer.ts`).
 */
import type { A2uiError, Part, ProtocolVersion } from '../src/index.js';

/** A renderer the page offers. */
export type RendererKind = 'lit' | 'react';

/** Labels of the renderers, for the page. */
export const RENDERER_LABELS: Readonly<Record<RendererKind, string>> = {
  lit: 'Lit (a2ui-stream/lit)',
  react: 'React (@a2ui/react)',
};

/** A renderer mounted into the conversation's element. */
export interface Renderer {
  /** Where the parts go. */
  readonly sink: WritableStream<Part>;
  /** Why this version is not drawn, when it is not. */
  readonly unsupported?: string;
  /** Whether a surface is drawn (more than a loading slot), for the first-paint figure. */
  hasDrawnSurface(): boolean;
}

/** What the renderer reports besides drawing. */
export interface RendererEvents {
  /** A message the renderer refused, or another problem of the renderer's (not the stream's error parts). */
  onRenderError(error: A2uiError): void;
}

/**
 * Mounts a fresh renderer into `container`: a new element of its own, so that what an earlier
 * renderer still draws on its next frame lands in the element it had, not in this one.
 */
export type MountRenderer = (container: HTMLElement, version: ProtocolVersion, events: RendererEvents) => Renderer;

const loaded = new Map<RendererKind, Promise<MountRenderer>>();

/** The renderer's mount function, its module loaded on first use. */
export function loadRenderer(kind: RendererKind): Promise<MountRenderer> {
  let mount = loaded.get(kind);
  if (mount === undefined) {
    mount = kind === 'react' ? import('./react-renderer.js').then((module) => module.mountReact) : import('./lit-renderer.js').then((module) => module.mountLit);
    loaded.set(kind, mount);
  }
  return mount;
}

/** Why v0.8 is not drawn (see the README's "Rendering in the browser"); its parts are listed all the same. */
export const V08_NOT_DRAWN =
  'v0.8 is not drawn: @a2ui/lit’s v0.8 elements cannot share a page with its v0.9 ones, and the React view draws v0.9 and v1.0 (see the README). The parts are listed.';
