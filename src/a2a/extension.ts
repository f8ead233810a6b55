/**
 * The A2UI extension of A2A: its advertisement on an agent card, and activation of the newest
 * version both sides list. Plain URIs and objects, so it works with any A2A server library.
 */
import { A2uiCatalogError, A2uiValidationError } from '../index.js';
import { shownValue } from '../internal.js';
import { compareVersions, requireVersion, versionDigits } from './version.js';

/** The A2UI extension's URI without its version: a version's URI is this + `/v<version>`. */
export const A2UI_EXTENSION_BASE_URI = 'https://a2ui.org/a2a-extension/a2ui';

const PREFIX = `${A2UI_EXTENSION_BASE_URI}/`;

/** Params of the A2UI extension on an agent card. */
export interface A2uiExtensionParams {
  /** Present (and `true`) only when the agent accepts inline catalogs from clients. */
  acceptsInlineCatalogs?: true;
  /** Present only when non-empty: the catalog ids the agent can write for. */
  supportedCatalogIds?: string[];
}

/** An A2A 0.3 `AgentExtension` for A2UI. */
export interface A2uiAgentExtension {
  /** `https://a2ui.org/a2a-extension/a2ui/v<version>`. */
  uri: string;
  /** The reference SDK's description of the extension. */
  description: string;
  /** Absent when there are none (never `{}`). */
  params?: A2uiExtensionParams;
}

/** Options of {@link a2uiExtension}. */
export interface A2uiExtensionOptions {
  /** The A2UI version (`0.8`, `v0.9`, `0.9.1`, `1.0`, …); its digits go into the URI as written. */
  version: string;
  /** Whether the agent accepts inline catalogs. Default `false` (then not in `params`). */
  acceptsInlineCatalogs?: boolean;
  /** Catalog ids the agent supports. Default none (then not in `params`). */
  supportedCatalogIds?: readonly string[];
}

/** The extension description the reference SDK advertises. */
const DESCRIPTION = 'Provides agent driven UI using the A2UI JSON format.';

/**
 * The A2UI extension for an agent card's `capabilities.extensions`: URI
 * `https://a2ui.org/a2a-extension/a2ui/v<version>` (a leading `v` in `version` is not doubled),
 * the reference's description, and `params` only when something is in them.
 *
 * @throws A2uiCatalogError when `version` is not a dotted number (`options` not an object
 *   included), or `supportedCatalogIds` is not a list of strings.
 */
export function a2uiExtension(options: A2uiExtensionOptions): A2uiAgentExtension {
  const given: Partial<A2uiExtensionOptions> = typeof options === 'object' && options !== null ? options : {};
  const uri = `${PREFIX}v${requireVersion(given.version as string, 'a2uiExtension')}`;
  const params: A2uiExtensionParams = {};
  if (given.acceptsInlineCatalogs === true) params.acceptsInlineCatalogs = true;
  const ids: unknown = given.supportedCatalogIds;
  if (ids !== undefined && (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string'))) {
    const message = `a2uiExtension: supportedCatalogIds must be a list of catalog ids (strings), got ${shownValue(ids)}`;
    throw new A2uiCatalogError(message, { details: [{ path: 'supportedCatalogIds', code: 'type_mismatch', message }] });
  }
  if (Array.isArray(ids) && ids.length > 0) params.supportedCatalogIds = [...(ids as string[])];
  return Object.keys(params).length > 0 ? { uri, description: DESCRIPTION, params } : { uri, description: DESCRIPTION };
}

/** An extension as a URI or as an object carrying one (an agent card's `AgentExtension`). */
export type ExtensionRef = string | { readonly uri: string };

/** The version digits of an A2UI extension URI; `undefined` for other URIs and non-version tails. */
function versionOf(uri: string): string | undefined {
  if (!uri.startsWith(PREFIX)) return undefined;
  const tail = uri.slice(PREFIX.length);
  return /^v/i.test(tail) ? versionDigits(tail) : undefined;
}

/** `refs` as a list; an `A2uiValidationError` when it is not iterable, or is one string (a lone URI). */
function listOf(refs: unknown, what: string, name: string): unknown[] {
  if (typeof refs === 'object' && refs !== null && typeof (refs as { [Symbol.iterator]?: unknown })[Symbol.iterator] === 'function') {
    return [...(refs as Iterable<unknown>)];
  }
  const message = `${what}: ${name} must be a list (any iterable) of extension URIs or objects with a uri, got ${refs === null ? 'null' : typeof refs}`;
  throw new A2uiValidationError(message, { details: [{ path: name, code: 'type_mismatch', message }] });
}

function uriOf(ref: unknown): string | undefined {
  if (typeof ref === 'string') return ref;
  const uri = typeof ref === 'object' && ref !== null ? (ref as { uri?: unknown }).uri : undefined;
  return typeof uri === 'string' ? uri : undefined;
}

/**
 * The newest A2UI extension URI both sides list: the requested URIs the agent also advertises
 * (exact match), of the form `https://a2ui.org/a2a-extension/a2ui/v<digits>`, compared as dotted
 * numbers (`v1.10.0` > `v1.2.0`, `v0.9` = `v0.9.0`; a tie goes to the first requested). URIs of
 * other extensions and A2UI URIs whose tail is not a version are ignored, never an error.
 *
 * @returns The URI as requested, or `undefined` when there is none in common.
 * @throws A2uiValidationError when `requested` or `advertised` is not iterable, or is a string.
 */
export function newestA2uiExtension(requested: Iterable<ExtensionRef>, advertised: Iterable<ExtensionRef>): string | undefined {
  return newest(requested, advertised, 'newestA2uiExtension');
}

function newest(requested: Iterable<ExtensionRef>, advertised: Iterable<ExtensionRef>, what: string): string | undefined {
  const wanted = listOf(requested, what, 'requested');
  const offered = new Set<string>();
  for (const ref of listOf(advertised, what, 'advertised')) {
    const uri = uriOf(ref);
    if (uri !== undefined && versionOf(uri) !== undefined) offered.add(uri);
  }
  let best: { uri: string; version: string } | undefined;
  for (const ref of wanted) {
    const uri = uriOf(ref);
    const version = uri === undefined ? undefined : versionOf(uri);
    if (uri === undefined || version === undefined || !offered.has(uri)) continue;
    if (best === undefined || compareVersions(version, best.version) > 0) best = { uri, version };
  }
  return best?.uri;
}

/**
 * Activates the newest A2UI extension both sides list ({@link newestA2uiExtension}): calls
 * `activate(uri)` exactly once when there is one, and never otherwise.
 *
 * @param requested The extension URIs the client asked for (an A2A request's requested extensions
 *   and those listed on its message, in that order).
 * @param advertised The agent card's extensions (URIs or `AgentExtension` objects).
 * @param activate Records the activation, e.g. `(uri) => context.addActivatedExtension(uri)`.
 * @returns The activated version as in the URI (`'0.8'` for `…/v0.8`), or `undefined`.
 * @throws A2uiValidationError when `requested` or `advertised` is not iterable (or is a string),
 *   or `activate` is not a function.
 */
export function activateA2ui(requested: Iterable<ExtensionRef>, advertised: Iterable<ExtensionRef>, activate: (uri: string) => void): string | undefined {
  if (typeof activate !== 'function') {
    const message = `activateA2ui: activate must be a function, got ${activate === null ? 'null' : typeof activate}`;
    throw new A2uiValidationError(message, { details: [{ path: 'activate', code: 'type_mismatch', message }] });
  }
  const uri = newest(requested, advertised, 'activateA2ui');
  if (uri === undefined) return undefined;
  activate(uri);
  return versionOf(uri);
}
