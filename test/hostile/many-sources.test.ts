/**
 * No amplification for a run of many sources (issue #37, probe P6): the AG-UI middleware's floor
 * (`out ≤ 4·in + 1,024`) holds for the run as a whole, not per render tool call, so that a run of
 * many tiny failed calls is not amplified by their number. Each failed call still gets its
 * `TOOL_CALL_RESULT` and ends `failed`.
 */
import { describe, expect, it } from 'vitest';
import { run, toolCall, type AguiEvent } from '../support/ag-ui-runs.js';
import { deltas, middlewareRun } from './entry-output.js';

/** C in `out ≤ 4·in + C`, for the run. */
const RUN_OUTPUT_FLOOR = 1_024;

const catalogId = 'https://a2ui.org/specification/v0_9/basic_catalog.json';
const calls = (count: number, args: string, size: number): AguiEvent[] =>
  run(Array.from({ length: count }, (_, i) => toolCall(`c${i}`, 'render_a2ui', deltas(args, size))).flat());

const ARGUMENTS = [
  'x',
  '{"surfaceId":"s","components":[{"id":"root","component":"Nope"}]}',
  '{"surfaceId":"s","components":[1]}',
  '{"surfaceId":"s","components":[{"id":"root","component":"DateTimeInput","value":1,"enableDate":"x","enableTime":"y","min":1,"max":2,"label":3}]}',
  '{"surfaceId":"s","components":[{"id":"a","component":"Button"}]}',
  `{"surfaceId":"s","catalogId":"${catalogId}","components":[{"id":"root","component":"Column","children":[]},{"id":"x","component":"Nope"}]}`,
];

describe(`a run of many failed render tool calls: out ≤ 4·in + ${RUN_OUTPUT_FLOOR} bytes for the run`, () => {
  // Before: 100 calls with arguments `x` sent 7.9 times their input (each call its own floor).
  it('100 calls with arguments `x`, in one run', async () => {
    const { bytesIn, bytesOut } = await middlewareRun(calls(100, 'x', Infinity));
    expect(bytesOut).toBeLessThanOrEqual(4 * bytesIn + RUN_OUTPUT_FLOOR);
  });

  it('40 calls of each malformed shape, whole and in 16-character deltas', async () => {
    const over: string[] = [];
    for (const args of ARGUMENTS) {
      for (const size of [16, Infinity]) {
        const { bytesIn, bytesOut } = await middlewareRun(calls(40, args, size));
        if (bytesOut > 4 * bytesIn + RUN_OUTPUT_FLOOR) over.push(`${bytesOut} out for ${bytesIn} in, ${size}-character deltas: ${args.slice(0, 60)}`);
      }
    }
    expect(over).toEqual([]);
  });

  it('every failed call still gets a failed result and a failed status; the errors not sent are counted once', async () => {
    const { sent } = await middlewareRun(calls(100, 'x', Infinity));
    const results = sent.filter((event) => event.type === 'TOOL_CALL_RESULT');
    expect(results.map((event) => event.toolCallId)).toEqual(Array.from({ length: 100 }, (_, i) => `c${i}`));
    for (const event of results) expect(JSON.parse(String(event.content))).toMatchObject({ status: 'failed' });
    const lastStatus = new Map<unknown, unknown>();
    for (const event of sent) if (event.type === 'ACTIVITY_SNAPSHOT') lastStatus.set(event.messageId, (event.content as { status?: string }).status);
    expect(new Set(lastStatus.values())).toEqual(new Set(['failed']));
    expect(lastStatus.size).toBe(100);
    const errors = sent.filter((event) => event.type === 'CUSTOM');
    const summary = errors.filter((event) => (event.value as { sourceId?: string }).sourceId === undefined);
    expect(summary).toHaveLength(1);
    const muted = 100 - (errors.length - 1);
    expect((summary[0]?.value as { message?: string } | undefined)?.message).toBe(`${muted} errors of ${muted} more failed calls not sent`);
  });
});
