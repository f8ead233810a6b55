/**
 * The server-to-client message envelopes of each protocol version, as data. They mirror the
 * `server_to_client.json` / `agent_to_renderer.json` schemas of the A2UI specification; one
 * interpreter (`envelope.ts`) checks messages against them.
 */
import type { ProtocolVersion } from '../protocol/versions.js';

/** What one field of a message body may hold. */
export type FieldSpec =
  | { readonly type: 'string' | 'number' | 'boolean' | 'object' | 'any' }
  | { readonly type: 'array'; readonly items?: FieldSpec }
  | { readonly type: 'record'; readonly body: BodySpec }
  /** A non-empty list of components, each checked against the surface's catalog. */
  | { readonly type: 'components' }
  /** `createSurface.theme` / `beginRendering.styles`: the catalog's theme schema, else any object. */
  | { readonly type: 'theme' };

/** An object with named fields. */
export interface BodySpec {
  readonly fields: Readonly<Record<string, FieldSpec>>;
  readonly required: readonly string[];
  /** Whether fields other than those listed are rejected. */
  readonly closed: boolean;
}

/** The message keys a version accepts, each with the schema of its body. */
export type EnvelopeSpec = Readonly<Record<string, BodySpec>>;

const string = { type: 'string' } as const;
const number = { type: 'number' } as const;
const boolean = { type: 'boolean' } as const;
const object = { type: 'object' } as const;
const any = { type: 'any' } as const;
const components = { type: 'components' } as const;
const theme = { type: 'theme' } as const;

function body(fields: Record<string, FieldSpec>, required: readonly string[], closed = true): BodySpec {
  return { fields, required, closed };
}

function record(fields: Record<string, FieldSpec>, required: readonly string[]): FieldSpec {
  return { type: 'record', body: body(fields, required) };
}

const v08DataEntryValues = { valueString: string, valueNumber: number, valueBoolean: boolean };

const V08: EnvelopeSpec = {
  beginRendering: body({ surfaceId: string, catalogId: string, root: string, styles: theme }, ['root', 'surfaceId']),
  surfaceUpdate: body({ surfaceId: string, components }, ['surfaceId', 'components']),
  dataModelUpdate: body(
    {
      surfaceId: string,
      path: string,
      contents: {
        type: 'array',
        items: record(
          {
            key: string,
            ...v08DataEntryValues,
            valueMap: { type: 'array', items: record({ key: string, ...v08DataEntryValues }, ['key']) },
          },
          ['key'],
        ),
      },
    },
    ['contents', 'surfaceId'],
  ),
  deleteSurface: body({ surfaceId: string }, ['surfaceId']),
};

const V09: EnvelopeSpec = {
  createSurface: body({ surfaceId: string, catalogId: string, theme, sendDataModel: boolean }, ['surfaceId', 'catalogId']),
  updateComponents: body({ surfaceId: string, components }, ['surfaceId', 'components']),
  updateDataModel: body({ surfaceId: string, path: string, value: any }, ['surfaceId']),
  deleteSurface: body({ surfaceId: string }, ['surfaceId']),
};

const V10: EnvelopeSpec = {
  createSurface: body(
    {
      surfaceId: string,
      catalogId: string,
      sendDataModel: boolean,
      components,
      dataModel: object,
      metadata: record({ extensions: object }, []),
    },
    ['surfaceId'],
  ),
  updateComponents: body({ surfaceId: string, components }, ['surfaceId', 'components']),
  updateDataModel: body({ surfaceId: string, path: string, value: any }, ['surfaceId', 'value']),
  deleteSurface: body({ surfaceId: string }, ['surfaceId']),
  callRendererFunction: body(
    {
      functionCallId: string,
      callFunction: {
        type: 'record',
        // `call` (2026-08) or `@call` (current): which one, `envelope-v10.ts` checks.
        body: body({ call: string, '@call': string, catalogId: string, args: object }, ['catalogId'], false),
      },
    },
    ['functionCallId', 'callFunction'],
  ),
  agentFunctionResponse: body(
    {
      functionCallId: string,
      value: any,
      error: record({ code: string, message: string }, ['code', 'message']),
    },
    ['functionCallId'],
  ),
};

/** Envelope of each protocol version. */
export const ENVELOPE_SPECS: Readonly<Record<ProtocolVersion, EnvelopeSpec>> = {
  '0.8': V08,
  '0.9': V09,
  '0.9.1': V09,
  '1.0': V10,
};
