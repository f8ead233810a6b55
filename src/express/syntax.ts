/**
 * The Express syntax tree and the parser of one statement's tokens (grammar `Express.g4`). The
 * statement reader hands over the tokens of each finished statement once, so parsing is linear.
 */
import { A2uiParseError, A2uiValidationError } from '../errors.js';
import type { Token } from './tokens.js';

/** An Express expression. */
export type Expr =
  | { readonly k: 'string'; readonly value: string }
  | { readonly k: 'number'; readonly value: number }
  | { readonly k: 'boolean'; readonly value: boolean }
  | { readonly k: 'null' }
  | { readonly k: 'skip' }
  | { readonly k: 'var'; readonly name: string }
  | { readonly k: 'path'; readonly path: string }
  | { readonly k: 'array'; readonly items: readonly Expr[] }
  | { readonly k: 'map'; readonly entries: readonly (readonly [string, Expr])[] }
  | { readonly k: 'call'; readonly name: string; readonly args: readonly Arg[] }
  | { readonly k: 'check'; readonly name: string; readonly args?: readonly Expr[] };

/** A call argument: positional, or named (`prop=value`). */
export interface Arg {
  /** The property or parameter it names; absent for a positional argument. */
  readonly name?: string;
  /** Its value. */
  readonly value: Expr;
}

/** A statement: `name = expr`, `$path = expr`, or a bare expression. */
export type Statement =
  | { readonly kind: 'assign'; readonly name: string; readonly expr: Expr }
  | { readonly kind: 'data'; readonly path: string; readonly expr: Expr }
  | { readonly kind: 'expr'; readonly expr: Expr };

/** Parses the tokens of one statement; throws `A2uiParseError` naming the line. */
export function parseStatement(tokens: readonly Token[]): Statement {
  const parser = new StatementParser(tokens);
  return parser.statement();
}

class StatementParser {
  #i = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  statement(): Statement {
    const first = this.tokens[0];
    const second = this.tokens[1];
    let result: Statement;
    if (first !== undefined && second?.kind === '=' && (first.kind === 'ident' || first.kind === 'path')) {
      this.#i = 2;
      const expr = this.#expr();
      result = first.kind === 'ident' ? { kind: 'assign', name: first.text, expr } : { kind: 'data', path: first.text, expr };
    } else {
      result = { kind: 'expr', expr: this.#expr() };
    }
    const rest = this.tokens[this.#i];
    if (rest !== undefined) this.#fail(rest, `Unexpected '${rest.text}' after the statement`);
    return result;
  }

  #next(): Token {
    const token = this.tokens[this.#i];
    if (token === undefined) {
      const last = this.tokens[this.tokens.length - 1];
      throw new A2uiParseError(`Line ${last?.line ?? 1}: the statement ends too early`, {
        ...(last === undefined ? {} : { offset: last.offset, line: last.line, column: last.column }),
      });
    }
    this.#i++;
    return token;
  }

  #peek(): Token | undefined {
    return this.tokens[this.#i];
  }

  #expect(kind: string): void {
    const token = this.#next();
    if (token.kind !== kind) this.#fail(token, `Expected '${kind}', found '${token.text}'`);
  }

  #fail(token: Token, message: string): never {
    throw new A2uiParseError(`Line ${token.line}: ${message}`, { offset: token.offset, line: token.line, column: token.column });
  }

  #expr(): Expr {
    const token = this.#next();
    switch (token.kind) {
      case 'string':
        return { k: 'string', value: token.text };
      case 'number':
        return { k: 'number', value: Number(token.text) };
      case 'true':
      case 'false':
        return { k: 'boolean', value: token.kind === 'true' };
      case 'null':
        return { k: 'null' };
      case 'skip':
        return { k: 'skip' };
      case 'path':
        return { k: 'path', path: token.text };
      case '[':
        return { k: 'array', items: this.#list(']', () => this.#expr()) };
      case '{':
        return { k: 'map', entries: this.#list('}', () => this.#entry()) };
      case 'check':
        if (this.#peek()?.kind === '(') {
          this.#i++;
          return { k: 'check', name: token.text, args: this.#list(')', () => this.#expr()) };
        }
        return { k: 'check', name: token.text };
      case 'ident':
        if (this.#peek()?.kind === '(') {
          this.#i++;
          return { k: 'call', name: token.text, args: this.#list(')', () => this.#arg()) };
        }
        return { k: 'var', name: token.text };
      default:
        return this.#fail(token, `Unexpected '${token.text}'`);
    }
  }

  /** Items up to `close`, separated by commas, a trailing comma allowed after one item. */
  #list<T>(close: string, item: () => T): T[] {
    const items: T[] = [];
    if (this.#peek()?.kind === close) {
      this.#i++;
      return items;
    }
    for (;;) {
      items.push(item());
      const token = this.#next();
      if (token.kind === close) return items;
      if (token.kind !== ',') this.#fail(token, `Expected ',' or '${close}', found '${token.text}'`);
      if (this.#peek()?.kind === close) {
        this.#i++;
        return items;
      }
    }
  }

  #entry(): readonly [string, Expr] {
    const key = this.#next();
    if (key.kind !== 'ident' && key.kind !== 'string') this.#fail(key, `Expected a map key, found '${key.text}'`);
    this.#expect(':');
    return [key.text, this.#expr()];
  }

  #arg(): Arg {
    const token = this.#peek();
    if (token?.kind === 'ident' && this.tokens[this.#i + 1]?.kind === '=') {
      this.#i += 2;
      return { name: token.text, value: this.#expr() };
    }
    return { value: this.#expr() };
  }
}

/** A short description of an expression for error messages. */
export function describe(expr: Expr): string {
  switch (expr.k) {
    case 'call':
      return `${expr.name}(…)`;
    case 'var':
      return expr.name;
    case 'check':
      return `?${expr.name}`;
    default:
      return expr.k;
  }
}

/** The string arguments of command `what` by name (positional ones named by `names`, in order). */
export function stringArgs(args: readonly Arg[], names: readonly string[], what: string): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  args.forEach((arg, i) => {
    const name = arg.name ?? names[i];
    if (name === undefined || !names.includes(name)) throw new A2uiValidationError(`${what}(…) takes ${names.join(', ')}`);
    if (arg.value.k !== 'string') throw new A2uiValidationError(`${what}(…): ${name} must be a string`);
    out[name] = arg.value.value;
  });
  return out;
}

/** What a statement assigns: a variable's name, or `$` and its data path (leading slash added). */
export function targetOf(statement: Statement): string | undefined {
  if (statement.kind === 'assign') return statement.name;
  if (statement.kind === 'data') return `$${statement.path.startsWith('/') ? statement.path : `/${statement.path}`}`;
  return undefined;
}
