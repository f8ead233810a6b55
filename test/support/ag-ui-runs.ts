/**
 * AG-UI runs for the `a2ui-stream/ag-ui` tests and benchmark: event streams shaped like an agent's
 * (a text message streamed in deltas, or a `render_a2ui` tool call whose arguments stream), an
 * `@ag-ui/client` agent that replays them (one list of events per run) and records each run's
 * input, and what a renderer shows of the activity messages a conversation ends with.
 */
import { AbstractAgent, type BaseEvent, type Message, type RunAgentInput } from '@ag-ui/client';
import { Observable } from 'rxjs';
import type { A2uiMessage } from '../../src/index.js';
import { Rng } from './rng.js';

/** An AG-UI event as plain JSON. */
export type AguiEvent = { type: string } & Record<string, unknown>;

/** `text` in deltas: of `size` characters, or of 1 to 12 (seeded) with `size: 'model'`. */
export function chunks(text: string, size: number | 'model', seed = 1): string[] {
  const rng = new Rng(seed);
  const out: string[] = [];
  for (let i = 0; i < text.length; ) {
    const step = size === 'model' ? rng.int(1, 12) : size;
    out.push(text.slice(i, i + step));
    i += step;
  }
  return out;
}

/** A run's opening and closing events around `body`. */
export function run(body: AguiEvent[], runId = 'run-1', threadId = 'thread-1'): AguiEvent[] {
  return [{ type: 'RUN_STARTED', threadId, runId }, ...body, { type: 'RUN_FINISHED', threadId, runId }];
}

/** An assistant text message streamed in `deltas`. */
export function textMessage(messageId: string, deltas: readonly string[]): AguiEvent[] {
  return [
    { type: 'TEXT_MESSAGE_START', messageId, role: 'assistant' },
    ...deltas.map((delta) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId, delta })),
    { type: 'TEXT_MESSAGE_END', messageId },
  ];
}

/** A tool call whose arguments stream in `deltas`. */
export function toolCall(toolCallId: string, toolCallName: string, deltas: readonly string[]): AguiEvent[] {
  return [
    { type: 'TOOL_CALL_START', toolCallId, toolCallName },
    ...deltas.map((delta) => ({ type: 'TOOL_CALL_ARGS', toolCallId, delta })),
    { type: 'TOOL_CALL_END', toolCallId },
  ];
}

/** `render_a2ui` arguments (`{surfaceId, components, data}`) for one generated block's messages. */
export function renderArgs(messages: readonly A2uiMessage[]): { surfaceId: string; components: unknown[]; data?: unknown } {
  let surfaceId = '';
  const components: unknown[] = [];
  let data: unknown;
  for (const message of messages) {
    const create = message.createSurface as { surfaceId: string } | undefined;
    const update = message.updateComponents as { surfaceId: string; components: unknown[] } | undefined;
    const model = message.updateDataModel as { path?: string; value?: unknown } | undefined;
    if (create) surfaceId = create.surfaceId;
    if (update) components.push(...update.components);
    if (model && (model.path === undefined || model.path === '/')) data = model.value;
  }
  return data === undefined ? { surfaceId, components } : { surfaceId, components, data };
}

/** An agent replaying one list of events per run (the last list again past the end); it keeps each run's input. */
export class ReplayAgent extends AbstractAgent {
  readonly inputs: RunAgentInput[] = [];

  constructor(private readonly runs: readonly AguiEvent[][]) {
    super();
  }

  run(input: RunAgentInput): Observable<BaseEvent> {
    const events = this.runs[Math.min(this.inputs.length, this.runs.length - 1)] ?? [];
    this.inputs.push(input);
    return new Observable<BaseEvent>((subscriber) => {
      for (const event of events) subscriber.next(structuredClone(event) as unknown as BaseEvent);
      subscriber.complete();
    });
  }
}

/** The `a2ui-surface` activity messages of a conversation, by id: their A2UI messages. */
export function activityOperations(messages: readonly Message[]): Map<string, A2uiMessage[]> {
  const out = new Map<string, A2uiMessage[]>();
  for (const message of messages) {
    if (message.role === 'activity' && message.activityType === 'a2ui-surface' && Array.isArray(message.content.a2ui_operations)) {
      out.set(message.id, message.content.a2ui_operations as A2uiMessage[]);
    }
  }
  return out;
}
