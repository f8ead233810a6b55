/**
 * Compiling one statement's expressions to A2UI JSON against a catalog: components with their
 * arguments mapped to properties (positional by the catalog's order, named, `_` skipped), inline
 * components hoisted as `<parent>_<prop>[_<i>]`, child lists, `_template`, nested child ids and
 * actions; the values in them are compiled as `PlainValueCompiler` (compile-plain.ts) does.
 */
import { A2uiParseError, A2uiValidationError } from '../errors.js';
import { mapArgs } from './call-arguments.js';
import type { ComponentInfo, PropInfo } from './catalog-info.js';
import { type JsonObject, OMIT, type Out, PlainValueCompiler } from './compile-plain.js';
import { jsonStringBytes } from './expansion-budget.js';
import { validateComponent } from './validate-component.js';
import { describe, type Arg, type Expr } from './syntax.js';

/** Compiles the component statements and values of one scope. */
export class ValueCompiler extends PlainValueCompiler {
  /** Components produced by the current statement: the component, then those hoisted from it. */
  #out: JsonObject[] = [];

  /** The string properties of the catalog that may show cut while they stream. */
  get cuttableKeys(): ReadonlySet<string> {
    return this.ctx.cuttableKeys;
  }

  /** Compiles `id = Type(args)`: the component, then its hoisted inline components. */
  component(id: string, type: string, args: readonly Arg[]): JsonObject[] {
    this.#out = [];
    return this.collecting(() => {
      this.#compileComponent(id, type, args);
      return this.#out;
    });
  }

  /** Compiles a value outside any component (a data-model assignment, a function argument). */
  value(expr: Expr): unknown {
    const out = this.collecting(() => this.expr(expr, undefined, '', undefined));
    return out === OMIT ? null : out;
  }

  /** Compiles a standalone call `fn(args)` to `{call, args}` (the message's own `call` key). */
  functionCall(name: string, args: readonly Arg[]): { call: string; args: JsonObject } {
    return this.collecting(() => ({ call: name, args: this.fnArgs(name, args, undefined) }));
  }

  #typeInfo(type: string): ComponentInfo {
    const info = this.ctx.info.components.get(type);
    if (info === undefined) {
      throw new A2uiValidationError(`Unknown component '${type}' (catalog '${this.ctx.info.catalog.id}')`);
    }
    return info;
  }

  #compileComponent(id: string, type: string, args: readonly Arg[]): void {
    this.enter();
    const info = this.#typeInfo(type);
    this.charge(20 + id.length + type.length);
    const component: JsonObject = { id, component: type };
    this.#out.push(component);
    const { given, checks } = mapArgs(info, type, args, (expr) => this.shallow(expr));
    for (const [prop, expr] of given) {
      if (prop.kind === 'checks') {
        const value = this.shallow(expr);
        if (value.k === 'array') checks.push(...value.items);
        else checks.push(value);
        continue;
      }
      this.charge(3 + prop.name.length);
      const out = this.expr(expr, prop, id, undefined);
      if (out !== OMIT) component[prop.name] = out;
    }
    if (checks.length > 0) {
      if (!info.byName.has('checks')) throw new A2uiValidationError(`${type} takes no checks`);
      this.charge(11);
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
    const { given } = mapArgs(this.#typeInfo(type), type, args, (expr) => this.shallow(expr));
    const last = given[given.length - 1];
    return last !== undefined && last[1] === args[args.length - 1]?.value ? last[0] : undefined;
  }

  protected expr(expr: Expr, prop: PropInfo | undefined, owner: string, index: number | undefined): Out {
    switch (prop?.kind) {
      case 'child':
        return this.#childRef(expr, prop, owner, index);
      case 'children':
        return this.#children(expr, prop, owner);
      case 'nested':
        return this.#nested(expr, prop, owner);
      case 'action':
        return this.#action(expr, prop, owner);
      default:
        return this.plain(expr, prop, owner);
    }
  }

  /** One component id: a variable (assigned or not yet), or an inline component hoisted out. */
  #childRef(expr: Expr, prop: PropInfo, owner: string, index: number | undefined): Out {
    const id = `${owner}_${prop.name}${index === undefined ? '' : `_${index}`}`;
    if (expr.k === 'var') {
      const binding = this.ctx.lookup(expr.name);
      if (binding?.kind === 'value') return this.withDepth(() => this.#childRef(binding.expr, prop, owner, index));
      this.charge(3 + expr.name.length);
      return expr.name;
    }
    if (expr.k === 'skip' || expr.k === 'null') return OMIT;
    if (expr.k === 'call' && this.ctx.info.components.has(expr.name)) {
      if (this.ctx.lookup(id)?.kind === 'component') {
        throw new A2uiValidationError(`The inline component id '${id}' is also a variable`);
      }
      this.#compileComponent(id, expr.name, expr.args);
      this.charge(3 + id.length);
      return id;
    }
    throw new A2uiValidationError(`${prop.name}: expected a component, found ${describe(expr)}`);
  }

  #children(expr: Expr, prop: PropInfo, owner: string): Out {
    const value = this.shallow(expr);
    if (value.k === 'array') {
      this.charge(2);
      return value.items.map((item, i) => this.#childRef(item, prop, owner, i)).filter((x) => x !== OMIT);
    }
    if (value.k === 'call' && value.name === '_template') return this.#template(value.args, prop, owner);
    if (value.k === 'skip' || value.k === 'null') return OMIT;
    const one = this.#childRef(value, prop, owner, undefined);
    this.noteRepair('single-id-list', `${prop.name}: one component where a list is expected, read as [${String(one)}]`);
    return [one];
  }

  #template(args: readonly Arg[], prop: PropInfo, owner: string): Out {
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
    const componentId = this.#childRef(second.value, { ...prop, name: prop.name }, owner, undefined);
    this.charge(25 + path.length);
    return { componentId, path };
  }

  #nested(expr: Expr, prop: PropInfo, owner: string): Out {
    const value = this.shallow(expr);
    if (value.k !== 'array') return this.plain(value, prop, owner);
    this.charge(2);
    return value.items.map((item, i) => {
      const entry = this.shallow(item);
      if (entry.k !== 'map') return this.plain(entry, undefined, owner);
      const object: JsonObject = {};
      this.charge(2);
      for (const [key, sub] of entry.entries) {
        this.charge(3 + key.length);
        const out = prop.nestedKeys.includes(key)
          ? this.#childRef(sub, { ...prop, name: `${prop.name}_${i}_${key}` }, owner, undefined)
          : this.plain(sub, undefined, owner);
        if (out !== OMIT) Object.defineProperty(object, key, { value: out, writable: true, enumerable: true, configurable: true });
      }
      return object;
    });
  }

  #action(expr: Expr, prop: PropInfo, owner: string): Out {
    const value = this.shallow(expr);
    if (value.k === 'string') {
      this.noteRepair('bare-event', `${prop.name}: the bare name "${value.value}" read as Event("${value.value}")`);
      this.charge(20 + jsonStringBytes(value.value, value));
      return { event: { name: value.value } };
    }
    if (value.k === 'call' && this.ctx.info.functions.has(value.name)) {
      this.charge(17);
      const call = this.plain(value, prop, owner) as JsonObject;
      return { functionCall: call };
    }
    return this.plain(value, prop, owner);
  }
}
