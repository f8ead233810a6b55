/**
 * `decompileExpress`: A2UI messages (v0.9 or v1.0) written back as Express, so that history and
 * few-shot examples reach a model in the notation it is asked to write. Compiling the result gives
 * the same surfaces (`agent/express/decompiler.yaml` round trips). Components are written one per
 * statement, positional arguments in the catalog's order (`_` for a gap, trailing gaps left out);
 * a data model is one `$/path = value` per leaf; an id that is not an Express identifier is
 * renamed consistently.
 */
import { resolveCatalogs, type ResolvedCatalogs } from '../catalog/catalog.js';
import type { Catalog } from '../catalog/model.js';
import { A2uiValidationError } from '../errors.js';
import { checkWriteDepth } from '../response/nesting.js';
import { catalogInfo, type CatalogInfo, type PropInfo } from './catalog-info.js';

type Json = Record<string, unknown>;

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const RESERVED = new Set(['true', 'false', 'null', '_']);
const PATH_SEGMENT = /^[A-Za-z0-9_]*$/;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Options of {@link decompileExpress}. */
export interface DecompileExpressOptions {
  /** The surface id written without a `surface(…)` line. Default `default_surface`. */
  readonly defaultSurfaceId?: string;
}

/** An Express string literal: raw when it has backslashes only, else quoted with `\"` escapes. */
export function expressString(value: string): string {
  if (value.includes('\\') && !/["\r\n]/.test(value)) return `r"${value}"`;
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t')}"`;
}

class Writer {
  readonly #ids = new Map<string, string>();
  readonly #used = new Set<string>();
  #info: CatalogInfo;

  constructor(private readonly catalogs: ResolvedCatalogs) {
    this.#info = catalogInfo(catalogs.default);
  }

  use(catalogId: unknown): void {
    const catalog = typeof catalogId === 'string' ? this.catalogs.byId(catalogId) : undefined;
    this.#info = catalogInfo(catalog ?? this.catalogs.default);
  }

  /** The Express name of a component id. */
  id(id: unknown): string {
    const raw = String(id);
    const known = this.#ids.get(raw);
    if (known !== undefined) return known;
    let name = raw.replace(/[^A-Za-z0-9_]/g, '_');
    if (!/^[A-Za-z_]/.test(name) || RESERVED.has(name)) name = `_${name}`;
    const base = name;
    for (let n = 2; this.#used.has(name); n++) name = `${base}_${n}`;
    this.#ids.set(raw, name);
    this.#used.add(name);
    return name;
  }

  component(component: Json): string {
    const type = String(component.component);
    const info = this.#info.components.get(type);
    const props = info?.props ?? [];
    const positional: string[] = [];
    const named: string[] = [];
    const bound = isObject(component.value) ? component.value : undefined;
    let checks: string | undefined;
    for (const prop of props) {
      if (prop.kind === 'checks') {
        if (prop.name in component) checks = this.#checks(component[prop.name], bound);
        continue;
      }
      positional.push(prop.name in component ? this.#prop(component[prop.name], prop) : '_');
    }
    for (const [key, value] of Object.entries(component)) {
      if (key === 'id' || key === 'component' || props.some((p) => p.name === key)) continue;
      named.push(`${key}=${this.value(value)}`);
    }
    while (positional[positional.length - 1] === '_') positional.pop();
    // Checks take no position: they go last, a single one bare.
    if (checks !== undefined) positional.push(checks);
    return `${this.id(component.id)} = ${type}(${[...positional, ...named].join(', ')})`;
  }

  #prop(value: unknown, prop: PropInfo): string {
    switch (prop.kind) {
      case 'child':
        return typeof value === 'string' ? this.id(value) : this.value(value);
      case 'children':
        if (Array.isArray(value)) return `[${value.map((v) => (typeof v === 'string' ? this.id(v) : this.value(v))).join(', ')}]`;
        if (isObject(value) && typeof value.componentId === 'string') {
          return `_template(${this.value({ path: value.path })}, ${this.id(value.componentId)})`;
        }
        return typeof value === 'string' ? this.id(value) : this.value(value);
      case 'nested':
        if (!Array.isArray(value)) return this.value(value);
        return `[${value
          .map((item) =>
            isObject(item)
              ? `{${Object.entries(item)
                  .map(([k, v]) => `${key(k)}: ${prop.nestedKeys.includes(k) && typeof v === 'string' ? this.id(v) : this.value(v)}`)
                  .join(', ')}}`
              : this.value(item),
          )
          .join(', ')}]`;
      case 'action':
        return this.#action(value);
      default:
        return this.value(value);
    }
  }

  #action(value: unknown): string {
    if (isObject(value) && isObject(value.event) && typeof value.event.name === 'string') {
      const { name, context, ...rest } = value.event;
      const args = [expressString(name)];
      if (context !== undefined) args.push(this.value(context));
      for (const [k, v] of Object.entries(rest)) args.push(`${k}=${this.value(v)}`);
      return `Event(${args.join(', ')})`;
    }
    if (isObject(value) && isObject(value.functionCall)) return this.value(value.functionCall);
    return this.value(value);
  }

  /**
   * A call `{call, args}` as `fn(…)`: positional in parameter order while no gap, named after; a
   * function the catalog does not declare gets its arguments positionally, in their order.
   */
  call(name: string, args: unknown, skip?: unknown): string {
    const known = this.#info.functions.get(name);
    if (known === undefined && isObject(args))
      return `${name}(${Object.values(args)
        .map((v) => this.value(v))
        .join(', ')})`;
    const params = known?.params ?? [];
    const given = isObject(args) ? { ...args } : {};
    const out: string[] = [];
    let gap = false;
    for (const param of params) {
      if (!(param.name in given)) {
        gap = true;
        continue;
      }
      const value = given[param.name];
      delete given[param.name];
      if (skip !== undefined && param.name === 'value' && JSON.stringify(value) === JSON.stringify(skip)) continue;
      out.push(gap ? `${param.name}=${this.value(value)}` : this.value(value));
    }
    for (const [k, v] of Object.entries(given)) out.push(`${k}=${this.value(v)}`);
    return `${name}(${out.join(', ')})`;
  }

  #checks(value: unknown, bound: Json | undefined): string {
    if (!Array.isArray(value)) return this.value(value);
    const rules = value.map((rule) => {
      const condition = isObject(rule) ? rule.condition : undefined;
      const name = isObject(condition) ? (condition.call ?? condition['@call']) : undefined;
      if (typeof name !== 'string') throw new A2uiValidationError('A check whose condition is not a call has no Express form');
      const call = this.call(name, (condition as Json).args, bound).slice(name.length + 1, -1);
      const message = isObject(rule) && typeof rule.message === 'string' ? expressString(rule.message) : '';
      return `?${name}(${[call, message].filter((s) => s !== '').join(', ')})`;
    });
    return rules.length === 1 ? (rules[0] as string) : `[${rules.join(', ')}]`;
  }

  value(value: unknown): string {
    if (typeof value === 'string') return expressString(value);
    if (typeof value === 'number' || typeof value === 'boolean' || value === null) return JSON.stringify(value);
    if (Array.isArray(value)) return `[${value.map((v) => this.value(v)).join(', ')}]`;
    if (!isObject(value)) return 'null';
    const keys = Object.keys(value);
    const path = value.path ?? value['@path'];
    if (keys.length === 1 && typeof path === 'string' && /^[A-Za-z0-9_/]*$/.test(path)) return `$${path}`;
    const call = value.call ?? value['@call'];
    if (typeof call === 'string' && keys.every((k) => k === 'call' || k === '@call' || k === 'args') && IDENT.test(call)) {
      return this.call(call, value.args);
    }
    return `{${keys.map((k) => `${key(k)}: ${this.value(value[k])}`).join(', ')}}`;
  }

  /** `$/path = value` per leaf of `value` under `path`. */
  data(path: string, value: unknown, out: string[]): void {
    const segments = path.split('/').filter((s) => s !== '');
    if (isObject(value) && Object.keys(value).length > 0 && Object.keys(value).every((k) => k !== '' && PATH_SEGMENT.test(k))) {
      for (const [k, v] of Object.entries(value)) this.data(`${path === '/' ? '' : path}/${k}`, v, out);
      return;
    }
    const safe = segments.every((s) => PATH_SEGMENT.test(s));
    if (safe) out.push(`$${segments.length === 0 ? '' : `/${segments.join('/')}`} = ${this.value(value)}`);
    else throw new A2uiValidationError(`The data path ${path} has no Express form`);
  }
}

function key(k: string): string {
  return IDENT.test(k) && !RESERVED.has(k) ? k : expressString(k);
}

/**
 * Writes A2UI messages (v0.9 or later) as one Express block (without its tags).
 *
 * @throws A2uiCatalogError for bad catalogs; A2uiValidationError for a message with no Express
 *   form (a data path with characters a `$path` cannot hold, a check whose condition is a path);
 *   A2uiLimitError for messages nesting deeper than `MAX_WRITE_DEPTH` (512) levels.
 */
export function decompileExpress(messages: readonly unknown[], catalogs: Catalog | readonly Catalog[], options: DecompileExpressOptions = {}): string {
  checkWriteDepth(messages, 'decompileExpress');
  const resolved = resolveCatalogs(catalogs);
  const writer = new Writer(resolved);
  const defaultSurface = options.defaultSurfaceId ?? 'default_surface';
  const lines: string[] = [];
  let surface = defaultSurface;
  const target = (surfaceId: unknown, catalogId?: unknown) => {
    const id = String(surfaceId);
    if (catalogId !== undefined) writer.use(catalogId);
    if (id === surface && catalogId === undefined) return;
    surface = id;
    const catalogArg = typeof catalogId === 'string' && catalogId !== resolved.default.id ? `, catalogId=${expressString(catalogId)}` : '';
    if (id !== defaultSurface || catalogArg !== '') lines.push(`surface(${expressString(id)}${catalogArg})`);
  };
  for (const message of messages) {
    if (!isObject(message)) continue;
    const create = message.createSurface;
    const update = message.updateComponents;
    const data = message.updateDataModel;
    const remove = message.deleteSurface;
    const call = message.callRendererFunction;
    if (isObject(create)) {
      surface = '';
      target(create.surfaceId, create.catalogId);
      if (create.dataModel !== undefined) writer.data('/', create.dataModel, lines);
      if (Array.isArray(create.components)) for (const c of create.components) if (isObject(c)) lines.push(writer.component(c));
    } else if (isObject(update)) {
      target(update.surfaceId);
      if (Array.isArray(update.components)) for (const c of update.components) if (isObject(c)) lines.push(writer.component(c));
    } else if (isObject(data)) {
      target(data.surfaceId);
      writer.data(typeof data.path === 'string' ? data.path : '/', data.value, lines);
    } else if (isObject(remove)) {
      lines.push(`deleteSurface(${expressString(String(remove.surfaceId))})`);
    } else if ((isObject(call) && isObject(call.callFunction)) || isObject(message.callFunction)) {
      // callRendererFunction, or the bare callFunction of August Python.
      const fn = (isObject(call) ? call.callFunction : message.callFunction) as Json;
      const name = fn.call ?? fn['@call'];
      if (typeof name === 'string') lines.push(writer.call(name, fn.args));
    }
  }
  return lines.join('\n');
}
