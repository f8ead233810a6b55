/**
 * The renderers the playground can draw the conversation with, each in a module of its own that
 * is loaded when it is first chosen (the page's first screen loads neither): `a2uiLitSink`
 * (`lit-renderer.ts`) and `@a2ui/react` (`react-renderer.ts`).
 */
import type { A2uiClientAction } from '@a2ui/web_core/v0_9';
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
  /** A user action of a surface (a button pressed): what an app would send to its agent. */
  onAction(action: A2uiClientAction): void;
}

/**
 * Mounts a fresh renderer into `container`: a new element of its own, so that what an earlier
 * renderer still draws on its next frame lands in the element it had, not in this one.
 */
export type MountRenderer = (container: HTMLElement, version: ProtocolVersion, events: RendererEvents) => Renderer;

/**
 * What each renderer's module imports, in pieces: each is imported (fetched and evaluated) in a
 * task of its own before the renderer's module, whose own evaluation is then small. Imported at
 * once, a renderer's dependencies were one task of 70 ms and more on a cold load (React's; web_core
 * builds its zod schemas as it is evaluated).
 */
const PIECES: Readonly<Record<RendererKind, readonly (() => Promise<unknown>)[]>> = {
  lit: [() => import('lit'), () => import('zod'), () => import('@a2ui/web_core/v0_9'), () => import('@a2ui/markdown-it'), () => import('@a2ui/lit/v0_9')],
  react: [
    () => import('react'),
    () => import('react-dom/client'),
    () => import('zod'),
    () => import('@a2ui/web_core/v0_9'),
    () => import('@a2ui/markdown-it'),
    () => import('@a2ui/react/v0_9'),
  ],
};

const loaded = new Map<RendererKind, Promise<MountRenderer>>();

/** The renderer's mount function, its module loaded on first use (see {@link PIECES}). */
export function loadRenderer(kind: RendererKind): Promise<MountRenderer> {
  let mount = loaded.get(kind);
  if (mount === undefined) {
    mount = (async () => {
      for (const piece of PIECES[kind]) {
        await piece();
        await new Promise((resolve) => setTimeout(resolve)); // the next piece in a new task
      }
      return kind === 'react' ? (await import('./react-renderer.js')).mountReact : (await import('./lit-renderer.js')).mountLit;
    })();
    loaded.set(kind, mount);
  }
  return mount;
}

/** Why v0.8 is not drawn (see the README's "Rendering in the browser"); its parts are listed all the same. */
export const V08_NOT_DRAWN =
  'v0.8 is not drawn: @a2ui/lit’s v0.8 elements cannot share a page with its v0.9 ones, and the React view draws v0.9 and v1.0 (see the README). The parts are listed.';
