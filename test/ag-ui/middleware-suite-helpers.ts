/**
 * What the AG-UI middleware suite (`middleware-suite.ts`) reads from a run: its activity events,
 * the statuses and component ids they carry, the checks every run passes; and the middleware it
 * runs, on the basic catalog of v0.9 or v1.0.
 */
import { expect } from 'vitest';
import { A2uiStreamMiddleware } from '../../src/ag-ui/index.js';
import { BASIC_CATALOG_ID_V09, basicCatalogV09, basicCatalogV10, type A2uiMessage, type FlatComponent, type JsonValue } from '../../src/index.js';
import type { AguiEvent } from '../support/ag-ui-runs.js';
import { expectValidEvents, type RunRecord } from './helpers.js';

/** The versions the middleware draws (v0.8 catalogs are refused). */
type Version = '0.9' | '1.0';
const catalogsOf = (version: Version) => (version === '0.9' ? basicCatalogV09() : basicCatalogV10());
/** The activity events of `events`. */
export const activities = (events: readonly AguiEvent[]) => events.filter((event) => event.type.startsWith('ACTIVITY_'));
/** The events of `events` of one type. */
export const ofType = (events: readonly AguiEvent[], type: string) => events.filter((event) => event.type === type);
const paints = (events: readonly AguiEvent[]) => activities(events).filter((event) => JSON.stringify(event).includes('"component"'));
/** The statuses (`building`, `retrying`, `failed`) of the activity events of `events`, in order. */
export const statuses = (events: readonly AguiEvent[]) =>
  activities(events).flatMap((event) =>
    typeof (event.content as { status?: string } | undefined)?.status === 'string' ? [(event.content as { status: string }).status] : [],
  );
/** The `version` of v0.9 messages. */
export const v = 'v0.9';

/** What every run shows: valid events, and the client got exactly what the middleware sent. */
export function checked(records: readonly RunRecord[]): RunRecord[] {
  for (const record of records) {
    expectValidEvents(record.sent);
    expect(record.received).toEqual(record.sent);
  }
  return [...records];
}

/** The component ids painted by `events` (any activity event carrying them). */
export function paintedIds(events: readonly AguiEvent[]): Set<string> {
  const ids = new Set<string>();
  for (const event of paints(events)) for (const match of JSON.stringify(event).matchAll(/"id":"([^"]+)","component"/g)) ids.add(match[1] as string);
  return ids;
}

/** Component ids of messages. */
export function componentIds(messages: readonly A2uiMessage[]): string[] {
  return messages.flatMap((message) => ((message.updateComponents as { components?: { id: string }[] } | undefined)?.components ?? []).map((c) => c.id));
}

/** The middleware on `version`'s basic catalog (v0.9's named by its id), with `options` over that. */
export const middleware = (version: Version, options = {}) =>
  new A2uiStreamMiddleware({ catalogs: catalogsOf(version), defaultCatalogId: version === '0.9' ? BASIC_CATALOG_ID_V09 : undefined, ...options });

/** A render tool call's arguments as the messages the middleware draws them with (v0.9). */
export function toMessages(args: { surfaceId: string; components: unknown[]; data?: unknown }): A2uiMessage[] {
  const messages: A2uiMessage[] = [
    { version: v, createSurface: { surfaceId: args.surfaceId, catalogId: BASIC_CATALOG_ID_V09 } },
    { version: v, updateComponents: { surfaceId: args.surfaceId, components: args.components as FlatComponent[] } },
  ];
  if (args.data !== undefined) messages.push({ version: v, updateDataModel: { surfaceId: args.surfaceId, path: '/', value: args.data as JsonValue } });
  return messages;
}
