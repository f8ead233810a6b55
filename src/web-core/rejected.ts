/**
 * What the renderer entries (`a2ui-stream/lit`, `a2ui-stream/react`) share about applying v0.9+
 * messages to a web_core `MessageProcessor` one by one: which kind a message is, its surface, and
 * the typed error for a message the processor rejects.
 */
import { A2uiStateError } from '@a2ui/web_core/v0_9';
import { A2uiIntegrityError, A2uiValidationError, type A2uiError, type A2uiMessage } from '../index.js';

/** The v0.9+ message keys a processor applies. */
export const MESSAGE_KEYS = ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface'] as const;

/** One of {@link MESSAGE_KEYS}. */
export type MessageKey = (typeof MESSAGE_KEYS)[number];

/** The `surfaceId` of `message`'s `kind` body, if it is a string. */
export function surfaceIdOf(message: A2uiMessage, kind: MessageKey): string | undefined {
  const body = (message as Readonly<Record<string, unknown>>)[kind];
  const id = typeof body === 'object' && body !== null ? (body as { surfaceId?: unknown }).surfaceId : undefined;
  return typeof id === 'string' ? id : undefined;
}

/**
 * The error for a `kind` message the processor threw on: an `A2uiIntegrityError` for web_core's
 * state errors (a surface missing or already there), else an `A2uiValidationError`; code
 * `renderer_rejected`.
 */
export function rejected(error: unknown, kind: string, surfaceId: string | undefined): A2uiError {
  const reason = error instanceof Error ? error.message : String(error);
  const message = `The renderer rejected a ${kind} message${surfaceId === undefined ? '' : ` for surface "${surfaceId}"`}: ${reason}`;
  const details = [{ path: kind, code: 'renderer_rejected', message: reason }];
  return error instanceof A2uiStateError
    ? new A2uiIntegrityError(message, { details, cause: error })
    : new A2uiValidationError(message, { details, cause: error });
}
