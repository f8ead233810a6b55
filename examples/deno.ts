// Deno: stream a model response from a file (or standard input) through the parser and print
// each part as a JSON line. Usage: deno run --allow-read examples/deno.ts response.txt
import { a2uiStream, basicCatalog } from 'a2ui-stream';

const input = Deno.args[0] ? (await Deno.open(Deno.args[0])).readable : Deno.stdin.readable;
const encoder = new TextEncoder();
const writer = Deno.stdout.writable.getWriter();
for await (const part of input.pipeThrough(a2uiStream(basicCatalog('0.9')))) {
  const line = part.type === 'error' ? { type: 'error', message: part.error.message } : part;
  await writer.write(encoder.encode(`${JSON.stringify(line)}\n`));
}
writer.releaseLock();
