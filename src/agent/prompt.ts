/** The system prompt: from a client's capabilities to the text a model is given. */
import type { Catalog } from '../index.js';
import type { ClientCapabilities, VersionedClientCapabilities } from './capabilities.js';
import { checkOptions, type OptionKind } from './checks.js';
import { catalogError } from './errors.js';
import { examplesText, validateExamples, type Example } from './examples.js';
import { expressPromptSections } from './express-prompt.js';
import { isRecord } from './json.js';
import { catalogInstructions } from './instructions.js';
import type { SchemaModifier } from './modifiers.js';
import { pruneCatalog } from './prune.js';
import { selectCatalog } from './select.js';

/**
 * The rules every prompt's workflow section starts with (the reference's first line, then our own
 * wording of its rules, plus the start-message rule this parser's streaming relies on). Begins and
 * ends with a newline.
 */
export const DEFAULT_WORKFLOW_RULES = `
The generated response MUST follow these rules:
- The response can contain one or more A2UI JSON blocks.
- Each A2UI JSON block MUST be wrapped in <a2ui-json> and </a2ui-json> tags.
- Conversational text may come before, between and after the blocks; it is shown to the user as written.
- Between the tags, write one raw JSON value (usually a list of A2UI messages) that is valid against the A2UI JSON schema; no Markdown code fences inside the tags.
- Start each surface with its start message (beginRendering in v0.8, createSurface in v0.9 and later), before its components.
- In a components list, put the root component first and every parent before its children, so that a streaming parser can render the UI incrementally.
`;

/** Options of {@link systemPrompt}. */
export interface SystemPromptOptions {
  /** Who the agent is and what it does; first in the prompt. Default: none. */
  readonly role?: string;
  /** More workflow rules, after {@link DEFAULT_WORKFLOW_RULES}. Default: none. */
  readonly workflow?: string;
  /** What the UI should look like (section `## UI Description:`). Default: none. */
  readonly ui?: string;
  /** The agent's catalogs (one protocol version; the first is its default). Give this or `catalog`. */
  readonly catalogs?: Catalog | readonly Catalog[];
  /** The agent's one catalog. Give this or `catalogs`. */
  readonly catalog?: Catalog;
  /** The client's capabilities, as for `selectCatalog`. Default: none (the first catalog). */
  readonly clientCapabilities?: ClientCapabilities | VersionedClientCapabilities | null;
  /** Whether the agent merges the client's inline catalogs. Default `false`. */
  readonly acceptsInlineCatalogs?: boolean;
  /** Schema modifiers applied on selection (e.g. `[removeStrictValidation]`). Default: none. */
  readonly modifiers?: readonly SchemaModifier[];
  /** Component types the model may use (see `pruneCatalog`). Default: all. */
  readonly allowedComponents?: readonly string[];
  /** Messages the model may send (see `pruneCatalog`). Default: all. */
  readonly allowedMessages?: readonly string[];
  /** Whether to show the catalog's schema (`catalogInstructions`). Default `false`, as the reference. */
  readonly includeSchema?: boolean;
  /** Whether to show the examples. Default: `true` when `examples` are given. */
  readonly includeExamples?: boolean;
  /**
   * Few-shot examples: one list, or lists by catalog id (those of the chosen catalog's id are used).
   * Default: none (`null` counts as none).
   */
  readonly examples?: readonly Example[] | Readonly<Record<string, readonly Example[]>>;
  /**
   * Whether to check the shown examples against the chosen (pruned) catalog first. Default
   * `false`: examples are then shown as given, also one that uses a component the prompt cut.
   */
  readonly validateExamples?: boolean;
  /**
   * The notation the model is asked to write: `'json'` (`<a2ui-json>` blocks) or `'express'`
   * (`<a2ui>` blocks in A2UI Express, with the catalog's positional signatures). Default `'json'`.
   */
  readonly format?: 'json' | 'express';
}

/** What {@link systemPrompt} returns. */
export interface SystemPrompt {
  /** The prompt text. */
  readonly prompt: string;
  /** The catalog it chose and pruned: hand it to `a2uiStream` to read the model's answer. */
  readonly catalog: Catalog;
}

const PROMPT_OPTIONS: Readonly<Record<keyof SystemPromptOptions, OptionKind | 'any'>> = {
  role: 'string',
  workflow: 'string',
  ui: 'string',
  catalogs: 'any',
  catalog: 'any',
  clientCapabilities: 'any',
  acceptsInlineCatalogs: 'boolean',
  modifiers: 'functions',
  allowedComponents: 'names',
  allowedMessages: 'names',
  includeSchema: 'boolean',
  includeExamples: 'boolean',
  examples: 'any',
  validateExamples: 'boolean',
  format: 'string',
};

function examplesFor(options: SystemPromptOptions, catalog: Catalog): readonly Example[] {
  const { examples } = options;
  if (examples === undefined || examples === null) return [];
  // Anything but a list or a record of lists goes on to `examplesText`, which refuses it.
  if (Array.isArray(examples) || !isRecord(examples)) return examples as readonly Example[];
  return (examples as Readonly<Record<string, readonly Example[]>>)[catalog.id] ?? [];
}

/**
 * Builds the system prompt for one request, purely (nothing is kept between calls): selects the
 * catalog from the client's capabilities (`selectCatalog`), prunes it (`pruneCatalog`), and joins
 * with blank lines the role, `## Workflow Description:` with {@link DEFAULT_WORKFLOW_RULES} (and
 * `workflow`), `## UI Description:` with `ui`, the schema (`catalogInstructions`) and
 * `### Examples:` with the examples (`examplesText`); empty parts are left out. Selection runs
 * even when neither schema nor examples are shown, so bad capabilities fail here.
 *
 * @throws A2uiCatalogError for the errors of `selectCatalog`, `pruneCatalog` and (with
 *   `validateExamples`) `validateExamples`; when both or neither of `catalog` and `catalogs` are given;
 *   for an unknown option or one of the wrong type.
 */
export function systemPrompt(given: SystemPromptOptions): SystemPrompt {
  const options = checkOptions('systemPrompt', given, PROMPT_OPTIONS);
  if (options.catalog !== undefined && options.catalogs !== undefined) {
    throw catalogError('Give either catalog or catalogs, not both', 'catalogs');
  }
  const catalogs = options.catalog !== undefined ? options.catalog : (options.catalogs ?? []);
  const selected = selectCatalog(catalogs, options.clientCapabilities, {
    ...(options.acceptsInlineCatalogs === undefined ? {} : { acceptsInlineCatalogs: options.acceptsInlineCatalogs }),
    ...(options.modifiers === undefined ? {} : { modifiers: options.modifiers }),
  });
  const catalog = pruneCatalog(selected, {
    ...(options.allowedComponents === undefined ? {} : { allowedComponents: options.allowedComponents }),
    ...(options.allowedMessages === undefined ? {} : { allowedMessages: options.allowedMessages }),
  });
  if (options.format !== undefined && options.format !== 'json' && options.format !== 'express') {
    throw catalogError(`systemPrompt: option format must be 'json' or 'express'`, 'format');
  }
  if (options.format === 'express') {
    const shown = options.includeExamples ?? (options.examples !== undefined && options.examples !== null);
    const examples = shown ? examplesFor(options, catalog) : [];
    if (shown && options.validateExamples === true) validateExamples(examples, catalog);
    return { prompt: expressPromptSections(catalog, { ...options, examples }).join('\n\n'), catalog };
  }
  const parts: string[] = [];
  if (options.role) parts.push(options.role);
  parts.push(`## Workflow Description:\n${DEFAULT_WORKFLOW_RULES}${options.workflow ? `\n${options.workflow}` : ''}`);
  if (options.ui) parts.push(`## UI Description:\n${options.ui}`);
  if (options.includeSchema === true) parts.push(catalogInstructions(catalog));
  if (options.includeExamples ?? (options.examples !== undefined && options.examples !== null)) {
    const examples = examplesFor(options, catalog);
    if (options.validateExamples === true) validateExamples(examples, catalog);
    const text = examplesText(examples);
    if (text !== '') parts.push(`### Examples:\n${text}`);
  }
  return { prompt: parts.join('\n\n'), catalog };
}
