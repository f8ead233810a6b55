/**
 * The v0.9 basic catalog (also the v0.9.1 one: the spec ships the same catalog for both).
 */
import * as v from 'valibot';
import { assembleComponents, v09ComponentProps } from './v09-components.js';
import { uri } from './v09-functions.js';
import { v09Types, type V09Revision } from './v09-types.js';

/** Id of the v0.9 (and v0.9.1) basic catalog. */
export const BASIC_CATALOG_ID_V09 = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';

const REVISION: V09Revision = {
  callTag: 'returnType',
  dynamicOpenUrl: false,
  looseCheckRules: false,
  eventUserMessage: false,
  objectValues: false,
};

/** Builds the v0.9 basic catalog's schemas: components, functions and theme. */
export function buildBasicV09() {
  const types = v09Types(REVISION);
  const common = {
    id: types.ComponentId,
    accessibility: v.optional(v.looseObject({ label: v.optional(types.DynamicString), description: v.optional(types.DynamicString) })),
    weight: v.optional(v.number()),
  };
  return {
    types,
    components: assembleComponents(common, v09ComponentProps(types)),
    theme: v.looseObject({
      primaryColor: v.optional(v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/))),
      iconUrl: v.optional(uri()),
      agentDisplayName: v.optional(v.string()),
    }),
  };
}

type V09Schemas = ReturnType<typeof buildBasicV09>['components'];

/** A v0.9/v0.9.1 basic `Text` component. */
export type BasicTextV09 = v.InferOutput<V09Schemas['Text']>;
/** A v0.9/v0.9.1 basic `Image` component. */
export type BasicImageV09 = v.InferOutput<V09Schemas['Image']>;
/** A v0.9/v0.9.1 basic `Icon` component. */
export type BasicIconV09 = v.InferOutput<V09Schemas['Icon']>;
/** A v0.9/v0.9.1 basic `Video` component. */
export type BasicVideoV09 = v.InferOutput<V09Schemas['Video']>;
/** A v0.9/v0.9.1 basic `AudioPlayer` component. */
export type BasicAudioPlayerV09 = v.InferOutput<V09Schemas['AudioPlayer']>;
/** A v0.9/v0.9.1 basic `Row` component. */
export type BasicRowV09 = v.InferOutput<V09Schemas['Row']>;
/** A v0.9/v0.9.1 basic `Column` component. */
export type BasicColumnV09 = v.InferOutput<V09Schemas['Column']>;
/** A v0.9/v0.9.1 basic `List` component. */
export type BasicListV09 = v.InferOutput<V09Schemas['List']>;
/** A v0.9/v0.9.1 basic `Card` component. */
export type BasicCardV09 = v.InferOutput<V09Schemas['Card']>;
/** A v0.9/v0.9.1 basic `Tabs` component. */
export type BasicTabsV09 = v.InferOutput<V09Schemas['Tabs']>;
/** A v0.9/v0.9.1 basic `Modal` component. */
export type BasicModalV09 = v.InferOutput<V09Schemas['Modal']>;
/** A v0.9/v0.9.1 basic `Divider` component. */
export type BasicDividerV09 = v.InferOutput<V09Schemas['Divider']>;
/** A v0.9/v0.9.1 basic `Button` component. */
export type BasicButtonV09 = v.InferOutput<V09Schemas['Button']>;
/** A v0.9/v0.9.1 basic `TextField` component. */
export type BasicTextFieldV09 = v.InferOutput<V09Schemas['TextField']>;
/** A v0.9/v0.9.1 basic `CheckBox` component. */
export type BasicCheckBoxV09 = v.InferOutput<V09Schemas['CheckBox']>;
/** A v0.9/v0.9.1 basic `ChoicePicker` component. */
export type BasicChoicePickerV09 = v.InferOutput<V09Schemas['ChoicePicker']>;
/** A v0.9/v0.9.1 basic `Slider` component. */
export type BasicSliderV09 = v.InferOutput<V09Schemas['Slider']>;
/** A v0.9/v0.9.1 basic `DateTimeInput` component. */
export type BasicDateTimeInputV09 = v.InferOutput<V09Schemas['DateTimeInput']>;
/** Any v0.9/v0.9.1 basic component. */
export type BasicComponentV09 = { [K in keyof V09Schemas]: v.InferOutput<V09Schemas[K]> }[keyof V09Schemas];
