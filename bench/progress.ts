/** Progress of a benchmark run, on stderr (stdout holds the report). */

/** Writes `message` as a line on stderr. */
export function progress(message: string): void {
  process.stderr.write(`${message}\n`);
}
