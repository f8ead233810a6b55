/**
 * The `a2ui-stream` command: `demo`, `parse`, `validate` and `prompt`. A separate entry from the library
 * (it may use Node built-ins); built to `dist/cli.js`.
 */
import { UsageError } from './args.js';
import { demoCommand } from './demo.js';
import { parseCommand } from './parse.js';
import { promptCommand } from './prompt.js';
import { validateCommand } from './validate.js';

const HELP = `Usage: a2ui-stream <command> [options]

Reads A2UI (Agent-to-User Interface) messages out of language-model output while it streams.

Commands:
  demo       Stream an example model response and watch a surface grow (start here).
  parse      Parse a recorded response with the streaming parser; print the parts.
  validate   Validate a response or a JSON list of A2UI messages; list its problems.
  prompt     Print the system prompt a model is given for a catalog (a2ui-stream/agent).

Run 'a2ui-stream <command> --help' for a command's options.
`;

const COMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  demo: demoCommand,
  parse: parseCommand,
  validate: validateCommand,
  prompt: promptCommand,
};

/** Runs the command line `argv` (without `node` and the script); resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '-h' || name === '--help' || name === 'help') {
    process.stdout.write(HELP);
    return 0;
  }
  const command = COMMANDS[name];
  try {
    if (command === undefined) throw new UsageError(`unknown command '${name}'`);
    return await command(rest);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    const hint = error.command === undefined ? 'a2ui-stream --help' : `a2ui-stream ${error.command} --help`;
    process.stderr.write(`a2ui-stream${error.command ? ` ${error.command}` : ''}: ${error.message}\nSee '${hint}'.\n`);
    return 2;
  }
}

// A reader that stops early (`| head`) closes the pipe: stop quietly, as other tools do.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`a2ui-stream: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 70;
  },
);
