/**
 * What the renderer entries (`a2ui-stream/lit`, `a2ui-stream/react`) share about applying v0.9+
 * messages to a web_core `MessageProcessor` one by one: which kind a message is, its surface, the
 * call itself, and the typed error for a message that is not applied.
 */
import { A2uiStateError, type A2uiMessage as RendererMessage } from '@a2ui/web_core/v0_9';
import { A2uiIntegrityError, A2uiValidationError, type A2uiError, type A2uiMessage, type V10Dialect } from '../index.js';
import { rendererMessage } from './renderer-dialect.js';
import { noteInputBindings } from './user-input.js';

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
function rejected(error: unknown, kind: string, surfaceId: string | undefined, hint: string): A2uiError {
  const reason = error instanceof Error ? error.message : String(error);
  const message = `The renderer rejected a ${kind} message${surfaceId === undefined ? '' : ` for surface "${surfaceId}"`}: ${reason}${hint}`;
  const details = [{ path: kind, code: 'renderer_rejected', message: reason }];
  return error instanceof A2uiStateError
    ? new A2uiIntegrityError(message, { details, cause: error })
    : new A2uiValidationError(message, { details, cause: error });
}

/**
 * What {@link applyMessage} did: the message's kind and surface and an error for each part of it
 * left out (a component, a v1.0 `createSurface`'s own components or data model), or why it was
 * not applied.
 */
export type Applied =
  | { readonly kind: MessageKey; readonly surfaceId: string | undefined; readonly leftOut: readonly A2uiError[] }
  | { readonly error: A2uiError };

/** A current-dialect spelling in a message applied as August: what to pass instead. */
function dialectHint(message: A2uiMessage, dialect: V10Dialect): string {
  if (dialect !== '2026-08' || message.version !== 'v1.0') return '';
  const json = JSON.stringify(message);
  return json.includes('"@path"') || json.includes('"@call"') ? " (the message is in the current v1.0 dialect: give the renderer `dialect: 'current'`)" : '';
}

type Processor = {
  processMessages(messages: RendererMessage[]): void;
  readonly model: { getSurface(id: string): { readonly catalog: { readonly id: string } } | undefined };
};

/**
 * Applies one message of a v0.9+ kind, converted and copied; the components left out, or the
 * renderer's error. The input bindings of a components message applied are remembered for the URL
 * policy (`noteInputBindings`).
 */
function applyOne(processor: Processor, message: A2uiMessage, kind: MessageKey, dialect: V10Dialect): readonly A2uiError[] | A2uiError {
  const converted = rendererMessage(message, dialect, (id) => processor.model.getSurface(id)?.catalog.id);
  // The conversion copies the components' containers; their strings and numbers need no copy.
  const copy = converted?.message ?? structuredClone(message);
  const surfaceId = surfaceIdOf(message, kind);
  const components = kind === 'updateComponents' ? (copy as { updateComponents?: { components?: unknown } }).updateComponents?.components : undefined;
  try {
    processor.processMessages([copy as unknown as RendererMessage]);
  } catch (error) {
    return rejected(error, kind, surfaceId, dialectHint(message, dialect));
  }
  const surface = surfaceId === undefined ? undefined : processor.model.getSurface(surfaceId);
  if (surface !== undefined && Array.isArray(components)) noteInputBindings(surface, components);
  return converted?.errors ?? [];
}

/**
 * A v1.0 `createSurface` that brings its components or data model (which web_core 0.11 does not
 * read there) as the start without them, then an `updateComponents` and an `updateDataModel` of `/`.
 */
function unfolded(message: A2uiMessage): { start: A2uiMessage; then: A2uiMessage[] } | undefined {
  const body = (message as Readonly<Record<string, unknown>>).createSurface as Readonly<Record<string, unknown>> | undefined;
  if (message.version !== 'v1.0' || body === undefined || (!('components' in body) && !('dataModel' in body))) return undefined;
  const { components, dataModel, ...start } = body;
  const { surfaceId } = start;
  const then: A2uiMessage[] = [];
  if (components !== undefined) then.push({ version: 'v1.0', updateComponents: { surfaceId, components } } as A2uiMessage);
  if (dataModel !== undefined) then.push({ version: 'v1.0', updateDataModel: { surfaceId, path: '/', value: dataModel } } as A2uiMessage);
  return { start: { ...message, createSurface: start } as A2uiMessage, then };
}

/**
 * Applies one message with a `processMessages` call of its own (web_core checks every component of
 * a call before applying any: one bad message does not hold back the others), as a copy: web_core
 * keeps the data-model values it is given and writes later updates into them, and the library's
 * messages are shared (the same part may also be listed, persisted or sent back as history).
 * A v1.0 components message is first rewritten for web_core by `rendererMessage` (in `dialect`,
 * the dialect of the catalog the parts were read with), which may leave components out; a v1.0
 * `createSurface`'s own components and data model are applied after it as their own messages
 * (their errors among those left out).
 * A message of no v0.9+ kind (v0.8) is not applied: its error says that `renderer` renders v0.9 and
 * v1.0 only. A message the processor throws on gives {@link rejected}'s error.
 */
export function applyMessage(processor: Processor, message: A2uiMessage, renderer: string, dialect: V10Dialect = '2026-08'): Applied {
  const kind = MESSAGE_KEYS.find((key) => key in message);
  if (kind === undefined) {
    const error = new A2uiValidationError(`${renderer} renders v0.9 and v1.0 messages; this one is not (v0.8: see the README).`, {
      details: [{ path: '', code: 'invalid_value', message: `keys: ${Object.keys(message).join(', ')}` }],
    });
    return { error };
  }
  const surfaceId = surfaceIdOf(message, kind);
  const inline = unfolded(message);
  const applied = applyOne(processor, inline?.start ?? message, kind, dialect);
  if (!Array.isArray(applied)) return { error: applied as A2uiError };
  const leftOut = [...applied];
  for (const next of inline?.then ?? []) {
    const more = applyOne(processor, next, 'updateComponents' in next ? 'updateComponents' : 'updateDataModel', dialect);
    if (Array.isArray(more)) leftOut.push(...more);
    else leftOut.push(more as A2uiError);
  }
  return { kind, surfaceId, leftOut };
}
