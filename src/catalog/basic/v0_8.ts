/**
 * The v0.8 standard catalog. Its schemas validate the object under `component.<Type>`; values
 * are literal-or-bound objects such as `{literalString}` / `{path}`.
 */
import * as v from 'valibot';
import { ICON_NAMES } from './v09-components.js';

/** Id of the v0.8 standard catalog (the default `catalogId` of v0.8 `beginRendering`). */
export const BASIC_CATALOG_ID_V08 = 'https://a2ui.org/specification/v0_8/standard_catalog_definition.json';

const MEDIA_ICONS = [
  'fastForward',
  'pause',
  'play',
  'rewind',
  'skipNext',
  'skipPrevious',
  'stop',
  'volumeDown',
  'volumeMute',
  'volumeOff',
  'volumeUp',
] as const;

type V08IconName = Exclude<(typeof ICON_NAMES)[number], (typeof MEDIA_ICONS)[number]>;

/** Builds the v0.8 standard catalog's schemas: components and `beginRendering.styles`. */
export function buildBasicV08() {
  const path = v.optional(v.string());
  const boundString = v.strictObject({ literalString: v.optional(v.string()), path });
  const children = v.strictObject({
    explicitList: v.optional(v.array(v.string())),
    template: v.optional(v.strictObject({ componentId: v.string(), dataBinding: v.string() })),
  });
  const alignment = v.optional(v.picklist(['start', 'center', 'end', 'stretch']));
  const distribution = v.optional(v.picklist(['start', 'center', 'end', 'spaceBetween', 'spaceAround', 'spaceEvenly']));
  const iconNames = ICON_NAMES.filter((name) => !(MEDIA_ICONS as readonly string[]).includes(name)) as V08IconName[];
  const components = {
    Text: v.strictObject({
      text: boundString,
      usageHint: v.optional(v.picklist(['h1', 'h2', 'h3', 'h4', 'h5', 'caption', 'body'])),
    }),
    Image: v.strictObject({
      url: boundString,
      altText: v.optional(boundString),
      fit: v.optional(v.picklist(['contain', 'cover', 'fill', 'none', 'scale-down'])),
      usageHint: v.optional(v.picklist(['icon', 'avatar', 'smallFeature', 'mediumFeature', 'largeFeature', 'header'])),
    }),
    Icon: v.strictObject({
      name: v.strictObject({ literalString: v.optional(v.picklist(iconNames)), path }),
    }),
    Video: v.strictObject({ url: boundString }),
    AudioPlayer: v.strictObject({ url: boundString, description: v.optional(boundString) }),
    Row: v.strictObject({ children, distribution, alignment }),
    Column: v.strictObject({ children, distribution, alignment }),
    List: v.strictObject({ children, direction: v.optional(v.picklist(['vertical', 'horizontal'])), alignment }),
    Card: v.strictObject({ child: v.string() }),
    Tabs: v.strictObject({ tabItems: v.array(v.strictObject({ title: boundString, child: v.string() })) }),
    Divider: v.strictObject({ axis: v.optional(v.picklist(['horizontal', 'vertical'])) }),
    Modal: v.strictObject({ entryPointChild: v.string(), contentChild: v.string() }),
    Button: v.strictObject({
      child: v.string(),
      primary: v.optional(v.boolean()),
      action: v.strictObject({
        name: v.string(),
        context: v.optional(
          v.array(
            v.strictObject({
              key: v.string(),
              value: v.strictObject({
                path,
                literalString: v.optional(v.string()),
                literalNumber: v.optional(v.number()),
                literalBoolean: v.optional(v.boolean()),
              }),
            }),
          ),
        ),
      }),
    }),
    CheckBox: v.strictObject({
      label: boundString,
      value: v.strictObject({ literalBoolean: v.optional(v.boolean()), path }),
    }),
    TextField: v.strictObject({
      label: boundString,
      text: v.optional(boundString),
      textFieldType: v.optional(v.picklist(['date', 'longText', 'number', 'shortText', 'obscured'])),
      validationRegexp: v.optional(v.string()),
    }),
    DateTimeInput: v.strictObject({
      value: boundString,
      enableDate: v.optional(v.boolean()),
      enableTime: v.optional(v.boolean()),
    }),
    MultipleChoice: v.strictObject({
      selections: v.strictObject({ literalArray: v.optional(v.array(v.string())), path }),
      options: v.array(v.strictObject({ label: boundString, value: v.string() })),
      maxAllowedSelections: v.optional(v.pipe(v.number(), v.integer())),
      variant: v.optional(v.picklist(['checkbox', 'chips'])),
      filterable: v.optional(v.boolean()),
    }),
    Slider: v.strictObject({
      label: v.optional(boundString),
      value: v.strictObject({ literalNumber: v.optional(v.number()), path }),
      minValue: v.optional(v.number()),
      maxValue: v.optional(v.number()),
    }),
  };
  const styles = v.strictObject({
    font: v.optional(v.string()),
    primaryColor: v.optional(v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/))),
  });
  return { components, styles };
}

type V08Schemas = ReturnType<typeof buildBasicV08>['components'];

/** Properties of a v0.8 standard `Text` (the object under `component.Text`). */
export type BasicTextV08 = v.InferOutput<V08Schemas['Text']>;
/** Properties of a v0.8 standard `Image`. */
export type BasicImageV08 = v.InferOutput<V08Schemas['Image']>;
/** Properties of a v0.8 standard `Icon`. */
export type BasicIconV08 = v.InferOutput<V08Schemas['Icon']>;
/** Properties of a v0.8 standard `Video`. */
export type BasicVideoV08 = v.InferOutput<V08Schemas['Video']>;
/** Properties of a v0.8 standard `AudioPlayer`. */
export type BasicAudioPlayerV08 = v.InferOutput<V08Schemas['AudioPlayer']>;
/** Properties of a v0.8 standard `Row`. */
export type BasicRowV08 = v.InferOutput<V08Schemas['Row']>;
/** Properties of a v0.8 standard `Column`. */
export type BasicColumnV08 = v.InferOutput<V08Schemas['Column']>;
/** Properties of a v0.8 standard `List`. */
export type BasicListV08 = v.InferOutput<V08Schemas['List']>;
/** Properties of a v0.8 standard `Card`. */
export type BasicCardV08 = v.InferOutput<V08Schemas['Card']>;
/** Properties of a v0.8 standard `Tabs`. */
export type BasicTabsV08 = v.InferOutput<V08Schemas['Tabs']>;
/** Properties of a v0.8 standard `Divider`. */
export type BasicDividerV08 = v.InferOutput<V08Schemas['Divider']>;
/** Properties of a v0.8 standard `Modal`. */
export type BasicModalV08 = v.InferOutput<V08Schemas['Modal']>;
/** Properties of a v0.8 standard `Button`. */
export type BasicButtonV08 = v.InferOutput<V08Schemas['Button']>;
/** Properties of a v0.8 standard `CheckBox`. */
export type BasicCheckBoxV08 = v.InferOutput<V08Schemas['CheckBox']>;
/** Properties of a v0.8 standard `TextField`. */
export type BasicTextFieldV08 = v.InferOutput<V08Schemas['TextField']>;
/** Properties of a v0.8 standard `DateTimeInput`. */
export type BasicDateTimeInputV08 = v.InferOutput<V08Schemas['DateTimeInput']>;
/** Properties of a v0.8 standard `MultipleChoice`. */
export type BasicMultipleChoiceV08 = v.InferOutput<V08Schemas['MultipleChoice']>;
/** Properties of a v0.8 standard `Slider`. */
export type BasicSliderV08 = v.InferOutput<V08Schemas['Slider']>;
/**
 * Any v0.8 standard component as it travels: `{ id, weight?, component: { Text: {...} } }`, its
 * properties typed by the standard catalog.
 */
export type BasicComponentV08 = {
  [K in keyof V08Schemas]: {
    /** The component's id. */
    readonly id: string;
    /** Flex weight inside a Row or Column. */
    readonly weight?: number;
    /** `{ [type]: properties }`. */
    readonly component: { readonly [P in K]: v.InferOutput<V08Schemas[K]> };
  };
}[keyof V08Schemas];
