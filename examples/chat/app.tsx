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
import { a2uiDataPartSchemas } from 'a2ui-stream/ai-sdk';
import { A2uiStreamSurface, useA2uiSurfaces, type A2uiActionEvent } from 'a2ui-stream/react';
import type { ChatMessage, ChatRequestBody } from './types.js';

const SUGGESTION = 'Find a table for two in Zürich on Friday evening';

function Chat() {
  const capabilities = useRef<ChatRequestBody['a2uiClientCapabilities']>(undefined);
  const transport = useMemo(
    () => new DefaultChatTransport<ChatMessage>({ api: '/api/chat', body: () => ({ a2uiClientCapabilities: capabilities.current }) }),
    [],
  );
  const { messages, status, sendMessage } = useChat<ChatMessage>({ transport, dataPartSchemas: a2uiDataPartSchemas });
  const { surfaces, processor } = useA2uiSurfaces(messages, {
    streaming: status === 'streaming',
    // The click is the next turn: the route turns the part into text for the model.
    onAction: (event: A2uiActionEvent) => void sendMessage({ parts: [{ type: 'data-a2ui-action', data: event }] }),
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
            if (part.type === 'text') return <p key={i}>{part.text}</p>;
            if (part.type === 'data-a2ui-error') return <p key={i} role="alert">{part.data.message}</p>;
            if (part.type === 'data-a2ui-action') return <p key={i} className="action">Pressed “{part.data.action.name}” on {part.data.surfaceId}</p>;
            return null;
          })}
          {surfaces
            .filter((surface) => surface.messageId === message.id)
            .map((surface) => <A2uiStreamSurface key={surface.id} surface={surface.surface} streaming={surface.streaming} />)}
        </article>
      ))}
      <form onSubmit={submit}>
        <input value={draft} onChange={(event) => setDraft(event.target.value)} aria-label="Message" />
        <button type="submit" disabled={busy}>Send</button>
      </form>
      <p className="status" data-status={status}>{status}</p>
    </main>
  );
}

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <Chat />
  </StrictMode>,
);
