/**
 * `compileExpress`: a whole Express block to the messages an agent sends, in the single-shot shape
 * of upstream's spec-driven suite (`agent/express/compiler.yaml`): per surface one `createSurface`
 * with its components and data model when the block assigns `root` (v1.0; v0.9 sends
 * `createSurface`, `updateComponents`, `updateDataModel`), else `updateComponents` and/or one
 * `updateDataModel` at `/`. It runs the streaming reader and regroups what it sent, so whole and
 * streamed agree.
 */
import type { Catalog } from '../catalog/model.js';
import { A2uiParseError, type A2uiError } from '../errors.js';
import { deepPathError } from '../validate/data-path.js';
import { ExpressReader } from './reader.js';
import type { ExpressMessage, ExpressPosition, ExpressReaderOptions } from './reader-types.js';
import type { ExpressRepair } from './repairs.js';

/** Options of {@link compileExpress}: the reader's, and where repairs go. */
export interface CompileExpressOptions extends Omit<ExpressReaderOptions, 'knownSurfaces'> {
  /** Called with each repair the compiler made. Default: none. */
  readonly onRepair?: (repair: ExpressRepair) => void;
}

type Json = Record<string, unknown>;

interface SurfaceGroup {
  readonly surfaceId: string;
  readonly catalogId: string;
  readonly components: Map<string, { readonly statement: number; readonly components: Json[] }>;
  data: Json | undefined;
}

/** Sets `object[key]` as an own property, also for `__proto__`. */
function setOwn(object: Json, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
}

function setPath(root: Json, path: string, value: unknown): Json {
  const parts = path.split('/').filter((p) => p !== '');
  if (parts.length === 0) return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...(value as Json) } : root;
  let node = root;
  parts.forEach((part, i) => {
    if (i === parts.length - 1) setOwn(node, part, value);
    else {
      const next = Object.hasOwn(node, part) ? node[part] : undefined;
      if (typeof next !== 'object' || next === null) setOwn(node, part, {});
      node = node[part] as Json;
    }
  });
  return root;
}

/**
 * Compiles one Express block (without its tags) to A2UI messages of the catalogs' version.
 *
 * @throws A2uiParseError for an empty block or one that cannot be read; A2uiValidationError for a
 *   statement the catalog does not admit or a data path of more than 256 segments (the streaming
 *   core leaves it out); the first error of the block is thrown. A2uiCatalogError for bad catalogs.
 */
export function compileExpress(text: string, catalogs: Catalog | readonly Catalog[], options: CompileExpressOptions = {}): ExpressMessage[] {
  const { onRepair, ...readerOptions } = options;
  const sent: { message: ExpressMessage; at: ExpressPosition }[] = [];
  const errors: A2uiError[] = [];
  const reader = new ExpressReader(
    catalogs,
    {
      message: (message, at) => {
        // As the streaming core does: a data path of more than MAX_POINTER_DEPTH segments is left out.
        const data = message.updateDataModel;
        const deep = typeof data === 'object' && data !== null ? deepPathError(data, sent.length) : undefined;
        if (deep === undefined) sent.push({ message, at });
        else errors.push(deep);
      },
      error: (error) => errors.push(error),
      ...(onRepair === undefined ? {} : { repair: onRepair }),
    },
    readerOptions,
  );
  reader.push(text);
  reader.end();
  const [firstError] = errors;
  if (firstError !== undefined) throw firstError;
  if (reader.statements === 0) throw new A2uiParseError('The Express block has no statements');
  return regroup(sent);
}

/** The single-shot shape of what the reader sent. */
function regroup(sent: readonly { message: ExpressMessage; at: ExpressPosition }[]): ExpressMessage[] {
  const order: (SurfaceGroup | ExpressMessage)[] = [];
  const open = new Map<string, SurfaceGroup>();
  let version = 'v1.0';
  for (const { message, at } of sent) {
    version = String(message.version);
    const create = message.createSurface as Json | undefined;
    const update = message.updateComponents as Json | undefined;
    const data = message.updateDataModel as Json | undefined;
    if (create !== undefined) {
      const group: SurfaceGroup = { surfaceId: String(create.surfaceId), catalogId: String(create.catalogId), components: new Map(), data: undefined };
      open.set(group.surfaceId, group);
      order.push(group);
    } else if (update !== undefined) {
      const group = open.get(String(update.surfaceId));
      const components = update.components as Json[];
      const id = String(components[0]?.id);
      const earlier = group?.components.get(id);
      group?.components.set(id, { statement: earlier?.statement ?? at.statement, components });
    } else if (data !== undefined) {
      const group = open.get(String(data.surfaceId));
      if (group !== undefined) group.data = setPath(group.data ?? {}, String(data.path), data.value);
    } else {
      order.push(message);
      const deleted = message.deleteSurface as Json | undefined;
      if (deleted !== undefined) open.delete(String(deleted.surfaceId));
    }
  }
  return order.flatMap((item) =>
    'surfaceId' in item && 'components' in item && item.components instanceof Map ? surfaceMessages(item as SurfaceGroup, version) : [item as ExpressMessage],
  );
}

function surfaceMessages(group: SurfaceGroup, version: string): ExpressMessage[] {
  const components = [...group.components.values()].sort((a, b) => a.statement - b.statement).flatMap((c) => c.components);
  const { surfaceId, catalogId, data } = group;
  const hasRoot = components.some((c) => c.id === 'root');
  const out: ExpressMessage[] = [];
  if (hasRoot && version === 'v1.0') {
    return [{ version, createSurface: { surfaceId, catalogId, components, ...(data === undefined ? {} : { dataModel: data }) } }];
  }
  if (hasRoot) out.push({ version, createSurface: { surfaceId, catalogId } });
  if (components.length > 0) out.push({ version, updateComponents: { surfaceId, components } });
  if (data !== undefined) out.push({ version, updateDataModel: { surfaceId, path: '/', value: data } });
  return out;
}
