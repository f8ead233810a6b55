// Node: read a recorded model response (a file, or standard input), replay it as a stream of
// small chunks, and print what a renderer would do with each part.
// Usage: node examples/node.mjs response.txt
import { readFile } from 'node:fs/promises';
import { a2uiStream, basicCatalog } from 'a2ui-stream';
import { fromAsyncIterable } from 'a2ui-stream/providers';

const path = process.argv[2] ?? '/dev/stdin';
const text = await readFile(path, 'utf8');

async function* chunks(size) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

let surfaces = 0;
let updates = 0;
for await (const part of fromAsyncIterable(chunks(16)).pipeThrough(a2uiStream(basicCatalog('0.9')))) {
  if (part.type === 'text') process.stdout.write(part.text);
  else if (part.type === 'error') console.error(`\n[${part.error.category}] ${part.error.message}`);
  else {
    for (const message of part.messages) {
      if ('createSurface' in message) surfaces++;
      if ('updateComponents' in message) updates++;
    }
  }
}
console.log(`\n${surfaces} surface(s), ${updates} component update(s)`);
