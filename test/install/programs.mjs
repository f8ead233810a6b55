// The programs test/install/entries.mjs compiles (and runs) in each fresh project: what a user
// writes first with each entry, close to the README's blocks (the AI SDK client's `Chat` with
// `onData`, whose `part.data` is what two copies of `ai` break; the React block; the AG-UI
// middleware given to `agent.use()`, which two copies of rxjs broke).

const REPLY =
  'Your table:<a2ui-json>[{"version":"v0.9","createSurface":{"surfaceId":"booking","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}},{"version":"v0.9","updateComponents":{"surfaceId":"booking","components":[{"id":"root","component":"Text","text":"Dinner at Lumen"}]}}]</a2ui-json> Shall I book it?';

const CORE = `
import { a2uiStream, basicCatalog, type Part } from 'a2ui-stream';
import { fromAsyncIterable } from 'a2ui-stream/providers';
import { systemPrompt } from 'a2ui-stream/agent';
import { replyToA2aParts } from 'a2ui-stream/a2a';
import { loadExamples } from 'a2ui-stream/node';

const reply = ${JSON.stringify(REPLY)};
async function* chunks() { for (let i = 0; i < reply.length; i += 16) yield reply.slice(i, i + 16); }
const parts: Part[] = [];
await fromAsyncIterable(chunks()).pipeThrough(a2uiStream(basicCatalog('0.9'))).pipeTo(new WritableStream({ write: (part) => void parts.push(part) }));
const { prompt } = systemPrompt({ catalogs: [basicCatalog('0.9')] });
console.log(parts.some((part) => part.type === 'a2ui'), prompt.length > 100, replyToA2aParts(reply).length > 1, typeof loadExamples);
`;

const ROUTE = `
import { convertToModelMessages, createUIMessageStreamResponse, streamText } from 'ai';
import { basicCatalog } from 'a2ui-stream';
import { systemPrompt, type VersionedClientCapabilities } from 'a2ui-stream/agent';
import { a2uiCompactParts, a2uiConvertDataPart, a2uiHistory, a2uiUIMessageStream, type A2uiUIMessage } from 'a2ui-stream/ai-sdk';

type Body = { messages: A2uiUIMessage<'0.9'>[]; capabilities?: VersionedClientCapabilities };

export async function POST(request: Request): Promise<Response> {
  const { messages, capabilities }: Body = await request.json();
  const { prompt, catalog } = systemPrompt({ catalogs: [basicCatalog('0.9')], clientCapabilities: capabilities });
  const result = streamText({
    model: 'openai/gpt-4.1',
    system: prompt,
    messages: await convertToModelMessages(a2uiCompactParts(messages), { convertDataPart: a2uiConvertDataPart }),
  });
  const stream = result.toUIMessageStream().pipeThrough(a2uiUIMessageStream(catalog, { history: a2uiHistory(messages) }));
  return createUIMessageStreamResponse({ stream });
}
`;

const CLIENT = `
import { Chat, useChat } from '@ai-sdk/react';
import { DefaultChatTransport } from 'ai';
import { a2uiDataPartSchemas, type A2uiUIMessage } from 'a2ui-stream/ai-sdk';

type ChatMessage = A2uiUIMessage<'0.9'>;
const applied: unknown[] = [];

export const chat = new Chat<ChatMessage>({
  transport: new DefaultChatTransport({ api: '/api/chat' }),
  dataPartSchemas: a2uiDataPartSchemas,
  onData(part) {
    if (part.type === 'data-a2ui') applied.push(...part.data.messages);
  },
});

export function ChatPage() {
  const { messages } = useChat({ chat });
  return (
    <main>
      {messages.map((message) => message.parts.map((part, i) =>
        part.type === 'text' ? <p key={i}>{part.text}</p>
        : part.type === 'data-a2ui-error' ? <p key={i} role="alert">{part.data.message}</p>
        : part.type === 'data-a2ui' ? <p key={i}>{part.data.messages.length} messages</p>
        : null))}
    </main>
  );
}
`;

const REACT = `
import { useChat } from '@ai-sdk/react';
import { a2uiActionPart, a2uiDataPartSchemas, type A2uiUIMessage } from 'a2ui-stream/ai-sdk';
import { A2uiMarkdown, A2uiStreamSurface, useA2uiSurfaces } from 'a2ui-stream/react';

export function Chat() {
  const { messages, status, sendMessage } = useChat<A2uiUIMessage<'0.9'>>({ dataPartSchemas: a2uiDataPartSchemas });
  const { surfaces, processor } = useA2uiSurfaces(messages, {
    streaming: status === 'streaming',
    onAction: ({ action }) => void sendMessage({ parts: [a2uiActionPart(action, processor.getClientDataModel())] }),
  });
  return (
    <main>
      {messages.map((message) => (
        <article key={message.id}>
          {message.parts.map((part, i) =>
            part.type === 'text' ? <A2uiMarkdown key={i} text={part.text} />
            : part.type === 'data-a2ui' ? surfaces
                .filter((s) => s.messageId === message.id && s.partId === part.id)
                .map((s) => <A2uiStreamSurface key={s.id} surface={s.surface} streaming={s.streaming} />)
            : null,
          )}
        </article>
      ))}
    </main>
  );
}
`;

const AG_UI = `
import { HttpAgent } from '@ag-ui/client';
import { A2uiStreamMiddleware } from 'a2ui-stream/ag-ui';

const agent = new HttpAgent({ url: 'https://agents.example.com/travel' });
agent.use(new A2uiStreamMiddleware({ injectA2UITool: true }));
console.log(agent.messages.length);
`;

/** The middleware at work on an agent whose events are built with the app's own rxjs (the copy npm i rxjs gave). */
const AG_UI_RUN = `
import { AbstractAgent } from '@ag-ui/client';
import { Observable } from 'rxjs';
import { A2uiStreamMiddleware } from 'a2ui-stream/ag-ui';

const reply = ${JSON.stringify(REPLY)};
class Replay extends AbstractAgent {
  run(input) {
    return new Observable((events) => {
      events.next({ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId });
      events.next({ type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' });
      for (let i = 0; i < reply.length; i += 20) events.next({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: reply.slice(i, i + 20) });
      events.next({ type: 'TEXT_MESSAGE_END', messageId: 'm1' });
      events.next({ type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId });
      events.complete();
    });
  }
}
const replay = new Replay();
replay.use(new A2uiStreamMiddleware());
await replay.runAgent();
console.log(replay.messages.map((message) => message.role).join(','));
`;

const LIT = `
import { a2uiStream, basicCatalog } from 'a2ui-stream';
import { a2uiLitSink, loadIconFont } from 'a2ui-stream/lit';

export async function show(response: Response, chat: HTMLElement): Promise<void> {
  void loadIconFont('/fonts/material-symbols-outlined.woff2');
  await response.body!.pipeThrough(a2uiStream(basicCatalog('0.9'), { snapshots: 'delta' })).pipeTo(a2uiLitSink(chat, { onAction: (action) => console.log(action.name) }));
}
`;

/**
 * Per install (test/install/entries.mjs's names): the TypeScript files compiled, plain modules
 * copied, and what the ones that run (the compiled `out/….js`, or a plain module) print.
 */
export const PROGRAMS = {
  core: { files: { 'main.ts': CORE }, run: { 'out/main.js': 'true true true function' } },
  'ai-6': { files: { 'route.ts': ROUTE, 'client.tsx': CLIENT } },
  'ai-7': { files: { 'route.ts': ROUTE, 'client.tsx': CLIENT } },
  react: { files: { 'chat.tsx': REACT } },
  'ag-ui': { files: { 'agent.ts': AG_UI }, plain: { 'replay.mjs': AG_UI_RUN }, run: { 'out/agent.js': '0', 'replay.mjs': 'assistant,activity' } },
  lit: { files: { 'show.ts': LIT } },
};
