/**
 * Probe 17 finding 2: a binding whose data path has a segment web_core's `DataModel` refuses
 * (`__proto__`, `constructor`, `prototype`) makes the component throw as it renders. Validation
 * finds it in every binding (v0.9/v1.0 `{path}`, current v1.0 `{"@path"}`, templates, v0.8
 * `path`/`dataBinding`), so the streaming core leaves the component out like any invalid one.
 */
import { describe, expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import { A2uiStreamParser } from '../../src/stream/index.js';
import type { Part } from '../../src/types.js';
import { validateChange } from '../../src/validate/component-change.js';
import { validateComponent, validateMessages } from '../../src/validate/index.js';
import { forbiddenSegment } from '../../src/validate/binding-paths.js';

const v08 = basicCatalog('0.8');
const v09 = basicCatalog('0.9');
const v10 = basicCatalog('1.0');
const current = basicCatalog('1.0', { dialect: 'current' });

const problems = (details: readonly { path: string; code: string }[]) => details.map(({ path, code }) => `${path} ${code}`);

describe('forbiddenSegment', () => {
  it('finds a whole segment only', () => {
    expect(forbiddenSegment('/constructor/x')).toBe('constructor');
    expect(forbiddenSegment('/a/__proto__')).toBe('__proto__');
    expect(forbiddenSegment('prototype')).toBe('prototype');
    expect(forbiddenSegment('/constructors/prototyped/x__proto__')).toBeUndefined();
    expect(forbiddenSegment('/name')).toBeUndefined();
  });
});

describe('validateComponent: bindings to a path the data model refuses', () => {
  it('v0.9: a Text, an Image url, a template, a call argument, a Button context', () => {
    expect(problems(validateComponent(v09, { id: 'b', component: 'Text', text: { path: '/constructor/x' } }))).toEqual(['text.path invalid_value']);
    expect(problems(validateComponent(v09, { id: 'i', component: 'Image', url: { path: '/__proto__' } }))).toEqual(['url.path invalid_value']);
    const template = { id: 'l', component: 'List', children: { componentId: 't', path: '/items/prototype' } };
    expect(problems(validateComponent(v09, template))).toEqual(['children.path invalid_value']);
    const relative = { id: 't', component: 'Text', text: { path: 'constructor' } };
    expect(problems(validateComponent(v09, relative))).toEqual(['text.path invalid_value']);
    const call = { id: 'c', component: 'Text', text: { call: 'formatNumber', args: { value: { path: '/a/__proto__/b' } }, returnType: 'string' } };
    expect(problems(validateComponent(v09, call))).toContain('text.args.value.path invalid_value');
    const button = {
      id: 'go',
      component: 'Button',
      child: 'label',
      action: { event: { name: 'go', context: { who: { path: '/constructor' } } } },
    };
    expect(problems(validateComponent(v09, button))).toEqual(['action.event.context.who.path invalid_value']);
  });

  it('names the component and the property, with a message naming the segment', () => {
    const [item] = validateComponent(v09, { id: 'b', component: 'Text', text: { path: '/constructor/x' } });
    expect(item).toMatchObject({ componentId: 'b', componentType: 'Text', property: 'text' });
    expect(item?.message).toContain("'constructor'");
  });

  it('v1.0 (August and current dialects) and v0.8', () => {
    expect(problems(validateComponent(v10, { id: 'b', component: 'Text', text: { path: '/prototype' } }))).toEqual(['text.path invalid_value']);
    expect(problems(validateComponent(current, { id: 'b', component: 'Text', text: { '@path': '/prototype' } }))).toEqual(['text.@path invalid_value']);
    const bound = { id: 'b', component: { Text: { text: { path: '/constructor' } } } };
    expect(problems(validateComponent(v08, bound))).toEqual(['component.Text.text.path invalid_value']);
    const template = { id: 'l', component: { List: { children: { template: { componentId: 't', dataBinding: '/__proto__' } } } } };
    expect(problems(validateComponent(v08, template))).toEqual(['component.List.children.template.dataBinding invalid_value']);
  });

  it('leaves other paths and literal strings alone', () => {
    expect(validateComponent(v09, { id: 'b', component: 'Text', text: { path: '/constructors/x' } })).toEqual([]);
    expect(validateComponent(v09, { id: 'b', component: 'Text', text: '/constructor/x' })).toEqual([]);
  });

  it('validateChange: a changed property bound to such a path is invalid', () => {
    const before = { id: 'b', component: 'Text', text: { path: '/name' } };
    expect(validateChange(v09, before, { ...before, text: { path: '/constructor/x' } })).toBe(false);
    expect(validateChange(v09, before, { ...before, text: { path: '/other' } })).toBe(true);
  });

  it('validateMessages reports it', () => {
    const messages = [
      { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: v09.id } },
      { version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: { path: '/__proto__/x' } }] } },
    ];
    expect(() => validateMessages(messages, v09)).toThrow(/__proto__/);
  });
});

describe('the streaming core leaves such a component out', () => {
  const surface = (bad: Record<string, unknown>) =>
    'Hello.\n<a2ui-json>' +
    JSON.stringify([
      { version: 'v0.9', createSurface: { surfaceId: 'fp', catalogId: v09.id } },
      {
        version: 'v0.9',
        updateComponents: {
          surfaceId: 'fp',
          components: [{ id: 'root', component: 'Column', children: ['ok', 'bad'] }, { id: 'ok', component: 'Text', text: 'visible' }, bad],
        },
      },
    ]) +
    '</a2ui-json>\nAfter.';

  for (const chunk of [1, 7, Number.POSITIVE_INFINITY]) {
    it(`chunks of ${chunk}: no form of 'bad' binds the path, a typed validation error names it`, () => {
      const text = surface({ id: 'bad', component: 'Text', text: { path: '/constructor/x' } });
      const parser = new A2uiStreamParser(v09, { snapshots: 'delta' });
      const parts: Part[] = [];
      for (let i = 0; i < text.length; i += chunk) parts.push(...parser.push(text.slice(i, i + chunk)));
      parts.push(...parser.end());
      const sent = JSON.stringify(parts.filter((p) => p.type === 'a2ui'));
      expect(sent).not.toContain('/constructor');
      expect(sent).toContain('visible');
      const errors = parts.flatMap((p) => (p.type === 'error' ? [p.error] : []));
      expect(errors.some((e) => e.category === 'ValidationError' && JSON.stringify(e.details).includes('constructor'))).toBe(true);
    });
  }
});
