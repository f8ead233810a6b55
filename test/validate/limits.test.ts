import { describe, expect, it } from 'vitest';
import { checkMessageLimits, isValidPointer, validateMessages } from '../../src/validate/index.js';
import { catalogV08, catalogV09, msg, thrown } from './fixtures.js';

/** `{next: {next: … {level: n}}}` with `levels` objects. */
function nestedValue(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { level: levels };
  for (let i = levels - 1; i > 0; i--) value = { level: i, next: value };
  return value;
}

/** v0.9 `{call, args: {value: {call, …}}}` nested `depth` times. */
function calls09(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { call: 'required', args: { value: 'x' } };
  for (let i = 1; i < depth; i++) value = { call: 'required', args: { value } };
  return value;
}

/** v0.8 `{functionCall: {call, args: {functionCall: …}}}` nested `depth` times. */
function calls08(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { functionCall: { call: `f${depth - 1}`, args: {} } };
  for (let i = depth - 2; i >= 0; i--) value = { functionCall: { call: `f${i}`, args: value } };
  return value;
}

describe('JSON nesting depth', () => {
  const catalog = catalogV09();
  // message (1) → updateDataModel (2) → value (3) → …: value with n objects reaches depth n + 2.
  it('accepts depth 50 and rejects depth 51', () => {
    expect(() => validateMessages([msg('0.9', 'updateDataModel', { surfaceId: 's', value: nestedValue(48) })], catalog)).not.toThrow();
    const error = thrown(() => validateMessages([msg('0.9', 'updateDataModel', { surfaceId: 's', value: nestedValue(49) })], catalog));
    expect([error.category, error.message]).toEqual(['RecursionError', 'Global recursion limit exceeded: Depth > 50']);
  });

  it('counts arrays too, and never recurses without bound', () => {
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(thrown(() => checkMessageLimits({ x: deep }, 'messages.0')).category).toBe('RecursionError');
  });
});

describe('JSON Pointer syntax of binding paths', () => {
  it.each(['', '/', '/a/b', '/a~0b/~1c', 'relative/path', 'name', '/items/0'])('accepts %j', (path) => {
    expect(isValidPointer(path)).toBe(true);
  });

  it.each(['/invalid/escape/~2', '~', 'a~', '/a/~x'])('rejects %j', (path) => {
    expect(isValidPointer(path)).toBe(false);
  });

  it('reports invalid_pointer details in components and data-model messages', () => {
    const catalog = catalogV09();
    const error = thrown(() =>
      validateMessages(
        [
          msg('0.9', 'updateComponents', {
            surfaceId: 's',
            components: [{ id: 'root', component: 'Text', text: { path: '/bad/~2' } }],
          }),
          msg('0.9', 'updateDataModel', { surfaceId: 's', path: '/x~', value: 1 }),
        ],
        catalog,
      ),
    );
    expect(error.category).toBe('ValidationError');
    expect(error.details).toEqual([
      {
        path: 'messages.0.updateComponents.components.0.text.path',
        code: 'invalid_pointer',
        message: "Invalid path syntax: '/bad/~2'",
      },
      { path: 'messages.1.updateDataModel.path', code: 'invalid_pointer', message: "Invalid path syntax: '/x~'" },
    ]);
    expect(error.message).toContain("Invalid path syntax: '/bad/~2'");
  });

  it('does not treat data-model values as bindings', () => {
    expect(() => validateMessages([msg('0.9', 'updateDataModel', { surfaceId: 's', value: { file: { path: '~home' } } })], catalogV09())).not.toThrow();
  });

  it('checks v0.8 paths as well', () => {
    const error = thrown(() =>
      validateMessages([{ surfaceUpdate: { surfaceId: 's', components: [{ id: 'r', component: { Text: { text: { path: 'a/~3' } } } }] } }], catalogV08()),
    );
    expect(error.details.map((d) => d.code)).toEqual(['invalid_pointer']);
  });
});

describe('function-call nesting', () => {
  it('v0.9: five nested calls pass, six fail', () => {
    const catalog = catalogV09();
    const payload = (depth: number) => [
      msg('0.9', 'updateComponents', {
        surfaceId: 's',
        components: [{ id: 'root', component: 'Text', text: calls09(depth) }],
      }),
    ];
    expect(() => validateMessages(payload(5), catalog)).not.toThrow();
    const error = thrown(() => validateMessages(payload(6), catalog));
    expect([error.category, error.message]).toEqual(['RecursionError', 'Recursion limit exceeded: functionCall depth > 5']);
  });

  it('v0.8: five nested functionCall objects pass, six fail', () => {
    const catalog = catalogV08();
    const payload = (depth: number) => [
      {
        surfaceUpdate: {
          surfaceId: 's',
          components: [{ id: 'root', component: { Button: { label: 'b', action: calls08(depth) } } }],
        },
      },
    ];
    expect(() => validateMessages(payload(5), catalog)).not.toThrow();
    expect(thrown(() => validateMessages(payload(6), catalog)).message).toBe('Recursion limit exceeded: functionCall depth > 5');
  });

  it('a functionCall wrapper around a {call} object counts once, in either version', () => {
    const wrapped = (depth: number): Record<string, unknown> => {
      let value: Record<string, unknown> = { functionCall: { call: 'f', args: {} } };
      for (let i = 1; i < depth; i++) value = { functionCall: { call: 'f', args: { value } } };
      return value;
    };
    expect(() => checkMessageLimits({ action: wrapped(5) }, 'messages.0')).not.toThrow();
    expect(thrown(() => checkMessageLimits({ action: wrapped(6) }, 'messages.0')).category).toBe('RecursionError');
  });

  it('sibling calls do not add up', () => {
    const sibling = { call: 'required', args: { value: calls09(4) } };
    expect(() => checkMessageLimits({ checks: [sibling, sibling, { and: [calls09(5), calls09(5)] }] }, 'messages.0')).not.toThrow();
  });
});

describe('components checked alone (limitsChecked)', () => {
  const catalog = catalogV09();
  const text = (id: string, path: string) => ({ id, component: 'Text', text: { path } });
  const message = (components: unknown[]) => [msg('0.9', 'updateComponents', { surfaceId: 's', components })];

  it('skips only the components it names: their bad paths are not reported again, the others are', () => {
    const checked = text('a', 'bad~path');
    const fresh = text('b', 'also~bad');
    const details = (limitsChecked?: (component: unknown) => boolean) =>
      thrown(() => validateMessages(message([checked, fresh]), catalog, { allowMissingRoot: true, allowOrphans: true, limitsChecked })).details?.map(
        (detail) => detail.path,
      );
    expect(details()).toEqual(['messages.0.updateComponents.components.0.text.path', 'messages.0.updateComponents.components.1.text.path']);
    expect(details((component) => component === checked)).toEqual(['messages.0.updateComponents.components.1.text.path']);
  });

  it('is asked only about the components of a message body, not about other lists', () => {
    let deep: Record<string, unknown> = { x: 1 };
    for (let i = 0; i < 60; i++) deep = { deep };
    const asked: unknown[] = [];
    const checked = (value: unknown) => {
      asked.push(value);
      return true;
    };
    expect(thrown(() => checkMessageLimits({ updateDataModel: { surfaceId: 's', value: [deep] } }, 'messages.0', 1, checked)).category).toBe('RecursionError');
    const component = { id: 'x', text: { path: 'a~b' } };
    expect(checkMessageLimits({ updateComponents: { surfaceId: 's', components: [component] } }, 'messages.0', 1, checked)).toEqual([]);
    expect(asked).toEqual([component]);
  });
});
