import { describe, expect, it } from 'vitest';
import { validateMessages } from '../../src/validate/index.js';
import { catalogV08, catalogV09, msg, thrown } from './fixtures.js';

const v08 = catalogV08();
const v09 = catalogV09();

function detailsOf(run: () => unknown) {
  const error = thrown(run);
  expect(error.category).toBe('ValidationError');
  return error.details.map(({ path, code }) => ({ path, code }));
}

describe('envelope v0.9', () => {
  it('accepts a valid createSurface with a theme', () => {
    expect(() => validateMessages([msg('0.9', 'createSurface', { surfaceId: 's', catalogId: 'c', theme: { primaryColor: 'blue' } })], v09)).not.toThrow();
  });

  it('requires the version field', () => {
    const error = thrown(() => validateMessages([{ createSurface: { surfaceId: 's', catalogId: 'c' } }], v09));
    expect(error.details).toEqual([{ path: 'messages.0.version', code: 'missing_field', message: "'version' is a required property" }]);
    expect(error.message).toBe("Validation failed: messages.0.version: 'version' is a required property");
  });

  it('rejects the wrong version string', () => {
    const error = thrown(() => validateMessages([{ version: 'v0.8', createSurface: { surfaceId: 's', catalogId: 'c' } }], v09));
    expect(error.details).toEqual([{ path: 'messages.0.version', code: 'invalid_value', message: "'v0.9' was expected" }]);
  });

  it('reports field types, missing and extra fields with their paths', () => {
    expect(detailsOf(() => validateMessages(msg('0.9', 'createSurface', { surfaceId: 123, catalogId: 'c' }), v09))).toEqual([
      { path: 'messages.0.createSurface.surfaceId', code: 'type_mismatch' },
    ]);
    expect(detailsOf(() => validateMessages([msg('0.9', 'createSurface', { surfaceId: '1' })], v09))).toEqual([
      { path: 'messages.0.createSurface.catalogId', code: 'missing_field' },
    ]);
    expect(detailsOf(() => validateMessages([msg('0.9', 'deleteSurface', { surfaceId: '1', extra: true })], v09))).toEqual([
      { path: 'messages.0.deleteSurface.extra', code: 'extra_field' },
    ]);
    expect(detailsOf(() => validateMessages([msg('0.9', 'updateDataModel', { surfaceId: '1', path: 7 })], v09))).toEqual([
      { path: 'messages.0.updateDataModel.path', code: 'type_mismatch' },
    ]);
  });

  it('collects the problems of every message', () => {
    const details = detailsOf(() =>
      validateMessages([msg('0.9', 'deleteSurface', {}), msg('0.9', 'updateComponents', { surfaceId: 's', components: 'x' })], v09),
    );
    expect(details).toEqual([
      { path: 'messages.0.deleteSurface.surfaceId', code: 'missing_field' },
      { path: 'messages.1.updateComponents.components', code: 'type_mismatch' },
    ]);
  });

  it('rejects unknown message types, several message keys and non-objects', () => {
    expect(detailsOf(() => validateMessages([{ version: 'v0.9', showToast: {} }], v09))).toEqual([
      { path: 'messages.0.showToast', code: 'extra_field' },
      { path: 'messages.0', code: 'missing_field' },
    ]);
    expect(detailsOf(() => validateMessages([{ version: 'v0.9', deleteSurface: { surfaceId: 'a' }, createSurface: {} }], v09))).toEqual([
      { path: 'messages.0', code: 'invalid_value' },
    ]);
    const error = thrown(() => validateMessages(['text'], v09));
    expect(error.message).toContain('Message must be an object');
  });

  it('rejects an empty components list and a body that is not an object', () => {
    expect(detailsOf(() => validateMessages([msg('0.9', 'updateComponents', { surfaceId: 's', components: [] })], v09))).toEqual([
      { path: 'messages.0.updateComponents.components', code: 'invalid_value' },
    ]);
    expect(detailsOf(() => validateMessages([msg('0.9', 'deleteSurface', 'gone')], v09))).toEqual([
      { path: 'messages.0.deleteSurface', code: 'type_mismatch' },
    ]);
  });

  it('validates the theme against the catalog theme', () => {
    expect(detailsOf(() => validateMessages([msg('0.9', 'createSurface', { surfaceId: 's', catalogId: 'c', theme: { font: 'x' } })], v09))).toEqual([
      { path: 'messages.0.createSurface.theme.font', code: 'extra_field' },
    ]);
    expect(detailsOf(() => validateMessages([msg('0.9', 'createSurface', { surfaceId: 's', catalogId: 'c', theme: 'dark' })], v09))).toEqual([
      { path: 'messages.0.createSurface.theme', code: 'type_mismatch' },
    ]);
  });
});

describe('envelope v0.9.1 and v1.0', () => {
  it('v0.9.1 accepts both v0.9 and v0.9.1, nothing else', () => {
    const catalog = catalogV09('0.9.1');
    for (const version of ['v0.9', 'v0.9.1']) {
      expect(() => validateMessages([{ version, deleteSurface: { surfaceId: 's' } }], catalog)).not.toThrow();
    }
    const error = thrown(() => validateMessages([{ version: 'v1.0', deleteSurface: { surfaceId: 's' } }], catalog));
    expect(error.details[0]).toEqual({
      path: 'messages.0.version',
      code: 'invalid_value',
      message: "'v1.0' is not one of ['v0.9', 'v0.9.1']",
    });
  });

  it('v1.0: catalogId optional, components in createSurface, value required in updateDataModel', () => {
    const catalog = catalogV09('1.0');
    expect(() =>
      validateMessages(
        [
          msg('1.0', 'createSurface', {
            surfaceId: 's',
            components: [{ id: 'root', component: 'Text', text: 'hi' }],
          }),
        ],
        catalog,
      ),
    ).not.toThrow();
    expect(detailsOf(() => validateMessages([msg('1.0', 'updateDataModel', { surfaceId: 's' })], catalog))).toEqual([
      { path: 'messages.0.updateDataModel.value', code: 'missing_field' },
    ]);
    expect(detailsOf(() => validateMessages([{ version: 'v0.9', deleteSurface: { surfaceId: 's' } }], catalog))).toEqual([
      { path: 'messages.0.version', code: 'invalid_value' },
    ]);
    expect(detailsOf(() => validateMessages([msg('1.0', 'createSurface', { surfaceId: 's', theme: {} })], catalog))).toEqual([
      { path: 'messages.0.createSurface.theme', code: 'extra_field' },
    ]);
  });
});

describe('envelope v0.8', () => {
  it('accepts the four message types without version', () => {
    expect(() =>
      validateMessages(
        [
          { beginRendering: { surfaceId: 's', root: 'r', styles: { primaryColor: '#f00' } } },
          { surfaceUpdate: { surfaceId: 's', components: [{ id: 'r', component: { Text: { text: { literalString: 'x' } } } }] } },
          {
            dataModelUpdate: {
              surfaceId: 's',
              path: '/user',
              contents: [
                { key: 'name', valueString: 'A' },
                { key: 'tags', valueMap: [{ key: 'a', valueBoolean: true }] },
              ],
            },
          },
          { deleteSurface: { surfaceId: 's' } },
        ],
        v08,
      ),
    ).not.toThrow();
  });

  it('rejects a version field and uses JSON Schema wording', () => {
    expect(detailsOf(() => validateMessages([{ version: 'v0.8', deleteSurface: { surfaceId: 's' } }], v08))).toEqual([
      { path: 'messages.0.version', code: 'extra_field' },
    ]);
    const error = thrown(() => validateMessages([{ beginRendering: { surfaceId: 123, root: 'r' } }], v08));
    expect(error.message).toContain("123 is not of type 'string'");
    const styles = thrown(() => validateMessages([{ beginRendering: { surfaceId: 'i', root: 'r', styles: 'x' } }], v08));
    expect(styles.message).toContain("'x' is not of type 'object'");
  });

  it('checks data model entries', () => {
    expect(
      detailsOf(() =>
        validateMessages([{ dataModelUpdate: { surfaceId: 's', contents: [{ valueNumber: 'one' }, { key: 'k', valueMap: [{ key: 1 }] }] } }], v08),
      ),
    ).toEqual([
      { path: 'messages.0.dataModelUpdate.contents.0.key', code: 'missing_field' },
      { path: 'messages.0.dataModelUpdate.contents.0.valueNumber', code: 'type_mismatch' },
      { path: 'messages.0.dataModelUpdate.contents.1.valueMap.0.key', code: 'type_mismatch' },
    ]);
  });

  it('addresses a single message payload as messages.0', () => {
    expect(detailsOf(() => validateMessages({ deleteSurface: {} }, v08))).toEqual([{ path: 'messages.0.deleteSurface.surfaceId', code: 'missing_field' }]);
  });
});
