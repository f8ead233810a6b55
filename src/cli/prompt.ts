/** `a2ui-stream prompt`: prints the system prompt a model would be given, to look at. */
import { systemPrompt, type Example, type VersionedClientCapabilities } from '../agent/index.js';
import { basicCatalog, isA2uiError, PROTOCOL_VERSIONS, type A2uiMessage } from '../index.js';
import { loadExamples, type LoadedExample } from '../node/index.js';
import { choiceOption, parseCommandArgs, UsageError } from './args.js';
import { readInput, write } from './io.js';
import { messagesOfJson, parseJson } from './message-input.js';

/** Help of `a2ui-stream prompt`. */
export const PROMPT_HELP = `Usage: a2ui-stream prompt [options]

Prints the system prompt for the basic catalog of a protocol version, with its schema, as
systemPrompt() of a2ui-stream/agent builds it, so you can read what the model will see.

Options:
  --version <v>         Protocol version: ${PROTOCOL_VERSIONS.join(', ')}. Default: 0.9.
  --allow <names>       Components the model may use, comma-separated (e.g. Text,Button).
                        Default: all of the catalog's.
  --messages <names>    Messages the model may send, comma-separated. Default: all.
  --examples <path>     Few-shot examples: a directory (its *.json files) or a glob pattern;
                        each a JSON message list, or a specification example file (its
                        messages are shown).
  --validate            Check the examples against the (pruned) catalog first.
  --capabilities <f>    The client's capabilities (JSON: {"supportedCatalogIds": [...],
                        "inlineCatalogs": [...]}, or the same inside {"v0.9": ...}, as
                        web_core's getClientCapabilities() writes it; v0.9.1 reads
                        "v0.9.1", else "v0.9").
  --accept-inline       Merge the client's inline catalogs (otherwise they are refused).
  --role <text>         The agent's role, first in the prompt.
  --format <f>          json (blocks between <a2ui-json> tags) or express (A2UI Express
                        between <a2ui> tags, with the catalog's positional signatures;
                        v0.9 and later). Default: json.
  -h, --help            Show this help.

Examples:
  a2ui-stream prompt --version 0.9 --allow Text,Button
  a2ui-stream prompt --version 0.8 --examples ./examples --capabilities caps.json
  a2ui-stream prompt --version 1.0 --format express
`;

function names(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const list = value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (list.length === 0) throw new UsageError('expected a comma-separated list of names', 'prompt');
  return list;
}

/** The capabilities file's JSON, plain or by version (the agent side reads both). */
async function capabilities(path: string | undefined): Promise<VersionedClientCapabilities | undefined> {
  if (path === undefined) return undefined;
  try {
    return JSON.parse(await readInput('prompt', path)) as VersionedClientCapabilities;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`'${path}' is not JSON: ${(error as Error).message}`, 'prompt');
  }
}

/**
 * A loaded example as the prompt shows it: a specification example file
 * (`{ name, description, messages }`) by its messages, anything else verbatim.
 */
function asExample(example: LoadedExample): Example {
  const json = parseJson(example.content);
  const read = 'value' in json ? messagesOfJson(json.value) : undefined;
  return read?.example === true ? { name: example.name, messages: read.messages as A2uiMessage[] } : example;
}

/** Runs `prompt`; resolves to the exit code. */
export async function promptCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs('prompt', argv, {
    version: { type: 'string' },
    allow: { type: 'string' },
    messages: { type: 'string' },
    examples: { type: 'string' },
    validate: { type: 'boolean' },
    capabilities: { type: 'string' },
    'accept-inline': { type: 'boolean' },
    role: { type: 'string' },
    format: { type: 'string' },
  });
  if (values.help) return write(PROMPT_HELP).then(() => 0);
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`, 'prompt');
  const version = choiceOption('prompt', 'version', values.version, PROTOCOL_VERSIONS, '0.9');
  const format = choiceOption('prompt', 'format', values.format, ['json', 'express'], 'json');
  if (format === 'express' && version === '0.8') throw new UsageError('--format express needs --version 0.9 or later', 'prompt');
  if (values.validate === true && values.examples === undefined) {
    throw new UsageError('--validate checks the examples: give --examples too', 'prompt');
  }
  const allowedComponents = names(values.allow);
  const allowedMessages = names(values.messages);
  try {
    const examples = values.examples === undefined ? undefined : (await loadExamples(values.examples)).map(asExample);
    const { prompt } = systemPrompt({
      catalog: basicCatalog(version),
      ...(values.role === undefined ? {} : { role: values.role }),
      clientCapabilities: await capabilities(values.capabilities),
      acceptsInlineCatalogs: values['accept-inline'] === true,
      ...(allowedComponents === undefined ? {} : { allowedComponents }),
      ...(allowedMessages === undefined ? {} : { allowedMessages }),
      includeSchema: true,
      format,
      ...(examples === undefined ? {} : { examples, validateExamples: values.validate === true }),
    });
    await write(`${prompt}\n`);
    return 0;
  } catch (error) {
    if (!isA2uiError(error)) throw error;
    process.stderr.write(`a2ui-stream prompt: ${error.message}\n`);
    return 1;
  }
}
