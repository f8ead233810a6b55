/**
 * Positional order of the basic catalogs (v0.9 and v1.0, by catalog id), for the basic catalogs
 * built from valibot, which carry no documents: their schemas list the common properties first
 * and a few properties in another order than the specification's documents. The order here is
 * the one `catalogInfo` reads from those documents (the embedded `@a2ui/web_core` ones the agent
 * side shows a model); a test keeps the two equal.
 */

/** The v0.9 basic catalog's component properties in order, by type. */
const BASIC_V09: Readonly<Record<string, readonly string[]>> = {
  Text: ['text', 'variant', 'weight'],
  Image: ['url', 'description', 'fit', 'variant', 'weight'],
  Icon: ['name', 'weight'],
  Video: ['url', 'weight'],
  AudioPlayer: ['url', 'description', 'weight'],
  Row: ['children', 'justify', 'align', 'weight'],
  Column: ['children', 'justify', 'align', 'weight'],
  List: ['children', 'direction', 'align', 'weight'],
  Card: ['child', 'weight'],
  Tabs: ['tabs', 'weight'],
  Modal: ['trigger', 'content', 'weight'],
  Divider: ['axis', 'weight'],
  Button: ['child', 'variant', 'action', 'weight'],
  TextField: ['label', 'value', 'variant', 'validationRegexp', 'weight'],
  CheckBox: ['label', 'value', 'weight'],
  ChoicePicker: ['label', 'variant', 'options', 'value', 'displayStyle', 'filterable', 'weight'],
  Slider: ['label', 'min', 'max', 'value', 'weight'],
  DateTimeInput: ['value', 'enableDate', 'enableTime', 'min', 'max', 'label', 'weight'],
};

/** Component properties in positional order (`checks` excluded), by catalog id and type. */
export const BASIC_ORDER: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  // v1.0 is v0.9 but for three components. A call marked pure, not a spread (which a bundler
  // keeps as a possible side effect), so that a bundle without Express leaves the tables out.
  'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json': /* @__PURE__ */ Object.assign({}, BASIC_V09, {
    Video: ['url', 'posterUrl', 'weight'],
    TextField: ['label', 'value', 'placeholder', 'variant', 'weight'],
    Slider: ['label', 'min', 'max', 'value', 'steps', 'weight'],
  }),
  'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json': BASIC_V09,
};

/** The basic catalogs' function parameters in order (the same in v0.9 and v1.0). */
const BASIC_FUNCTIONS: Readonly<Record<string, readonly string[]>> = {
  required: ['value'],
  regex: ['value', 'pattern'],
  length: ['value', 'min', 'max'],
  numeric: ['value', 'min', 'max'],
  email: ['value'],
  formatString: ['value'],
  formatNumber: ['value', 'decimals', 'grouping'],
  formatCurrency: ['value', 'currency', 'decimals', 'grouping'],
  formatDate: ['value', 'format'],
  pluralize: ['value', 'zero', 'one', 'two', 'few', 'many', 'other'],
  openUrl: ['url'],
  and: ['values'],
  or: ['values'],
  not: ['value'],
};

/** Function parameters in order, by catalog id and function name. */
export const BASIC_FUNCTION_ORDER: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  'https://a2ui.org/specification/v1_0/catalogs/basic/catalog.json': BASIC_FUNCTIONS,
  'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json': BASIC_FUNCTIONS,
};
