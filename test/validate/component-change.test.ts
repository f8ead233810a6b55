import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import * as v from 'valibot';
import { basicCatalog, defineCatalog } from '../../src/catalog/index.js';
import type { Catalog } from '../../src/catalog/model.js';
import { validateComponent } from '../../src/validate/component.js';
import { validateChange } from '../../src/validate/component-change.js';
import { generateResponse, type GeneratedVersion } from '../support/generate-response.js';
import { catalogV09 } from './fixtures.js';

type Json = Record<string, unknown>;

/** The components of a generated response (all valid against the basic catalog). */
function generatedComponents(version: GeneratedVersion): Json[] {
  const key = version === '0.8' ? 'surfaceUpdate' : 'updateComponents';
  return generateResponse({ version, targetBytes: 20_000, seed: 3 }).messages.flatMap(
    (message) => (message[key] as { components?: Json[] } | undefined)?.components ?? [],
  );
}

/** Where a component's own properties sit: v0.8 under `component.<Type>`, v0.9+ the component. */
function propsOf(component: Json, nested: boolean): Json {
  if (!nested) return component;
  const wrapped = component.component as Json;
  return wrapped[Object.keys(wrapped)[0] as string] as Json;
}

/** `component` with its properties replaced (shares every other object, as the stream does). */
function withProps(component: Json, nested: boolean, props: Json): Json {
  if (!nested) return props;
  const wrapped = component.component as Json;
  return { ...component, component: { [Object.keys(wrapped)[0] as string]: props } };
}

const isValid = (catalog: Catalog, component: unknown) => validateComponent(catalog, component).length === 0;

describe.each(['0.8', '0.9', '1.0'] as const)('validateChange, basic catalog v%s', (version) => {
  const catalog = basicCatalog(version);
  const nested = version === '0.8';
  const components = generatedComponents(version);
  // Values seen on real components: each valid under some keys and invalid under others.
  const pool = components.flatMap((component) => Object.values(propsOf(component, nested)));

  test('agrees with validating the changed component whole', () => {
    expect(components.length).toBeGreaterThan(50);
    for (const component of components) expect(isValid(catalog, component)).toBe(true);
    let decided = 0;
    let rejected = 0;
    fc.assert(
      fc.property(
        fc.nat(components.length - 1),
        fc.constantFrom('replace', 'add', 'remove', 'id'),
        fc.nat(),
        fc.nat(pool.length - 1),
        fc.constantFrom('text', 'label', 'children', 'child', 'variant', 'unknownKey', 'action', 'value'),
        (index, change, keyIndex, valueIndex, newKey) => {
          const before = components[index] as Json;
          const props = propsOf(before, nested);
          const keys = Object.keys(props).filter((key) => key !== 'id' && key !== 'component');
          const key = change === 'add' || keys.length === 0 ? newKey : (keys[keyIndex % keys.length] as string);
          const changed: Json = { ...props };
          if (change === 'remove') delete changed[key];
          else if (change !== 'id') changed[key] = pool[valueIndex];
          let after = withProps(before, nested, changed);
          // Another component of the same type: a new id (placeholders are validated so).
          if (change === 'id') after = { ...after, id: pool[valueIndex] };
          const verdict = validateChange(catalog, before, after);
          if (verdict === undefined) return;
          decided++;
          if (!verdict) rejected++;
          expect(verdict).toBe(isValid(catalog, after));
        },
      ),
      { seed: 7, numRuns: 2000 },
    );
    // The shortcut must actually decide, both ways, for it to be worth anything.
    expect(decided).toBeGreaterThan(600);
    expect(rejected).toBeGreaterThan(100);
  });

  test('agrees with validating whole when the valid form is another component of the same type', () => {
    const typeOf = (component: Json) => (nested ? Object.keys(component.component as Json)[0] : component.component);
    let decided = 0;
    fc.assert(
      fc.property(fc.nat(components.length - 1), fc.nat(), fc.boolean(), fc.nat(), fc.nat(pool.length - 1), (i, j, mutate, keyIndex, valueIndex) => {
        const before = components[i] as Json;
        const peers = components.filter((component) => typeOf(component) === typeOf(before));
        let after = peers[j % peers.length] as Json;
        if (mutate) {
          const props = { ...propsOf(after, nested) };
          const keys = Object.keys(props).filter((key) => key !== 'id' && key !== 'component');
          if (keys.length > 0) props[keys[keyIndex % keys.length] as string] = pool[valueIndex];
          after = withProps(after, nested, props);
        }
        const verdict = validateChange(catalog, before, after);
        if (verdict === undefined) return;
        decided++;
        expect(verdict).toBe(isValid(catalog, after));
      }),
      { seed: 11, numRuns: 1000 },
    );
    expect(decided).toBeGreaterThan(500);
  });
});

describe('validateChange leaves to whole validation', () => {
  const catalog = basicCatalog('0.9');
  const text = { id: 't', component: 'Text', text: 'Hello' };

  test('an id that is not a string, a changed type, or a removed property with a default', () => {
    expect(validateChange(catalog, text, { ...text, id: 7 })).toBeUndefined();
    expect(validateChange(catalog, text, { id: 't', component: 'Divider' })).toBeUndefined();
    const withDefault = defineCatalog({
      id: 'defaults',
      version: '0.9',
      components: { Text: v.strictObject({ id: v.string(), component: v.literal('Text'), size: v.optional(v.number(), 3) }) },
    });
    expect(validateChange(withDefault, { id: 't', component: 'Text', size: 2 }, { id: 't', component: 'Text' })).toBeUndefined();
  });

  test('an unknown key on a strict schema, and schemas that are not plain object schemas', () => {
    expect(validateChange(catalog, text, { ...text, extra: 1 })).toBeUndefined();
    const piped = defineCatalog({
      id: 'piped',
      version: '0.9',
      components: {
        Text: v.pipe(
          v.object({ id: v.string(), component: v.literal('Text'), text: v.string(), alt: v.optional(v.string()) }),
          v.check((component) => component.alt !== component.text, 'alt repeats the text'),
        ),
      },
    });
    expect(validateChange(piped, text, { ...text, alt: 'Hello' })).toBeUndefined();
  });

  test("a function call's own call/args on the properties", () => {
    const withCalls = defineCatalog({
      id: 'calls',
      version: '0.9',
      components: { Text: v.looseObject({ id: v.string(), component: v.literal('Text') }) },
      functions: { formatString: v.strictObject({ value: v.string() }) },
    });
    const call = { id: 't', component: 'Text', call: 'formatString', args: { value: 'a' } };
    expect(validateChange(withCalls, call, { ...call, args: { value: 1 } })).toBeUndefined();
  });
});

describe('validateChange checks the changed properties', () => {
  test('a removed property: fine when optional, not when required', () => {
    const catalog = basicCatalog('0.9');
    const text = { id: 't', component: 'Text', text: 'Hello', variant: 'h1' };
    expect(validateChange(catalog, text, { id: 't', component: 'Text', text: 'Hello' })).toBe(true);
    expect(validateChange(catalog, text, { id: 't', component: 'Text', variant: 'h1' })).toBe(false);
  });

  test('a new id: another component of the same type, as placeholders are checked', () => {
    const strictIds = defineCatalog({
      id: 'ids',
      version: '0.9',
      components: { Row: v.strictObject({ id: v.pipe(v.string(), v.regex(/^[a-z_]+$/)), component: v.literal('Row'), children: v.array(v.string()) }) },
    });
    const row = { id: 'loading_a', component: 'Row', children: [] };
    expect(validateChange(strictIds, row, { ...row, id: 'loading_b' })).toBe(true);
    expect(validateChange(strictIds, row, { ...row, id: 'loading_B2' })).toBe(false);
  });

  test('function calls inside a changed property', () => {
    const catalog = catalogV09();
    const before = { id: 't', component: 'Text', text: 'Hi' };
    const good = { ...before, text: { call: 'formatString', args: { value: 'x' } } };
    const unknown = { ...before, text: { call: 'nope', args: {} } };
    const badArgs = { ...before, text: { call: 'formatString', args: { value: 2 } } };
    expect(validateChange(catalog, before, good)).toBe(true);
    expect(validateChange(catalog, before, unknown)).toBe(false);
    expect(validateChange(catalog, before, badArgs)).toBe(false);
    for (const after of [good, unknown, badArgs]) expect(isValid(catalog, after)).toBe(validateChange(catalog, before, after));
  });

  test('a limit on a text that grew', () => {
    const catalog = defineCatalog({
      id: 'short',
      version: '0.9',
      components: { Text: v.strictObject({ id: v.string(), component: v.literal('Text'), text: v.pipe(v.string(), v.maxLength(5)) }) },
    });
    const before = { id: 't', component: 'Text', text: 'Hel' };
    expect(validateChange(catalog, before, { ...before, text: 'Hello' })).toBe(true);
    expect(validateChange(catalog, before, { ...before, text: 'Hello, world' })).toBe(false);
  });
});
