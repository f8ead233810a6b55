import { readFile, stat } from 'node:fs/promises';
import { basename, extname, isAbsolute, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { glob } from 'tinyglobby';
import { A2uiCatalogError, isA2uiError, isProtocolVersion, validateMessages, type A2uiErrorCode, type Catalog } from '../index.js';
import { splitPattern } from './python-glob.js';

/** A few-shot example as loaded from a file: its name and its JSON text, verbatim. */
export interface LoadedExample {
  /** The file name without its last extension (`x.y.json` → `x.y`). */
  name: string;
  /** The file's content, decoded as UTF-8 and otherwise untouched (no trimming, a BOM kept). */
  content: string;
}

/** Options of {@link loadExamples}. */
export interface LoadExamplesOptions {
  /** The catalog to validate the examples against; needed when `validate` is `true`. Default: none. */
  catalog?: Catalog;
  /**
   * Parse each file as JSON and validate it as A2UI messages (one message or a list) against
   * `catalog` with `validateMessages`, in order, stopping at the first failure. Default `false`.
   */
  validate?: boolean;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Loads few-shot examples from a directory or a glob pattern, by the A2UI reference SDK's rules:
 * - an empty or absent path gives `[]`; a path that matches nothing gives `[]` (not an error);
 * - a directory gives the `*.json` files directly inside it (not recursive);
 * - anything else is a glob pattern in Python's recursive `glob` language: `*`, `?`, `[a-z]`,
 *   `[!…]`, `**` as a whole segment for zero or more directories; wildcards never match a name
 *   starting with `.`; every other character is literal (no braces, no extglobs); a pattern
 *   without wildcards names one file; relative patterns resolve against the current directory;
 * - matches are sorted by their full path in code-unit order; directories are skipped (so a
 *   pattern ending in a separator, which names directories only, gives `[]`);
 * - a `file://` URL (string or `URL`) is read as its path; other URL schemes are refused.
 *
 * @param pathOrGlob A directory, a file, a glob pattern or a `file://` URL; `''`, `null` or
 *   `undefined` for none.
 * @param options See {@link LoadExamplesOptions}.
 * @returns The examples in path order.
 * @throws A2uiCatalogError `Failed to validate example <full path>: <cause>` when validation is on
 *   and a file is not JSON or not valid A2UI; `Failed to read example <full path>: <cause>` when a
 *   file cannot be read or is not UTF-8; when `validate` is on without a catalog; for a URL scheme
 *   other than `file:`; for a path that is not a string or URL, and for malformed options.
 */
export async function loadExamples(pathOrGlob: string | URL | null | undefined, options: LoadExamplesOptions = {}): Promise<LoadedExample[]> {
  checkOptions(options);
  if (options.validate === true && options.catalog === undefined) {
    throw error('loadExamples: validate needs a catalog', 'catalog', 'missing_field');
  }
  const path = localPath(pathOrGlob);
  if (path === '') return [];
  const files = await matchFiles(path);
  const examples: LoadedExample[] = [];
  for (const file of files) {
    const content = await readText(file);
    if (options.validate === true) validateExample(file, content, options.catalog!);
    examples.push({ name: basename(file, extname(file)), content });
  }
  return examples;
}

function error(message: string, path: string, code: A2uiErrorCode = 'invalid_value', cause?: unknown): A2uiCatalogError {
  return new A2uiCatalogError(message, { cause, details: [{ path, code, message }] });
}

function kindOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

const OPTIONS: ReadonlySet<string> = new Set(['catalog', 'validate']);

function checkOptions(options: unknown): asserts options is LoadExamplesOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw error(`loadExamples: options must be an object, got ${kindOf(options)}`, 'options', 'type_mismatch');
  }
  for (const key of Object.keys(options)) {
    if (!OPTIONS.has(key)) throw error(`loadExamples: unknown option '${key}' (known: ${[...OPTIONS].join(', ')})`, key, 'extra_field');
  }
  const { validate, catalog } = options as Record<string, unknown>;
  if (validate !== undefined && typeof validate !== 'boolean') {
    throw error(`loadExamples: option validate must be a boolean, got ${kindOf(validate)}`, 'validate', 'type_mismatch');
  }
  const isCatalog = (value: Record<string, unknown>) => typeof value.id === 'string' && isProtocolVersion(value.version);
  if (catalog !== undefined && (typeof catalog !== 'object' || catalog === null || !isCatalog(catalog as Record<string, unknown>))) {
    throw error('loadExamples: catalog is not a catalog (make one with basicCatalog, defineCatalog or catalogFromJsonSchema)', 'catalog', 'type_mismatch');
  }
}

function localPath(pathOrGlob: string | URL | null | undefined): string {
  if (pathOrGlob === null || pathOrGlob === undefined) return '';
  if (typeof pathOrGlob !== 'string' && !(pathOrGlob instanceof URL)) {
    throw error(`loadExamples: pathOrGlob must be a string, a URL, null or undefined, got ${kindOf(pathOrGlob)}`, 'pathOrGlob', 'type_mismatch');
  }
  const text = pathOrGlob instanceof URL ? pathOrGlob.href : pathOrGlob;
  if (/^file:/i.test(text)) {
    try {
      return fileURLToPath(text);
    } catch (cause) {
      throw locationError(text, reason(cause), cause);
    }
  }
  const scheme = /^([a-z][a-z0-9+.-]+):\/\//i.exec(text);
  if (scheme !== null) throw locationError(text, `scheme ${scheme[1]}: is not supported`);
  return text;
}

function locationError(location: string, problem: string, cause?: unknown): A2uiCatalogError {
  return new A2uiCatalogError(`Unsupported examples location ${location}: only file paths and file:// URLs are read`, {
    cause,
    details: [{ path: '', code: 'invalid_value', message: problem }],
  });
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}

/** The files `path` names, sorted by full path (code units). */
async function matchFiles(path: string): Promise<string[]> {
  const absolute = isAbsolute(path) ? path : resolve(path);
  if (await isDirectory(absolute)) return sorted(await globIn(absolute, '*.json'));
  const windows = sep === '\\';
  // A trailing separator names directories only (and a directory is never an example).
  if (path.endsWith('/') || (windows && path.endsWith('\\'))) return [];
  const { base, pattern } = splitPattern(path, windows);
  if (pattern === undefined) return (await isFile(absolute)) ? [absolute] : [];
  const root = resolve(base === '' ? '.' : base);
  if (!(await isDirectory(root))) return [];
  return sorted(await globIn(root, pattern));
}

/** Files under `root` matching a picomatch `pattern`, as absolute paths, with Python's rules. */
async function globIn(root: string, pattern: string): Promise<string[]> {
  const matches = await glob(pattern, {
    cwd: root,
    dot: false,
    onlyFiles: true,
    expandDirectories: false,
    braceExpansion: false,
    extglob: false,
    caseSensitiveMatch: true,
  });
  return matches.map((match) => join(root, match));
}

function sorted(paths: string[]): string[] {
  return paths.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

async function readText(file: string): Promise<string> {
  try {
    return utf8.decode(await readFile(file));
  } catch (cause) {
    throw error(`Failed to read example ${file}: ${reason(cause)}`, file, 'unreadable', cause);
  }
}

function validateExample(file: string, content: string, catalog: Catalog): void {
  try {
    validateMessages(JSON.parse(content), catalog);
  } catch (cause) {
    const message = `Failed to validate example ${file}: ${reason(cause)}`;
    throw new A2uiCatalogError(message, {
      cause,
      details: isA2uiError(cause) ? cause.details : [{ path: file, code: 'invalid_json', message: reason(cause) }],
    });
  }
}

function reason(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}
