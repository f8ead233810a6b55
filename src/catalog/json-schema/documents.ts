import { A2uiCatalogError } from '../../errors.js';

/** One JSON Schema document that `$ref`s may point into. */
export interface SchemaDocument {
  /** Short name used in error messages and as cache key, e.g. `catalog.json`. */
  readonly name: string;
  /** The parsed document. */
  readonly root: unknown;
  /** Absolute base URI (the document's `$id`), if it has one. */
  readonly base: string | undefined;
}

/** A schema found by resolving a reference: the document it lives in and its JSON pointer. */
export interface SchemaLocation {
  readonly doc: SchemaDocument;
  /** JSON pointer inside `doc`, `''` for the root. */
  readonly pointer: string;
}

/**
 * The documents of one compilation. A reference to another document is resolved first by `$id`,
 * then by the last path segment of its URI: `…/catalog.json` is always the catalog being compiled
 * and `…/common_types.json` the given common types, whatever ids they declare themselves.
 */
export class SchemaDocuments {
  private readonly byName = new Map<string, SchemaDocument>();
  private readonly byId = new Map<string, SchemaDocument>();

  /** Registers `root` under `name` (and under its own `$id`, when it has one). */
  add(name: string, root: unknown): SchemaDocument {
    const id = isRecord(root) && typeof root.$id === 'string' ? stripFragment(root.$id) : undefined;
    const base = id !== undefined && isAbsolute(id) ? id : undefined;
    const doc: SchemaDocument = { name, root, base };
    this.byName.set(name, doc);
    if (id !== undefined) {
      this.byId.set(id, doc);
      const own = lastSegment(id);
      if (!this.byName.has(own)) this.byName.set(own, doc);
    }
    return doc;
  }

  /** Resolves `ref`, written at `from`, to the location it points at. */
  resolve(ref: string, from: SchemaLocation): SchemaLocation {
    const hash = ref.indexOf('#');
    const uri = hash < 0 ? ref : ref.slice(0, hash);
    const fragment = hash < 0 ? '' : ref.slice(hash + 1);
    const doc = uri === '' ? from.doc : this.findDocument(uri, from, ref);
    if (fragment !== '' && !fragment.startsWith('/')) {
      throw refError(`Unsupported $ref '${ref}' (only JSON pointer fragments are supported)`, from);
    }
    const pointer = decodeFragment(fragment);
    if (schemaAt(doc, pointer) === undefined) {
      throw refError(`Cannot resolve $ref '${ref}': ${doc.name} has nothing at '#${pointer}'`, from);
    }
    return { doc, pointer };
  }

  private findDocument(uri: string, from: SchemaLocation, ref: string): SchemaDocument {
    const absolute = absoluteUri(uri, from.doc.base);
    const doc = (absolute !== undefined ? this.byId.get(absolute) : undefined) ?? this.byName.get(lastSegment(absolute ?? uri));
    if (doc === undefined) throw refError(`Cannot resolve $ref '${ref}': unknown document '${uri}'`, from);
    return doc;
  }
}

/** The value at `pointer` inside `doc`, or `undefined`. */
export function schemaAt(doc: SchemaDocument, pointer: string): unknown {
  let node: unknown = doc.root;
  if (pointer === '') return node;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isRecord(node)) node = Object.hasOwn(node, key) ? node[key] : undefined;
    else return undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/** `pointer` extended by one key, escaped as JSON Pointer requires. */
export function childPointer(pointer: string, key: string | number): string {
  return `${pointer}/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/** Whether `value` is a plain JSON object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function refError(message: string, at: SchemaLocation): A2uiCatalogError {
  const where = `${at.doc.name}#${at.pointer}`;
  return new A2uiCatalogError(`${message} (at ${where})`, {
    details: [{ path: where, code: 'unresolved_ref', message }],
  });
}

function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

function stripFragment(uri: string): string {
  const hash = uri.indexOf('#');
  return hash < 0 ? uri : uri.slice(0, hash);
}

function isAbsolute(uri: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(uri);
}

function absoluteUri(uri: string, base: string | undefined): string | undefined {
  if (isAbsolute(uri)) return uri;
  if (base === undefined) return undefined;
  try {
    return new URL(uri, base).href;
  } catch {
    return undefined;
  }
}

function lastSegment(uri: string): string {
  const slash = uri.lastIndexOf('/');
  return slash < 0 ? uri : uri.slice(slash + 1);
}
