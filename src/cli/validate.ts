/** `a2ui-stream validate`: checks a response or a JSON message list against the catalogs. */
import {
  A2uiCatalogError,
  ExpressReader,
  isA2uiError,
  fixPayload,
  RESPONSE_ERRORS,
  hasA2ui,
  validateMessages,
  type A2uiError,
  type Catalog,
} from '../index.js';
import { clipText, MAX_REPORTED_DETAILS, splitBlocks } from '../internal.js';
import { inputArg, parseCommandArgs, UsageError } from './args.js';
import { CATALOG_HELP, loadCatalogs } from './catalogs.js';
import { readInput, write } from './io.js';
import { plural } from './report.js';
import { EXPECTED_INPUT, messagesOfJson, parseJson } from './message-input.js';

/** Help of `a2ui-stream validate`. */
export const VALIDATE_HELP = `Usage: a2ui-stream validate [options] [file|-]

Validates a model response (text with <a2ui-json> blocks, or A2UI Express <a2ui> blocks,
compiled against the catalogs), a JSON list of A2UI messages,
one message, or a specification example file ({"name", "description", "messages"}) (a
file, or standard input for '-' or no file) and reports each problem with its path (the first
100, then a count of the rest).
The messages of all blocks are checked together, as a renderer would receive them.
Exit code 0 when valid, 1 when not.

Options:
${CATALOG_HELP}
  --json               Print the result as one JSON object.
  -h, --help           Show this help.

Examples:
  a2ui-stream validate response.txt
  a2ui-stream validate --catalog basic@0.8 --json messages.json
`;

/** One problem found, with where it is. */
interface Problem {
  /** 1-based block number in a response; absent for a message list. */
  readonly block?: number;
  readonly category: string;
  readonly path: string;
  readonly code: string;
  readonly message: string;
}

/** Where each message of the combined list came from. */
interface Origin {
  readonly block: number | undefined;
  readonly index: number;
}

/** Runs `validate`; resolves to the exit code. */
export async function validateCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs('validate', argv, {
    catalog: { type: 'string', multiple: true },
    'common-types': { type: 'string' },
    json: { type: 'boolean' },
  });
  if (values.help) return write(VALIDATE_HELP).then(() => 0);
  const input = await readInput('validate', inputArg('validate', positionals));
  const catalogs = await loadCatalogs('validate', values, input);
  const { messages, origins, problems, blocks } = readMessages(input, catalogs);
  if (messages.length > 0) problems.push(...check(messages, origins, catalogs));
  problems.sort((a, b) => (a.block ?? 0) - (b.block ?? 0));
  const valid = problems.length === 0;
  const found = problems.filter((problem) => problem.code !== OMITTED);
  const reported = reportedProblems(
    found,
    problems.filter((problem) => problem.code === OMITTED),
  );
  if (values.json) {
    await write(`${JSON.stringify({ valid, version: catalogs[0]!.version, blocks, messages: messages.length, problems: reported })}\n`);
  } else if (valid) {
    const where = blocks === undefined ? '' : ` in ${plural(blocks, 'block')}`;
    await write(`✓ valid: ${plural(messages.length, 'message')}${where} (A2UI v${catalogs[0]!.version}, catalog ${catalogs.map((c) => c.id).join(', ')})\n`);
  } else {
    await write(`✗ ${plural(found.length, 'problem')}${found.length < problems.length ? ' and more' : ''}:\n${reported.map(line).join('')}`);
  }
  return valid ? 0 : 1;
}

/** The code of a problem counting those not reported (`validateMessages` reports at most 100). */
const OMITTED = 'details_omitted';

/**
 * The problems printed: the first {@link MAX_REPORTED_DETAILS} of those `found`, texts clipped,
 * then the validator's `counts` of those it did not report and one counting the rest (probe 17:
 * 100 KB of Express garbage printed 24× its input, a line per statement).
 */
function reportedProblems(found: readonly Problem[], counts: readonly Problem[]): Problem[] {
  const kept = found.slice(0, MAX_REPORTED_DETAILS).map((problem) => ({ ...problem, path: clipText(problem.path), message: clipText(problem.message) }));
  kept.push(...counts);
  const more = found.length - Math.min(found.length, MAX_REPORTED_DETAILS);
  if (more > 0) kept.push({ category: 'ValidationError', path: '', code: OMITTED, message: `${more} more problem${more === 1 ? '' : 's'} not shown` });
  return kept;
}

function line(problem: Problem): string {
  const block = problem.block === undefined ? '' : `block ${problem.block}, `;
  const path = problem.path === '' ? '(whole payload)' : problem.path;
  return `  ${block}${path}: ${problem.category} ${problem.code}: ${problem.message}\n`;
}

/** The messages of every block (or of the JSON list), and the problems reading them. */
function readMessages(
  input: string,
  catalogs: readonly Catalog[],
): { messages: unknown[]; origins: Origin[]; problems: Problem[]; blocks: number | undefined } {
  const messages: unknown[] = [];
  const origins: Origin[] = [];
  const problems: Problem[] = [];
  if (!hasA2ui(input, { express: true })) {
    const json = parseJson(input);
    const read = 'value' in json ? messagesOfJson(json.value) : undefined;
    if (read === undefined) {
      const why = 'error' in json ? `it is not JSON (${json.error})` : `it is JSON ${json.value === null ? 'null' : `of type ${typeof json.value}`}`;
      problems.push({ category: 'ParseError', path: '', code: 'parse', message: `expected ${EXPECTED_INPUT}; ${why}` });
    } else {
      read.messages.forEach((message, index) => {
        messages.push(message);
        origins.push({ block: undefined, index });
      });
    }
    return { messages, origins, problems, blocks: undefined };
  }
  const blocks = splitBlocks(input, true).filter((part) => part.type === 'block');
  blocks.forEach((part, index) => {
    const block = index + 1;
    if (!part.closed) {
      const message = part.format === 'express' ? RESPONSE_ERRORS.closeTagNotFound.replace('</a2ui-json>', '</a2ui>') : RESPONSE_ERRORS.closeTagNotFound;
      problems.push({ block, category: 'ParseError', path: '', code: 'parse', message });
      return;
    }
    if (part.format === 'express') {
      const compiled = compileExpressBlock(part.raw, catalogs);
      compiled.messages.forEach((message, i) => {
        messages.push(message);
        origins.push({ block, index: i });
      });
      for (const error of compiled.errors) problems.push({ block, category: error.category, path: '', code: codeOf(error), message: error.message });
      return;
    }
    try {
      fixPayload(part.raw).forEach((message, i) => {
        messages.push(message);
        origins.push({ block, index: i });
      });
    } catch (error) {
      if (!isA2uiError(error)) throw error;
      problems.push({ block, category: error.category, path: '', code: codeOf(error), message: error.message });
    }
  });
  return { messages, origins, problems, blocks: blocks.length };
}

/** An Express block's messages, as the streaming reader sends them, and every statement that failed. */
function compileExpressBlock(raw: string, catalogs: readonly Catalog[]): { messages: unknown[]; errors: A2uiError[] } {
  const messages: unknown[] = [];
  const errors: A2uiError[] = [];
  try {
    const reader = new ExpressReader(catalogs, { message: (message) => messages.push(message), error: (error) => errors.push(error) });
    reader.push(raw);
    reader.end();
  } catch (error) {
    if (!isA2uiError(error) || error.category === 'CatalogError') throw error;
    errors.push(error);
  }
  return { messages, errors };
}

/** A code for an error that has no details: its category, e.g. `integrity`. */
function codeOf(error: { category: string }): string {
  return error.category.replace(/Error$/, '').toLowerCase();
}

/** Validates the combined list; maps each detail's `messages.N` back to its block. */
function check(messages: unknown[], origins: Origin[], catalogs: Catalog[]): Problem[] {
  try {
    validateMessages(messages, catalogs);
    return [];
  } catch (error) {
    if (error instanceof A2uiCatalogError) throw new UsageError(error.message, 'validate');
    if (!isA2uiError(error)) throw error;
    const details = error.details.length > 0 ? error.details : [{ path: '', code: codeOf(error), message: error.message }];
    return details.map((detail) => {
      const match = /^messages\.(\d+)(.*)$/.exec(detail.path);
      const origin = match ? origins[Number(match[1])] : undefined;
      const path = origin && match ? `messages.${origin.index}${match[2]}` : detail.path;
      return {
        ...(origin?.block !== undefined ? { block: origin.block } : {}),
        category: error.category,
        path,
        code: detail.code,
        message: detail.message,
      };
    });
  }
}
