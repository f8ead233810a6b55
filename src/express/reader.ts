/**
 * `ExpressReader`: the streaming reader of one Express block. Each statement, once finished, is
 * compiled against its surface's catalog and handed on as complete messages of the catalog's
 * version (`createSurface` before a surface's first content, `updateComponents` with the
 * statement's component and those inline in it, `updateDataModel` for `$/path = value`,
 * `deleteSurface`, `callRendererFunction`), each with where its statement is. A statement naming a
 * variable not assigned yet waits for it; one that cannot be read or compiled is a non-fatal error
 * naming its line and variable, and the block goes on.
 */
import { resolveCatalogs, type ResolvedCatalogs } from '../catalog/catalog.js';
import type { Catalog } from '../catalog/model.js';
import { A2uiCatalogError, A2uiCompileError, A2uiIntegrityError, A2uiParseError, A2uiValidationError, isA2uiError } from '../errors.js';
import { catalogInfo } from './catalog-info.js';
import { Unresolved, type Binding } from './compile-context.js';
import { ValueCompiler } from './compile-values.js';
import { BUDGET, type BudgetedOptions, ENVELOPE, ExpansionBudget, OverBudget } from './expansion-budget.js';
import { ExpressLexer } from './lexer.js';
import { openCall, partialOf, type OpenComponentLook } from './open-component.js';
import { ProvisionalSurface } from './provisional-surface.js';
import { createBytes, Scopes, stillWaiting, type Held, type Scope } from './scope.js';
import type { Token } from './tokens.js';
import type { ExpressRepair } from './repairs.js';
import { DEFAULT_EXPRESS_MAX_DEPTH, DEFAULT_MAX_STATEMENT_LENGTH, type ExpressReaderOptions, type ExpressSink } from './reader-types.js';
import { located, outsideRun, SinkThrew } from './statement-errors.js';
import { nameOf, StatementSplitter } from './statements.js';
import { parseStatement, stringArgs, targetOf, type Expr, type Statement } from './syntax.js';

/** Reads one Express block as it streams; see the module comment. */
export class ExpressReader {
  readonly #catalogs: ResolvedCatalogs;
  /** TS-private, not a `#field`: a test (`held.test.ts`) reads the lexer's buffer. */
  private readonly lexer: ExpressLexer;
  readonly #splitter: StatementSplitter;
  readonly #known: Set<string>;
  /** Surfaces this reader deleted (and did not create again): gone, though the sink may not have their delete yet. */
  readonly #deleted = new Set<string>();
  readonly #surfaceExists: (surfaceId: string) => boolean;
  readonly #reportMissingRoot: boolean;
  readonly #options: Required<Omit<ExpressReaderOptions, 'knownSurfaces' | 'surfaceExists' | 'reportMissingRoot' | 'cuttableKeys'>> &
    Pick<ExpressReaderOptions, 'cuttableKeys'>;
  readonly #version: string;
  #scope: Scope;
  #statementCount = 0;
  #calls = 0;
  #current: { first: Token; index: number; name: string } | undefined;
  readonly #scopes = new Scopes();
  readonly #provisional = new ProvisionalSurface<Scope>();
  readonly #sink: ExpressSink;
  /** What the statements may compile to (shared with the parser's other blocks, `expansion-budget.ts`). */
  readonly #budget: ExpansionBudget;

  /**
   * @param catalogs The catalogs (one protocol version, v0.9 or later); the first is the default.
   * @throws A2uiCatalogError for no catalogs, mixed versions, or v0.8 (which has no Express).
   */
  constructor(catalogs: Catalog | readonly Catalog[], sink: ExpressSink, options: ExpressReaderOptions = {}) {
    this.#sink = sink;
    this.#budget = (options as BudgetedOptions<ExpressReaderOptions>)[BUDGET] ?? new ExpansionBudget();
    this.#catalogs = resolveCatalogs(catalogs);
    if (this.#catalogs.version === '0.8') throw new A2uiCatalogError('Express needs a v0.9 or later catalog');
    this.#version = `v${this.#catalogs.version}`;
    this.#known = new Set(options.knownSurfaces ?? []);
    this.#surfaceExists = options.surfaceExists ?? (() => false);
    this.#reportMissingRoot = options.reportMissingRoot ?? false;
    this.#options = {
      maxStatementLength: options.maxStatementLength ?? DEFAULT_MAX_STATEMENT_LENGTH,
      maxDepth: options.maxDepth ?? DEFAULT_EXPRESS_MAX_DEPTH,
      validate: options.validate ?? true,
      defaultSurfaceId: options.defaultSurfaceId ?? 'default_surface',
      cuttableKeys: options.cuttableKeys,
    };
    this.#splitter = new StatementSplitter(
      {
        statement: (tokens) => this.#statement(tokens),
        error: (error, statement) => {
          sink.error(error, statement);
          if (statement !== undefined) this.#takeBack(statement);
        },
        dropped: () => this.lexer.discard(),
      },
      { maxStatementLength: this.#options.maxStatementLength, maxDepth: this.#options.maxDepth },
    );
    this.lexer = new ExpressLexer({ token: (token) => this.#splitter.token(token), error: (error) => sink.error(error) });
    this.#scope = this.#openScope(this.#options.defaultSurfaceId, this.#catalogs.default);
  }

  /** Characters of the block read so far. */
  get position(): number {
    return this.lexer.position;
  }

  /** Statements read so far (finished ones, read or not). */
  get statements(): number {
    return this.#statementCount;
  }

  /** The component statement being read, when all it lacks is the rest of a string argument; else `undefined`. */
  openComponent(): OpenComponentLook | undefined {
    const string = this.lexer.openString;
    if (string === undefined) return undefined;
    const scope = this.#scope;
    const { openTokens, openDepth, openCommas } = this.#splitter;
    const call = openCall(openTokens, openDepth, openCommas, (type) => scope.info.components.get(type));
    if (call === undefined) return undefined;
    const first = openTokens[0] as Token;
    const build = () => {
      // The surface's creation goes out with the look: not past the expansion budget.
      if (!scope.created && createBytes(scope) > this.#budget.room(this.lexer.position)) return 'refused';
      const built = partialOf(openTokens, string, this.lexer.position, call, scope.compiler);
      if (typeof built === 'string') return built;
      const at = { first, index: this.#statementCount };
      outsideRun(() => {
        this.#provisional.shown(scope, at, this.lexer.position, () => this.#ensureCreated(scope, at));
        this.#sendPending(scope);
      });
      return built;
    };
    return { offset: string.offset, length: string.length, statement: first.offset, surfaceId: scope.surfaceId, build };
  }

  /** The statement at offset `statement` failed: a surface a look at it created is taken back unless something of it stood. */
  #takeBack(statement: number): void {
    const taken = this.#provisional.failed(statement, this.lexer.position);
    if (taken === undefined) return;
    this.#deleted.add(taken.scope.surfaceId);
    outsideRun(() => this.#emit({ deleteSurface: { surfaceId: taken.scope.surfaceId } }, taken));
  }

  /** Reads the next chunk of the block (in slices of the statement limit, so a long statement is dropped as it arrives). */
  push(text: string): void {
    const step = this.#options.maxStatementLength + 1;
    for (let i = 0; i < text.length; i += step) {
      this.lexer.push(i === 0 && text.length <= step ? text : text.slice(i, i + step));
      this.#splitter.checkLength(this.lexer.position);
    }
  }

  /** Ends the block: finishes the last statement and reports statements still waiting for a variable. */
  end(): void {
    this.lexer.end();
    this.#splitter.end();
    outsideRun(() => this.#sendAllPending());
    for (const scope of this.#scopes.all) {
      for (const { held, error } of stillWaiting(scope)) {
        this.#sink.error(located(error, held), held.first.offset);
        this.#takeBack(held.first.offset);
      }
      // A surface this block started shows nothing without its root: say so rather than hold its components silently.
      if (this.#reportMissingRoot && scope.startedHere && !scope.vars.has('root')) {
        this.#sink.error(new A2uiIntegrityError(`Surface '${scope.surfaceId}': the Express block never assigned 'root', so none of its components can show`));
      }
    }
    this.#budget.blockEnded(this.lexer.position);
  }

  /** A scope of `surfaceId` (again: an earlier one's gathered data goes first, and its surface is known to exist). */
  #openScope(surfaceId: string, catalog: Catalog): Scope {
    const earlier = this.#scopes.latest(surfaceId);
    if (earlier !== undefined) this.#sendPending(earlier);
    const exists = earlier?.created ?? false;
    const vars = new Map<string, Exclude<Binding, undefined>>();
    const info = catalogInfo(catalog);
    const compiler = new ValueCompiler({
      info,
      validate: this.#options.validate,
      maxDepth: this.#options.maxDepth,
      cuttableKeys: this.#options.cuttableKeys ?? catalog.cuttableKeys,
      lookup: (name) => vars.get(name),
      repair: (kind, message) => this.#repair(kind, message),
      room: () => this.#budget.room(this.lexer.position),
      spend: (bytes) => {
        if (this.#current !== undefined) this.#budget.spend(bytes);
      },
      walked: (bytes) => {
        if (this.#current !== undefined) this.#budget.walked(bytes);
      },
    });
    const scope: Scope = {
      surfaceId,
      idBytes: JSON.stringify(surfaceId).length,
      catalog,
      info,
      vars,
      waiting: new Map(),
      heldByTarget: new Map(),
      compiler,
      created: exists || (!this.#deleted.has(surfaceId) && (this.#known.has(surfaceId) || this.#surfaceExists(surfaceId))),
      startedHere: false,
      componentsCounted: false,
    };
    this.#scopes.add(scope);
    return scope;
  }

  #repair(kind: ExpressRepair['kind'], message: string): void {
    const current = this.#current;
    if (current === undefined || this.#sink.repair === undefined) return;
    this.#sink.repair({
      kind,
      message: `Line ${current.first.line}${current.name ? `, '${current.name}'` : ''}: ${message}`,
      line: current.first.line,
      offset: current.first.offset,
      ...(current.name ? { variable: current.name } : {}),
    });
  }

  #statement(tokens: readonly Token[]): void {
    const first = tokens[0] as Token;
    const index = this.#statementCount++;
    const name = nameOf(tokens).slice(2, -1);
    let statement: Statement;
    try {
      statement = parseStatement(tokens);
    } catch (error) {
      this.#fail(error, { first, name });
      return;
    }
    const target = targetOf(statement);
    if (target !== undefined) {
      const earlier = this.#scope.heldByTarget.get(target);
      if (earlier !== undefined) {
        earlier.stale = true;
        this.#scope.heldByTarget.delete(target);
        this.#sink.superseded?.(earlier.first.offset);
        this.#takeBack(earlier.first.offset);
      }
    }
    this.#run({ statement, first, index, name, target, stale: false, names: [], missing: 0 });
  }

  /** Compiles one statement (or retries a held one); reports its error, or holds it. */
  #run(held: Held): void {
    const scope = this.#scope;
    if (held.stale) return;
    if (held.target !== undefined && scope.heldByTarget.get(held.target) === held) scope.heldByTarget.delete(held.target);
    this.#current = held;
    try {
      this.#execute(held, scope);
    } catch (error) {
      if (error instanceof SinkThrew) throw error.error;
      if (error instanceof Unresolved) {
        held.names = error.names;
        held.missing = error.names.length;
        for (const name of error.names) {
          const list = scope.waiting.get(name) ?? [];
          list.push(held);
          scope.waiting.set(name, list);
        }
        if (held.target !== undefined) scope.heldByTarget.set(held.target, held);
      } else if (error instanceof OverBudget) {
        // Left out: the first such statement is the budget's one error, the later ones have none each.
        const exceeded = this.#budget.exceeded(error, this.lexer.position);
        if (exceeded !== undefined) this.#fail(exceeded, held);
        else {
          this.#sink.superseded?.(held.first.offset);
          this.#takeBack(held.first.offset);
        }
      } else this.#fail(error, held);
    } finally {
      this.#current = undefined;
    }
  }

  #fail(error: unknown, at: { first: Token; name: string }): void {
    if (isA2uiError(error)) this.#sink.error(located(error, at), at.first.offset);
    else {
      this.#sink.error(new A2uiCompileError(`Internal error while compiling line ${at.first.line}: ${String(error)}`, { cause: error }), at.first.offset);
    }
    this.#takeBack(at.first.offset);
  }

  #emit(message: Record<string, unknown>, held: Pick<Held, 'first' | 'index'>): void {
    try {
      this.#sink.message(
        { version: this.#version, ...message },
        { offset: held.first.offset, line: held.first.line, end: this.lexer.position, statement: held.index },
      );
    } catch (error) {
      throw new SinkThrew(error);
    }
  }

  /** `scope`'s surface exists before `held`'s message goes out (which stands: a provisional creation is kept). */
  #ensureCreated(scope: Scope, held: Pick<Held, 'first' | 'index'>): void {
    this.#provisional.stood(scope);
    if (scope.created) return;
    this.#budget.envelope(createBytes(scope), this.lexer.position);
    scope.created = true;
    scope.startedHere = true;
    this.#scopes.gather(scope);
    this.#deleted.delete(scope.surfaceId);
    this.#emit({ createSurface: { surfaceId: scope.surfaceId, catalogId: scope.catalog.id } }, held);
  }

  /** `scope`'s gathered data assignments go out, and it gathers no more (`pending-data.ts`). */
  #sendPending(scope: Scope): void {
    const data = this.#scopes.take(scope);
    if (data !== undefined) this.#emit({ updateDataModel: { surfaceId: scope.surfaceId, path: '/', value: data.value } }, data.at);
  }

  /** What every scope gathered goes out. */
  #sendAllPending(): void {
    for (const scope of this.#scopes.gathering()) this.#sendPending(scope);
  }

  #execute(held: Held, scope: Scope): void {
    const { statement } = held;
    if (statement.kind === 'data') {
      const value = scope.compiler.value(statement.expr);
      let path = statement.path === '' ? '/' : statement.path;
      if (!path.startsWith('/')) {
        this.#repair('path-slash', `the data path $${path} read as $/${path}`);
        path = `/${path}`;
      }
      this.#ensureCreated(scope, held);
      if (scope.pending?.set(path, value, held)) return;
      this.#sendPending(scope);
      this.#budget.envelope(ENVELOPE.data + scope.idBytes + JSON.stringify(path).length, this.lexer.position);
      this.#emit({ updateDataModel: { surfaceId: scope.surfaceId, path, value } }, held);
      return;
    }
    if (statement.kind === 'assign') {
      const { name, expr } = statement;
      if (expr.k === 'call' && scope.catalog.components.has(expr.name)) {
        const components = scope.compiler.component(name, expr.name, expr.args);
        scope.vars.set(name, { kind: 'component' });
        this.#ensureCreated(scope, held);
        if (!scope.componentsCounted) this.#budget.envelope(ENVELOPE.components + scope.idBytes, this.lexer.position);
        scope.componentsCounted = true;
        this.#sendPending(scope);
        this.#emit({ updateComponents: { surfaceId: scope.surfaceId, components } }, held);
      } else {
        if (expr.k === 'call' && !scope.catalog.functions.has(expr.name) && expr.name !== 'Event' && expr.name !== '_template') {
          throw new A2uiValidationError(`Unknown component or function '${expr.name}' (catalog '${scope.catalog.id}')`);
        }
        scope.vars.set(name, { kind: 'value', expr });
      }
      this.#release(scope, name);
      return;
    }
    this.#command(statement.expr, held, scope);
  }

  /** Retries the statements that waited for `name`, in the scope they were written in. */
  #release(scope: Scope, name: string): void {
    const list = scope.waiting.get(name);
    if (list === undefined) return;
    scope.waiting.delete(name);
    const saved = this.#scope;
    const savedCurrent = this.#current;
    this.#scope = scope;
    for (const held of list) if (--held.missing === 0) this.#run(held);
    this.#scope = saved;
    this.#current = savedCurrent;
  }

  /** A bare top-level call: `surface(…)`, `deleteSurface(…)` or a renderer function. */
  #command(expr: Expr, held: Held, scope: Scope): void {
    if (expr.k !== 'call') throw new A2uiParseError('A statement is an assignment or a call');
    if (expr.name === 'surface') {
      const { surfaceId, catalogId } = stringArgs(expr.args, ['surfaceId', 'catalogId'], 'surface');
      if (surfaceId === undefined) throw new A2uiValidationError('surface(…) needs a surface id');
      const found = catalogId === undefined ? this.#catalogs.default : this.#catalogs.byId(catalogId);
      this.#scope = this.#openScope(surfaceId, found ?? this.#catalogs.default);
      if (found === undefined) throw new A2uiValidationError(`surface(…): no active catalog has the id '${catalogId}'`);
      return;
    }
    if (expr.name === 'deleteSurface') {
      const { surfaceId } = stringArgs(expr.args, ['surfaceId'], 'deleteSurface');
      if (surfaceId === undefined) throw new A2uiValidationError('deleteSurface(…) needs a surface id');
      const deleted = this.#scopes.latest(surfaceId);
      // One read here but never made (nothing of it went, or not its creation: past the expansion budget) has nothing to delete.
      const unmade = deleted?.created === false;
      if (deleted !== undefined) {
        // What it gathered would be deleted with it.
        this.#scopes.take(deleted);
        deleted.created = false;
      }
      this.#deleted.add(surfaceId);
      if (unmade) return;
      // Shorter than its statement: a delete always goes, counted.
      this.#budget.spend(ENVELOPE.delete + JSON.stringify(surfaceId).length);
      this.#emit({ deleteSurface: { surfaceId } }, held);
      return;
    }
    if (scope.catalog.components.has(expr.name)) {
      throw new A2uiValidationError(`${expr.name}(…) must be assigned to a variable, its id`);
    }
    const call = scope.compiler.functionCall(expr.name, expr.args);
    if (this.#version.startsWith('v0.9')) {
      throw new A2uiValidationError(`A standalone call of ${expr.name} has no message in protocol ${this.#version}`);
    }
    const message = { callRendererFunction: { functionCallId: `call_${this.#calls + 1}`, callFunction: { catalogId: scope.catalog.id, ...call } } };
    // The whole message, its arguments counted again: a call is short, and rare.
    this.#budget.envelope(ENVELOPE.version + JSON.stringify(message).length, this.lexer.position);
    this.#calls++;
    // A call may read the data model.
    this.#sendAllPending();
    this.#emit(message, held);
  }
}
