/**
 * Checks one message against its version's envelope (see `envelope-specs.ts`): exactly one
 * message key, the `version` field, and the field types of the body.
 */
import type { A2uiErrorDetail } from '../errors.js';
import { VERSION_SPECS, type ProtocolVersion } from '../protocol/versions.js';
import { detail, extraField, joinPath, missingField, typeMismatch } from './details.js';
import { pyRepr } from '../catalog/json-schema/issues.js';
import { isJsonObject as isObject } from '../json/is-object.js';
import { ENVELOPE_SPECS, type BodySpec, type FieldSpec } from './envelope-specs.js';

/** Checks the parts of a message that depend on the surface's catalog. */
export interface CatalogChecks {
  /** Checks a `components` array (already known to be an array); returns its problems. */
  components(components: readonly unknown[], path: string): A2uiErrorDetail[];
  /** Checks a theme / styles value; returns its problems. */
  theme(value: unknown, path: string): A2uiErrorDetail[];
}

/**
 * The one message key of `message` for `version`, or `undefined` when it has none or several
 * (or is not an object).
 */
export function messageKeyOf(message: unknown, version: ProtocolVersion): string | undefined {
  if (!isObject(message)) return undefined;
  const spec = ENVELOPE_SPECS[version];
  let found: string | undefined;
  for (const key of Object.keys(message)) {
    if (!Object.hasOwn(spec, key)) continue;
    if (found !== undefined) return undefined;
    found = key;
  }
  return found;
}

/**
 * Returns the envelope problems of `message` (at detail path `path`, e.g. `messages.0`); the
 * catalog-dependent parts are delegated to `checks`.
 */
export function checkEnvelope(message: unknown, path: string, version: ProtocolVersion, checks: CatalogChecks): A2uiErrorDetail[] {
  if (!isObject(message)) return [detail(path, 'type_mismatch', 'Message must be an object')];
  const spec = ENVELOPE_SPECS[version];
  const keys = Object.keys(spec);
  const out: A2uiErrorDetail[] = [];
  checkVersionField(message, path, version, out);
  const present: string[] = [];
  for (const key of Object.keys(message)) {
    if (Object.hasOwn(spec, key)) present.push(key);
    else if (key !== 'version' || VERSION_SPECS[version].wireVersion === undefined) {
      out.push(extraField(path, key));
    }
  }
  const expected = `exactly one of ${keys.map((k) => `'${k}'`).join(', ')}`;
  if (present.length === 0) {
    out.push(detail(path, 'missing_field', `Message must contain ${expected}`));
  } else if (present.length > 1) {
    const found = present.map((k) => `'${k}'`).join(', ');
    out.push(detail(path, 'invalid_value', `Message must contain ${expected}; found ${found}`));
  } else {
    const key = present[0] as string;
    checkBody(message[key], spec[key] as BodySpec, joinPath(path, key), checks, out);
  }
  return out;
}

function checkVersionField(message: Readonly<Record<string, unknown>>, path: string, version: ProtocolVersion, out: A2uiErrorDetail[]): void {
  const accepted = VERSION_SPECS[version].acceptedWireVersions;
  if (accepted.length === 0) return;
  const versionPath = joinPath(path, 'version');
  if (!('version' in message)) {
    out.push(missingField(path, 'version'));
    return;
  }
  const value = message.version;
  if (typeof value === 'string' && accepted.includes(value)) return;
  const text = accepted.length === 1 ? `'${accepted[0]}' was expected` : `${pyRepr(value)} is not one of [${accepted.map((v) => `'${v}'`).join(', ')}]`;
  out.push(detail(versionPath, 'invalid_value', text));
}

function checkBody(value: unknown, spec: BodySpec, path: string, checks: CatalogChecks, out: A2uiErrorDetail[]): void {
  if (!isObject(value)) {
    out.push(typeMismatch(path, value, 'object'));
    return;
  }
  for (const key of spec.required) if (!(key in value)) out.push(missingField(path, key));
  for (const key of Object.keys(value)) {
    const field = Object.hasOwn(spec.fields, key) ? spec.fields[key] : undefined;
    if (field !== undefined) checkField(value[key], field, joinPath(path, key), checks, out);
    else if (spec.closed) out.push(extraField(path, key));
  }
}

function checkField(value: unknown, spec: FieldSpec, path: string, checks: CatalogChecks, out: A2uiErrorDetail[]): void {
  switch (spec.type) {
    case 'any':
      return;
    case 'string':
    case 'boolean':
      if (typeof value !== spec.type) out.push(typeMismatch(path, value, spec.type));
      return;
    case 'number':
      if (typeof value !== 'number') out.push(typeMismatch(path, value, 'number'));
      return;
    case 'object':
      if (!isObject(value)) out.push(typeMismatch(path, value, 'object'));
      return;
    case 'record':
      checkBody(value, spec.body, path, checks, out);
      return;
    case 'theme':
      if (!isObject(value)) out.push(typeMismatch(path, value, 'object'));
      else out.push(...checks.theme(value, path));
      return;
    case 'array':
      if (!Array.isArray(value)) {
        out.push(typeMismatch(path, value, 'array'));
        return;
      }
      if (spec.items !== undefined) {
        for (let i = 0; i < value.length; i++) {
          checkField(value[i], spec.items, joinPath(path, i), checks, out);
        }
      }
      return;
    case 'components':
      if (!Array.isArray(value)) {
        out.push(typeMismatch(path, value, 'array'));
        return;
      }
      if (value.length === 0) {
        out.push(detail(path, 'invalid_value', '[] should be non-empty'));
      }
      out.push(...checks.components(value, path));
      return;
  }
}
