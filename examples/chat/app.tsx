/**
 * The chat page: `useChat` posts to `/api/chat` with the renderer's capabilities, the answer's
 * text is shown as it streams, and each surface is drawn where its message is by
 * `A2uiStreamSurface`, growing while it streams (placeholders as skeletons). A button pressed in
 * a surface is sent as the next turn, a `data-a2ui-action` part; the answer changes that surface
 * in place.
 */
import 'material-symbols/outlined.css';
import './styles.css';
import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport } from 'ai';
import { StrictMode, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { a2uiActionPart, a2uiDataPartSchemas, type A2uiActionData } from 'a2ui-stream/ai-sdk';
import { A2uiMarkdown, A2uiStreamSurface, useA2uiSurfaces } from 'a2ui-stream/react';
import type { ChatMessage, ChatRequestBody } from './types.js';

const SUGGESTION = 'Find a table for two in Zürich on Friday evening';

/** A click as the user's turn shows it: the action and its context's values. */
function describe({ action }: A2uiActionData): string {
  const values = Object.values(action.context ?? {}).filter((value) => typeof value === 'string' || typeof value === 'number');
  return `${action.name.replace(/_/g, ' ')}${values.length > 0 ? `: ${values.join(', ')}` : ''}`;
}

function Chat() {
  const capabilities = useRef<ChatRequestBody['a2uiClientCapabilities']>(undefined);
  const transport = useMemo(
    () => new DefaultChatTransport<ChatMessage>({ api: '/api/chat', body: () => ({ a2uiClientCapabilities: capabilities.current }) }),
    [],
  );
  const { messages, status, sendMessage } = useChat<ChatMessage>({ transport, dataPartSchemas: a2uiDataPartSchemas });
  const { surfaces, processor } = useA2uiSurfaces(messages, {
    streaming: status === 'streaming',
    // The click is the next turn, with the data models the surfaces ask for: the route's
    // a2uiConvertDataPart gives the part to the model as text.
    onAction: (event) => void sendMessage({ parts: [a2uiActionPart(event.action, processor.getClientDataModel())] }),
  });
  useEffect(() => void (capabilities.current = processor.getClientCapabilities()), [processor]);
  const [draft, setDraft] = useState(SUGGESTION);
  const busy = status === 'submitted' || status === 'streaming';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() === '' || busy) return;
    void sendMessage({ text: draft });
    setDraft('');
  };

  return (
    <main>
      <h1>a2ui-stream chat</h1>
      {messages.length === 0 && <p className="hint">Ask for a table (the suggestion is filled in), then press Book on a restaurant.</p>}
      {messages.map((message) => (
        <article key={message.id} className={`message ${message.role}`}>
          {message.parts.map((part, i) => {
            // The parts of a message only grow at the end: the index is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            if (part.type === 'text') return <A2uiMarkdown key={i} text={part.text} className="text" />;
            if (part.type === 'data-a2ui-error')
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <p key={i} role="alert">
                  {part.data.message}
                </p>
              );
            if (part.type === 'data-a2ui-action')
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <p key={i} className="action">
                  {describe(part.data)}
                </p>
              );
            // Each surface where the part that created it is; later answers change it there.
            if (part.type !== 'data-a2ui') return null;
            return surfaces
              .filter((surface) => surface.messageId === message.id && surface.partId === part.id)
              .map((surface) => <A2uiStreamSurface key={surface.id} surface={surface.surface} streaming={surface.streaming} />);
          })}
        </article>
      ))}
      <form onSubmit={submit}>
        <input value={draft} onChange={(event) => setDraft(event.target.value)} aria-label="Message" />
        <button type="submit" disabled={busy}>
          Send
        </button>
      </form>
      <p className="status" data-status={status}>
        {status}
      </p>
    </main>
  );
}

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <Chat />
  </StrictMode>,
);
