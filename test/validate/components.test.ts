import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { defineCatalog } from '../../src/catalog/catalog.js';
import { componentTypeOf, validateComponent, validateMessages } from '../../src/validate/index.js';
import { catalogV08, catalogV09, msg, thrown } from './fixtures.js';

const v08 = catalogV08();
const v09 = catalogV09();

/** The fields a component's problem carries besides path, code and message. */
const about = (componentId: string, componentType: string, property: string) => ({ componentId, componentType, property });

const codes = (details: readonly { path: string; code: string }[]) => details.map(({ path, code }) => ({ path, code }));

describe('validateComponent v0.9+ (flat)', () => {
  it('accepts a valid component', () => {
    expect(validateComponent(v09, { id: 't', component: 'Text', text: { path: '/name' } })).toEqual([]);
  });

  it('rejects an unknown type', () => {
    expect(validateComponent(v09, { id: 't', component: 'Chart' })).toEqual([
      { path: 'component', code: 'invalid_value', message: 'Unknown component type: Chart' },
    ]);
  });

  it('reports missing, mistyped and extra properties', () => {
    expect(codes(validateComponent(v09, { id: 'c', component: 'Card' }))).toEqual([{ path: 'child', code: 'missing_field' }]);
    const wrong = validateComponent(v09, { id: 'c', component: 'Card', child: 5 });
    expect(wrong).toEqual([{ path: 'child', code: 'type_mismatch', message: "5 is not of type 'string'", ...about('c', 'Card', 'child') }]);
    expect(codes(validateComponent(v09, { id: 'c', component: 'Card', child: 'x', colour: 'red' }))).toEqual([{ path: 'colour', code: 'extra_field' }]);
    const union = validateComponent(v09, { id: 't', component: 'Text', text: 42 });
    expect(union).toEqual([{ path: 'text', code: 'type_mismatch', message: '42 is not valid under any of the given schemas', ...about('t', 'Text', 'text') }]);
  });

  it('checks the wrapper: id and component are required strings', () => {
    expect(codes(validateComponent(v09, { component: 'Text', text: 'a' }))).toEqual([{ path: 'id', code: 'missing_field' }]);
    expect(codes(validateComponent(v09, { id: 1, component: ['Text'] }, 'c.0'))).toEqual([
      { path: 'c.0.id', code: 'type_mismatch' },
      { path: 'c.0.component', code: 'type_mismatch' },
    ]);
    expect(codes(validateComponent(v09, 'Text', 'c.0'))).toEqual([{ path: 'c.0', code: 'type_mismatch' }]);
  });

  it('accepts id and component even when the type schema does not list them', () => {
    const propsOnly = defineCatalog({
      id: 'props-only',
      version: '0.9',
      components: { Badge: v.strictObject({ label: v.string() }) },
    });
    expect(validateComponent(propsOnly, { id: 'b', component: 'Badge', label: 'x' })).toEqual([]);
    expect(codes(validateComponent(propsOnly, { id: 'b', component: 'Badge', label: 'x', tone: 1 }))).toEqual([{ path: 'tone', code: 'extra_field' }]);
    const typeListed = defineCatalog({
      id: 'type-listed',
      version: '0.9',
      components: { Badge: v.strictObject({ component: v.literal('Badge'), label: v.string() }) },
    });
    expect(validateComponent(typeListed, { id: 'b', component: 'Badge', label: 'x' })).toEqual([]);
  });

  it('words valibot issues like JSON Schema validators', () => {
    const catalog = defineCatalog({
      id: 'wording',
      version: '0.9',
      components: {
        Meter: v.strictObject({
          count: v.pipe(v.number(), v.integer()),
          tone: v.picklist(['info', 'warn']),
          kind: v.literal('bar'),
          items: v.array(v.string()),
        }),
      },
    });
    const details = validateComponent(catalog, { id: 'm', component: 'Meter', count: 1.5, tone: 'x', kind: 'pie', items: 'a' });
    expect(details).toEqual([
      { path: 'count', code: 'type_mismatch', message: "1.5 is not of type 'integer'", ...about('m', 'Meter', 'count') },
      // An enum miss says what happened and what is allowed (issue #38).
      {
        path: 'tone',
        code: 'unknown_value',
        message: "'x' is not one of the allowed values: 'info', 'warn'",
        expected: 'one of the allowed values',
        allowed: ['info', 'warn'],
        ...about('m', 'Meter', 'tone'),
      },
      { path: 'kind', code: 'invalid_value', message: "'bar' was expected", ...about('m', 'Meter', 'kind') },
      { path: 'items', code: 'type_mismatch', message: "'a' is not of type 'array'", ...about('m', 'Meter', 'items') },
    ]);
  });

  it('checks function calls against the catalog functions', () => {
    const call = (text: unknown) => validateComponent(v09, { id: 't', component: 'Text', text });
    expect(call({ call: 'formatString', args: { value: 'Hi ${/name}' } })).toEqual([]);
    expect(call({ call: 'shout', args: {} })).toEqual([
      { path: 'text.call', code: 'invalid_value', message: 'Unknown function: shout', ...about('t', 'Text', 'text') },
    ]);
    const bad = call({ call: 'formatString', args: { value: 3 } });
    expect(bad).toEqual([
      {
        path: 'text.args.value',
        code: 'type_mismatch',
        message: "Invalid function call 'formatString': 3 is not of type 'string'",
        ...about('t', 'Text', 'text'),
      },
    ]);
    expect(call({ call: '@index', args: {} })).toEqual([]);
  });

  it('finds nested function calls anywhere in the component', () => {
    const details = validateComponent(v09, {
      id: 'b',
      component: 'Button',
      child: 'l',
      action: { event: { name: 'go' } },
      checks: [{ condition: { call: 'required', args: { value: { call: 'nope' } } } }],
    });
    expect(codes(details)).toEqual([{ path: 'checks.0.condition.args.value.call', code: 'invalid_value' }]);
  });
});

describe('validateComponent v0.8 (nested)', () => {
  it('accepts a valid component and finds its type', () => {
    const component = { id: 'c', weight: 1, component: { Card: { child: 'x' } } };
    expect(validateComponent(v08, component)).toEqual([]);
    expect(componentTypeOf(v08, component)?.name).toBe('Card');
  });

  it('rejects unknown types (in both wordings) and malformed wrappers', () => {
    expect(validateComponent(v08, { id: 'c', component: { Chart: {} } })).toEqual([
      {
        path: 'component',
        code: 'invalid_value',
        message: "Unknown component type: Chart; Additional properties are not allowed ('Chart' was unexpected)",
      },
    ]);
    expect(codes(validateComponent(v08, { id: 'c', component: { Card: { child: 'x' }, Text: {} } }))).toEqual([{ path: 'component', code: 'invalid_value' }]);
    expect(codes(validateComponent(v08, { id: 'c', size: 2, component: { Card: { child: 'x' } } }))).toEqual([{ path: 'size', code: 'extra_field' }]);
    expect(codes(validateComponent(v08, { component: { Card: { child: 'x' } } }))).toEqual([{ path: 'id', code: 'missing_field' }]);
    expect(codes(validateComponent(v08, { id: 'c', component: { Card: 'x' } }))).toEqual([{ path: 'component.Card', code: 'type_mismatch' }]);
  });

  it('reports property problems under component.<Type>', () => {
    expect(validateComponent(v08, { id: 'c', component: { Card: { child: 123 } } }, 'm')).toEqual([
      { path: 'm.component.Card.child', code: 'type_mismatch', message: "123 is not of type 'string'", ...about('c', 'Card', 'child') },
    ]);
    expect(codes(validateComponent(v08, { id: 'c', component: { Button: { label: 'x' } } }))).toEqual([
      { path: 'component.Button.action', code: 'missing_field' },
    ]);
  });
});

describe('components inside validateMessages', () => {
  it('addresses component problems by message and index', () => {
    const error = thrown(() =>
      validateMessages(
        [
          msg('0.9', 'updateComponents', {
            surfaceId: 's',
            components: [
              { id: 'root', component: 'Card', child: 'x' },
              { id: 'x', component: 'Text', text: 123 },
            ],
          }),
        ],
        v09,
      ),
    );
    expect(error.category).toBe('ValidationError');
    expect(codes(error.details)).toEqual([{ path: 'messages.0.updateComponents.components.1.text', code: 'type_mismatch' }]);
    expect(error.message).toContain('123 is not valid under any of the given schemas');
  });

  it('a surface uses the catalog its start message names, else the first', () => {
    const other = catalogV09('0.9', 'other');
    const onlyCards = { ...other, components: new Map([['Card', other.components.get('Card')!]]) };
    const payload = (catalogId: string) => [
      msg('0.9', 'createSurface', { surfaceId: 's', catalogId }),
      msg('0.9', 'updateComponents', {
        surfaceId: 's',
        components: [
          { id: 'root', component: 'Card', child: 't' },
          { id: 't', component: 'Text', text: 'hi' },
        ],
      }),
    ];
    expect(() => validateMessages(payload('test-v09'), [onlyCards, v09])).not.toThrow();
    expect(thrown(() => validateMessages(payload('other'), [onlyCards, v09])).message).toContain('Unknown component type: Text');
    expect(thrown(() => validateMessages(payload('unknown-id'), [onlyCards, v09])).message).toContain('Unknown component type: Text');
    expect(() => validateMessages(payload('unknown-id'), [v09, onlyCards])).not.toThrow();
  });

  it('rejects invalid catalog lists with a CatalogError', () => {
    expect(thrown(() => validateMessages([], [])).category).toBe('CatalogError');
    expect(thrown(() => validateMessages([], [v08, v09])).category).toBe('CatalogError');
  });
});
