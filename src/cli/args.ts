/** Argument handling shared by the commands: parsing, checked values, usage errors (exit 2). */
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A mistake in the command line: printed with a hint to `--help`, exit code 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    /** The command whose help the hint names; `undefined` for the top level. */
    readonly command?: string,
  ) {
    super(message);
  }
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** Parses `argv` for `command` with node's strict `parseArgs`, turning its errors into usage errors. */
export function parseCommandArgs<T extends Options>(command: string, argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options: { ...options, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/\. To specify [\s\S]*$/, '').split('\n')[0] as string, command);
  }
}

/** A whole number within `[min, max]`, or the default when the option was not given. */
export function intOption(command: string, name: string, value: unknown, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (typeof value !== 'string' || value.trim() === '' || !Number.isInteger(number) || number < min || number > max) {
    throw new UsageError(
      `--${name} must be a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? ' up' : ` to ${max}`}, got '${String(value)}'`,
      command,
    );
  }
  return number;
}

/** One of `choices`, or the default when the option was not given. */
export function choiceOption<C extends string>(command: string, name: string, value: unknown, choices: readonly C[], fallback: C): C {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return value as C;
  throw new UsageError(`--${name} must be one of ${choices.join(', ')}, got '${String(value)}'`, command);
}

/** The one input named by the positionals (`-` or none: standard input). */
export function inputArg(command: string, positionals: string[]): string {
  if (positionals.length > 1) throw new UsageError(`expected one input file, got ${positionals.length}: ${positionals.join(' ')}`, command);
  return positionals[0] ?? '-';
}
