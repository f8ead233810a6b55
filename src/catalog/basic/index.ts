/**
 * `basicCatalog(version)` and `basicCatalogV08` … `basicCatalogV10`: the A2UI basic (v0.8: standard)
 * catalog of each protocol version.
 */
import type { Catalog } from '../model.js';
import { isProtocolVersion, PROTOCOL_VERSIONS, type ProtocolVersion } from '../../protocol/versions.js';
import { A2uiCatalogError } from '../../errors.js';
import type { V10Dialect } from '../model.js';
import { checkDialect } from '../catalog.js';
import { basicCatalogV08, basicCatalogV09, basicCatalogV091, basicCatalogV10, basicCatalogV10Current } from './per-version.js';

export { basicCatalogV08, basicCatalogV09, basicCatalogV091, basicCatalogV10, basicCatalogV10Current } from './per-version.js';
export {
  BASIC_CATALOG_ID_V08,
  type BasicTextV08,
  type BasicImageV08,
  type BasicIconV08,
  type BasicVideoV08,
  type BasicAudioPlayerV08,
  type BasicRowV08,
  type BasicColumnV08,
  type BasicListV08,
  type BasicCardV08,
  type BasicTabsV08,
  type BasicDividerV08,
  type BasicModalV08,
  type BasicButtonV08,
  type BasicCheckBoxV08,
  type BasicTextFieldV08,
  type BasicDateTimeInputV08,
  type BasicMultipleChoiceV08,
  type BasicSliderV08,
  type BasicComponentV08,
} from './v0_8.js';
export {
  BASIC_CATALOG_ID_V09,
  type BasicTextV09,
  type BasicImageV09,
  type BasicIconV09,
  type BasicVideoV09,
  type BasicAudioPlayerV09,
  type BasicRowV09,
  type BasicColumnV09,
  type BasicListV09,
  type BasicCardV09,
  type BasicTabsV09,
  type BasicModalV09,
  type BasicDividerV09,
  type BasicButtonV09,
  type BasicTextFieldV09,
  type BasicCheckBoxV09,
  type BasicChoicePickerV09,
  type BasicSliderV09,
  type BasicDateTimeInputV09,
  type BasicComponentV09,
} from './v0_9.js';
export {
  BASIC_CATALOG_ID_V10,
  type BasicTextV10,
  type BasicImageV10,
  type BasicIconV10,
  type BasicVideoV10,
  type BasicAudioPlayerV10,
  type BasicRowV10,
  type BasicColumnV10,
  type BasicListV10,
  type BasicCardV10,
  type BasicTabsV10,
  type BasicModalV10,
  type BasicDividerV10,
  type BasicButtonV10,
  type BasicTextFieldV10,
  type BasicCheckBoxV10,
  type BasicChoicePickerV10,
  type BasicSliderV10,
  type BasicDateTimeInputV10,
  type BasicComponentV10,
} from './v1_0.js';
export type { DataBinding, FunctionCall, DynamicString, DynamicNumber, DynamicBoolean, DynamicStringList, DynamicValue } from './v09-values.js';

const BY_VERSION: Readonly<Record<ProtocolVersion, () => Catalog>> = {
  '0.8': basicCatalogV08,
  '0.9': basicCatalogV09,
  '0.9.1': basicCatalogV091,
  '1.0': basicCatalogV10,
};

/** Options of {@link basicCatalog}. */
export interface BasicCatalogOptions {
  /**
   * v1.0 only: `'current'` for upstream's current dialect ({@link basicCatalogV10Current}).
   * Default `'2026-08'` (plain `path`/`call`, what the published renderers draw).
   */
  readonly dialect?: V10Dialect;
}

/**
 * The basic catalog of a protocol version (v0.8: the standard catalog), written with valibot
 * after the spec's catalog files. Built once per version and shared; catalogs are immutable.
 * v0.9.1 uses the v0.9 catalog (same id and components), labelled version `0.9.1`. v1.0 is the
 * dialect of 2026-08-17 unless `options.dialect` is `'current'`. It brings all four versions into
 * a bundle; `basicCatalogV08` … `basicCatalogV10Current` bring one.
 *
 * @throws A2uiCatalogError for an unknown version, or a dialect other than v1.0's two.
 */
export function basicCatalog(version: ProtocolVersion, options: BasicCatalogOptions = {}): Catalog {
  if (!isProtocolVersion(version)) {
    throw new A2uiCatalogError(`Unknown A2UI specification version: ${String(version)}. Supported: ${PROTOCOL_VERSIONS.join(', ')}`, {
      details: [{ path: 'version', code: 'invalid_value', message: `unknown version ${String(version)}` }],
    });
  }
  checkDialect(options.dialect, version);
  return options.dialect === 'current' ? basicCatalogV10Current() : BY_VERSION[version]();
}
