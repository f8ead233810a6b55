import { expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { VERSION_SPECS } from '../../src/protocol/versions.js';
import { validateLoneComponent, validateMessages } from '../../src/validate/validate-messages.js';

const catalog = basicCatalog('1.0');
const spec = VERSION_SPECS['1.0'];

/** What each check throws (or `undefined`), as class name, message and details. */
function outcome(check: () => void): unknown {
  try {
    check();
    return undefined;
  } catch (error) {
    const e = error as Error & { details?: unknown };
    return { name: e.constructor.name, message: e.message, details: e.details };
  }
}

const deep = (n: number): unknown => (n === 0 ? 'x' : { nested: deep(n - 1) });

it.each([
  ['valid', { id: 'a', component: 'Text', text: 'hi' }],
  ['missing prop', { id: 'a', component: 'Text' }],
  ['wrong type', { id: 'a', component: 'Text', text: 3 }],
  ['unknown component', { id: 'a', component: 'Nope' }],
  ['bad pointer', { id: 'a', component: 'Text', text: { path: 'a~2' } }],
  ['self-reference', { id: 'a', component: 'Column', children: ['a'] }],
  ['dangling reference', { id: 'a', component: 'Column', children: ['b'] }],
  ['too deep', { id: 'a', component: 'Text', text: 'x', extra: deep(50) }],
])('checks a lone component as validateMessages checks it in a message: %s', (name, component) => {
  const inMessage = () =>
    validateMessages({ version: 'v1.0', updateComponents: { surfaceId: '_', components: [component] } }, catalog, {
      allowOrphans: true,
      allowDangling: true,
      allowMissingRoot: true,
    });
  const place = { message: 0, key: spec.components, index: 0, surfaceId: '_' };
  const lone = outcome(() => validateLoneComponent(component, catalog, spec, false, place));
  expect(lone).toEqual(outcome(inMessage));
  if (name === 'valid' || name === 'dangling reference') expect(lone).toBeUndefined();
  else expect(lone).toBeDefined();
});
