/**
 * A live model of the surfaces a stream of parts builds, and its text outline: the component
 * tree from each root, placeholders marked, data-model updates listed. Used by `demo` on a TTY
 * and by `parse --format pretty`.
 */
import { isPlaceholderId, type Catalog, type A2uiMessage, type Part } from '../index.js';
import { VERSION_SPECS, componentTypeOf, forEachComponentReference, type VersionSpec } from '../internal.js';
import { plural } from './report.js';

/** The streaming parser's default placeholder with id `id` (a `Row` with no children), in the version's shape. */
function emptyRow(id: string, spec: VersionSpec): Readonly<Record<string, unknown>> {
  return spec.nestedComponents ? { id, component: { Row: { children: { explicitList: [] } } } } : { id, component: 'Row', children: [] };
}

/** What is known of one surface. */
interface SurfaceModel {
  readonly id: string;
  root: string | undefined;
  readonly components: Map<string, Readonly<Record<string, unknown>>>;
  /** The data model as the updates so far build it. */
  data: Record<string, unknown>;
  deleted: boolean;
}

/** One line of an outline, with whether it shows a placeholder (drawn dimmed on a terminal). */
export interface OutlineLine {
  readonly text: string;
  readonly placeholder: boolean;
}

/** The surfaces built by the A2UI messages of a stream, updated part by part. */
export class SurfaceOutline {
  private readonly spec: VersionSpec;
  private readonly surfaces = new Map<string, SurfaceModel>();

  constructor(private readonly catalog: Catalog) {
    this.spec = VERSION_SPECS[catalog.version];
  }

  /** Ids of the surfaces seen so far, in order of appearance. */
  get surfaceIds(): string[] {
    return [...this.surfaces.keys()];
  }

  /** Applies the messages of an `a2ui` part; returns the ids of the surfaces it touched. */
  apply(part: Part): string[] {
    if (part.type !== 'a2ui') return [];
    return part.messages.map((message) => this.applyMessage(message)).filter((id) => id !== '');
  }

  private applyMessage(message: A2uiMessage): string {
    const key = this.spec.messageKeys.find((k) => k in message);
    const body = key === undefined ? undefined : ((message as Readonly<Record<string, unknown>>)[key] as Record<string, unknown>);
    if (key === undefined || typeof body?.surfaceId !== 'string') return '';
    const id = body.surfaceId;
    const start = key === this.spec.start;
    const surface = this.surface(id, start ? body.root : undefined, start);
    if (key === this.spec.components && Array.isArray(body.components)) {
      for (const component of body.components as Record<string, unknown>[]) {
        if (typeof component?.id === 'string') surface.components.set(component.id, component);
      }
    } else if (key === this.spec.dataModel) {
      const path = typeof body.path === 'string' ? body.path : '';
      const value = Array.isArray(body.contents) ? fromContents(body.contents) : body.value;
      surface.data = setAt(surface.data, path, value);
    } else if (key === this.spec.delete) {
      surface.deleted = true;
    }
    return id;
  }

  private surface(id: string, root: unknown, start: boolean): SurfaceModel {
    let model = this.surfaces.get(id);
    if (model === undefined) {
      model = { id, root: this.spec.defaultRoot, components: new Map(), data: {}, deleted: false };
      this.surfaces.set(id, model);
    }
    if (start && model.deleted) {
      // A surface created again after its delete starts empty.
      model.components.clear();
      model.data = {};
      model.deleted = false;
    }
    if (typeof root === 'string') model.root = root;
    return model;
  }

  /** The outline of one surface: a header, its component tree, then its data-model updates. */
  lines(surfaceId: string): OutlineLine[] {
    const surface = this.surfaces.get(surfaceId);
    if (!surface) return [];
    const tree: OutlineLine[] = [];
    const stats = { components: 0, placeholders: 0 };
    if (surface.root !== undefined && surface.components.size > 0) this.walk(surface, surface.root, '', '', new Set(), tree, stats);
    const state = surface.deleted ? 'deleted' : `${plural(stats.components, 'component')}, ${plural(stats.placeholders, 'placeholder')}`;
    const out: OutlineLine[] = [{ text: `surface "${surface.id}" (${state})`, placeholder: false }];
    if (tree.length === 0 && !surface.deleted) out.push({ text: '  (no components yet)', placeholder: true });
    out.push(...tree.map((line) => ({ ...line, text: `  ${line.text}` })));
    for (const [path, value] of leaves(surface.data, '')) {
      out.push({ text: `  data ${path} = ${JSON.stringify(value)}`, placeholder: false });
    }
    return out;
  }

  private isPlaceholder(id: string, component: Readonly<Record<string, unknown>> | undefined): boolean {
    return component !== undefined && JSON.stringify(component) === JSON.stringify(emptyRow(id, this.spec));
  }

  private walk(
    surface: SurfaceModel,
    id: string,
    lead: string,
    childLead: string,
    path: Set<string>,
    out: OutlineLine[],
    stats: { components: number; placeholders: number },
  ): void {
    const component = surface.components.get(id);
    // Full snapshots point at `loading_<id>`; delta snapshots send the child's own id as an empty
    // Row (so a model's own empty, propless Row reads as a placeholder here too).
    if (isPlaceholderId(id) || this.isPlaceholder(id, component)) {
      stats.placeholders++;
      out.push({ text: `${lead}… ${id} (placeholder: not arrived yet)`, placeholder: true });
      return;
    }
    if (component === undefined || path.has(id)) {
      out.push({ text: `${lead}? ${id} (${component ? 'cycle' : 'missing'})`, placeholder: true });
      return;
    }
    stats.components++;
    out.push({ text: `${lead}${describe(this.catalog, id, component)}`, placeholder: false });
    const children: string[] = [];
    forEachComponentReference(this.catalog, component, (child) => children.push(child));
    path.add(id);
    children.forEach((child, index) => {
      const last = index === children.length - 1;
      const next = `${childLead}${last ? '└─ ' : '├─ '}`;
      this.walk(surface, child, next, `${childLead}${last ? '   ' : '│  '}`, path, out, stats);
    });
    path.delete(id);
  }
}

const LABEL_KEYS = ['text', 'label', 'value', 'url', 'name'];

/** `Type id "label"`, the label taken from the first text-like property, literal or bound. */
function describe(catalog: Catalog, id: string, component: Readonly<Record<string, unknown>>): string {
  const type = componentTypeOf(catalog, component);
  const props = (type?.props ?? {}) as Record<string, unknown>;
  const key = LABEL_KEYS.find((k) => props[k] !== undefined);
  const label = key === undefined ? '' : ` ${labelOf(props[key])}`;
  return `${type?.name ?? '?'} ${id}${label}`;
}

function labelOf(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if (typeof record.literalString === 'string') return JSON.stringify(record.literalString);
    if (typeof record.path === 'string') return `{${record.path}}`;
  }
  return '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A v0.8 `contents` list (`{key, valueString | valueNumber | valueBoolean | valueMap}`) as an object. */
function fromContents(contents: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const entry of contents) {
    if (!isRecord(entry) || typeof entry.key !== 'string') continue;
    const valueKey = Object.keys(entry).find((k) => k.startsWith('value'));
    const value = valueKey === undefined ? undefined : entry[valueKey];
    out[entry.key] = valueKey === 'valueMap' && Array.isArray(value) ? fromContents(value) : value;
  }
  return out;
}

/** `root` with `value` written at the JSON Pointer `path` (`''` or `/`: the whole model). */
function setAt(root: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const keys = path
    .split('/')
    .slice(1)
    .filter((key) => key !== '')
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (keys.length === 0) return isRecord(value) ? value : {};
  const copy = { ...root };
  let node = copy;
  for (const key of keys.slice(0, -1)) {
    const next = isRecord(node[key]) ? { ...(node[key] as Record<string, unknown>) } : {};
    node[key] = next;
    node = next;
  }
  node[keys[keys.length - 1] as string] = value;
  return copy;
}

/** Each leaf of a data model (and each empty object) with its pointer. */
function leaves(value: unknown, path: string): [string, unknown][] {
  if (!isRecord(value) || (Object.keys(value).length === 0 && path !== '')) return [[path, value]];
  return Object.entries(value).flatMap(([key, child]) => leaves(child, `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`));
}
