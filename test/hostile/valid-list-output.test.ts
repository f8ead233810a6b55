/**
 * No amplification of VALID answers on the AG-UI text entry (issue #37, probe P14): a List
 * template over one `updateDataModel` of N items, and the like, streamed at 1-, 16- and
 * 64-character deltas and whole, send at most `4 · in + 1,024` bytes (the events as JSON), and the
 * client ends with the surface the answer read whole draws. The core streams such a list as one
 * `updateDataModel` per item (its version, surface id and path repeated around each 5- to
 * 40-character item); before, the middleware added each as one more message of the activity's
 * content (an `add` of the whole message), 4.0 to 6.1 times the input for a list of objects, 5.3
 * to 10.6 for a list of strings.
 */
import { describe, expect, it } from 'vitest';
import { A2uiStreamMiddleware } from '../../src/ag-ui/index.js';
import { A2uiStreamParser, basicCatalogV09, type A2uiMessage } from '../../src/index.js';
import { bySurface, converse, renderedActivities, renderedV09 } from '../ag-ui/helpers.js';
import { run, textMessage, toolCall, type AguiEvent } from '../support/ag-ui-runs.js';
import { deltas, middlewareRun } from './entry-output.js';

/** C in `out ≤ 4·in + C`, per text message. */
const SOURCE_FLOOR = 1_024;

const catalogId = basicCatalogV09().id;
const head = `{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"${catalogId}"}}`;
const components = (list: string) => `{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[${list}]}}`;

/** A List of `template` over `/items`, then one `updateDataModel` of the items that fit in `n` characters. */
const list =
  (item: (i: number) => string, template: string) =>
  (n: number): string => {
    const items: string[] = [];
    for (let length = 0, i = 0; length < n; i++) length += items[items.push(item(i)) - 1]!.length + 1;
    const list = components(`{"id":"root","component":"List","children":{"path":"/items","componentId":"t"}},${template}`);
    return `<a2ui-json>[${head},${list},{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/items","value":[${items.join(',')}]}}]</a2ui-json>`;
  };

/** A Column of `n / 50` small Text components. */
function smallComponents(n: number): string {
  const ids = Array.from({ length: Math.floor(n / 50) }, (_, i) => `c${i}`);
  const texts = ids.map((id) => `{"id":"${id}","component":"Text","text":"${id}"}`);
  return `<a2ui-json>[${head},${components([`{"id":"root","component":"Column","children":${JSON.stringify(ids)}}`, ...texts].join(','))}]</a2ui-json>`;
}

const SHAPES: readonly (readonly [string, (n: number) => string])[] = [
  ['a data list of {"name":"i"}', list((i) => `{"name":"${i}"}`, '{"id":"t","component":"Text","text":{"path":"name"}}')],
  ['a data list of strings', list((i) => `"${i}"`, '{"id":"t","component":"Text","text":{"path":""}}')],
  ['a data list of objects with 3 keys', list((i) => `{"name":"n${i}","price":${i},"ok":true}`, '{"id":"t","component":"Text","text":{"path":"name"}}')],
  ['many small components', smallComponents],
];

/** `render_a2ui` arguments: a List of Text over `data.items`, the items that fit in `n` characters. */
const toolList =
  (item: (i: number) => string, textPath: string) =>
  (n: number): string => {
    const items: string[] = [];
    for (let length = 0, i = 0; length < n; i++) length += items[items.push(item(i)) - 1]!.length + 1;
    const list = `{"id":"root","component":"List","children":{"path":"/items","componentId":"t"}},{"id":"t","component":"Text","text":{"path":"${textPath}"}}`;
    return `{"surfaceId":"s","components":[${list}],"data":{"items":[${items.join(',')}]}}`;
  };

const TOOL_SHAPES: readonly (readonly [string, (n: number) => string])[] = [
  ['a data list of {"name":"i"}', toolList((i) => `{"name":"${i}"}`, 'name')],
  ['a data list of strings', toolList((i) => `"${i}"`, '')],
];

/** What a client of the middleware draws after `events` (one run). */
async function drawnBy(events: AguiEvent[]): Promise<Record<string, unknown>> {
  const { messages } = await converse(new A2uiStreamMiddleware({ catalogs: basicCatalogV09() }), [events]);
  return bySurface(renderedActivities(messages));
}

/** Streamed, the surface is painted in steps while the source streams (the pacing holds changes back, not all of them). */
function expectPaintedInSteps(sent: readonly AguiEvent[], size: number): void {
  if (size === Infinity) return;
  const steps = sent.filter((event) => event.type === 'ACTIVITY_SNAPSHOT' || event.type === 'ACTIVITY_DELTA').length;
  expect(steps, `${size}-character deltas: activity events`).toBeGreaterThanOrEqual(8);
}

/** The surfaces `text` draws read whole. */
function drawnWhole(text: string): Record<string, unknown> {
  const parser = new A2uiStreamParser(basicCatalogV09());
  const messages: A2uiMessage[] = [];
  for (const part of [...parser.push(text), ...parser.end()]) if (part.type === 'a2ui') messages.push(...part.messages);
  return renderedV09(messages);
}

/**
 * For `shape` at 1-character deltas (1,500 characters) and 16, 64 and whole (5,000): the runs over
 * `out ≤ 4·in + 1,024` (described), each painted in steps, and what `drawn` checks of it.
 */
async function overBound(
  shape: (n: number) => string,
  events: (text: string, size: number) => AguiEvent[],
  drawn: (text: string, size: number, events: AguiEvent[]) => Promise<void>,
): Promise<string[]> {
  const over: string[] = [];
  for (const [size, n] of [
    [1, 1_500],
    [16, 5_000],
    [64, 5_000],
    [Infinity, 5_000],
  ] as const) {
    const text = shape(n);
    const sentEvents = events(text, size);
    const { bytesIn, bytesOut, sent } = await middlewareRun(sentEvents);
    if (bytesOut > 4 * bytesIn + SOURCE_FLOOR)
      over.push(`${size}-character deltas: ${bytesOut} bytes out for ${bytesIn} in (${(bytesOut / bytesIn).toFixed(2)}×)`);
    expectPaintedInSteps(sent, size);
    await drawn(text, size, sentEvents);
  }
  return over;
}

describe(`a valid answer on the AG-UI text entry: out ≤ 4·in + ${SOURCE_FLOOR}, the surface drawn whole`, () => {
  for (const [name, shape] of SHAPES) {
    it(name, async () => {
      const over = await overBound(
        shape,
        (text, size) => run(textMessage('m1', deltas(text, size))),
        async (text, size, events) => {
          const { messages } = await converse(new A2uiStreamMiddleware({ catalogs: basicCatalogV09() }), [events]);
          expect(bySurface(renderedActivities(messages)), `${size}-character deltas`).toEqual(drawnWhole(text));
        },
      );
      expect(over).toEqual([]);
    });
  }
});

describe(`a valid render_a2ui call on the AG-UI entry: out ≤ 4·in + ${SOURCE_FLOOR}, the surface drawn as whole arguments draw it`, () => {
  for (const [name, shape] of TOOL_SHAPES) {
    it(name, async () => {
      const over = await overBound(
        shape,
        (args, size) => run(toolCall('tc1', 'render_a2ui', deltas(args, size))),
        async (args, size, events) => {
          const drawn = await drawnBy(events);
          expect(Object.keys(drawn)).toEqual(['s']);
          expect(drawn, `${size}-character deltas`).toEqual(await drawnBy(run(toolCall('tc1', 'render_a2ui', [args]))));
        },
      );
      expect(over).toEqual([]);
    });
  }
});
