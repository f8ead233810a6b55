/**
 * A complete message validated strictly, as the streaming core relaxes it: orphans, dangling
 * references and a missing root are allowed (they may be fine by the end of the response), and
 * the components judged as they closed are not checked again.
 */
import type { Catalog } from '../catalog/model.js';
import { A2uiError, A2uiIntegrityError, A2uiLimitError, A2uiValidationError } from '../errors.js';
import { checkMessages } from '../validate/validate-messages.js';
import type { Body } from './reader.js';

/**
 * The error of `message` against `catalogs`, `undefined` when valid; details name it
 * `messages.<index>`. `known`: the surface whose components found valid are skipped.
 * `limitsChecked`: the components whose limits were checked as they closed (not walked again).
 */
export function messageError(
  message: Body,
  catalogs: readonly Catalog[],
  known: { isKnownValid(component: unknown): boolean } | undefined,
  index: number,
  limitsChecked?: ReadonlySet<unknown>,
): A2uiError | undefined {
  try {
    checkMessages(message, catalogs, {
      allowOrphans: true,
      allowDangling: true,
      allowMissingRoot: true,
      skipComponent: known ? (component) => known.isKnownValid(component) : undefined,
      limitsChecked: limitsChecked ? (component) => limitsChecked.has(component) : undefined,
      firstIndex: index,
    });
    return undefined;
  } catch (error) {
    if (error instanceof A2uiError && !(error instanceof A2uiLimitError)) return error;
    throw error;
  }
}

/**
 * `message` without the components `rejected` as they closed (reported then), which would fail it
 * again. When none is left: a start message (`inlineStart`, v1.0, whose `components` may be absent)
 * without its `components`, to check the rest; otherwise `undefined` (a components message without
 * components has nothing else to check but its `surfaceId`, which streaming read).
 */
export function withoutRejected(
  message: Body,
  key: string | undefined,
  rejected: ReadonlySet<unknown> | undefined,
  inlineStart: string | undefined,
): Body | undefined {
  const body = key === undefined ? undefined : (message[key] as Body | undefined);
  if (rejected === undefined || !Array.isArray(body?.components)) return message;
  const components = (body.components as unknown[]).filter((component) => !rejected.has(component));
  if (components.length > 0) return { ...message, [key as string]: { ...body, components } };
  if (key === undefined || key !== inlineStart) return undefined;
  const { components: _rejected, ...rest } = body;
  return { ...message, [key]: rest };
}

/**
 * The error of complete message `message` (body under `key`), `undefined` when valid: against the
 * catalog of `surface` (its components found valid skipped) when it has one, else against `all`;
 * without the components `rejected` as they closed (see {@link withoutRejected}).
 */
export function completedError(
  message: Body,
  key: string | undefined,
  surface: { readonly catalogs: { readonly main: Catalog }; readonly judge: { isKnownValid(component: unknown): boolean } } | undefined,
  all: readonly Catalog[],
  inlineStart: string | undefined,
  index: number,
  { rejected, limitsChecked }: { readonly rejected?: ReadonlySet<unknown>; readonly limitsChecked?: ReadonlySet<unknown> },
): A2uiError | undefined {
  const checked = withoutRejected(message, key, rejected, inlineStart);
  return checked && messageError(checked, surface ? [surface.catalogs.main] : all, surface?.judge, index, limitsChecked);
}

/**
 * The error of a start message (`key`, the `index`th of its block, at `offset`) for surface
 * `surfaceId`, which is live: a renderer refuses it whole, so nothing of it is applied or sent.
 */
export function surfaceExistsError(key: string, surfaceId: string, index: number, offset: number): A2uiIntegrityError {
  const message = `${key} for surface '${surfaceId}' refused: the surface already exists (delete it first to make it again); nothing of this message is applied.`;
  return new A2uiIntegrityError(message, { offset, details: [{ path: `messages.${index}.${key}.surfaceId`, code: 'surface_exists', message }] });
}

/** Whether `message`, a start message on its own, validates against `catalogs` (its components may wait for later messages). */
export function startValidates(message: Body, catalogs: readonly Catalog[]): boolean {
  try {
    checkMessages(message, catalogs, { allowOrphans: true, allowDangling: true, allowMissingRoot: true });
    return true;
  } catch {
    return false;
  }
}

/** The error of `value`, the `index`th of its block, where a message belongs: it is not an object. */
export function notMessageError(value: unknown, index: number): A2uiValidationError {
  const path = `messages.${index}`;
  const text = `Message must be an object, got ${JSON.stringify(value)?.slice(0, 40) ?? String(value)}`;
  return new A2uiValidationError(`Validation failed: ${path}: ${text}`, { details: [{ path, code: 'type_mismatch', message: text }] });
}
