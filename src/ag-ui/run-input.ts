import { randomUUID } from '@ag-ui/client';
import type { Message, RunAgentInput } from '@ag-ui/core';
import type { A2uiUserAction } from '../index.js';
import { modelText } from './conversation.js';
import type { A2uiComponentSchema } from './options.js';
import { A2UI_SCHEMA_CONTEXT_DESCRIPTION, guideDescription, LOG_A2UI_EVENT_TOOL_NAME, renderA2uiGuide, renderA2uiTool } from './tool.js';

/** A user action as CopilotKit's renderer forwards it (`forwardedProps.a2uiAction.userAction`): any field may be missing. */
type ForwardedAction = Partial<A2uiUserAction>;

/** What the input changes need. */
export interface InputSetup {
  readonly schema: A2uiComponentSchema | undefined;
  readonly injectA2UITool: boolean | string | undefined;
  /** The injected tool's name. */
  readonly toolName: string;
  readonly wireVersion: string;
}

/** The catalog id the frontend registered, from the schema context entry it sends. */
export function frontendCatalogId(input: RunAgentInput): string | undefined {
  const entry = (input.context ?? []).find((item) => item.description === A2UI_SCHEMA_CONTEXT_DESCRIPTION);
  if (typeof entry?.value !== 'string') return undefined;
  try {
    const id = (JSON.parse(entry.value) as { catalogId?: unknown } | null)?.catalogId;
    return typeof id === 'string' && id !== '' ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The input the agent gets: a user action as a `log_a2ui_event` tool call and its result at the
 * end of the messages, the component schema and the render tool (with its guide) when configured,
 * and each assistant message's text as the model wrote it (the text events carried it without
 * its A2UI; the model should see what it drew).
 */
export function agentInput(input: RunAgentInput, setup: InputSetup): RunAgentInput {
  let next: RunAgentInput = { ...input, messages: (input.messages ?? []).map(withModelText) };
  const action = (input.forwardedProps as { a2uiAction?: { userAction?: ForwardedAction } } | undefined)?.a2uiAction?.userAction;
  if (action) next = { ...next, messages: [...next.messages, ...actionMessages(action)] };
  if (setup.schema && !isEmpty(setup.schema)) {
    next = withContext(next, A2UI_SCHEMA_CONTEXT_DESCRIPTION, JSON.stringify(setup.schema));
  }
  if (setup.injectA2UITool) {
    const tools = (next.tools ?? []).filter((tool) => tool.name !== setup.toolName);
    next = {
      ...next,
      tools: [...tools, renderA2uiTool(setup.toolName, setup.wireVersion)],
      forwardedProps: { ...(next.forwardedProps ?? {}), injectA2UITool: setup.injectA2UITool },
    };
    next = withContext(next, guideDescription(setup.toolName), renderA2uiGuide(setup.toolName, setup.wireVersion));
  }
  return next;
}

function withModelText(message: Message): Message {
  if (message.role !== 'assistant') return message;
  const text = modelText(message);
  return text === undefined || text === message.content ? message : { ...message, content: text };
}

function isEmpty(schema: A2uiComponentSchema): boolean {
  return Array.isArray(schema) ? schema.length === 0 : Object.keys((schema as { components?: object }).components ?? {}).length === 0;
}

function withContext(input: RunAgentInput, description: string, value: string): RunAgentInput {
  const context = (input.context ?? []).filter((item) => item.description !== description);
  return { ...input, context: [...context, { description, value }] };
}

/** A user action as the agent reads it: a `log_a2ui_event` call with the action, and its result. */
function actionMessages(action: ForwardedAction): Message[] {
  const toolCallId = randomUUID();
  let result = `User performed action "${action.name ?? 'unknown_action'}" on surface "${action.surfaceId ?? 'unknown_surface'}"`;
  if (action.sourceComponentId) result += ` (component: ${action.sourceComponentId})`;
  result += `. Context: ${JSON.stringify(action.context ?? {})}`;
  return [
    {
      id: randomUUID(),
      role: 'assistant',
      content: '',
      toolCalls: [{ id: toolCallId, type: 'function', function: { name: LOG_A2UI_EVENT_TOOL_NAME, arguments: JSON.stringify(action) } }],
    },
    { id: randomUUID(), role: 'tool', toolCallId, content: result },
  ];
}
