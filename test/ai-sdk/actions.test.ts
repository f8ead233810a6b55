/**
 * The rest of the loop around the data parts: a user's action sent back as a `data-a2ui-action`
 * part (checked by its schema, given to the model as text), and `a2uiNewMessages`, which hands
 * each `data-a2ui` part to a `readUIMessageStream` reader once, with each SDK major's own reader.
 */
import { describe, expect, it } from 'vitest';
import {
  a2uiActionDataSchema,
  a2uiActionPart,
  a2uiConvertDataPart,
  a2uiDataPartSchemas,
  a2uiNewMessages,
  a2uiUIMessageStream,
} from '../../src/ai-sdk/index.js';
import { basicCatalog, type A2uiMessage } from '../../src/index.js';
import { BOOKING_TURN_1, deltas, renderedSurfaces, STEP_1 } from './fixtures.js';
import { SDKS } from './sdks.js';

const action = { name: 'confirm', surfaceId: 'booking', sourceComponentId: 'confirm', timestamp: '2026-01-01T19:30:00Z', context: { when: 'Friday' } };
const dataModel = { version: 'v0.9', surfaces: { booking: { guests: 2 } } };

describe('a2uiActionPart', () => {
  it('is a data-a2ui-action part with the action, and the data model when given', () => {
    expect(a2uiActionPart(action)).toEqual({ type: 'data-a2ui-action', data: { action } });
    expect(a2uiActionPart(action, dataModel)).toEqual({ type: 'data-a2ui-action', data: { action, dataModel } });
    expect(a2uiActionPart(action, undefined).data).not.toHaveProperty('dataModel');
  });

  it('reaches the model as text: the action and the data models, as JSON', () => {
    expect(a2uiConvertDataPart(a2uiActionPart(action))).toEqual({
      type: 'text',
      text: `The user acted on an A2UI surface: ${JSON.stringify({ action })}`,
    });
    const text = a2uiConvertDataPart(a2uiActionPart(action, dataModel))?.text;
    expect(text?.split('\n')[1]).toBe('The data model of the surfaces that send theirs: {"booking":{"guests":2}}');
    expect(a2uiConvertDataPart({ type: 'data-a2ui-action', data: { nothing: 1 } })).toBeUndefined();
  });

  it('has a schema, under both keys, that checks the shape', () => {
    const validate = (value: unknown) => a2uiActionDataSchema['~standard'].validate(value);
    expect(validate({ action })).toEqual({ value: { action } });
    expect(validate({ action, dataModel })).toEqual({ value: { action, dataModel } });
    expect(a2uiDataPartSchemas['a2ui-action']).toBe(a2uiActionDataSchema);
    expect(a2uiDataPartSchemas['data-a2ui-action']).toBe(a2uiActionDataSchema);
    for (const bad of [{}, { action: { ...action, name: 3 } }, { action: { ...action, context: 'x' } }, { action, dataModel: { version: 'v0.9' } }]) {
      expect(validate(bad)).toHaveProperty('issues');
    }
  });
});

describe('a2uiNewMessages with readUIMessageStream', () => {
  for (const sdk of SDKS) {
    it(`${sdk.name}: every data-a2ui part is handed out once, in order, however often the message is read`, async () => {
      const stream = sdk.uiMessageStream([{ text: deltas(STEP_1, 7) }]).pipeThrough(a2uiUIMessageStream(basicCatalog('0.9')));
      const { readUIMessageStream } = await import(sdk.name === 'ai 7' ? 'ai' : sdk.name === 'ai 6' ? 'ai-v6' : 'ai-v5');
      const newMessages = a2uiNewMessages();
      const applied: A2uiMessage[] = [];
      let reads = 0;
      let last: { parts: { type: string; data?: unknown }[] } | undefined;
      for await (const message of readUIMessageStream({ stream: stream as never })) {
        reads++;
        applied.push(...newMessages(message as never));
        last = message as never;
      }
      const inParts = last!.parts.filter((part) => part.type === 'data-a2ui').flatMap((part) => (part.data as { messages: A2uiMessage[] }).messages);
      expect(reads).toBeGreaterThan(inParts.length);
      expect(applied).toEqual(inParts);
      expect(renderedSurfaces(applied)).toEqual(renderedSurfaces(BOOKING_TURN_1));
      // Read again, the same message gives nothing new.
      expect(newMessages(last as never)).toEqual([]);
    });
  }

  it('tells parts apart by message id and part id, else by position', () => {
    const newMessages = a2uiNewMessages();
    const m = (id: string) => [{ version: 'v0.9', deleteSurface: { surfaceId: id } }] as A2uiMessage[];
    const first = {
      id: 'a',
      parts: [
        { type: 'data-a2ui', id: 'p', data: { messages: m('1') } },
        { type: 'text', text: 'x' },
      ],
    };
    expect(newMessages(first)).toEqual(m('1'));
    expect(newMessages({ id: 'b', parts: first.parts })).toEqual(m('1'));
    expect(newMessages({ id: 'a', parts: [...first.parts, { type: 'data-a2ui', data: { messages: m('2') } }] })).toEqual(m('2'));
    expect(newMessages({ id: 'a', parts: [...first.parts, { type: 'data-a2ui', data: { messages: m('3') } }] })).toEqual([]);
  });
});
