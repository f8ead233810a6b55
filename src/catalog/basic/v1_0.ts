/**
 * The v1.0 basic catalog: the v0.9 components with v1.0's common properties and a few changed
 * properties.
 */
import * as v from 'valibot';
import { assembleComponents, iconName, v09ComponentProps } from './v09-components.js';
import { v09Types, type V09Revision } from './v09-types.js';

/** Id of the v1.0 basic catalog. */
export const BASIC_CATALOG_ID_V10 = 'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json';

const REVISION: V09Revision = {
  callTag: 'catalogId',
  dynamicOpenUrl: true,
  looseCheckRules: true,
  eventUserMessage: true,
  objectValues: true,
};

const EXTENSION_NAME = /^[\p{XID_Start}_][\p{XID_Continue}]*$/u;

/**
 * Builds the v1.0 basic catalog's schemas: components and functions (v1.0 has no theme).
 *
 * @param current The current dialect (`@path`, `@call`): upstream's current basic catalog has the
 *   August one's components and functions, spelt with the reserved keys. Default `false`.
 */
export function buildBasicV10(current = false) {
  const types = v09Types({ ...REVISION, reservedKeys: current });
  const { DynamicString } = types;
  const base = v09ComponentProps(types);
  const { validationRegexp: _dropped, ...textField } = base.TextField;
  const props = {
    ...base,
    Text: { ...base.Text, variant: v.optional(v.picklist(['caption', 'body'])) },
    Icon: { name: iconName(DynamicString, types) },
    Video: { ...base.Video, posterUrl: v.optional(DynamicString) },
    Slider: { ...base.Slider, steps: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))) },
    TextField: { ...textField, placeholder: v.optional(DynamicString) },
  };
  const common = {
    id: types.ComponentId,
    catalogId: v.optional(v.string()),
    accessibility: v.optional(
      v.strictObject({
        label: v.optional(DynamicString),
        description: v.optional(DynamicString),
        live: v.optional(v.picklist(['off', 'polite', 'assertive'])),
        hidden: v.optional(types.DynamicBoolean),
      }),
    ),
    metadata: v.optional(
      v.strictObject({
        extensions: v.optional(v.record(v.pipe(v.string(), v.regex(EXTENSION_NAME)), v.unknown())),
      }),
    ),
    weight: v.optional(v.number()),
  };
  return { types, components: assembleComponents(common, props) };
}

type V10Schemas = ReturnType<typeof buildBasicV10>['components'];

/** A v1.0 basic `Text` component. */
export type BasicTextV10 = v.InferOutput<V10Schemas['Text']>;
/** A v1.0 basic `Image` component. */
export type BasicImageV10 = v.InferOutput<V10Schemas['Image']>;
/** A v1.0 basic `Icon` component. */
export type BasicIconV10 = v.InferOutput<V10Schemas['Icon']>;
/** A v1.0 basic `Video` component. */
export type BasicVideoV10 = v.InferOutput<V10Schemas['Video']>;
/** A v1.0 basic `AudioPlayer` component. */
export type BasicAudioPlayerV10 = v.InferOutput<V10Schemas['AudioPlayer']>;
/** A v1.0 basic `Row` component. */
export type BasicRowV10 = v.InferOutput<V10Schemas['Row']>;
/** A v1.0 basic `Column` component. */
export type BasicColumnV10 = v.InferOutput<V10Schemas['Column']>;
/** A v1.0 basic `List` component. */
export type BasicListV10 = v.InferOutput<V10Schemas['List']>;
/** A v1.0 basic `Card` component. */
export type BasicCardV10 = v.InferOutput<V10Schemas['Card']>;
/** A v1.0 basic `Tabs` component. */
export type BasicTabsV10 = v.InferOutput<V10Schemas['Tabs']>;
/** A v1.0 basic `Modal` component. */
export type BasicModalV10 = v.InferOutput<V10Schemas['Modal']>;
/** A v1.0 basic `Divider` component. */
export type BasicDividerV10 = v.InferOutput<V10Schemas['Divider']>;
/** A v1.0 basic `Button` component. */
export type BasicButtonV10 = v.InferOutput<V10Schemas['Button']>;
/** A v1.0 basic `TextField` component. */
export type BasicTextFieldV10 = v.InferOutput<V10Schemas['TextField']>;
/** A v1.0 basic `CheckBox` component. */
export type BasicCheckBoxV10 = v.InferOutput<V10Schemas['CheckBox']>;
/** A v1.0 basic `ChoicePicker` component. */
export type BasicChoicePickerV10 = v.InferOutput<V10Schemas['ChoicePicker']>;
/** A v1.0 basic `Slider` component. */
export type BasicSliderV10 = v.InferOutput<V10Schemas['Slider']>;
/** A v1.0 basic `DateTimeInput` component. */
export type BasicDateTimeInputV10 = v.InferOutput<V10Schemas['DateTimeInput']>;
/** Any v1.0 basic component. */
export type BasicComponentV10 = { [K in keyof V10Schemas]: v.InferOutput<V10Schemas[K]> }[keyof V10Schemas];
