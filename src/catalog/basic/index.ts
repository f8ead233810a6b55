/**
 * `basicCatalog(version)`: the A2UI basic (v0.8: standard) catalog of each protocol version.
 */
import type { GenericSchema } from 'valibot';
import { defineCatalog } from '../catalog.js';
import type { Catalog } from '../model.js';
import { isProtocolVersion, PROTOCOL_VERSIONS, type ProtocolVersion } from '../../protocol/versions.js';
import { A2uiCatalogError } from '../../errors.js';
import { BASIC_CATALOG_ID_V08, buildBasicV08 } from './v0_8.js';
import { BASIC_CATALOG_ID_V09, buildBasicV09 } from './v0_9.js';
import { BASIC_CATALOG_ID_V10, buildBasicV10 } from './v1_0.js';
import { V09_BASIC_REFS } from './v09-components.js';
import type { V09Types } from './v09-types.js';

export { BASIC_CATALOG_ID_V08, type BasicTextV08, type BasicImageV08, type BasicIconV08, type BasicVideoV08,
  type BasicAudioPlayerV08, type BasicRowV08, type BasicColumnV08, type BasicListV08, type BasicCardV08,
  type BasicTabsV08, type BasicDividerV08, type BasicModalV08, type BasicButtonV08, type BasicCheckBoxV08,
  type BasicTextFieldV08, type BasicDateTimeInputV08, type BasicMultipleChoiceV08, type BasicSliderV08,
} from './v0_8.js';
export { BASIC_CATALOG_ID_V09, type BasicTextV09, type BasicImageV09, type BasicIconV09, type BasicVideoV09,
  type BasicAudioPlayerV09, type BasicRowV09, type BasicColumnV09, type BasicListV09, type BasicCardV09,
  type BasicTabsV09, type BasicModalV09, type BasicDividerV09, type BasicButtonV09, type BasicTextFieldV09,
  type BasicCheckBoxV09, type BasicChoicePickerV09, type BasicSliderV09, type BasicDateTimeInputV09,
  type BasicComponentV09,
} from './v0_9.js';
export { BASIC_CATALOG_ID_V10, type BasicTextV10, type BasicImageV10, type BasicIconV10, type BasicVideoV10,
  type BasicAudioPlayerV10, type BasicRowV10, type BasicColumnV10, type BasicListV10, type BasicCardV10,
  type BasicTabsV10, type BasicModalV10, type BasicDividerV10, type BasicButtonV10, type BasicTextFieldV10,
  type BasicCheckBoxV10, type BasicChoicePickerV10, type BasicSliderV10, type BasicDateTimeInputV10,
  type BasicComponentV10,
} from './v1_0.js';
export type { DataBinding, FunctionCall, DynamicString, DynamicNumber, DynamicBoolean, DynamicStringList,
  DynamicValue } from './v09-types.js';

const built = new Map<ProtocolVersion, Catalog>();

function functionsOf(types: V09Types) {
  return Object.fromEntries(Object.entries(types.functions).map(([name, spec]) => [name, spec.args]));
}

function componentsWithRefs(components: Readonly<Record<string, GenericSchema>>) {
  return Object.fromEntries(
    Object.entries(components).map(([name, schema]) => [name, { schema, refs: V09_BASIC_REFS[name] ?? {} }]),
  );
}

function build(version: ProtocolVersion): Catalog {
  if (version === '0.8') {
    const { components, styles } = buildBasicV08();
    return defineCatalog({ id: BASIC_CATALOG_ID_V08, version, components, theme: styles });
  }
  if (version === '1.0') {
    const { types, components } = buildBasicV10();
    return defineCatalog({
      id: BASIC_CATALOG_ID_V10,
      version,
      components: componentsWithRefs(components),
      functions: functionsOf(types),
    });
  }
  const { types, components, theme } = buildBasicV09();
  return defineCatalog({
    id: BASIC_CATALOG_ID_V09,
    version,
    components: componentsWithRefs(components),
    functions: functionsOf(types),
    theme,
  });
}

/**
 * The basic catalog of a protocol version (v0.8: the standard catalog), written with valibot
 * after the spec's catalog files. Built once per version and shared; catalogs are immutable.
 * v0.9.1 uses the v0.9 catalog (same id and components), labelled version `0.9.1`.
 *
 * @throws A2uiCatalogError for an unknown version.
 */
export function basicCatalog(version: ProtocolVersion): Catalog {
  if (!isProtocolVersion(version)) {
    throw new A2uiCatalogError(
      `Unknown A2UI specification version: ${String(version)}. Supported: ${PROTOCOL_VERSIONS.join(', ')}`,
      { details: [{ path: 'version', code: 'invalid_value', message: `unknown version ${String(version)}` }] },
    );
  }
  let catalog = built.get(version);
  if (catalog === undefined) {
    catalog = build(version);
    built.set(version, catalog);
  }
  return catalog;
}
