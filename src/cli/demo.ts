/** `a2ui-stream demo`: streams an embedded model response through the parser at a model's pace. */
import { basicCatalog, PROTOCOL_VERSIONS, A2uiStreamParser, type Catalog, type Part } from '../index.js';
import { choiceOption, intOption, parseCommandArgs, UsageError } from './args.js';
import { demoResponse } from './demo-response.js';
import { sleep, write } from './io.js';
import { run } from './parse.js';
import { partLine, plural } from './report.js';
import { Screen } from './screen.js';
import { Transcript, wrapText } from './transcript.js';

/** Help of `a2ui-stream demo`. */
export const DEMO_HELP = `Usage: a2ui-stream demo [options]

Streams an example model response (text, and an A2UI surface that grows with placeholders
for components not yet arrived) through the streaming parser at a language model's pace.
On a terminal it shows the text as it arrives and a live outline of the surface; when
piped, it prints the parts as NDJSON, one per line.

Options:
  --version <v>        A2UI protocol version of the example: ${PROTOCOL_VERSIONS.join(', ')}. Default 0.9.
  --delay <ms>         Wait this long between chunks (a model's tokens). Default 15.
  --snapshots <mode>   full (whole reachable tree on each change) or delta. Default delta
                       (v0.8: full).
  --ndjson             Print NDJSON even on a terminal.
  -h, --help           Show this help.

Examples:
  a2ui-stream demo
  a2ui-stream demo --version 0.8 --delay 0 | head -5
`;

/** Sizes of a model's tokens in characters, cycled through: the same chunks on every run. */
const TOKEN_SIZES = [4, 2, 6, 3, 7, 1, 5, 8, 3, 4, 2, 6];

/** Splits the response into token-like chunks of 1 to 8 characters. */
export function tokenChunks(text: string): string[] {
  const out: string[] = [];
  for (let i = 0, n = 0; i < text.length; n++) {
    let size = TOKEN_SIZES[n % TOKEN_SIZES.length] as number;
    // Never split a surrogate pair.
    if (/[\uD800-\uDBFF]/.test(text.charAt(i + size - 1))) size++;
    out.push(text.slice(i, i + size));
    i += size;
  }
  return out;
}

/** Runs `demo`; resolves to the exit code. */
export async function demoCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs('demo', argv, {
    version: { type: 'string' },
    delay: { type: 'string' },
    snapshots: { type: 'string' },
    ndjson: { type: 'boolean' },
  });
  if (values.help) return write(DEMO_HELP).then(() => 0);
  if (positionals.length > 0) throw new UsageError(`demo takes no file, got '${positionals.join(' ')}'`, 'demo');
  const version = choiceOption('demo', 'version', values.version, PROTOCOL_VERSIONS, '0.9');
  const delay = intOption('demo', 'delay', values.delay, 15, 0, 10_000);
  const snapshots = values.snapshots === undefined ? undefined : choiceOption('demo', 'snapshots', values.snapshots, ['full', 'delta'], 'delta');
  const catalog = basicCatalog(version);
  const parser = new A2uiStreamParser(catalog, { snapshots });
  const response = demoResponse(version);
  const pieces = tokenChunks(response);
  const steps: Step[] = [...pieces.map((piece) => ({ size: piece.length, call: () => parser.push(piece) })), { size: 0, call: () => parser.end() }];
  const tty = process.stdout.isTTY === true && values.ndjson !== true;
  return tty ? live(steps, { total: response.length, version, delay, catalog }) : ndjson(steps, delay);
}

/** One parser call and how many characters of the response it reads. */
interface Step {
  readonly size: number;
  readonly call: () => Part[];
}

const FOOTER = 'Done. Placeholders (…) stood in for components not yet arrived. ' + 'Pipe the command for NDJSON parts; see a2ui-stream --help.';

async function ndjson(steps: readonly Step[], delay: number): Promise<number> {
  let errors = 0;
  for (const step of steps) {
    for (const part of run(step.call).parts) {
      if (part.type === 'error') errors++;
      await write(partLine(part));
    }
    await sleep(delay);
  }
  return errors === 0 ? 0 : 1;
}

async function live(steps: readonly Step[], setting: { total: number; version: string; delay: number; catalog: Catalog }): Promise<number> {
  const screen = new Screen(process.stdout);
  const transcript = new Transcript(setting.catalog);
  const interrupt = () => {
    screen.restore();
    process.exit(130);
  };
  process.once('SIGINT', interrupt);
  screen.start();
  let read = 0;
  let count = 0;
  let errors = 0;
  const header = () => `a2ui-stream demo · A2UI v${setting.version} · ${read}/${setting.total} characters · ${plural(count, 'part')}`;
  for (const step of steps) {
    read += step.size;
    for (const part of run(step.call).parts) {
      transcript.add(part);
      count++;
      if (part.type === 'error') errors++;
    }
    screen.draw(header(), transcript.lines(screen.width));
    await sleep(setting.delay);
  }
  screen.finish(header(), transcript.lines(screen.width), wrapText(FOOTER, screen.width).join('\n'));
  process.removeListener('SIGINT', interrupt);
  return errors === 0 ? 0 : 1;
}
