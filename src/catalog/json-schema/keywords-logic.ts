import { acceptAll, allChecks, at, keywordError, probe, report, type Check, type CompileContext, type KeywordGroup, type Scope } from './check.js';
import { isRecord, schemaAt, type SchemaLocation } from './documents.js';
import { pyRepr, type SchemaProblem } from './issues.js';

/** `$ref` to a pointer in this document or in another one (by `$id` URI). */
export const refKeyword: KeywordGroup = {
  keywords: ['$ref'],
  compile(schema, loc, ctx) {
    if (typeof schema.$ref !== 'string') throw keywordError('$ref', loc, 'must be a string');
    return ctx.compileAt(ctx.documents.resolve(schema.$ref, at(loc, '$ref')));
  },
};

function compileList(schema: Readonly<Record<string, unknown>>, keyword: string, loc: SchemaLocation, ctx: CompileContext): Check[] {
  const list = schema[keyword];
  if (!Array.isArray(list) || list.length === 0) throw keywordError(keyword, loc, 'must be a non-empty array');
  return list.map((sub, index) => ctx.compile(sub, at(loc, keyword, index)));
}

/** `allOf`: every sub-schema applies. */
export const allOfKeyword: KeywordGroup = {
  keywords: ['allOf'],
  compile: (schema, loc, ctx) => allChecks(compileList(schema, 'allOf', loc, ctx)),
};

const REJECTING_KEYWORDS = new Set(['type', 'const', 'enum']);

/** Whether a branch failed outright on the value's own type or constant (not somewhere inside it). */
function rejectedAt(problems: readonly SchemaProblem[], depth: number, keywords: ReadonlySet<string>): boolean {
  return problems.some((problem) => problem.path.length === depth && keywords.has(problem.keyword));
}

const CONST_ONLY = new Set(['const']);
const ENUM_ONLY = new Set(['enum']);
const TYPE_ONLY = new Set(['type']);

/** Problems that say the value's own keys do not fit the branch (missing or unexpected). */
function structuralCount(problems: readonly SchemaProblem[], depth: number): number {
  return problems.filter((problem) => problem.path.length === depth + 1 && (problem.code === 'missing_field' || problem.code === 'extra_field')).length;
}

/**
 * Reports that no branch matched, trying to name the branch the value was meant for, much as
 * `jsonschema`'s best match does: branches that reject the value's own type or constant are out;
 * branches whose constant property (a discriminator such as `component`) differs come last; of the
 * rest, the one whose keys fit best (fewest missing or unexpected properties, then fewest
 * problems) wins when it is alone; else a lone branch whose enum misses a value of its type wins.
 * Otherwise one summary problem is reported.
 */
function reportNoMatch(scope: Scope, keyword: string, value: unknown, failures: readonly SchemaProblem[][]): void {
  const depth = scope.path.length;
  const candidates = failures.filter((problems) => !rejectedAt(problems, depth, REJECTING_KEYWORDS));
  const preferred = candidates.filter((problems) => !rejectedAt(problems, depth + 1, CONST_ONLY));
  const pool = preferred.length > 0 ? preferred : candidates;
  const score = (problems: readonly SchemaProblem[]) => structuralCount(problems, depth) * 1e6 + problems.length;
  const lowest = Math.min(...pool.map(score));
  const best = pool.filter((problems) => score(problems) === lowest);
  if (best.length === 1) {
    scope.problems.push(...(best[0] as SchemaProblem[]));
    return;
  }
  // A value of the right type that is not in the one branch's enum (an unknown icon name beside
  // a binding object): that branch was meant, and its miss says which values are allowed.
  const enumMisses = failures.filter((problems) => rejectedAt(problems, depth, ENUM_ONLY) && !rejectedAt(problems, depth, TYPE_ONLY));
  if (enumMisses.length === 1) {
    scope.problems.push(...(enumMisses[0] as SchemaProblem[]));
    return;
  }
  const allByType = failures.every((problems) => problems.some((problem) => problem.path.length === depth && problem.keyword === 'type'));
  const describe = () => `${pyRepr(value)} is not valid under any of the given schemas`;
  report(scope, keyword, allByType ? 'type_mismatch' : 'invalid_value', describe);
}

interface Tagged {
  readonly property: string;
  readonly byTag: Map<string, Check>;
}

/**
 * Maps each value of the discriminator property to the one branch that requires it, from the
 * branch's `properties[name].const` (through `$ref` and `allOf`) or from `discriminator.mapping`.
 * Without a `discriminator`, a property that every branch fixes to a distinct string constant
 * (e.g. `call` in a union of functions) serves the same purpose: a value carrying one of those
 * constants can only match that branch, so checking it alone changes no result.
 */
function discriminatorBranches(
  schema: Readonly<Record<string, unknown>>,
  keyword: string,
  loc: SchemaLocation,
  ctx: CompileContext,
  branches: readonly Check[],
): Tagged | undefined {
  const constants = (schema[keyword] as unknown[]).map((branch, index) => constProperties(branch, at(loc, keyword, index), ctx, 0, new Map()));
  const discriminator = schema.discriminator;
  if (discriminator === undefined) return implicitDiscriminator(constants, branches);
  if (!isRecord(discriminator) || typeof discriminator.propertyName !== 'string') {
    throw keywordError('discriminator', loc, 'must be an object with a string propertyName');
  }
  const property = discriminator.propertyName;
  const byTag = new Map<string, Check>();
  const ambiguous = new Set<string>();
  constants.forEach((fixed, index) => {
    const tag = fixed.get(property);
    if (typeof tag !== 'string') return;
    if (byTag.has(tag)) ambiguous.add(tag);
    byTag.set(tag, branches[index] as Check);
  });
  for (const tag of ambiguous) byTag.delete(tag);
  if (isRecord(discriminator.mapping)) {
    for (const [tag, ref] of Object.entries(discriminator.mapping)) {
      if (typeof ref !== 'string') throw keywordError('discriminator', loc, 'mapping values must be strings');
      byTag.set(tag, ctx.compileAt(ctx.documents.resolve(ref, at(loc, 'discriminator', 'mapping', tag))));
    }
  }
  return { property, byTag };
}

function implicitDiscriminator(constants: readonly Map<string, unknown>[], branches: readonly Check[]): Tagged | undefined {
  if (constants.length < 2) return undefined;
  for (const property of (constants[0] as Map<string, unknown>).keys()) {
    const tags = constants.map((fixed) => fixed.get(property));
    if (!tags.every((tag) => typeof tag === 'string') || new Set(tags).size !== tags.length) continue;
    return { property, byTag: new Map(tags.map((tag, index) => [tag as string, branches[index] as Check])) };
  }
  return undefined;
}

const MAX_REF_DEPTH = 32;

/** The properties a schema fixes with `const` (through `$ref` and `allOf`), by name. */
function constProperties(schema: unknown, loc: SchemaLocation, ctx: CompileContext, depth: number, out: Map<string, unknown>): Map<string, unknown> {
  if (!isRecord(schema) || depth > MAX_REF_DEPTH) return out;
  if (isRecord(schema.properties)) {
    for (const [name, property] of Object.entries(schema.properties)) {
      if (isRecord(property) && 'const' in property && !out.has(name)) out.set(name, property.const);
    }
  }
  if (typeof schema.$ref === 'string') {
    const target = ctx.documents.resolve(schema.$ref, at(loc, '$ref'));
    constProperties(schemaAt(target.doc, target.pointer), target, ctx, depth + 1, out);
  }
  if (Array.isArray(schema.allOf)) {
    schema.allOf.forEach((member, index) => constProperties(member, at(loc, 'allOf', index), ctx, depth + 1, out));
  }
  return out;
}

function pickByTag(picked: Tagged | undefined, value: unknown): Check | undefined {
  if (picked === undefined || !isRecord(value)) return undefined;
  const tag = value[picked.property];
  return typeof tag === 'string' ? picked.byTag.get(tag) : undefined;
}

/**
 * `anyOf` and `oneOf`, with `discriminator`: when the value's discriminator property names a
 * branch, only that branch is checked (OpenAPI semantics), which also gives precise errors.
 */
export const alternativesKeywords: KeywordGroup = {
  keywords: ['anyOf', 'oneOf', 'discriminator'],
  compile(schema, loc, ctx) {
    const checks: Check[] = [];
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      if (!(keyword in schema)) continue;
      const branches = compileList(schema, keyword, loc, ctx);
      const picked = discriminatorBranches(schema, keyword, loc, ctx, branches);
      const exactlyOne = keyword === 'oneOf';
      checks.push((value, scope, evaluated) => {
        const chosen = pickByTag(picked, value);
        if (chosen !== undefined) return chosen(value, scope, evaluated);
        const failures: SchemaProblem[][] = [];
        const seen = evaluated === undefined ? undefined : new Set<string>();
        let passed = 0;
        for (const branch of branches) {
          const branchSeen = seen === undefined ? undefined : new Set<string>();
          const problems = probe(branch, value, scope, branchSeen);
          if (problems.length > 0) {
            failures.push(problems);
            continue;
          }
          passed++;
          branchSeen?.forEach((key) => seen?.add(key));
          if (!exactlyOne && seen === undefined) return;
        }
        if (passed === 0) return reportNoMatch(scope, keyword, value, failures);
        if (exactlyOne && passed > 1) {
          const describe = () => `${pyRepr(value)} is valid under each of ${passed} of the given schemas`;
          return report(scope, keyword, 'invalid_value', describe);
        }
        seen?.forEach((key) => evaluated?.add(key));
      });
    }
    return allChecks(checks);
  },
};

/** `not`. */
export const notKeyword: KeywordGroup = {
  keywords: ['not'],
  compile(schema, loc, ctx) {
    const negated = ctx.compile(schema.not, at(loc, 'not'));
    const shown = pyRepr(schema.not);
    return (value, scope) => {
      if (probe(negated, value, scope).length === 0) {
        report(scope, 'not', 'invalid_value', () => `${pyRepr(value)} should not be valid under ${shown}`);
      }
    };
  },
};

/** `if`, `then`, `else` (`then` and `else` without `if` do nothing, as the spec says). */
export const conditionalKeywords: KeywordGroup = {
  keywords: ['if', 'then', 'else'],
  compile(schema, loc, ctx) {
    if (!('if' in schema)) return acceptAll;
    const condition = ctx.compile(schema.if, at(loc, 'if'));
    const then = 'then' in schema ? ctx.compile(schema.then, at(loc, 'then')) : acceptAll;
    const otherwise = 'else' in schema ? ctx.compile(schema.else, at(loc, 'else')) : acceptAll;
    return (value, scope, evaluated) => {
      const seen = evaluated === undefined ? undefined : new Set<string>();
      if (probe(condition, value, scope, seen).length === 0) {
        seen?.forEach((key) => evaluated?.add(key));
        then(value, scope, evaluated);
      } else {
        otherwise(value, scope, evaluated);
      }
    };
  },
};
