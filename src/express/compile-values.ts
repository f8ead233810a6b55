/**
 * Compiling one statement's expressions to A2UI JSON against a catalog: components with their
 * arguments mapped to properties (positional by the catalog's order, named, `_` skipped), inline
 * components hoisted as `<parent>_<prop>[_<i>]`, values, bindings, `Event`, `_template`, function
 * calls and `?` checks; variables holding values substituted where they are named.
 */
import { A2uiLimitError, A2uiParseError, A2uiValidationError } from '../errors.js';
import { mapArgs } from './call-arguments.js';
import type { ComponentInfo, PropInfo } from './catalog-info.js';
import { MAX_NODES, Unresolved, type ValueContext } from './compile-context.js';
import type { ExpressRepairKind } from './repairs.js';
import { validateComponent } from './validate-component.js';
import { describe, type Arg, type Expr } from './syntax.js';

type JsonObject = Record<string, unknown>;

const OMIT = Symbol('omit');
type Out = unknown | typeof OMIT;

/** Compiles the component statements and values of one scope. */
export class ValueCompiler {
  /** Components produced by the current statement: the component, then those hoisted from it. */
  private out: JsonObject[] = [];
  private depth = 0;
  /** Values compiled for the current statement (variables substituted into variables multiply them). */
  private nodes = 0;
  /** Unassigned variables named in value positions of the current statement. */
  private missing = new Set<string>();
  /** Repairs made by the current statement's compile. */
  private repairs: [ExpressRepairKind, string][] = [];

  constructor(private readonly ctx: ValueContext) {}

  /** The string properties of the catalog that may show cut while they stream. */
  get cuttableKeys(): ReadonlySet<string> {
    return this.ctx.cuttableKeys;
  }

  private bind(path: string): JsonObject {
    return { [this.ctx.info.pathKey]: path };
  }

  private call(name: string, args: JsonObject): JsonObject {
    return { [this.ctx.info.callKey]: name, args };
  }

  /** Compiles `id = Type(args)`: the component, then its hoisted inline components. */
  component(id: string, type: string, args: readonly Arg[]): JsonObject[] {
    this.out = [];
    this.depth = 0;
    this.nodes = 0;
    return this.collecting(() => {
      this.compileComponent(id, type, args);
      return this.out;
    });
  }

  /** Compiles a value outside any component (a data-model assignment, a function argument). */
  value(expr: Expr): unknown {
    this.depth = 0;
    this.nodes = 0;
    const out = this.collecting(() => this.expr(expr, undefined, '', undefined));
    return out === OMIT ? null : out;
  }

  /** Compiles a standalone call `fn(args)` to `{call, args}` (the message's own `call` key). */
  functionCall(name: string, args: readonly Arg[]): { call: string; args: JsonObject } {
    this.depth = 0;
    this.nodes = 0;
    return this.collecting(() => ({ call: name, args: this.fnArgs(name, args, undefined) }));
  }

  /**
   * Runs one statement's compile; an unassigned variable is noted and compiling goes on, so that
   * all of them are found at once. Any noted: `Unresolved` (before any other error, which may be
   * a consequence of the missing values).
   */
  private collecting<T>(compile: () => T): T {
    this.missing = new Set();
    this.repairs = [];
    let result: T;
    try {
      result = compile();
    } catch (error) {
      if (this.missing.size > 0) throw new Unresolved([...this.missing]);
      throw error;
    }
    if (this.missing.size > 0) throw new Unresolved([...this.missing]);
    for (const [kind, message] of this.repairs) this.ctx.repair(kind, message);
    return result;
  }

  /** Repairs are reported once the statement compiled, not by a run that ends waiting (it reruns). */
  private noteRepair(kind: ExpressRepairKind, message: string): void {
    this.repairs.push([kind, message]);
  }

  private enter(): void {
    if (++this.depth > this.ctx.maxDepth) {
      throw new A2uiValidationError(`Nesting deeper than ${this.ctx.maxDepth} levels`);
    }
  }

  private typeInfo(type: string): ComponentInfo {
    const info = this.ctx.info.components.get(type);
    if (info === undefined) {
      throw new A2uiValidationError(`Unknown component '${type}' (catalog '${this.ctx.info.catalog.id}')`);
    }
    return info;
  }

  private compileComponent(id: string, type: string, args: readonly Arg[]): void {
    this.enter();
    const info = this.typeInfo(type);
    const component: JsonObject = { id, component: type };
    this.out.push(component);
    const { given, checks } = mapArgs(info, type, args, (expr) => this.shallow(expr));
    for (const [prop, expr] of given) {
      if (prop.kind === 'checks') {
        const value = this.shallow(expr);
        if (value.k === 'array') checks.push(...value.items);
        else checks.push(value);
        continue;
      }
      const out = this.expr(expr, prop, id, undefined);
      if (out !== OMIT) component[prop.name] = out;
    }
    if (checks.length > 0) {
      if (!info.byName.has('checks')) throw new A2uiValidationError(`${type} takes no checks`);
      const binding = component.value;
      const bound = typeof binding === 'object' && binding !== null && this.ctx.info.pathKey in binding ? binding : undefined;
      component.checks = checks.map((check) => this.checkRule(this.shallow(check), bound));
    }
    if (this.ctx.validate) validateComponent(this.ctx.info.catalog, component, type);
    this.depth--;
  }

  /**
   * The property a component call's last argument sets (not a check), `undefined` when it sets
   * none; throws as compiling the call would for arguments that map to no property.
   */
  lastArgProp(type: string, args: readonly Arg[]): PropInfo | undefined {
    const { given } = mapArgs(this.typeInfo(type), type, args, (expr) => this.shallow(expr));
    const last = given[given.length - 1];
    return last !== undefined && last[1] === args[args.length - 1]?.value ? last[0] : undefined;
  }

  /** A variable holding a value, replaced by its expression (once: enough to classify it). */
  private shallow(expr: Expr): Expr {
    if (expr.k !== 'var') return expr;
    const binding = this.ctx.lookup(expr.name);
    return binding?.kind === 'value' ? binding.expr : expr;
  }

  private expr(expr: Expr, prop: PropInfo | undefined, owner: string, index: number | undefined): Out {
    switch (prop?.kind) {
      case 'child':
        return this.childRef(expr, prop, owner, index);
      case 'children':
        return this.children(expr, prop, owner);
      case 'nested':
        return this.nested(expr, prop, owner);
      case 'action':
        return this.action(expr, prop, owner);
      default:
        return this.plain(expr, prop, owner);
    }
  }

  /** One component id: a variable (assigned or not yet), or an inline component hoisted out. */
  private childRef(expr: Expr, prop: PropInfo, owner: string, index: number | undefined): Out {
    const id = `${owner}_${prop.name}${index === undefined ? '' : `_${index}`}`;
    if (expr.k === 'var') {
      const binding = this.ctx.lookup(expr.name);
      if (binding?.kind === 'value') return this.withDepth(() => this.childRef(binding.expr, prop, owner, index));
      return expr.name;
    }
    if (expr.k === 'skip' || expr.k === 'null') return OMIT;
    if (expr.k === 'call' && this.ctx.info.components.has(expr.name)) {
      if (this.ctx.lookup(id)?.kind === 'component') {
        throw new A2uiValidationError(`The inline component id '${id}' is also a variable`);
      }
      this.compileComponent(id, expr.name, expr.args);
      return id;
    }
    throw new A2uiValidationError(`${prop.name}: expected a component, found ${describe(expr)}`);
  }

  private children(expr: Expr, prop: PropInfo, owner: string): Out {
    const value = this.shallow(expr);
    if (value.k === 'array') {
      return value.items.map((item, i) => this.childRef(item, prop, owner, i)).filter((x) => x !== OMIT);
    }
    if (value.k === 'call' && value.name === '_template') return this.template(value.args, prop, owner);
    if (value.k === 'skip' || value.k === 'null') return OMIT;
    const one = this.childRef(value, prop, owner, undefined);
    this.noteRepair('single-id-list', `${prop.name}: one component where a list is expected, read as [${String(one)}]`);
    return [one];
  }

  private template(args: readonly Arg[], prop: PropInfo, owner: string): Out {
    const [first, second] = args;
    if (first === undefined || second === undefined || args.length > 2) {
      throw new A2uiParseError('_template takes a data path and a component');
    }
    let path: string;
    const source = this.shallow(first.value);
    if (source.k === 'path') path = source.path;
    else if (source.k === 'string') {
      path = source.value.startsWith('/') ? source.value : `/${source.value}`;
      this.noteRepair('path-slash', `_template: the string "${source.value}" read as the data path ${path}`);
    } else throw new A2uiValidationError(`_template: expected a data path, found ${describe(source)}`);
    const componentId = this.childRef(second.value, { ...prop, name: prop.name }, owner, undefined);
    return { componentId, path };
  }

  private nested(expr: Expr, prop: PropInfo, owner: string): Out {
    const value = this.shallow(expr);
    if (value.k !== 'array') return this.plain(value, prop, owner);
    return value.items.map((item, i) => {
      const entry = this.shallow(item);
      if (entry.k !== 'map') return this.plain(entry, undefined, owner);
      const object: JsonObject = {};
      for (const [key, sub] of entry.entries) {
        const out = prop.nestedKeys.includes(key)
          ? this.childRef(sub, { ...prop, name: `${prop.name}_${i}_${key}` }, owner, undefined)
          : this.plain(sub, undefined, owner);
        if (out !== OMIT) Object.defineProperty(object, key, { value: out, writable: true, enumerable: true, configurable: true });
      }
      return object;
    });
  }

  private action(expr: Expr, prop: PropInfo, owner: string): Out {
    const value = this.shallow(expr);
    if (value.k === 'string') {
      this.noteRepair('bare-event', `${prop.name}: the bare name "${value.value}" read as Event("${value.value}")`);
      return { event: { name: value.value } };
    }
    if (value.k === 'call' && this.ctx.info.functions.has(value.name)) {
      const call = this.plain(value, prop, owner) as JsonObject;
      return { functionCall: call };
    }
    return this.plain(value, prop, owner);
  }

  private withDepth<T>(fn: () => T): T {
    this.enter();
    try {
      return fn();
    } finally {
      this.depth--;
    }
  }

  /** A value: literal, binding, array, map, Event, function call, check, or a value variable. */
  private plain(expr: Expr, prop: PropInfo | undefined, owner: string): Out {
    if (++this.nodes > MAX_NODES) {
      throw new A2uiLimitError(`The statement expands to more than ${MAX_NODES} values (variables substituted into variables)`);
    }
    switch (expr.k) {
      case 'string':
        return this.repairString(expr.value, prop);
      case 'number':
      case 'boolean':
        return expr.value;
      case 'null':
      case 'skip':
        return OMIT;
      case 'path':
        return this.bind(expr.path);
      case 'var': {
        const binding = this.ctx.lookup(expr.name);
        if (binding === undefined) {
          this.missing.add(expr.name);
          return OMIT;
        }
        if (binding.kind === 'component') {
          throw new A2uiValidationError(`'${expr.name}' is a component, used where a value is expected`);
        }
        return this.withDepth(() => this.expr(binding.expr, prop, owner, undefined));
      }
      case 'array': {
        const items = expr.items.map((item) => this.plain(item, undefined, owner)).map((x) => (x === OMIT ? null : x));
        if (prop?.options && items.some((x) => typeof x === 'string')) {
          this.noteRepair('option-strings', `${prop.name}: plain strings read as {label, value} options`);
          return items.map((x) => (typeof x === 'string' ? { label: x, value: x } : x));
        }
        return items;
      }
      case 'map': {
        const object: JsonObject = {};
        for (const [key, value] of expr.entries) {
          const out = this.withDepth(() => this.plain(value, undefined, owner));
          Object.defineProperty(object, key, { value: out === OMIT ? null : out, writable: true, enumerable: true, configurable: true });
        }
        return object;
      }
      case 'check':
        return this.checkParts(expr, undefined).call;
      case 'call':
        return this.withDepth(() => this.callValue(expr.name, expr.args, owner));
    }
  }

  private repairString(value: string, prop: PropInfo | undefined): unknown {
    if (prop?.enumValues !== undefined && !prop.enumValues.includes(value)) {
      const lower = value.toLowerCase();
      const matches = prop.enumValues.filter((e) => e.toLowerCase() === lower);
      if (matches.length === 1) {
        this.noteRepair('enum-case', `${prop.name}: "${value}" read as "${matches[0]}"`);
        return matches[0];
      }
    }
    if (prop?.scalarType === 'boolean' && (value === 'true' || value === 'false')) {
      this.noteRepair('boolean-string', `${prop.name}: the string "${value}" read as ${value}`);
      return value === 'true';
    }
    return value;
  }

  private callValue(name: string, args: readonly Arg[], owner: string): unknown {
    if (name === 'Event') return this.event(args, owner);
    if (name === '_template') throw new A2uiValidationError('_template is only admitted in a list of children');
    if (this.ctx.info.components.has(name)) {
      throw new A2uiValidationError(`The component ${name}(…) is used where a value is expected`);
    }
    return this.call(name, this.fnArgs(name, args, owner));
  }

  private event(args: readonly Arg[], owner: string): unknown {
    let name: unknown;
    let context: unknown;
    args.forEach((arg, i) => {
      const key = arg.name ?? (i === 0 ? 'name' : i === 1 ? 'context' : '');
      if (key === 'name') name = this.plain(arg.value, undefined, owner);
      else if (key === 'context') context = this.plain(arg.value, undefined, owner);
      else throw new A2uiValidationError(`Event takes a name and a context map, not '${arg.name ?? `argument ${i + 1}`}'`);
    });
    if (typeof name !== 'string') throw new A2uiValidationError('Event needs a name string');
    const event: JsonObject = { name };
    if (context !== undefined && context !== OMIT) event.context = context;
    return { event };
  }

  private fnArgs(name: string, args: readonly Arg[], owner: string | undefined): JsonObject {
    const fn = this.ctx.info.functions.get(name);
    if (fn === undefined) throw new A2uiValidationError(`Unknown function '${name}' (catalog '${this.ctx.info.catalog.id}')`);
    const out: JsonObject = {};
    let next = 0;
    for (const arg of args) {
      const param = arg.name ?? fn.params[next++]?.name;
      if (param === undefined) throw new A2uiValidationError(`${name} takes at most ${fn.params.length} arguments`);
      if (arg.name !== undefined && !fn.params.some((p) => p.name === arg.name)) {
        throw new A2uiValidationError(`${name} has no parameter '${arg.name}'`);
      }
      const value = this.plain(arg.value, undefined, owner ?? '');
      if (value !== OMIT) out[param] = value;
    }
    return out;
  }

  /** A `?check` as a call and its message; `bound` (the component's own value binding) fills a leading `value`. */
  private checkParts(check: Extract<Expr, { k: 'check' }>, bound: unknown): { call: JsonObject; message?: string } {
    const fn = this.ctx.info.functions.get(check.name);
    if (fn === undefined) throw new A2uiValidationError(`Unknown check '?${check.name}' (catalog '${this.ctx.info.catalog.id}')`);
    const written = check.args ?? [];
    const args: JsonObject = {};
    let next = 0;
    const first = written[0] === undefined ? undefined : this.shallow(written[0]);
    if (fn.params[0]?.name === 'value' && bound !== undefined && first?.k !== 'path') {
      args.value = bound;
      next = 1;
    }
    let message: string | undefined;
    written.forEach((raw, i) => {
      const expr = this.shallow(raw);
      const param = fn.params[next];
      const last = i === written.length - 1;
      if (expr.k === 'string' && last && (param === undefined || ['integer', 'number', 'boolean'].includes(param.type ?? ''))) {
        message = expr.value;
        return;
      }
      if (param === undefined) throw new A2uiValidationError(`?${check.name} takes at most ${fn.params.length} arguments`);
      next++;
      args[param.name] = this.checkArg(expr, bound);
    });
    return { call: this.call(check.name, args), ...(message === undefined ? {} : { message }) };
  }

  private checkArg(expr: Expr, bound: unknown): unknown {
    if (expr.k === 'check') return this.checkParts(expr, bound).call;
    if (expr.k === 'array') return expr.items.map((item) => this.checkArg(this.shallow(item), bound));
    const out = this.plain(expr, undefined, '');
    return out === OMIT ? null : out;
  }

  private checkRule(check: Expr, bound: unknown): JsonObject {
    if (check.k !== 'check') throw new A2uiValidationError(`checks: expected ?checks, found ${describe(check)}`);
    const { call, message } = this.checkParts(check, bound);
    const name = check.name;
    return { condition: call, message: message ?? `${name.charAt(0).toUpperCase()}${name.slice(1)} check failed` };
  }
}
