import { describe, expect, it } from 'vitest';
import { selectCatalog } from '../../src/agent/index.js';
import { catalogInfo } from '../../src/express/catalog-info.js';
import { basicCatalog, type ProtocolVersion } from '../../src/index.js';

describe('positional order of the basic catalogs', () => {
  for (const version of ['0.9', '0.9.1', '1.0'] as ProtocolVersion[]) {
    it(`v${version}: the valibot catalog maps arguments as the documents the prompt shows`, () => {
      const valibot = catalogInfo(basicCatalog(version));
      const documented = catalogInfo(selectCatalog(basicCatalog(version), undefined, { modifiers: [(s) => ({ ...s })] }));
      for (const [name, info] of documented.components) {
        const order = info.props.map((p) => `${p.name}:${p.kind}`);
        const ours = valibot.components.get(name)?.props.map((p) => `${p.name}:${p.kind}`) ?? [];
        // The valibot schemas also declare the common properties the documents keep in common_types.
        expect(
          ours.filter((p) => order.includes(p)),
          name,
        ).toEqual(order.filter((p) => !p.startsWith('checks')).concat(order.filter((p) => p.startsWith('checks'))));
      }
      for (const [name, info] of documented.functions) {
        expect(
          valibot.functions.get(name)?.params.map((p) => p.name),
          name,
        ).toEqual(info.params.map((p) => p.name));
      }
    });
  }
});
