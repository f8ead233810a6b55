import { allChecks, at, keywordError, report, type Check, type KeywordGroup } from './check.js';
import { isRecord } from './documents.js';
import { pyRepr } from './issues.js';
import { countOf } from './keywords-value.js';

type PatternCheck = readonly [pattern: RegExp, check: Check];

/** `properties`, `patternProperties` and `additionalProperties` (objects only). */
export const propertiesKeywords: KeywordGroup = {
  keywords: ['properties', 'patternProperties', 'additionalProperties'],
  compile(schema, loc, ctx) {
    const properties = new Map<string, Check>();
    if ('properties' in schema) {
      if (!isRecord(schema.properties)) throw keywordError('properties', loc, 'must be an object');
      for (const [name, sub] of Object.entries(schema.properties)) {
        properties.set(name, ctx.compile(sub, at(loc, 'properties', name)));
      }
    }
    const patterns: PatternCheck[] = [];
    if ('patternProperties' in schema) {
      if (!isRecord(schema.patternProperties)) throw keywordError('patternProperties', loc, 'must be an object');
      for (const [source, sub] of Object.entries(schema.patternProperties)) {
        let pattern: RegExp;
        try {
          pattern = new RegExp(source, 'u');
        } catch {
          throw keywordError('patternProperties', loc, `invalid regular expression ${JSON.stringify(source)}`);
        }
        patterns.push([pattern, ctx.compile(sub, at(loc, 'patternProperties', source))]);
      }
    }
    const additional = !('additionalProperties' in schema)
      ? undefined
      : schema.additionalProperties === false
        ? false
        : ctx.compile(schema.additionalProperties, at(loc, 'additionalProperties'));

    return (value, scope, evaluated) => {
      if (!isRecord(value)) return;
      for (const key of Object.keys(value)) {
        let matched = false;
        scope.path.push(key);
        const check = properties.get(key);
        if (check !== undefined) {
          matched = true;
          check(value[key], scope, undefined);
        }
        for (const [pattern, patternCheck] of patterns) {
          if (!pattern.test(key)) continue;
          matched = true;
          patternCheck(value[key], scope, undefined);
        }
        if (!matched && typeof additional === 'function') additional(value[key], scope, undefined);
        scope.path.pop();
        if (!matched && additional === false) {
          const describe = () => `Additional properties are not allowed (${pyRepr(key)} was unexpected)`;
          report(scope, 'additionalProperties', 'extra_field', describe, key);
        }
        if (evaluated !== undefined && (matched || additional !== undefined)) evaluated.add(key);
      }
    };
  },
};

/** `required`, `minProperties`, `maxProperties`, `propertyNames` (objects only). */
export const objectShapeKeywords: KeywordGroup = {
  keywords: ['required', 'minProperties', 'maxProperties', 'propertyNames'],
  compile(schema, loc, ctx) {
    const checks: Check[] = [];
    if ('required' in schema) {
      const names = schema.required;
      if (!Array.isArray(names) || !names.every((name) => typeof name === 'string')) {
        throw keywordError('required', loc, 'must be an array of strings');
      }
      checks.push((object, scope) => {
        for (const name of names as string[]) {
          if (!Object.hasOwn(object as object, name)) {
            report(scope, 'required', 'missing_field', () => `${pyRepr(name)} is a required property`, name);
          }
        }
      });
    }
    if ('minProperties' in schema) {
      const limit = countOf(schema, 'minProperties', loc);
      checks.push((object, scope) => {
        if (Object.keys(object as object).length < limit) {
          report(scope, 'minProperties', 'invalid_value', () => `${pyRepr(object)} does not have enough properties`);
        }
      });
    }
    if ('maxProperties' in schema) {
      const limit = countOf(schema, 'maxProperties', loc);
      checks.push((object, scope) => {
        if (Object.keys(object as object).length > limit) {
          report(scope, 'maxProperties', 'invalid_value', () => `${pyRepr(object)} has too many properties`);
        }
      });
    }
    if ('propertyNames' in schema) {
      const nameCheck = ctx.compile(schema.propertyNames, at(loc, 'propertyNames'));
      checks.push((object, scope) => {
        for (const key of Object.keys(object as object)) {
          scope.path.push(key);
          nameCheck(key, scope, undefined);
          scope.path.pop();
        }
      });
    }
    const check = allChecks(checks);
    return (value, scope, evaluated) => {
      if (isRecord(value)) check(value, scope, evaluated);
    };
  },
};
