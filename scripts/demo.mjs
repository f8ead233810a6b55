// The main job until the CLI exists: parse a bundled sample model response with the built package
// and print its parts. Run `npm run build` first (the script imports ../dist/index.js).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = new URL('../dist/index.js', import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  console.error('dist/index.js not found: run `npm run build` first.');
  process.exit(1);
}
const { basicCatalog, parseResponse } = await import(entry.href);

/** A model response in the direct JSON format: text with one A2UI block (v0.9). */
const SAMPLE_RESPONSE = `Here is the booking form you asked for.

<a2ui-json>
[
  {
    "version": "v0.9",
    "createSurface": {
      "surfaceId": "booking",
      "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"
    }
  },
  {
    "version": "v0.9",
    "updateComponents": {
      "surfaceId": "booking",
      "components": [
        { "id": "root", "component": "Column", "children": ["title", "date", "submit"] },
        { "id": "title", "component": "Text", "text": "Book a table", "variant": "h2" },
        { "id": "date", "component": "DateTimeInput", "value": { "path": "/booking/date" }, "enableDate": true },
        { "id": "submit_label", "component": "Text", "text": "Reserve" },
        { "id": "submit", "component": "Button", "child": "submit_label", "action": { "event": { "name": "reserve" } } },
      ]
    }
  },
  {
    "version": "v0.9",
    "updateDataModel": { "surfaceId": "booking", "path": "/booking", "value": { "date": "2026-12-24" } }
  }
]
</a2ui-json>

Pick a date and press “Reserve”.`;

// Validated against the basic v0.9 catalog: a block a renderer would reject throws.
const parts = parseResponse(SAMPLE_RESPONSE, basicCatalog('0.9'));
for (const [index, part] of parts.entries()) {
  if (part.type === 'text') {
    console.log(`part ${index + 1}: text\n  ${JSON.stringify(part.text)}`);
  } else if (part.type === 'a2ui') {
    console.log(`part ${index + 1}: a2ui, ${part.messages.length} messages`);
    for (const message of part.messages) {
      const key = Object.keys(message).find((k) => k !== 'version');
      console.log(`  ${key} ${JSON.stringify(message[key])}`);
    }
  }
}
