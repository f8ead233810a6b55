/**
 * Hand-written responses in the shapes models really produce (fences, uppercase tags with
 * attributes, trailing commas, several blocks, a malformed block between good ones), used by the
 * chunking-invariance tests and as seeds of the fuzzer.
 */
import type { ProtocolVersion } from '../../src/protocol/versions.js';

/** One fixture response and what it must yield whatever the chunking. */
export interface FixtureResponse {
  name: string;
  version: ProtocolVersion;
  text: string;
  /** Text the concatenated output contains. */
  expectText: string;
  /** Surface ids of the final state. */
  expectSurfaces: string[];
}

const V09_FORM = `I'll set up the booking form.
<a2ui-json>
\`\`\`json
[
  {"version": "v0.9", "createSurface": {"surfaceId": "booking", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},
  {"version": "v0.9", "updateComponents": {"surfaceId": "booking", "components": [
    {"id": "root", "component": "Column", "children": ["title", "name", "submit"]},
    {"id": "title", "component": "Text", "text": "Book a table — “Chez Léon” 🍷", "variant": "h2"},
    {"id": "name", "component": "TextField", "label": "Your name", "value": {"path": "/name"}},
    {"id": "submit", "component": "Button", "child": "submit-label", "action": {"event": {"name": "book"}}},
    {"id": "submit-label", "component": "Text", "text": "Book </a2ui-json> now"},
  ]}},
  {"version": "v0.9", "updateDataModel": {"surfaceId": "booking", "value": {"name": "Ada \\"The\\" Lovelace", "party": 2}}}
]
\`\`\`
</a2ui-json>
Fill it in and press **Book**.`;

const V08_TWO_BLOCKS = `Here you go:
<A2UI-JSON type="application/json">
[{"surfaceUpdate": {"surfaceId": "main", "components": [
  {"id": "root", "component": {"Column": {"children": {"explicitList": ["greeting"]}}}},
  {"id": "greeting", "component": {"Text": {"text": {"path": "user/name"}}}}
]}},
{"dataModelUpdate": {"surfaceId": "main", "contents": [{"key": "user", "valueMap": [{"key": "name", "valueString": "Grace"}]}]}},
{"beginRendering": {"surfaceId": "main", "root": "root"}}]
</A2UI-JSON>
And a second panel:
<a2ui-json>{"beginRendering": {"surfaceId": "side", "root": "r"}}
{"surfaceUpdate": {"surfaceId": "side", "components": [{"id": "r", "component": {"Divider": {}}}]}}</a2ui-json>
That's all.`;

const V09_RECOVERY = `Before.
<a2ui-json>[{"version": "v0.9", "createSurface": {"surfaceId": "a", "catalogId": "https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}]</a2ui-json>
Now garbage: <a2ui-json>}}}]]] not json at all :: ,,, "</a2ui-json>
Middle text.
<a2ui-json>[{"version": "v0.9", "updateComponents": {"surfaceId": "a", "components": [{"id": "root", "component": "Text", "text": "recovered"}]}}]</a2ui-json>
After.`;

/** The fixture responses. */
export const FIXTURE_RESPONSES: readonly FixtureResponse[] = [
  { name: 'v0.9 form in a fence with a trailing comma', version: '0.9', text: V09_FORM, expectText: 'press **Book**', expectSurfaces: ['booking'] },
  {
    name: 'v0.8 two blocks, uppercase tag with attributes, concatenated messages',
    version: '0.8',
    text: V08_TWO_BLOCKS,
    expectText: "That's all.",
    expectSurfaces: ['main', 'side'],
  },
  { name: 'v0.9 garbage block between good blocks', version: '0.9', text: V09_RECOVERY, expectText: 'Middle text.', expectSurfaces: ['a'] },
];
