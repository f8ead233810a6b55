import { allChecks, jsonEqual, keywordError, report, type Check, type KeywordGroup } from './check.js';
import type { SchemaLocation } from './documents.js';
import { FORMAT_CHECKS } from './formats.js';
import { closestFirst, enumMissMessage } from './enum-miss.js';
import { jsonTypeOf, pyRepr } from './issues.js';

const TYPE_NAMES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

function hasType(value: unknown, type: string): boolean {
  if (type === 'integer') return typeof value === 'number' && Number.isInteger(value);
  return jsonTypeOf(value) === type;
}

/** `type`: a name or a list of names. */
export const typeKeyword: KeywordGroup = {
  keywords: ['type'],
  compile(schema, loc) {
    const raw = schema.type;
    const types = Array.isArray(raw) ? raw : [raw];
    if (types.length === 0 || !types.every((type) => typeof type === 'string' && TYPE_NAMES.has(type))) {
      throw keywordError('type', loc, `unknown type ${JSON.stringify(raw)}`);
    }
    const names = types as string[];
    const listed = names.map((name) => `'${name}'`).join(', ');
    return (value, scope) => {
      if (!names.some((type) => hasType(value, type))) {
        report(scope, 'type', 'type_mismatch', () => `${pyRepr(value)} is not of type ${listed}`);
      }
    };
  },
};

/** `const` and `enum`. */
export const constEnumKeywords: KeywordGroup = {
  keywords: ['const', 'enum'],
  compile(schema, loc) {
    const checks: Check[] = [];
    if ('const' in schema) {
      const expected = schema.const;
      checks.push((value, scope) => {
        if (!jsonEqual(value, expected)) report(scope, 'const', 'invalid_value', () => `${pyRepr(expected)} was expected`);
      });
    }
    if ('enum' in schema) {
      const options = schema.enum;
      if (!Array.isArray(options)) throw keywordError('enum', loc, 'must be an array');
      checks.push((value, scope) => {
        if (!options.some((option) => jsonEqual(value, option))) {
          const ranked = () => closestFirst(value, options);
          report(scope, 'enum', 'unknown_value', () => enumMissMessage(value, ranked()), undefined, ranked);
        }
      });
    }
    return allChecks(checks);
  },
};

function numberOf(schema: Readonly<Record<string, unknown>>, keyword: string, loc: SchemaLocation): number {
  const limit = schema[keyword];
  if (typeof limit !== 'number') throw keywordError(keyword, loc, 'must be a number');
  return limit;
}

/** The non-negative integer value of a count keyword such as `minItems`. */
export function countOf(schema: Readonly<Record<string, unknown>>, keyword: string, loc: SchemaLocation): number {
  const limit = numberOf(schema, keyword, loc);
  if (!Number.isInteger(limit) || limit < 0) throw keywordError(keyword, loc, 'must be a non-negative integer');
  return limit;
}

type NumberRule = [keyword: string, fails: (value: number, limit: number) => boolean, words: string];

const NUMBER_RULES: readonly NumberRule[] = [
  ['minimum', (value, limit) => value < limit, 'is less than the minimum of'],
  ['maximum', (value, limit) => value > limit, 'is greater than the maximum of'],
  ['exclusiveMinimum', (value, limit) => value <= limit, 'is less than or equal to the minimum of'],
  ['exclusiveMaximum', (value, limit) => value >= limit, 'is greater than or equal to the maximum of'],
  ['multipleOf', (value, limit) => !Number.isInteger(value / limit), 'is not a multiple of'],
];

/** `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf` (numbers only). */
export const numberKeywords: KeywordGroup = {
  // Marked pure: a bundle that compiles no JSON Schema (the parse path) leaves the group out.
  keywords: /* @__PURE__ */ NUMBER_RULES.map(([keyword]) => keyword),
  compile(schema, loc) {
    const rules = NUMBER_RULES.filter(([keyword]) => keyword in schema).map(
      ([keyword, fails, words]) => [keyword, fails, words, numberOf(schema, keyword, loc)] as const,
    );
    return (value, scope) => {
      if (typeof value !== 'number') return;
      for (const [keyword, fails, words, limit] of rules) {
        if (fails(value, limit)) report(scope, keyword, 'invalid_value', () => `${value} ${words} ${limit}`);
      }
    };
  },
};

function compilePattern(source: unknown, loc: SchemaLocation): RegExp {
  if (typeof source !== 'string') throw keywordError('pattern', loc, 'must be a string');
  try {
    return new RegExp(source, 'u');
  } catch {
    throw keywordError('pattern', loc, `invalid regular expression ${JSON.stringify(source)}`);
  }
}

/** `minLength`, `maxLength`, `pattern`, `format` (strings only). */
export const stringKeywords: KeywordGroup = {
  keywords: ['minLength', 'maxLength', 'pattern', 'format'],
  compile(schema, loc) {
    const checks: Check[] = [];
    if ('minLength' in schema) {
      const limit = countOf(schema, 'minLength', loc);
      checks.push((text, scope) => {
        if ([...(text as string)].length < limit) {
          report(scope, 'minLength', 'invalid_value', () => `${pyRepr(text)} is too short`);
        }
      });
    }
    if ('maxLength' in schema) {
      const limit = countOf(schema, 'maxLength', loc);
      checks.push((text, scope) => {
        if ([...(text as string)].length > limit) {
          report(scope, 'maxLength', 'invalid_value', () => `${pyRepr(text)} is too long`);
        }
      });
    }
    if ('pattern' in schema) {
      const pattern = compilePattern(schema.pattern, loc);
      const source = pyRepr(schema.pattern);
      checks.push((text, scope) => {
        if (!pattern.test(text as string)) {
          report(scope, 'pattern', 'invalid_value', () => `${pyRepr(text)} does not match ${source}`);
        }
      });
    }
    if ('format' in schema) {
      const format = schema.format;
      const isValid = typeof format === 'string' ? FORMAT_CHECKS[format] : undefined;
      if (isValid === undefined) throw keywordError('format', loc, `unsupported format ${JSON.stringify(format)}`);
      checks.push((text, scope) => {
        if (!isValid(text as string)) report(scope, 'format', 'invalid_value', () => `${pyRepr(text)} is not a '${format}'`);
      });
    }
    const check = allChecks(checks);
    return (value, scope, evaluated) => {
      if (typeof value === 'string') check(value, scope, evaluated);
    };
  },
};
