/**
 * The Express side of the system prompt: the output contract (our wording of upstream's
 * `EXPRESS_RULES`, naming no component of any catalog, so pruning reads the same), and the
 * positional signatures of the client's (pruned) catalogs, written from the order the Express
 * reader maps arguments by. Examples are shown in Express (decompiled), between `<a2ui>` tags.
 */
import { decompileExpress, type Catalog } from '../index.js';
import { catalogInfo } from '../internal.js';
import { catalogDocuments } from './documents.js';
import { catalogError } from './errors.js';
import type { Example } from './examples.js';
import { isRecord, type JsonRecord } from './json.js';

/** Options of {@link expressPromptSnippet}. */
export interface ExpressSnippetOptions {
  /** Messages the model may send (as `pruneCatalog`'s `allowedMessages`). Default: all. */
  readonly allowedMessages?: readonly string[];
  /** Few-shot examples, shown decompiled to Express. Default: none. */
  readonly examples?: readonly Example[];
}

const HEADING = '# A2UI Express DSL Output Contract';

function allows(allowed: readonly string[] | undefined, ...names: string[]): boolean {
  if (allowed === undefined || allowed.length === 0) return true;
  return names.some((name) => allowed.includes(name) || allowed.includes(`${name.charAt(0).toUpperCase()}${name.slice(1)}Message`));
}

/** The Express output contract, with the statements for the messages `allowedMessages` admits. */
export function expressRules(allowedMessages?: readonly string[]): string {
  const rules = [
    HEADING,
    '',
    'Write UI in A2UI Express, a compact notation that compiles to A2UI messages:',
    '- Wrap each Express block in <a2ui> and </a2ui> tags, each on its own line. Conversational text may come before, between and after blocks. No Markdown code fences inside the tags.',
    '- Each statement assigns a variable: `name = Component(arg, arg, …)`. The variable name is the component id. Arguments are positional, in the order of the signatures below; name one with `prop=value`; write `_` to skip an optional one; leave trailing optional ones out.',
    '- Exactly one component is named `root` when a surface is created. Refer to other components by their variable name (they may be written later) or write them inline as an argument.',
    '- Write `root` first and each component after the one that uses it, so that the UI can be shown while you write.',
    '- Values: "strings" (escapes \\n \\" \\\\), """triple-quoted strings""" for long text, r"raw strings" with backslashes kept, numbers, true, false, null, [lists], {key: value} maps.',
    '- Data binding: `$/absolute/path` reads the data model; inside a template item `$relative/path` reads the item and `$` is the item itself.',
    '- A list of children is `[a, b, c]`, or `_template($/items, itemComponent)` to repeat one component per item of a data list.',
    '- Actions: `Event("name", {key: value})` sends an event to the agent; a catalog function call runs in the client. An input that must act needs an action, never null.',
    '- Functions of the catalog are called by name with positional arguments: `formatted = fn(arg, …)`.',
    '- Input checks: give `[?check(args, "message"), …]` to a checkable component; the component\'s own value is checked, the last string is the message shown.',
    '- A variable holding a value (a map, an Event, a list, a function call) is substituted where it is named.',
  ];
  if (allows(allowedMessages, 'updateDataModel', 'createSurface')) {
    rules.push('- Data model: `$/path/to/key = value` sets a value; write these before the components that bind to them.');
  }
  if (allows(allowedMessages, 'createSurface', 'updateComponents')) {
    rules.push(
      '- `surface("id")` starts a surface with that id (optionally `surface("id", "catalogId")`); statements before any surface line go to the default surface. A block without `root` updates an existing surface.',
    );
  }
  if (allows(allowedMessages, 'deleteSurface')) rules.push('- `deleteSurface("id")` removes a surface.');
  if (allows(allowedMessages, 'callRendererFunction')) rules.push('- A function call written as a statement of its own runs that function in the client.');
  rules.push('- Newlines do not end statements; `#` and `//` start comments.');
  return rules.join('\n');
}

function refName(schema: unknown): string {
  const ref = isRecord(schema) ? schema.$ref : undefined;
  return typeof ref === 'string' ? ref.slice(ref.lastIndexOf('/') + 1) : '';
}

/** Whether a property schema admits a data binding (a `Dynamic*`/`DataBinding` type, or a `path` object). */
function admitsBinding(schema: unknown, depth = 0): boolean {
  if (!isRecord(schema) || depth > 6) return false;
  if (/^(DataBinding|Dynamic\w*|ChildList)$/.test(refName(schema))) return true;
  if (isRecord(schema.properties) && ('path' in schema.properties || '@path' in schema.properties)) return true;
  return ['anyOf', 'oneOf', 'allOf'].some((key) => Array.isArray(schema[key]) && (schema[key] as unknown[]).some((s) => admitsBinding(s, depth + 1)));
}

function description(schema: unknown): string {
  return isRecord(schema) && typeof schema.description === 'string' ? schema.description.replace(/\s*\n\s*/g, ' ') : '';
}

/** Property schemas of a component in its document (own, then `allOf` entries'), refs not followed. */
function propertySchemas(component: unknown, out: Map<string, unknown> = new Map(), depth = 0): Map<string, unknown> {
  if (!isRecord(component) || depth > 6) return out;
  if (isRecord(component.properties)) for (const [k, v] of Object.entries(component.properties)) if (!out.has(k)) out.set(k, v);
  if (Array.isArray(component.allOf)) for (const entry of component.allOf) propertySchemas(entry, out, depth + 1);
  return out;
}

/** The positional signatures of one catalog's components and functions, sorted by name. */
export function expressSignatures(catalog: Catalog): string {
  const info = catalogInfo(catalog);
  const doc = catalogDocuments(catalog).catalog as JsonRecord;
  const componentDocs = isRecord(doc.components) ? doc.components : {};
  const functionDocs = isRecord(doc.functions) ? doc.functions : {};
  const lines = [`## Catalog ${catalog.id}`, '', '### Positional Component Signatures'];
  for (const [name, component] of [...info.components].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const required = catalog.components.get(name)?.required ?? [];
    const schemas = propertySchemas(componentDocs[name]);
    const args = component.props.map((prop) => {
      const optional = required.includes(prop.name) ? '' : '?';
      const mark =
        prop.kind === 'child'
          ? ' (component ID)'
          : prop.kind === 'children'
            ? ' (component IDs)'
            : prop.kind === 'value' && schemas.has(prop.name) && !admitsBinding(schemas.get(prop.name))
              ? ' (static)'
              : '';
      return `${prop.name}${optional}${mark}`;
    });
    lines.push(`• ${name}(${args.join(', ')})`);
    const text = description(componentDocs[name]);
    if (text) lines.push(`  - Description: ${text}`);
    for (const prop of component.props) {
      const schema = schemas.get(prop.name);
      const enumValues = prop.enumValues ? ` Must be one of: ${prop.enumValues.map((e) => `'${e}'`).join(', ')}` : '';
      const about = `${description(schema)}${enumValues}`.trim();
      if (about) lines.push(`  - ${prop.name}: ${about}`);
    }
  }
  if (info.functions.size > 0) {
    lines.push('', '### Positional Function Signatures');
    for (const [name, fn] of [...info.functions].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      lines.push(`• ${name}(${fn.params.map((p) => p.name).join(', ')})`);
      const text = description(functionDocs[name]);
      if (text) lines.push(`  - Description: ${text}`);
    }
  }
  return lines.join('\n');
}

function exampleText(example: Example, catalog: Catalog): string {
  if ('content' in example && typeof example.content === 'string') return example.content;
  const messages = (example as { messages: unknown }).messages;
  const list = Array.isArray(messages) ? messages : [messages];
  return `<a2ui>\n${decompileExpress(list, catalog)}\n</a2ui>`;
}

/** The examples in Express: `---BEGIN name---`, the block, `---END name---`, joined by blank lines. */
export function expressExamplesText(examples: readonly Example[], catalog: Catalog): string {
  return examples.map((e) => `---BEGIN ${e.name}---\n${exampleText(e, catalog)}\n---END ${e.name}---`).join('\n\n');
}

/**
 * The Express part of a prompt for `catalogs` (already selected and pruned): the contract, each
 * catalog's signatures (under its id), and the examples (decompiled against the first catalog).
 */
export function expressPromptSnippet(catalogs: readonly Catalog[], options: ExpressSnippetOptions = {}): string {
  if (catalogs.length === 0) throw catalogError('No active catalogs: an Express prompt needs at least one', 'catalogs', 'missing_field');
  const parts = [expressRules(options.allowedMessages), ...catalogs.map(expressSignatures)];
  const first = catalogs[0];
  if (first !== undefined && options.examples !== undefined && options.examples.length > 0) {
    parts.push(`### Examples:\n${expressExamplesText(options.examples, first)}`);
  }
  return parts.join('\n\n');
}

/** What {@link expressPromptSections} needs of `systemPrompt`'s options. */
export interface ExpressPromptParts {
  readonly role?: string;
  readonly workflow?: string;
  readonly ui?: string;
  readonly allowedMessages?: readonly string[];
  readonly examples: readonly Example[];
}

/**
 * `systemPrompt`'s sections with `format: 'express'`: the role, `## Workflow Description:` with
 * the Express contract (and `workflow`), `## UI Description:`, the catalog's signatures (always:
 * the model cannot write positional arguments without them) and `### Examples:` in Express.
 */
export function expressPromptSections(catalog: Catalog, options: ExpressPromptParts): string[] {
  const parts: string[] = [];
  if (options.role) parts.push(options.role);
  parts.push(`## Workflow Description:\n${expressRules(options.allowedMessages)}${options.workflow ? `\n\n${options.workflow}` : ''}`);
  if (options.ui) parts.push(`## UI Description:\n${options.ui}`);
  parts.push(expressSignatures(catalog));
  if (options.examples.length > 0) parts.push(`### Examples:\n${expressExamplesText(options.examples, catalog)}`);
  return parts;
}
