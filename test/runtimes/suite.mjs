// The stream test suite that runs in every runtime (Node, Deno, Bun, Chromium). It uses web APIs
// only and receives the library from the caller (the built `dist/` or the browser bundle), so
// the same file serves each runtime and the README snippets can reuse its fixtures.

export const CATALOG_ID = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';

const blockMessages = [
  { version: 'v0.9', createSurface: { surfaceId: 'card', catalogId: CATALOG_ID } },
  {
    version: 'v0.9',
    updateComponents: {
      surfaceId: 'card',
      components: [
        { id: 'root', component: 'Column', children: ['title', 'body'] },
        { id: 'title', component: 'Text', text: 'Grüße aus 日本 👋🏽', variant: 'h1' },
        { id: 'body', component: 'Text', text: { path: '/message' } },
      ],
    },
  },
  { version: 'v0.9', updateDataModel: { surfaceId: 'card', path: '/message', value: 'Bonjour ✓' } },
];

const TEXT_BEFORE = 'Here is your card — ✓ 日本語 👋🏽\n';
const TEXT_AFTER = '\nAnything else? ¿Algo más?';

/** A model response: conversational text around one A2UI block, with multi-byte characters. */
export const MODEL_RESPONSE = `${TEXT_BEFORE}<a2ui-json>\n${JSON.stringify(blockMessages, null, 1)}\n</a2ui-json>${TEXT_AFTER}`;

/** The state a renderer ends with after MODEL_RESPONSE, and its conversational text. */
export const EXPECTED = {
  text: TEXT_BEFORE + TEXT_AFTER,
  surfaces: ['card'],
  components: Object.fromEntries(blockMessages[1].updateComponents.components.map((c) => [c.id, c])),
  dataModel: { message: 'Bonjour ✓' },
};

/** MODEL_RESPONSE as an Anthropic Messages event stream, one text delta per `deltaSize` characters. */
export function anthropicSse(text = MODEL_RESPONSE, deltaSize = 9) {
  const event = (type, fields = {}) => `event: ${type}\ndata: ${JSON.stringify({ type, ...fields })}\n\n`;
  let sse = event('message_start', { message: { id: 'msg_1', role: 'assistant', content: [] } });
  sse += event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
  for (let i = 0; i < text.length; i += deltaSize) {
    sse += event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: text.slice(i, i + deltaSize) } });
  }
  return sse + event('content_block_stop', { index: 0 }) + event('message_stop');
}

/** Cuts `bytes` into pieces of `size` bytes (so multi-byte characters get split). */
export function byteChunks(text, size) {
  const bytes = new TextEncoder().encode(text);
  const chunks = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.slice(i, i + size));
  return chunks;
}

function streamOf(chunks, onCancel) {
  let index = 0;
  return new ReadableStream({
    pull(controller) {
      if (index < chunks.length) controller.enqueue(chunks[index++]);
      else controller.close();
    },
    cancel(reason) {
      onCancel?.(reason);
    },
  });
}

async function readAll(stream) {
  const reader = stream.getReader();
  const parts = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return parts;
    parts.push(value);
  }
}

function fail(message) {
  throw new Error(message);
}

function equal(actual, expected, what) {
  const a = JSON.stringify(sortKeys(actual));
  const e = JSON.stringify(sortKeys(expected));
  if (a !== e) fail(`${what}: expected ${e}, got ${a}`);
}

function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys(value[key])]),
  );
}

function setPointer(model, path, value) {
  const keys = (path ?? '/').split('/').filter((key) => key !== '');
  if (keys.length === 0) return value;
  const root = model && typeof model === 'object' ? model : {};
  let node = root;
  keys.slice(0, -1).forEach((key) => {
    if (!node[key] || typeof node[key] !== 'object') node[key] = {};
    node = node[key];
  });
  node[keys[keys.length - 1]] = value;
  return root;
}

/** The ids a v0.9 component refers to (enough for the basic catalog's layout components). */
function childIds(component) {
  const ids = [];
  for (const key of ['child', 'children', 'trigger', 'content']) {
    const value = component[key];
    if (typeof value === 'string') ids.push(value);
    else if (Array.isArray(value)) ids.push(...value.filter((id) => typeof id === 'string'));
    else if (typeof value?.componentId === 'string') ids.push(value.componentId);
  }
  return ids;
}

/** The components reachable from `root`: what a renderer shows (placeholders drop out). */
function reachable(components) {
  const shown = {};
  const visit = (id) => {
    const component = components[id];
    if (component === undefined || id in shown) return;
    shown[id] = component;
    childIds(component).forEach(visit);
  };
  visit('root');
  return shown;
}

/**
 * Folds parts as a renderer would: conversational text, surfaces created, the latest form of each
 * component reachable from the root, the data model, and the errors (as categories).
 */
export function fold(parts) {
  const state = { text: '', surfaces: [], components: {}, dataModel: {}, errors: [] };
  for (const part of parts) {
    if (part.type === 'text') state.text += part.text;
    else if (part.type === 'error') state.errors.push(part.error.category);
    else if (part.type === 'a2ui') {
      for (const message of part.messages) {
        if (message.createSurface) state.surfaces.push(message.createSurface.surfaceId);
        for (const component of message.updateComponents?.components ?? []) state.components[component.id] = component;
        if (message.updateDataModel) {
          state.dataModel = setPointer(state.dataModel, message.updateDataModel.path, message.updateDataModel.value);
        }
      }
    } else fail(`unknown part type ${part.type}`);
  }
  state.components = reachable(state.components);
  return state;
}

/**
 * Asserts that `parts` (read from MODEL_RESPONSE) carry the expected text and final surface, in
 * at least `minA2uiParts` A2UI parts (more than one shows that the surface streamed).
 */
export function checkModelParts(parts, minA2uiParts = 1) {
  const state = fold(parts);
  equal(state.errors, [], 'errors');
  equal(state.text, EXPECTED.text, 'text');
  equal(state.surfaces, EXPECTED.surfaces, 'surfaces created');
  equal(state.components, EXPECTED.components, 'final components');
  equal(state.dataModel, EXPECTED.dataModel, 'data model');
  const a2uiParts = parts.filter((part) => part.type === 'a2ui');
  if (a2uiParts.length < minA2uiParts) fail(`expected at least ${minA2uiParts} A2UI parts, got ${a2uiParts.length}`);
}

/** The tests, by name. `baseUrl` (optional) points at the test server for the fetch tests. */
export function tests({ lib, providers, baseUrl }) {
  const catalog = () => lib.basicCatalog('0.9');
  const list = [
    [
      'string chunks pass as they are',
      async () => {
        checkModelParts(await readAll(streamOf([MODEL_RESPONSE.slice(0, 50), MODEL_RESPONSE.slice(50)]).pipeThrough(lib.a2uiStream(catalog()))));
      },
    ],
    [
      'bytes cut every 7 bytes, inside multi-byte characters',
      async () => {
        checkModelParts(await readAll(streamOf(byteChunks(MODEL_RESPONSE, 7)).pipeThrough(lib.a2uiStream(catalog()))), 3);
      },
    ],
    [
      'one byte per chunk, through the A2uiStream class, in delta snapshots',
      async () => {
        const stream = new lib.A2uiStream(catalog(), { snapshots: 'delta' });
        checkModelParts(await readAll(streamOf(byteChunks(MODEL_RESPONSE, 1)).pipeThrough(stream)), 3);
      },
    ],
    [
      'an Anthropic event stream through the providers entry',
      async () => {
        const sse = streamOf(byteChunks(anthropicSse(), 13));
        checkModelParts(await readAll(sse.pipeThrough(providers.anthropicTextStream()).pipeThrough(lib.a2uiStream(catalog()))), 3);
      },
    ],
    [
      "an unclosed block is reported as an error part at the end ('emit')",
      async () => {
        const parts = await readAll(streamOf(['Before. <a2ui-json>[{"version":"v0.9",']).pipeThrough(lib.a2uiStream(catalog())));
        const state = fold(parts);
        equal(state.text, 'Before. ', 'text');
        equal(state.errors, ['ParseError'], 'errors');
        equal(parts[parts.length - 1].type, 'error', 'last part');
      },
    ],
    [
      "onError: 'terminate' errors the stream with an A2uiError",
      async () => {
        const stream = streamOf(['Before. <a2ui-json>[{"version":"v0.9",']).pipeThrough(lib.a2uiStream(catalog(), { onError: 'terminate' }));
        const error = await readAll(stream).then(
          () => fail('the stream did not error'),
          (e) => e,
        );
        if (!lib.isA2uiError(error) || error.category !== 'ParseError') fail(`unexpected error ${error}`);
      },
    ],
    [
      'cancelling the parts reader cancels the source',
      async () => {
        let reason;
        const source = streamOf(byteChunks(MODEL_RESPONSE, 3), (r) => (reason = r));
        const reader = source.pipeThrough(lib.a2uiStream(catalog())).getReader();
        await reader.read();
        await reader.cancel('enough');
        for (let i = 0; i < 5 && reason === undefined; i++) await new Promise((resolve) => setTimeout(resolve, 0));
        equal(reason, 'enough', 'cancel reason at the source');
      },
    ],
  ];
  if (baseUrl) {
    list.push(
      [
        'a slowly streamed fetch response body',
        async () => {
          const response = await fetch(`${baseUrl}/model`);
          checkModelParts(await readAll(response.body.pipeThrough(lib.a2uiStream(catalog()))));
        },
      ],
      [
        'a slowly streamed Anthropic response over fetch',
        async () => {
          const response = await fetch(`${baseUrl}/sse/anthropic`);
          checkModelParts(await readAll(response.body.pipeThrough(providers.anthropicTextStream()).pipeThrough(lib.a2uiStream(catalog()))));
        },
      ],
    );
  }
  return list;
}

/** Runs every test; returns `{ passed, failed, results: [{ name, ok, error? }] }`. */
export async function runSuite(context) {
  const results = [];
  for (const [name, test] of tests(context)) {
    try {
      await test();
      results.push({ name, ok: true });
    } catch (error) {
      results.push({ name, ok: false, error: String(error?.stack ?? error) });
    }
  }
  const passed = results.filter((result) => result.ok).length;
  return { passed, failed: results.length - passed, results };
}
