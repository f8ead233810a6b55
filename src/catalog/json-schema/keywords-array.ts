import { acceptAll, allChecks, at, jsonEqual, keywordError, probe, report, type Check, type KeywordGroup } from './check.js';
import { pyRepr } from './issues.js';
import { countOf } from './keywords-value.js';

/** `prefixItems` and `items` (a schema; a Draft-07 array of schemas acts as `prefixItems`). */
export const itemsKeywords: KeywordGroup = {
  keywords: ['prefixItems', 'items'],
  compile(schema, loc, ctx) {
    let prefix: Check[] = [];
    if ('prefixItems' in schema) {
      if (!Array.isArray(schema.prefixItems)) throw keywordError('prefixItems', loc, 'must be an array');
      prefix = schema.prefixItems.map((sub, index) => ctx.compile(sub, at(loc, 'prefixItems', index)));
    }
    let rest: Check | undefined;
    if (Array.isArray(schema.items)) {
      if ('prefixItems' in schema) throw keywordError('items', loc, 'an array of schemas cannot follow prefixItems');
      prefix = schema.items.map((sub, index) => ctx.compile(sub, at(loc, 'items', index)));
    } else if ('items' in schema) {
      rest = ctx.compile(schema.items, at(loc, 'items'));
    }
    return (value, scope) => {
      if (!Array.isArray(value)) return;
      for (let index = 0; index < value.length; index++) {
        const check = index < prefix.length ? prefix[index] : rest;
        if (check === undefined || check === acceptAll) continue;
        scope.path.push(index);
        check(value[index], scope, undefined);
        scope.path.pop();
      }
    };
  },
};

/** `minItems`, `maxItems`, `uniqueItems`, `contains` (arrays only). */
export const arrayShapeKeywords: KeywordGroup = {
  keywords: ['minItems', 'maxItems', 'uniqueItems', 'contains'],
  compile(schema, loc, ctx) {
    const checks: Check[] = [];
    if ('minItems' in schema) {
      const limit = countOf(schema, 'minItems', loc);
      checks.push((list, scope) => {
        if ((list as unknown[]).length < limit) {
          const words = limit === 1 ? 'should be non-empty' : 'is too short';
          report(scope, 'minItems', 'invalid_value', () => `${pyRepr(list)} ${words}`);
        }
      });
    }
    if ('maxItems' in schema) {
      const limit = countOf(schema, 'maxItems', loc);
      checks.push((list, scope) => {
        if ((list as unknown[]).length > limit) report(scope, 'maxItems', 'invalid_value', () => `${pyRepr(list)} is too long`);
      });
    }
    if (schema.uniqueItems === true) {
      checks.push((list, scope) => {
        const items = list as unknown[];
        const repeated = items.some((item, index) => items.slice(index + 1).some((other) => jsonEqual(item, other)));
        if (repeated) report(scope, 'uniqueItems', 'invalid_value', () => `${pyRepr(list)} has non-unique elements`);
      });
    } else if ('uniqueItems' in schema && schema.uniqueItems !== false) {
      throw keywordError('uniqueItems', loc, 'must be a boolean');
    }
    if ('contains' in schema) {
      const contained = ctx.compile(schema.contains, at(loc, 'contains'));
      checks.push((list, scope) => {
        if (!(list as unknown[]).some((item) => probe(contained, item, scope).length === 0)) {
          report(scope, 'contains', 'invalid_value', () => `${pyRepr(list)} does not contain items matching the given schema`);
        }
      });
    }
    const check = allChecks(checks);
    return (value, scope, evaluated) => {
      if (Array.isArray(value)) check(value, scope, evaluated);
    };
  },
};
