/** Few-shot examples: rendered for a prompt, and checked against a catalog. */
import { A2uiCatalogError, decompile, isA2uiError, validateMessages, type A2uiMessage, type Catalog } from '../index.js';
import { checkCatalog } from './checks.js';
import { catalogError } from './errors.js';
import { isRecord } from './json.js';

/**
 * One few-shot example: `{ name, content }`, the example's JSON text kept verbatim (as loaded from
 * a file), or `{ name, messages }`, messages written out with `decompile` (the protocol's key
 * order, so the model learns the order that streams best).
 */
export type Example = { readonly name: string; readonly content: string } | { readonly name: string; readonly messages: A2uiMessage | readonly A2uiMessage[] };

function checked(examples: readonly Example[]): readonly Example[] {
  if (!Array.isArray(examples)) throw catalogError('Examples must be a list of { name, content } or { name, messages }', 'examples', 'type_mismatch');
  examples.forEach((example: unknown, index) => {
    const path = `examples.${index}`;
    if (!isRecord(example) || typeof example.name !== 'string' || example.name === '') {
      throw catalogError(`Example ${index} needs a non-empty string name`, `${path}.name`, 'missing_field');
    }
    if (/[\r\n]/.test(example.name)) {
      throw catalogError(
        `Example name ${JSON.stringify(example.name).replace(/^"|"$/g, "'")} must be one line (it is written in ---BEGIN name--- lines)`,
        `${path}.name`,
      );
    }
    const hasContent = typeof example.content === 'string';
    const hasMessages = isRecord(example.messages) || Array.isArray(example.messages);
    if (hasContent === hasMessages) {
      throw catalogError(`Example '${example.name}' needs either content (a string) or messages (a message or a list)`, path, 'invalid_value');
    }
  });
  return examples;
}

/** Whether `example` is the `{ name, content }` form (`checked` allows `content: undefined` beside `messages`). */
function hasContent(example: Example): example is Extract<Example, { content: string }> {
  return typeof (example as { content?: unknown }).content === 'string';
}

function textOf(example: Example, index: number): string {
  if (hasContent(example)) return example.content;
  const path = `examples.${index}.messages`;
  const list: readonly unknown[] = Array.isArray(example.messages) ? example.messages : [example.messages];
  const bad = list.findIndex((message) => !isRecord(message));
  if (bad >= 0) throw catalogError(`Example '${example.name}': messages.${bad} is not a message object`, `${path}.${bad}`, 'type_mismatch');
  try {
    return decompile(example.messages);
  } catch (error) {
    // Nested past the writers' bound (a circular message is too) is an example that cannot be written.
    if (isA2uiError(error) && error.category !== 'LimitError') throw error;
    throw catalogError(`Example '${example.name}' cannot be written as JSON: ${(error as Error).message}`, path);
  }
}

/**
 * The examples as the prompt shows them: per example `---BEGIN <name>---`, a newline, its text
 * (content verbatim, or the messages decompiled), a newline, `---END <name>---`; blocks joined by
 * a blank line, no trailing newline; `''` for none.
 *
 * @throws A2uiCatalogError for a malformed example (no name or one with a line break, neither or
 *   both of content and messages, a message that is not an object or cannot be written as JSON).
 */
export function examplesText(examples: readonly Example[]): string {
  return checked(examples)
    .map((example, index) => `---BEGIN ${example.name}---\n${textOf(example, index)}\n---END ${example.name}---`)
    .join('\n\n');
}

/**
 * Checks every example, in order, as A2UI messages (one message or a list) against `catalog`
 * with `validateMessages`.
 *
 * @throws A2uiCatalogError `Failed to validate example <name>: <cause>` at the first example
 *   whose content is not JSON or whose messages do not validate (the cause's details are kept);
 *   for malformed examples, and when `catalog` is not a catalog.
 */
export function validateExamples(examples: readonly Example[], catalog: Catalog): void {
  checked(examples);
  checkCatalog(catalog);
  validateMessages([], catalog); // a catalog that does not compile fails here, as itself
  for (const example of examples) {
    let messages: unknown;
    try {
      messages = hasContent(example) ? JSON.parse(example.content) : example.messages;
      validateMessages(messages, catalog);
    } catch (error) {
      const message = `Failed to validate example ${example.name}: ${(error as Error).message}`;
      if (error instanceof SyntaxError) throw catalogError(message, example.name, 'invalid_json', error.message);
      if (!isA2uiError(error)) throw error;
      throw new A2uiCatalogError(message, { details: error.details, cause: error });
    }
  }
}
