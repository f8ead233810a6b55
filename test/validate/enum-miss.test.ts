import { describe, expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { closestFirst } from '../../src/catalog/json-schema/enum-miss.js';
import type { A2uiError } from '../../src/errors.js';
import { VERSION_SPECS } from '../../src/protocol/versions.js';
import { validateLoneComponent, validateMessages } from '../../src/validate/validate-messages.js';
import { problems } from '../catalog/json-schema-helpers.js';

const catalog = basicCatalog('0.9');

function iconError(name: string): A2uiError {
  const messages = [
    { version: 'v0.9', createSurface: { surfaceId: 'booking', catalogId: catalog.id } },
    {
      version: 'v0.9',
      updateComponents: {
        surfaceId: 'booking',
        components: [
          { id: 'root', component: 'Column', children: ['pin'] },
          { id: 'pin', component: 'Icon', name },
        ],
      },
    },
  ];
  try {
    validateMessages(messages, catalog);
  } catch (error) {
    return error as A2uiError;
  }
  throw new Error('expected a validation error');
}

describe('a value missing from an enum (issue #38: errors a user can act on)', () => {
  it('an unknown icon name is unknown_value, names surface, component, type and property, and suggests the camelCase name', () => {
    const error = iconError('calendar');
    expect(error.details).toHaveLength(1);
    const detail = error.details[0];
    expect(detail).toMatchObject({
      path: 'messages.1.updateComponents.components.1.name',
      code: 'unknown_value',
      surfaceId: 'booking',
      componentId: 'pin',
      componentType: 'Icon',
      property: 'name',
      expected: 'one of the allowed values',
    });
    expect(detail?.allowed?.[0]).toBe('calendarToday');
    expect(detail?.allowed).toHaveLength(59);
    const [first] = error.message.split('\n');
    expect(first).toMatch(
      /^Validation failed: Icon 'pin' \(surface 'booking'\), property 'name': 'calendar' is not one of the allowed values; did you mean 'calendarToday'\? Allowed: 'calendarToday', /,
    );
    // The list in the message is capped; the details hold it whole.
    expect(first).toContain('… (51 more) (at messages.1.updateComponents.components.1.name)');
  });

  it('no suggestion when nothing is close, still the allowed values and the code', () => {
    const error = iconError('restaurant');
    expect(error.details[0]?.code).toBe('unknown_value');
    expect(error.message).not.toContain('did you mean');
    expect(error.message).not.toContain('not valid under any of the given schemas');
    expect(error.message).toMatch(/'restaurant' is not one of the allowed values: '/);
  });

  it('a binding object in the icon name is still checked as a binding, not as an enum miss', () => {
    const messages = [{ version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'i', component: 'Icon', name: { path: 3 } }] } }];
    let error: A2uiError | undefined;
    try {
      validateMessages(messages, catalog, { allowMissingRoot: true, allowOrphans: true });
    } catch (caught) {
      error = caught as A2uiError;
    }
    expect(error?.details[0]?.code).not.toBe('unknown_value');
  });

  it('validateLoneComponent names the surface its place gives', () => {
    const spec = VERSION_SPECS['0.9'];
    const component = { id: 'pin', component: 'Icon', name: 'Home' };
    const place = { message: 2, key: spec.components, index: 4, surfaceId: 'booking' };
    let error: A2uiError | undefined;
    try {
      validateLoneComponent(component, catalog, spec, false, place);
    } catch (caught) {
      error = caught as A2uiError;
    }
    expect(error?.details[0]).toMatchObject({ surfaceId: 'booking', componentId: 'pin', code: 'unknown_value' });
    expect(error?.message).toContain("Icon 'pin' (surface 'booking'), property 'name': 'Home' is not one of the allowed values; did you mean 'home'?");
  });

  it('a JSON Schema union of an enum and a binding reports the enum miss, not a type mismatch', () => {
    const binding = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] };
    const schema = { anyOf: [{ type: 'string', enum: ['calendarToday', 'home'] }, binding] };
    expect(problems(schema, 'calendar')).toEqual([
      {
        path: '',
        code: 'unknown_value',
        message: "'calendar' is not one of the allowed values; did you mean 'calendarToday'? Allowed: 'calendarToday', 'home'",
      },
    ]);
  });

  it('ranks the allowed values: same but for case, then prefixes, then by edit distance', () => {
    expect(closestFirst('HOME', ['star', 'homework', 'hose', 'home'])).toEqual(['home', 'homework', 'hose', 'star']);
    expect(closestFirst(3, ['a', 'b'])).toEqual(['a', 'b']);
  });
});
