/**
 * Compiling the values of one statement, outside component positions: literals (repaired to what
 * the property takes), bindings, arrays, maps, `Event`, function calls and `?` checks, with the
 * variables holding values substituted where they are named; and the bookkeeping of one
 * statement's compile (its depth, its size, the variables it waits for, its repairs).
 * `ValueCompiler` (compile-values.ts) adds components and the positions that name them.
 */
import { A2uiValidationError } from '../errors.js';
import { statementLimitError } from './statement-errors.js';
import { MAX_NODES, Unresolved, type ValueContext } from './compile-context.js';
import { jsonStringBytes, OverBudget } from './expansion-budget.js';
import type { PropInfo } from './catalog-info.js';
import type { ExpressRepairKind } from './repairs.js';
import { describe, type Arg, type Expr } from './syntax.js';

/** A compiled object. */
export type JsonObject = Record<string, unknown>;

/** What a value compiles to when it is left out (`_`, `null`, an unassigned variable). */
export const OMIT = Symbol('omit');
/** A compiled value, or {@link OMIT}. */
export type Out = unknown | typeof OMIT;

/** The values of one scope's statements; the component positions are the subclass's ({@link expr}). */
export abstract class PlainValueCompiler {
  /** Levels of variable substitution and inline components the compile is in (at most `maxDepth`). */
  protected depth = 0;
  /** Values compiled for the current statement (variables substituted into variables multiply them). */
  #nodes = 0;
  /** Bytes (as JSON, about) of what the current statement compiled to so far, and most it may. */
  #bytes = 0;
  #room = 0;
  /** Unassigned variables named in value positions of the current statement. */
  #missing = new Set<string>();
  /** Repairs made by the current statement's compile. */
  #repairs: [ExpressRepairKind, string][] = [];

  constructor(protected readonly ctx: ValueContext) {}

  /** Compiles `expr` for property `prop` of component `owner` (item `index` of a list). */
  protected abstract expr(expr: Expr, prop: PropInfo | undefined, owner: string, index: number | undefined): Out;

  #bind(path: string): JsonObject {
    return { [this.ctx.info.pathKey]: path };
  }

  #call(name: string, args: JsonObject): JsonObject {
    this.charge(14 + this.ctx.info.callKey.length + name.length);
    return { [this.ctx.info.callKey]: name, args };
  }

  /**
   * Runs one statement's compile (from depth 0, no value compiled yet); an unassigned variable is
   * noted and compiling goes on, so that all of them are found at once. Any noted: `Unresolved`
   * (before any other error, which may be a consequence of the missing values).
   */
  protected collecting<T>(compile: () => T): T {
    this.depth = 0;
    this.#nodes = 0;
    this.#bytes = 0;
    this.#room = this.ctx.room();
    this.#missing = new Set();
    this.#repairs = [];
    let result: T;
    try {
      result = compile();
    } catch (error) {
      // Past its room, a statement's walk counts as work: else each later one could walk that far again (time quadratic in the input).
      if (error instanceof OverBudget) this.ctx.walked(this.#room);
      if (this.#missing.size > 0) throw new Unresolved([...this.#missing]);
      throw error;
    }
    if (this.#missing.size > 0) throw new Unresolved([...this.#missing]);
    for (const [kind, message] of this.#repairs) this.ctx.repair(kind, message);
    this.ctx.spend(this.#bytes);
    return result;
  }

  /** Repairs are reported once the statement compiled, not by a run that ends waiting (it reruns). */
  protected noteRepair(kind: ExpressRepairKind, message: string): void {
    this.#repairs.push([kind, message]);
  }

  /**
   * `bytes` more of output (as JSON, with its separator), counted as it is built: past the room
   * the statement has, {@link OverBudget} (before anything larger is built).
   */
  protected charge(bytes: number): void {
    this.#bytes += bytes;
    if (this.#bytes > this.#room) throw new OverBudget(this.#bytes, this.#room);
  }

  /** One level deeper; past `maxDepth`, an error. */
  protected enter(): void {
    if (++this.depth > this.ctx.maxDepth) {
      throw new A2uiValidationError(`Nesting deeper than ${this.ctx.maxDepth} levels`);
    }
  }

  /** A variable holding a value, replaced by its expression (once: enough to classify it). */
  protected shallow(expr: Expr): Expr {
    if (expr.k !== 'var') return expr;
    const binding = this.ctx.lookup(expr.name);
    return binding?.kind === 'value' ? binding.expr : expr;
  }

  /** Runs `fn` one level deeper. */
  protected withDepth<T>(fn: () => T): T {
    this.enter();
    try {
      return fn();
    } finally {
      this.depth--;
    }
  }

  /** A value: literal, binding, array, map, Event, function call, check, or a value variable. */
  protected plain(expr: Expr, prop: PropInfo | undefined, owner: string): Out {
    if (++this.#nodes > MAX_NODES) {
      throw statementLimitError(
        `The statement expands to more than ${MAX_NODES} values (variables substituted into variables)`,
        `${MAX_NODES} values per statement`,
      );
    }
    switch (expr.k) {
      case 'string': {
        const out = this.#repairString(expr.value, prop);
        this.charge(1 + (out === expr.value ? jsonStringBytes(expr.value, expr) : String(out).length + 2));
        return out;
      }
      case 'number':
      case 'boolean':
        this.charge(1 + String(expr.value).length);
        return expr.value;
      case 'null':
      case 'skip':
        this.charge(5);
        return OMIT;
      case 'path':
        this.charge(6 + this.ctx.info.pathKey.length + jsonStringBytes(expr.path));
        return this.#bind(expr.path);
      case 'var': {
        const binding = this.ctx.lookup(expr.name);
        if (binding === undefined) {
          this.#missing.add(expr.name);
          return OMIT;
        }
        if (binding.kind === 'component') {
          throw new A2uiValidationError(`'${expr.name}' is a component, used where a value is expected`);
        }
        return this.withDepth(() => this.expr(binding.expr, prop, owner, undefined));
      }
      case 'array': {
        this.charge(2);
        const items = expr.items.map((item) => this.plain(item, undefined, owner)).map((x) => (x === OMIT ? null : x));
        if (prop?.options && items.some((x) => typeof x === 'string')) {
          this.noteRepair('option-strings', `${prop.name}: plain strings read as {label, value} options`);
          for (const x of items) if (typeof x === 'string') this.charge(20 + 2 * jsonStringBytes(x));
          return items.map((x) => (typeof x === 'string' ? { label: x, value: x } : x));
        }
        return items;
      }
      case 'map': {
        const object: JsonObject = {};
        this.charge(2);
        for (const [key, value] of expr.entries) {
          this.charge(3 + key.length);
          const out = this.withDepth(() => this.plain(value, undefined, owner));
          Object.defineProperty(object, key, { value: out === OMIT ? null : out, writable: true, enumerable: true, configurable: true });
        }
        return object;
      }
      case 'check':
        return this.#checkParts(expr, undefined).call;
      case 'call':
        return this.withDepth(() => this.#callValue(expr.name, expr.args, owner));
    }
  }

  #repairString(value: string, prop: PropInfo | undefined): unknown {
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

  #callValue(name: string, args: readonly Arg[], owner: string): unknown {
    if (name === 'Event') return this.#event(args, owner);
    if (name === '_template') throw new A2uiValidationError('_template is only admitted in a list of children');
    if (this.ctx.info.components.has(name)) {
      throw new A2uiValidationError(`The component ${name}(…) is used where a value is expected`);
    }
    return this.#call(name, this.fnArgs(name, args, owner));
  }

  #event(args: readonly Arg[], owner: string): unknown {
    let name: unknown;
    let context: unknown;
    args.forEach((arg, i) => {
      const key = arg.name ?? (i === 0 ? 'name' : i === 1 ? 'context' : '');
      if (key === 'name') name = this.plain(arg.value, undefined, owner);
      else if (key === 'context') context = this.plain(arg.value, undefined, owner);
      else throw new A2uiValidationError(`Event takes a name and a context map, not '${arg.name ?? `argument ${i + 1}`}'`);
    });
    if (typeof name !== 'string') throw new A2uiValidationError('Event needs a name string');
    this.charge(25);
    const event: JsonObject = { name };
    if (context !== undefined && context !== OMIT) event.context = context;
    return { event };
  }

  protected fnArgs(name: string, args: readonly Arg[], owner: string | undefined): JsonObject {
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
      this.charge(3 + param.length);
      const value = this.plain(arg.value, undefined, owner ?? '');
      if (value !== OMIT) out[param] = value;
    }
    return out;
  }

  /** A `?check` as a call and its message; `bound` (the component's own value binding) fills a leading `value`. */
  #checkParts(check: Extract<Expr, { k: 'check' }>, bound: unknown): { call: JsonObject; message?: string } {
    const fn = this.ctx.info.functions.get(check.name);
    if (fn === undefined) throw new A2uiValidationError(`Unknown check '?${check.name}' (catalog '${this.ctx.info.catalog.id}')`);
    const written = check.args ?? [];
    const args: JsonObject = {};
    let next = 0;
    const first = written[0] === undefined ? undefined : this.shallow(written[0]);
    if (fn.params[0]?.name === 'value' && bound !== undefined && first?.k !== 'path') {
      this.charge(8 + JSON.stringify(bound).length);
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
      this.charge(3 + param.name.length);
      args[param.name] = this.#checkArg(expr, bound);
    });
    return { call: this.#call(check.name, args), ...(message === undefined ? {} : { message }) };
  }

  #checkArg(expr: Expr, bound: unknown): unknown {
    if (expr.k === 'check') return this.#checkParts(expr, bound).call;
    if (expr.k === 'array') {
      this.charge(2);
      return expr.items.map((item) => this.#checkArg(this.shallow(item), bound));
    }
    const out = this.plain(expr, undefined, '');
    return out === OMIT ? null : out;
  }

  protected checkRule(check: Expr, bound: unknown): JsonObject {
    if (check.k !== 'check') throw new A2uiValidationError(`checks: expected ?checks, found ${describe(check)}`);
    const { call, message } = this.#checkParts(check, bound);
    const name = check.name;
    this.charge(30 + (message === undefined ? name.length + 13 : jsonStringBytes(message)));
    return { condition: call, message: message ?? `${name.charAt(0).toUpperCase()}${name.slice(1)} check failed` };
  }
}
