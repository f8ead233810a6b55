/** `a2ui-stream parse`: replays a recorded response through the streaming parser. */
import { A2uiStreamParser, decompile, hasA2ui, type A2uiMessage, type Part } from '../index.js';
import { VERSION_SPECS } from '../internal.js';
import { choiceOption, inputArg, intOption, parseCommandArgs, UsageError } from './args.js';
import { CATALOG_HELP, loadCatalogs } from './catalogs.js';
import { chunks, readInput, sleep, write } from './io.js';
import { EXPECTED_INPUT, messagesOfJson, parseJson } from './message-input.js';
import { describeError, partLine, plural } from './report.js';

/** Help of `a2ui-stream parse`. */
export const PARSE_HELP = `Usage: a2ui-stream parse [options] [file|-]

Parses a recorded model response (a file, or standard input for '-' or no file) with the
streaming parser and prints the parts it emits. Blocks may be JSON between <a2ui-json> tags or
A2UI Express between <a2ui> tags (v0.9 and later; give --catalog basic@1.0 for v1.0). JSON without tags (a list of A2UI messages,
one message, or a specification example file) is read as one block. Exit code 0, or 1 when any error was
reported (each with its category, message and position, on standard error).

Options:
${CATALOG_HELP}
  --chunk <n>          Replay the response in chunks of n characters. Default: all at once.
  --delay <ms>         Wait this long between chunks. Default 0.
  --snapshots <mode>   full (whole reachable tree on each change) or delta. Default delta
                       (v0.8: full).
  --format <f>         ndjson (one part per line) or pretty. Default: pretty on a terminal,
                       ndjson otherwise.
  -h, --help           Show this help.

Examples:
  a2ui-stream parse response.txt
  cat response.txt | a2ui-stream parse --chunk 8 --format pretty
`;

const OPTIONS = {
  catalog: { type: 'string', multiple: true },
  'common-types': { type: 'string' },
  chunk: { type: 'string' },
  delay: { type: 'string' },
  snapshots: { type: 'string' },
  format: { type: 'string' },
} as const;

/** Runs `parse`; resolves to the exit code. */
export async function parseCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs('parse', argv, OPTIONS);
  if (values.help) return write(PARSE_HELP).then(() => 0);
  const chunk = intOption('parse', 'chunk', values.chunk, 0, 1);
  const delay = intOption('parse', 'delay', values.delay, 0, 0, 60_000);
  const snapshots = values.snapshots === undefined ? undefined : choiceOption('parse', 'snapshots', values.snapshots, ['full', 'delta'], 'delta');
  const format = choiceOption('parse', 'format', values.format, ['ndjson', 'pretty'], process.stdout.isTTY ? 'pretty' : 'ndjson');
  const file = inputArg('parse', positionals);
  const { text: input, wrapped } = asResponse(await readInput('parse', file));
  const catalogs = await loadCatalogs('parse', values, input);
  let parser: A2uiStreamParser;
  try {
    parser = new A2uiStreamParser(catalogs, { snapshots, wrapped });
  } catch (error) {
    throw new UsageError((error as Error).message, 'parse');
  }
  const printer = format === 'ndjson' ? ndjsonPrinter() : prettyPrinter(VERSION_SPECS[catalogs[0]!.version].messageKeys);
  let errors = 0;
  const pieces = chunk === 0 ? [input] : chunks(input, chunk);
  for (let i = 0; i <= pieces.length; i++) {
    const { parts, stop } = run(() => (i < pieces.length ? parser.push(pieces[i] as string) : parser.end()));
    for (const part of parts) {
      if (part.type === 'error') {
        errors++;
        // Pretty output shows errors in place; NDJSON also tells a person on standard error.
        if (format === 'ndjson') process.stderr.write(`error: ${describeError(part.error)}\n`);
      }
      await write(printer(part));
    }
    if (stop) return 1;
    if (i < pieces.length - 1) await sleep(delay);
  }
  await write(printer(undefined));
  return errors === 0 ? 0 : 1;
}

/**
 * The text to stream and whether it is a response with tags. JSON messages without tags (a list,
 * one message) are read as one block; an example file's `messages` are written out for it. Other
 * input without a tag is text, and standard error says what else the command takes.
 */
function asResponse(input: string): { text: string; wrapped: boolean } {
  if (hasA2ui(input, { express: true })) return { text: input, wrapped: true };
  const json = /^\s*[[{]/.test(input) ? parseJson(input) : undefined;
  const read = json !== undefined && 'value' in json ? messagesOfJson(json.value) : undefined;
  if (read === undefined) {
    process.stderr.write(`a2ui-stream parse: no <a2ui-json> or <a2ui> block: all of it is text (it takes ${EXPECTED_INPUT})\n`);
    return { text: input, wrapped: true };
  }
  return { text: read.example ? decompile(read.messages as A2uiMessage[]) : input, wrapped: false };
}

/** One parser call: its parts, error parts among them. `stop`: a limit error ended them, after which the input must not go on. */
export function run(call: () => Part[]): { parts: Part[]; stop: boolean } {
  const parts = call();
  return { parts, stop: parts.some((part) => part.type === 'error' && part.error.category === 'LimitError') };
}

type Printer = (part: Part | undefined) => string;

function ndjsonPrinter(): Printer {
  return (part) => (part === undefined ? '' : partLine(part));
}

/** Text as it is; each A2UI message and error on a line of its own. */
function prettyPrinter(messageKeys: readonly string[]): Printer {
  let atLineStart = true;
  return (part) => {
    if (part === undefined) return atLineStart ? '' : '\n';
    if (part.type === 'text') {
      atLineStart = part.text.endsWith('\n');
      return part.text;
    }
    const lead = atLineStart ? '' : '\n';
    atLineStart = true;
    if (part.type === 'error') return `${lead}✗ ${describeError(part.error)}\n`;
    return lead + part.messages.map((message) => `▸ ${summarize(message, messageKeys)}\n`).join('');
  };
}

function summarize(message: Readonly<Record<string, unknown>>, messageKeys: readonly string[]): string {
  const key = messageKeys.find((k) => k in message) ?? Object.keys(message).find((k) => k !== 'version') ?? '?';
  const body = (message[key] ?? {}) as Record<string, unknown>;
  const surface = typeof body.surfaceId === 'string' ? ` ${body.surfaceId}` : '';
  if (Array.isArray(body.components)) {
    const ids = body.components.map((c: { id?: unknown }) => String(c?.id));
    return `${key}${surface}: ${plural(ids.length, 'component')} (${ids.join(', ')})`;
  }
  const { surfaceId: _surface, ...rest } = body;
  return `${key}${surface} ${JSON.stringify(rest)}`;
}
