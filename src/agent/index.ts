/**
 * `a2ui-stream/agent`: the agent side. From the catalogs an agent has and a client's
 * capabilities to the system prompt, and the catalog to read the model's answer with. Uses the
 * core only through its public API; the specification's documents embedded here never reach the
 * main entry.
 */
export { catalogDocuments, basicCatalogDocuments } from './documents.js';
export {
  basicCatalogDocumentsV08,
  basicCatalogDocumentsV09,
  basicCatalogDocumentsV091,
  basicCatalogDocumentsV10,
} from './spec/basic-documents.js';
export type { ClientCapabilities, InlineCatalog, VersionedClientCapabilities } from './capabilities.js';
export { selectCatalog, type SelectCatalogOptions } from './select.js';
export { removeStrictValidation, type SchemaModifier } from './modifiers.js';
export { pruneCatalog, type PruneOptions } from './prune.js';
export { catalogInstructions } from './instructions.js';
export { examplesText, validateExamples, type Example } from './examples.js';
export { systemPrompt, DEFAULT_WORKFLOW_RULES, type SystemPrompt, type SystemPromptOptions } from './prompt.js';
export type { CatalogDocuments } from '../index.js';
export {
  expressRules,
  expressSignatures,
  expressExamplesText,
  expressPromptSnippet,
  type ExpressSnippetOptions,
} from './express-prompt.js';
