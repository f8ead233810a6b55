/**
 * The components of the v0.9-family basic catalogs, as the properties each type adds to the common
 * component properties. {@link assembleComponents} turns them into strict flat-component schemas.
 */
import * as v from 'valibot';
import type { ComponentRefs } from '../model.js';
import type { V09Types } from './v09-types.js';

/** Icon names of the basic catalogs. */
export const ICON_NAMES = [
  'accountCircle',
  'add',
  'arrowBack',
  'arrowForward',
  'attachFile',
  'calendarToday',
  'call',
  'camera',
  'check',
  'close',
  'delete',
  'download',
  'edit',
  'event',
  'error',
  'fastForward',
  'favorite',
  'favoriteOff',
  'folder',
  'help',
  'home',
  'info',
  'locationOn',
  'lock',
  'lockOpen',
  'mail',
  'menu',
  'moreVert',
  'moreHoriz',
  'notificationsOff',
  'notifications',
  'pause',
  'payment',
  'person',
  'phone',
  'photo',
  'play',
  'print',
  'refresh',
  'rewind',
  'search',
  'send',
  'settings',
  'share',
  'shoppingCart',
  'skipNext',
  'skipPrevious',
  'star',
  'starHalf',
  'starOff',
  'stop',
  'upload',
  'visibility',
  'visibilityOff',
  'volumeDown',
  'volumeMute',
  'volumeOff',
  'volumeUp',
  'warning',
] as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;

/** Where the v0.9-family basic components refer to other components. */
export const V09_BASIC_REFS: Readonly<Record<string, Partial<ComponentRefs>>> = {
  Row: { list: ['children'] },
  Column: { list: ['children'] },
  List: { list: ['children'] },
  Card: { single: ['child'] },
  Button: { single: ['child'] },
  Modal: { single: ['trigger', 'content'] },
  Tabs: { nested: { tabs: ['child'] } },
};

const justify = ['start', 'center', 'end', 'spaceBetween', 'spaceAround', 'spaceEvenly', 'stretch'] as const;
const align = ['start', 'center', 'end', 'stretch'] as const;

/** An Icon `name`: a known icon, an SVG path (`svgPath` given as `svgPath`), or a binding. */
export function iconName<T extends v.GenericSchema>(svgPath: T, t: Pick<V09Types, 'DataBinding'>) {
  return v.union([v.picklist(ICON_NAMES), v.strictObject({ svgPath }), t.DataBinding]);
}

/** The properties each basic component type adds, in the v0.9 form (v1.0 adjusts a few). */
export function v09ComponentProps(t: V09Types) {
  const { DynamicString, DynamicNumber, DynamicBoolean, ComponentId, ChildList } = t;
  const checks = v.optional(v.array(t.CheckRule));
  const dateBound = v.optional(
    v.pipe(
      DynamicString,
      v.check((value) => typeof value !== 'string' || DATE.test(value) || TIME.test(value) || DATE_TIME.test(value), 'expected a date, time or date-time'),
    ),
  );
  return {
    Text: {
      text: DynamicString,
      variant: v.optional(v.picklist(['h1', 'h2', 'h3', 'h4', 'h5', 'caption', 'body'])),
    },
    Image: {
      url: DynamicString,
      description: v.optional(DynamicString),
      fit: v.optional(v.picklist(['contain', 'cover', 'fill', 'none', 'scaleDown'])),
      variant: v.optional(v.picklist(['icon', 'avatar', 'smallFeature', 'mediumFeature', 'largeFeature', 'header'])),
    },
    Icon: { name: iconName(v.string(), t) },
    Video: { url: DynamicString },
    AudioPlayer: { url: DynamicString, description: v.optional(DynamicString) },
    Row: { children: ChildList, justify: v.optional(v.picklist(justify)), align: v.optional(v.picklist(align)) },
    Column: { children: ChildList, justify: v.optional(v.picklist(justify)), align: v.optional(v.picklist(align)) },
    List: {
      children: ChildList,
      direction: v.optional(v.picklist(['vertical', 'horizontal'])),
      align: v.optional(v.picklist(align)),
    },
    Card: { child: ComponentId },
    Tabs: {
      tabs: v.pipe(v.array(v.strictObject({ title: DynamicString, child: ComponentId })), v.minLength(1)),
    },
    Modal: { trigger: ComponentId, content: ComponentId },
    Divider: { axis: v.optional(v.picklist(['horizontal', 'vertical'])) },
    Button: {
      child: ComponentId,
      variant: v.optional(v.picklist(['default', 'primary', 'borderless'])),
      action: t.Action,
      checks,
    },
    TextField: {
      label: DynamicString,
      value: v.optional(DynamicString),
      variant: v.optional(v.picklist(['longText', 'number', 'shortText', 'obscured'])),
      validationRegexp: v.optional(v.string()),
      checks,
    },
    CheckBox: { label: DynamicString, value: DynamicBoolean, checks },
    ChoicePicker: {
      label: v.optional(DynamicString),
      variant: v.optional(v.picklist(['multipleSelection', 'mutuallyExclusive'])),
      options: v.array(v.strictObject({ label: DynamicString, value: v.string() })),
      value: t.DynamicStringList,
      displayStyle: v.optional(v.picklist(['checkbox', 'chips'])),
      filterable: v.optional(v.boolean()),
      checks,
    },
    Slider: {
      label: v.optional(DynamicString),
      min: v.optional(v.number()),
      max: v.number(),
      value: DynamicNumber,
      checks,
    },
    DateTimeInput: {
      value: DynamicString,
      enableDate: v.optional(v.boolean()),
      enableTime: v.optional(v.boolean()),
      min: dateBound,
      max: dateBound,
      label: v.optional(DynamicString),
      checks,
    },
  };
}

/** One strict flat-component schema: the common properties, `component: <name>`, the type's own. */
export type FlatComponentSchema<TCommon extends v.ObjectEntries, TName extends string, TProps extends v.ObjectEntries> = v.StrictObjectSchema<
  TCommon & { component: v.LiteralSchema<TName, undefined> } & TProps,
  undefined
>;

/** Builds one strict schema per component type from the common and the per-type properties. */
export function assembleComponents<TCommon extends v.ObjectEntries, TProps extends Record<string, v.ObjectEntries>>(
  common: TCommon,
  props: TProps,
): { [K in keyof TProps & string]: FlatComponentSchema<TCommon, K, TProps[K]> } {
  const out: Record<string, v.GenericSchema> = {};
  for (const [name, own] of Object.entries(props)) {
    out[name] = v.strictObject({ ...common, component: v.literal(name), ...own });
  }
  return out as { [K in keyof TProps & string]: FlatComponentSchema<TCommon, K, TProps[K]> };
}
