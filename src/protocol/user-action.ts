/**
 * A user's action on a surface, as a renderer reports it (web_core's `A2uiClientAction`; the
 * specification's client-to-server `action`). The AI SDK entry carries it in a `data-a2ui-action`
 * part; the AG-UI middleware reads it from CopilotKit's `forwardedProps.a2uiAction.userAction`,
 * where any field may be missing. A type, not an interface: it stays assignable to JSON value
 * types with index signatures (the AI SDK's data parts).
 */
export type A2uiUserAction = {
  /** The action's name (`action.event.name` of the component). */
  name: string;
  /** The surface it happened on. */
  surfaceId: string;
  /** The component that raised it. */
  sourceComponentId: string;
  /** When, as an ISO 8601 timestamp. */
  timestamp: string;
  /** The action's context, its data bindings resolved. */
  context?: { [key: string]: unknown };
};
