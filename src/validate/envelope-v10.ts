/**
 * The v1.0 envelope rules that the field types of `envelope-specs.ts` cannot state: metadata
 * extension keys are identifiers (both dialects), and in the current dialect an
 * `updateDataModel.path` is an absolute JSON Pointer and a `callRendererFunction` names its
 * function by `@call` or `call` (upstream's own suites still write `call` there).
 */
import type { A2uiErrorDetail } from '../errors.js';
import { isJsonObject as isObject } from '../json/is-object.js';
import { isIdentifier } from './current-dialect.js';
import { detail, joinPath, missingField } from './details.js';
import { isValidPointer } from './limits.js';

/** Problems of one v1.0 message (at `path`) beyond its field types; `current`: the current dialect. */
export function v10EnvelopeProblems(message: unknown, path: string, current: boolean): A2uiErrorDetail[] {
  if (!isObject(message)) return [];
  const out: A2uiErrorDetail[] = [];
  const start = message.createSurface;
  if (isObject(start) && isObject(start.metadata) && isObject(start.metadata.extensions)) {
    const at = joinPath(joinPath(joinPath(path, 'createSurface'), 'metadata'), 'extensions');
    for (const key of Object.keys(start.metadata.extensions)) {
      if (!isIdentifier(key)) out.push(detail(joinPath(at, key), 'invalid_value', `Extension key '${key}' must be a valid identifier (UAX #31)`));
    }
  }
  const update = message.updateDataModel;
  if (current && isObject(update) && typeof update.path === 'string') {
    const { path: pointer } = update;
    if (!(pointer === '' || pointer.startsWith('/')) || !isValidPointer(pointer)) {
      const text = `Invalid path syntax: '${pointer}' (an absolute JSON Pointer such as '/user/name' is expected)`;
      out.push(detail(joinPath(joinPath(path, 'updateDataModel'), 'path'), 'invalid_pointer', text));
    }
  }
  const rpc = message.callRendererFunction;
  if (isObject(rpc) && isObject(rpc.callFunction)) {
    const at = joinPath(joinPath(path, 'callRendererFunction'), 'callFunction');
    const call = rpc.callFunction;
    const spelt = ['call', '@call'].filter((key) => Object.hasOwn(call, key));
    if (spelt.length === 0) out.push(missingField(at, current ? '@call' : 'call'));
    else if (spelt.length > 1) out.push(detail(at, 'invalid_value', 'A call names its function once: call or @call'));
    else if (!current && spelt[0] === '@call') {
      out.push(
        detail(
          joinPath(at, '@call'),
          'invalid_value',
          'in this v1.0 catalog (the 2026-08 dialect) a call is written {"call": …}: did you mean "call" instead of "@call"?',
        ),
      );
    } else if (typeof call[spelt[0] as string] !== 'string') {
      out.push(detail(joinPath(at, spelt[0] as string), 'type_mismatch', 'The function name must be a string'));
    }
  }
  return out;
}
