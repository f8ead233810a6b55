/** Input and output helpers of the CLI: reading a file or standard input, writing, waiting. */
import { readFile } from 'node:fs/promises';
import { UsageError } from './args.js';

/** Reads `path` (`-`: standard input) as UTF-8; a missing or unreadable file is a usage error. */
export async function readInput(command: string, path: string): Promise<string> {
  if (path === '-') {
    if (process.stdin.isTTY) {
      throw new UsageError('no input: give a file, or pipe a response into standard input', command);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return stripBom(Buffer.concat(chunks).toString('utf8'));
  }
  try {
    return stripBom(await readFile(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`cannot read '${path}': ${(error as NodeJS.ErrnoException).code ?? String(error)}`, command);
  }
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Writes to standard output, waiting when the pipe is full. */
export function write(text: string): Promise<void> {
  return new Promise((resolve) => {
    if (process.stdout.write(text)) resolve();
    else process.stdout.once('drain', resolve);
  });
}

/** Resolves after `ms` milliseconds (at once for 0). */
export function sleep(ms: number): Promise<void> {
  return ms <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms));
}

/** Splits `text` into pieces of `size` characters, never splitting a surrogate pair. */
export function chunks(text: string, size: number): string[] {
  const chars = [...text];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(''));
  return out;
}
