// Bun: parse a model response file with the synchronous parser, 64 characters at a time, and
// print the ids of each surface's components as they become renderable.
// Usage: bun examples/bun.ts response.txt
import { A2uiStreamParser, basicCatalog, type Part } from 'a2ui-stream';

const text = await Bun.file(Bun.argv[2] ?? '/dev/stdin').text();
const parser = new A2uiStreamParser(basicCatalog('0.9'));

function show(parts: Part[]): void {
  for (const part of parts) {
    if (part.type !== 'a2ui') continue;
    for (const message of part.messages) {
      const update = message.updateComponents as { surfaceId: string; components: { id: string }[] } | undefined;
      if (update) console.log(`${update.surfaceId}: ${update.components.map((c) => c.id).join(' ')}`);
    }
  }
}

for (let i = 0; i < text.length; i += 64) show(parser.push(text.slice(i, i + 64)));
show(parser.end());
