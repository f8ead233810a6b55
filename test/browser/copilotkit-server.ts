/**
 * The server side of the CopilotKit browser test (bundled for Node by `copilotkit.mjs`): an AG-UI
 * endpoint whose agent replays a recorded run at a model's pace, behind `A2uiStreamMiddleware`,
 * sent as server-sent events to the page's `HttpAgent`, as a CopilotKit runtime sends them.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AbstractAgent, type BaseEvent, type RunAgentInput } from '@ag-ui/client';
import { Observable } from 'rxjs';
import { A2uiStreamMiddleware } from '../../src/ag-ui/index.js';
import { COPILOTKIT_BASIC_CATALOG_ID_V09 } from '../../src/ag-ui/middleware.js';
import { BASIC_CATALOG_ID_V09, type A2uiMessage } from '../../src/index.js';
import { chunks, renderArgs, run, textMessage, toolCall, type AguiEvent } from '../support/ag-ui-runs.js';
import { generateResponse } from '../support/generate-response.js';

/** One case: the agent's events, and the messages a renderer should end with. */
export interface Case {
  readonly name: string;
  readonly events: AguiEvent[];
  readonly messages: A2uiMessage[];
}

/** CopilotKit's renderer (web_core 0.10) knows the basic catalog by its older id. */
const forCopilotKit = (text: string) => text.replaceAll(BASIC_CATALOG_ID_V09, COPILOTKIT_BASIC_CATALOG_ID_V09);

/** The cases: the text form (two surfaces) and the tool form, generated v0.9 responses. */
export function cases(): Case[] {
  const response = generateResponse({ version: '0.9', targetBytes: 7_000, seed: 21, blocks: 2 });
  const text = forCopilotKit(response.text);
  const tool = generateResponse({ version: '0.9', targetBytes: 5_000, seed: 22, blocks: 1 });
  const args = forCopilotKit(JSON.stringify(renderArgs(tool.blocks[0]?.messages ?? [])));
  return [
    { name: 'text form', events: run(textMessage('m1', chunks(text, 12))), messages: JSON.parse(forCopilotKit(JSON.stringify(response.messages))) },
    {
      name: 'tool form',
      events: run(toolCall('tc-1', 'render_a2ui', chunks(args, 16))),
      messages: JSON.parse(forCopilotKit(JSON.stringify(tool.blocks[0]?.messages))),
    },
  ];
}

/** An agent that sends its events one every `intervalMs`, as a model streams. */
class PacedAgent extends AbstractAgent {
  constructor(
    private readonly events: readonly AguiEvent[],
    private readonly intervalMs: number,
  ) {
    super();
  }

  run(): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      let index = 0;
      const timer = setInterval(() => {
        const event = this.events[index++];
        if (event === undefined) {
          clearInterval(timer);
          subscriber.complete();
        } else subscriber.next(event as unknown as BaseEvent);
      }, this.intervalMs);
      return () => clearInterval(timer);
    });
  }
}

/** `POST /agent/<case index>`: the case's run through the middleware, as server-sent events. */
export async function serveAgent(request: IncomingMessage, response: ServerResponse, testCase: Case, intervalMs: number): Promise<void> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  const input = JSON.parse(body) as RunAgentInput;
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const middleware = new A2uiStreamMiddleware();
  await new Promise<void>((resolve, reject) => {
    middleware.run(input, new PacedAgent(testCase.events, intervalMs)).subscribe({
      next: (event) => void response.write(`data: ${JSON.stringify(event)}\n\n`),
      error: reject,
      complete: resolve,
    });
  });
  response.end();
}
