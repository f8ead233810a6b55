/** A catalog rendered as instructions for a language model. */
import type { Catalog } from '../index.js';
import { catalogDocuments } from './documents.js';
import { hasDefs } from './reachable.js';

/**
 * The catalog's documents as the schema section of a system prompt, exactly as the reference
 * renders it: `---BEGIN A2UI JSON SCHEMA---`, `### Server To Client Schema:` with the
 * server-to-client schema (`{}` when there is none), `### Common Types Schema:` with the common
 * types (only when they have a non-empty `$defs`), `### Catalog Schema:` with the catalog, and
 * `---END A2UI JSON SCHEMA---`, joined by blank lines, no trailing newline. Each document is
 * compact JSON (`JSON.stringify`, keys in the document's order, except that JavaScript puts
 * integer-like keys first) with non-ASCII characters written as they are, not `\u` escaped
 * (shorter for the model; the reference escapes them). Compiles nothing.
 */
export function catalogInstructions(catalog: Catalog): string {
  const { catalog: doc, serverToClient, commonTypes } = catalogDocuments(catalog);
  const sections = ['---BEGIN A2UI JSON SCHEMA---', `### Server To Client Schema:\n${JSON.stringify(serverToClient ?? {})}`];
  if (hasDefs(commonTypes)) sections.push(`### Common Types Schema:\n${JSON.stringify(commonTypes)}`);
  sections.push(`### Catalog Schema:\n${JSON.stringify(doc)}`, '---END A2UI JSON SCHEMA---');
  return sections.join('\n\n');
}
