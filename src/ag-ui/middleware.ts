import { Middleware, type AbstractAgent } from '@ag-ui/client';
import type { BaseEvent, Message, ToolCall } from '@ag-ui/core';
import { Observable } from 'rxjs';
import { BASIC_CATALOG_ID_V09, basicCatalogV09 } from '../index.js';
import { DEFAULT_TOOL_NAMES } from './activity-events.js';
import { readConversation } from './conversation.js';
import type { A2uiStreamMiddlewareOptions } from './options.js';
import { readSetup, toolNamesOption, type ReadSetup } from './readers.js';
import { agentInput, frontendCatalogId, type InputSetup } from './run-input.js';
import { RunReader } from './run-reader.js';
import { RENDER_A2UI_TOOL_NAME } from './tool.js';

/** What a render tool call's `catalogId: "basic"` argument stands for (not an id). */
const BASIC = 'basic';

/**
 * The id CopilotKit's renderer (`@copilotkit/a2ui-renderer`, on web_core 0.10) and
 * `@ag-ui/a2ui-middleware` give v0.9's basic catalog; web_core 0.11 renamed it (`BASIC_CATALOG_ID_V09`).
 */
export const COPILOTKIT_BASIC_CATALOG_ID_V09 = 'https://a2ui.org/specification/v0_9/basic_catalog.json';

/**
 * An AG-UI middleware that draws A2UI while the agent streams it, for CopilotKit's A2UI renderer:
 * put it where `@ag-ui/a2ui-middleware`'s `A2UIMiddleware` goes (`agent.use(new
 * A2uiStreamMiddleware(options))`, with the CopilotKit runtime's own `a2ui` option off).
 *
 * It reads the agent's text (`<a2ui-json>` blocks: the text events then carry the conversation
 * without them, and the model's own text is kept on the `TEXT_MESSAGE_END`'s metadata) and the
 * streamed arguments of render tool calls (`render_a2ui`: `{surfaceId, components, data}`), and
 * sends each surface as an `a2ui-surface` activity message as soon as components can be painted:
 * placeholders stand in for children not yet arrived, so nothing waits for the components array
 * to close. Tool results carrying `a2ui_operations` are drawn as the replaced middleware draws
 * them, render tool calls show its `building`, `retrying` and `failed` statuses, and render calls
 * left without a result get one before `RUN_FINISHED` (`{"status": "rendered"}`, or `"failed"`
 * with the errors when nothing could be drawn). Every other event passes unchanged; what cannot be
 * read is a `CUSTOM` event named `a2ui-stream.error`. Errors are bounded as the AI SDK entry's are (300 characters per
 * text, 8 details; the first fitted to `max(512, 2 × characters read)` bytes; past the first, 2
 * bytes per character of the message or arguments, a tool call's counted for the four copies it
 * sends, the rest counted in one error at their end).
 *
 * On the way in, a user action CopilotKit forwards (`forwardedProps.a2uiAction.userAction`) is
 * given to the agent as a `log_a2ui_event` tool call and its result, the component `schema` and
 * the render tool are added when configured, assistant messages get back the text the model
 * wrote, and the surfaces the conversation shows are read from its messages, so a later turn
 * updates them in place (the model's text is read knowing the newest of them, within half of
 * `maxSurfaces` and `maxComponents`: a long conversation goes on, see docs/ag-ui.md).
 *
 * `@ag-ui/client` (whose `Middleware` this extends) and `rxjs` must be installed to import this
 * entry; they are optional peers of the package.
 */
export class A2uiStreamMiddleware extends Middleware {
  private readonly read: ReadSetup;
  private readonly input: Omit<InputSetup, 'wireVersion'>;
  private readonly options: A2uiStreamMiddlewareOptions;

  /**
   * @param options - see {@link A2uiStreamMiddlewareOptions}; every option has a default.
   * @throws A2uiCatalogError or A2uiValidationError for bad catalogs (or v0.8 ones) and options.
   */
  constructor(options: A2uiStreamMiddlewareOptions = {}) {
    super();
    this.options = options;
    const {
      catalogs,
      readText: _readText,
      schema,
      injectA2UITool,
      a2uiToolNames,
      defaultCatalogId: _id,
      recovery: _recovery,
      activityUpdates: _updates,
      ...parserOptions
    } = options;
    const toolName = typeof injectA2UITool === 'string' && injectA2UITool !== '' ? injectA2UITool : RENDER_A2UI_TOOL_NAME;
    const toolNames = new Set(toolNamesOption(a2uiToolNames) ?? DEFAULT_TOOL_NAMES);
    if (injectA2UITool) toolNames.add(toolName);
    const validate = parserOptions.validate ?? catalogs !== undefined;
    this.read = readSetup(catalogs ?? basicCatalogV09(), { ...parserOptions, validate }, toolNames);
    this.input = { schema, injectA2UITool, toolName };
  }

  /**
   * Runs `next` with the input changed as described above; its events as described above. Typed as
   * `@ag-ui/client`'s own `Middleware.run`: an app whose rxjs (or `@ag-ui/core`) is not the copy
   * `@ag-ui/client` pins (it pins rxjs 7.8.1; `npm i rxjs` gives 7.8.2, a second copy) can still
   * pass the middleware to `agent.use()` (rxjs 7's observables work across copies).
   */
  run(input: Parameters<Middleware['run']>[0], next: AbstractAgent): ReturnType<Middleware['run']> {
    const frontendId = frontendCatalogId(input);
    const downstream = agentInput(input, { ...this.input, wireVersion: this.read.wireVersion });
    const configured = this.options.defaultCatalogId === '' ? undefined : this.options.defaultCatalogId;
    const firstId = this.read.catalogs[0]?.id ?? '';
    const first = firstId === BASIC_CATALOG_ID_V09 ? COPILOTKIT_BASIC_CATALOG_ID_V09 : firstId;
    const catalogId = (argument: string | undefined): string =>
      configured ?? frontendId ?? (argument !== undefined && argument !== '' && argument !== BASIC ? argument : first);
    return new Observable<BaseEvent>((subscriber) => {
      const messages = input.messages ?? [];
      const reader = new RunReader(
        { read: this.read, text: this.options.readText ?? true, recovery: this.options.recovery ?? {}, catalogId },
        readConversation(messages, this.read, this.options.activityUpdates),
        pendingRenderCalls(messages, this.read.toolNames),
      );
      const subscription = this.runNext(downstream, next).subscribe({
        next: (event) => {
          try {
            for (const out of reader.handle(event as BaseEvent & Record<string, unknown>)) subscriber.next(out);
          } catch (error) {
            subscriber.error(error);
          }
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => {
          try {
            for (const out of reader.complete()) subscriber.next(out);
          } catch (error) {
            subscriber.error(error);
            return;
          }
          subscriber.complete();
        },
      });
      return () => subscription.unsubscribe();
    });
  }
}

/** Render tool calls of the conversation without a tool result. */
function pendingRenderCalls(messages: readonly Message[], toolNames: ReadonlySet<string>): ToolCall[] {
  const answered = new Set(messages.flatMap((message) => (message.role === 'tool' ? [message.toolCallId] : [])));
  return messages.flatMap((message) =>
    message.role === 'assistant' ? (message.toolCalls ?? []).filter((call) => toolNames.has(call.function.name) && !answered.has(call.id)) : [],
  );
}
