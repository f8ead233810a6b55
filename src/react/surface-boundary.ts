/**
 * Containment of a surface that throws as it renders (web_core's data model throws, for one, on a
 * binding to a path it refuses): without a boundary, React unmounts the whole root, the text and
 * every other surface of the page with it. The surface is drawn as an empty element instead and
 * the error goes to the hook's `onError`.
 */
import { Component, type ReactNode } from 'react';
import { A2uiValidationError, type A2uiError } from '../index.js';

/** Detail code of the error for a surface that threw as it rendered. */
export const RENDER_FAILED = 'render_failed';

const reporters = new WeakMap<object, (error: A2uiError) => void>();

/** Records where the errors of `surface`'s rendering go (its hook's `onError`). */
export function setSurfaceErrorReporter(surface: object, report: (error: A2uiError) => void): void {
  reporters.set(surface, report);
}

/** The typed error for surface `surfaceId` that threw `error` as it rendered. */
export function renderFailure(surfaceId: string, error: unknown): A2uiValidationError {
  const reason = error instanceof Error ? error.message : String(error);
  const message = `Surface "${surfaceId}" failed to render and is not shown: ${reason}`;
  return new A2uiValidationError(message, { details: [{ path: surfaceId, code: RENDER_FAILED, message: reason }], cause: error });
}

/** Props of {@link SurfaceBoundary}. */
interface SurfaceBoundaryProps {
  /** The surface drawn inside; a new one is drawn afresh. */
  readonly surface: { readonly id: string };
  /** Where the error goes; absent: the surface's hook, else `console.error`. */
  readonly onError: ((error: A2uiError) => void) | undefined;
  /** What to draw when the surface threw. */
  readonly fallback: ReactNode;
  /** The surface as drawn. */
  readonly children?: ReactNode;
}

interface SurfaceBoundaryState {
  readonly surface: object;
  readonly failed: boolean;
}

/** A React error boundary around one surface (see the module's comment). */
export class SurfaceBoundary extends Component<SurfaceBoundaryProps, SurfaceBoundaryState> {
  override state: SurfaceBoundaryState = { surface: this.props.surface, failed: false };

  static getDerivedStateFromError(): Partial<SurfaceBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: SurfaceBoundaryProps, state: SurfaceBoundaryState): Partial<SurfaceBoundaryState> | null {
    return props.surface === state.surface ? null : { surface: props.surface, failed: false };
  }

  override componentDidCatch(error: unknown): void {
    const surface = this.props.surface;
    const report = this.props.onError ?? reporters.get(surface) ?? ((e: A2uiError) => console.error(e));
    report(renderFailure(surface.id, error));
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
