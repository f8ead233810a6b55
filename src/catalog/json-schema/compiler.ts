import { acceptAll, allChecks, at, keywordError, report, type Check, type CompileContext, type KeywordGroup } from './check.js';
import { isRecord, schemaAt, type SchemaDocuments, type SchemaLocation } from './documents.js';
import { pyRepr } from './issues.js';
import { arrayShapeKeywords, itemsKeywords } from './keywords-array.js';
import { allOfKeyword, alternativesKeywords, conditionalKeywords, notKeyword, refKeyword } from './keywords-logic.js';
import { objectShapeKeywords, propertiesKeywords } from './keywords-object.js';
import { constEnumKeywords, numberKeywords, stringKeywords, typeKeyword } from './keywords-value.js';

const GROUPS: readonly KeywordGroup[] = [
  typeKeyword,
  constEnumKeywords,
  numberKeywords,
  stringKeywords,
  objectShapeKeywords,
  propertiesKeywords,
  itemsKeywords,
  arrayShapeKeywords,
  refKeyword,
  allOfKeyword,
  alternativesKeywords,
  notKeyword,
  conditionalKeywords,
];

/**
 * Keywords that never change whether a value is valid: annotations, definitions (compiled only
 * when referenced) and the A2UI catalog vocabulary's annotations (v1.0 `catalog_definition.json`: `returnType`,
 * `allowedCallers`, `requiresUserActivation`, `allowedParents`, `allowedChildren`, `metadata`).
 */
const ANNOTATIONS = new Set([
  '$schema',
  '$id',
  '$comment',
  '$defs',
  'definitions',
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'contentMediaType',
  'contentEncoding',
  'returnType',
  'allowedCallers',
  'requiresUserActivation',
  'allowedParents',
  'allowedChildren',
  'metadata',
]);

// Built on first use: a call at module level would keep the whole compiler in every bundle of
// the main entry, used or not.
let known: ReadonlySet<string> | undefined;

function isKnownKeyword(keyword: string): boolean {
  known ??= new Set([...GROUPS.flatMap((group) => group.keywords), ...ANNOTATIONS, 'unevaluatedProperties']);
  return known.has(keyword) || keyword.startsWith('x-');
}

const rejectAll: Check = (value, scope) => {
  report(scope, 'false', 'invalid_value', () => `False schema does not allow ${pyRepr(value)}`);
};

/**
 * Creates the compiler for one set of documents. Every schema reached is compiled once, when the
 * compiler first meets it; `$ref` cycles are closed through a cache entry filled afterwards.
 */
export function createCompiler(documents: SchemaDocuments): CompileContext {
  const cache = new Map<string, { check: Check | undefined }>();
  const context: CompileContext = {
    documents,
    compile: (schema, loc) => compileSchema(schema, loc, context),
    compileAt(loc) {
      const key = `${loc.doc.name}#${loc.pointer}`;
      const cached = cache.get(key);
      if (cached !== undefined) {
        return cached.check ?? ((value, scope, evaluated) => (cached.check as Check)(value, scope, evaluated));
      }
      const entry: { check: Check | undefined } = { check: undefined };
      cache.set(key, entry);
      try {
        entry.check = compileSchema(schemaAt(loc.doc, loc.pointer), loc, context);
      } catch (error) {
        cache.delete(key);
        throw error;
      }
      return entry.check;
    },
  };
  return context;
}

function compileSchema(schema: unknown, loc: SchemaLocation, ctx: CompileContext): Check {
  if (schema === true) return acceptAll;
  if (schema === false) return rejectAll;
  if (!isRecord(schema)) throw keywordError('(schema)', loc, 'a schema must be an object or a boolean');
  for (const keyword of Object.keys(schema)) {
    if (!isKnownKeyword(keyword)) throw keywordError(keyword, at(loc, keyword), 'not supported');
  }
  const checks = GROUPS.filter((group) => group.keywords.some((keyword) => keyword in schema)).map((group) => group.compile(schema, loc, ctx));
  const inner = allChecks(checks.filter((check) => check !== acceptAll));
  if (!('unevaluatedProperties' in schema)) return inner;
  return withUnevaluated(inner, schema.unevaluatedProperties, loc, ctx);
}

/** `unevaluatedProperties`: the properties none of the other keywords evaluated. */
function withUnevaluated(inner: Check, rule: unknown, loc: SchemaLocation, ctx: CompileContext): Check {
  const rest = rule === false ? undefined : ctx.compile(rule, at(loc, 'unevaluatedProperties'));
  return (value, scope, evaluated) => {
    if (!isRecord(value)) return inner(value, scope, evaluated);
    const seen = new Set<string>();
    inner(value, scope, seen);
    for (const key of Object.keys(value)) {
      if (seen.has(key)) continue;
      if (rest === undefined) {
        const describe = () => `Unevaluated properties are not allowed (${pyRepr(key)} was unexpected)`;
        report(scope, 'unevaluatedProperties', 'extra_field', describe, key);
      } else {
        scope.path.push(key);
        rest(value[key], scope, undefined);
        scope.path.pop();
      }
    }
    if (evaluated !== undefined) for (const key of Object.keys(value)) evaluated.add(key);
  };
}
