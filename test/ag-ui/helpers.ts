/**
 * Checks shared by the `a2ui-stream/ag-ui` tests: every event against `@ag-ui/core`'s event
 * schemas (1.0.0 and 0.0.59), and what a v0.9 renderer shows of a conversation's activity
 * messages (each activity message on a web_core processor of its own, as CopilotKit's renderer
 * gives each one its own provider).
 */
import { MessageProcessor, type ComponentApi } from '@a2ui/web_core/v0_9';
import { basicCatalog as webCoreBasicCatalog } from '@a2ui/web_core/v0_9/basic_catalog';
import { EventSchemas } from '@ag-ui/core/schemas';
import { EventSchemas as EventSchemasV0 } from 'ag-ui-core-v0';
import type { AbstractAgent, Middleware, RunAgentInput } from '@ag-ui/client';
import { tap } from 'rxjs';
import { expect } from 'vitest';
import { COPILOTKIT_BASIC_CATALOG_ID_V09 } from '../../src/ag-ui/middleware.js';
import type { A2uiMessage } from '../../src/index.js';
import { activityOperations, ReplayAgent, type AguiEvent } from '../support/ag-ui-runs.js';
import { applyMessages, finalState } from '../support/apply-messages.js';
import { webCoreV09State } from '../support/web-core-state.js';
import type { Message } from '@ag-ui/core';

/** Fails with the event and the schema's issues when an event does not validate (either version). */
export function expectValidEvents(events: readonly unknown[]): void {
  for (const event of events) {
    const v1 = EventSchemas.safeParse(event);
    if (!v1.success) expect.fail(`@ag-ui/core 1.0.0 rejects ${JSON.stringify(event).slice(0, 300)}: ${v1.error.message}`);
    const v0 = EventSchemasV0.safeParse(event);
    if (!v0.success) expect.fail(`@ag-ui/core 0.0.59 rejects ${JSON.stringify(event).slice(0, 300)}: ${v0.error.message}`);
  }
}

/**
 * What a v0.9 renderer ends with after `messages` (one processor, in order). web_core 0.11 names
 * the basic catalog as the library does; CopilotKit's renderer (web_core 0.10) uses the older id,
 * read here as the same catalog.
 */
export function renderedV09(messages: readonly A2uiMessage[]): Record<string, unknown> {
  const processor = new MessageProcessor<ComponentApi>([webCoreBasicCatalog]);
  for (const message of messages) {
    const copy = structuredClone(message) as { createSurface?: { catalogId?: string } };
    if (copy.createSurface?.catalogId === COPILOTKIT_BASIC_CATALOG_ID_V09) copy.createSurface.catalogId = webCoreBasicCatalog.id;
    processor.processMessages([copy as never]);
  }
  return webCoreV09State(processor);
}

/**
 * What a v0.9 renderer shows of a conversation's `a2ui-surface` activity messages: each applied
 * on a processor of its own, its surfaces keyed `<activity message id>/<surface id>`.
 */
export function renderedActivities(messages: readonly Message[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [messageId, operations] of activityOperations(messages)) {
    for (const [surfaceId, state] of Object.entries(renderedV09(operations))) out[`${messageId}/${surfaceId}`] = state;
  }
  return out;
}

/** The same surfaces keyed by surface id only (each must be shown by one activity message). */
export function bySurface(rendered: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, state] of Object.entries(rendered)) {
    const surfaceId = key.slice(key.indexOf('/') + 1);
    expect(out, `surface ${surfaceId} shown twice`).not.toHaveProperty([surfaceId]);
    out[surfaceId] = state;
  }
  return out;
}

/** What a spec-following renderer ends with after `messages` (v1.0: the reducer; v0.9: web_core). */
export function rendered(messages: readonly A2uiMessage[], version: '0.9' | '1.0'): Record<string, unknown> {
  return version === '0.9' ? renderedV09(messages) : finalState(applyMessages(new Map(), messages));
}

/** {@link renderedActivities} for either version. */
export function renderedActivitiesOf(messages: readonly Message[], version: '0.9' | '1.0'): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [messageId, operations] of activityOperations(messages)) {
    for (const [surfaceId, state] of Object.entries(rendered(operations, version))) out[`${messageId}/${surfaceId}`] = state;
  }
  return out;
}

/** One run of a conversation through the middleware. */
export interface RunRecord {
  /** What the middleware sent, as it sent it. */
  sent: AguiEvent[];
  /** What the client's subscribers got (after its checks). */
  received: AguiEvent[];
  /** The agent's input for the run. */
  input: RunAgentInput;
}

/** What a run is started with (as `runAgent` takes it). */
export interface RunParameters {
  forwardedProps?: Record<string, unknown>;
  context?: { description: string; value: string }[];
}

/**
 * Runs `runs` (one list of events each) as turns of one conversation of an `@ag-ui/client` agent
 * using `middleware`, each with its `parameters`. Returns each run's record and the conversation.
 */
export async function converse(
  middleware: Middleware,
  runs: readonly AguiEvent[][],
  parameters: readonly (RunParameters | undefined)[] = [],
): Promise<{ records: RunRecord[]; messages: Message[]; agent: ReplayAgent }> {
  const agent = new ReplayAgent(runs);
  let sent: AguiEvent[] = [];
  const recorder = (input: RunAgentInput, next: AbstractAgent) => next.run(input).pipe(tap((event) => sent.push(event as unknown as AguiEvent)));
  agent.use(recorder, middleware);
  const records: RunRecord[] = [];
  for (let i = 0; i < runs.length; i++) {
    sent = [];
    const received: AguiEvent[] = [];
    await agent.runAgent(parameters[i] ?? {}, { onEvent: ({ event }) => void received.push(event as unknown as AguiEvent) });
    records.push({ sent, received, input: agent.inputs[i] as RunAgentInput });
  }
  return { records, messages: agent.messages, agent };
}
