/**
 * The page of the CopilotKit browser test: an `@ag-ui/client` `HttpAgent` reading the test
 * server's AG-UI endpoint (the agent behind `A2uiStreamMiddleware`), and CopilotKit's A2UI
 * renderer (`@copilotkit/a2ui-renderer`: `A2UIProvider`, `A2UIRenderer`, on web_core 0.10)
 * painting its `a2ui-surface` activity messages as they change.
 *
 * What connects them mirrors `@copilotkit/react-core` 1.74.0's `createA2UIMessageRenderer`
 * (`src/v2/a2ui/A2UIMessageRenderer.tsx`), which is not installed here (it brings a chat UI and a
 * GraphQL client): per activity message, its operations grouped by surface, each surface in an
 * `A2UIProvider` of its own whose operations are processed again whenever the content changes
 * (`createSurface` left out once the surface exists), and the provider's error shown instead of
 * the surface. Its loader cross-fade and development warnings are left out.
 */
import { HttpAgent, type Message } from '@ag-ui/client';
import { A2UIProvider, A2UIRenderer, initializeDefaultCatalog, injectStyles, useA2UIActions, useA2UIError } from '@copilotkit/a2ui-renderer';
import { createElement as h, useEffect, useRef, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';

type Operation = Record<string, { surfaceId?: string } | string | undefined>;

const surfaceOf = (operation: Operation): string => {
  for (const [key, body] of Object.entries(operation)) {
    if (key !== 'version' && typeof body === 'object' && typeof body.surfaceId === 'string') return body.surfaceId;
  }
  return 'default';
};

/** Processes a surface's operations each time they change, as react-core's `SurfaceMessageProcessor`. */
function SurfaceOperations({ surfaceId, operations }: { surfaceId: string; operations: Operation[] }): null {
  const { processMessages, getSurface } = useA2UIActions();
  const last = useRef('');
  useEffect(() => {
    const hash = JSON.stringify(operations);
    if (hash === last.current) return;
    last.current = hash;
    processMessages((getSurface(surfaceId) ? operations.filter((operation) => !operation.createSurface) : operations) as never);
  }, [operations, surfaceId, processMessages, getSurface]);
  return null;
}

function SurfaceOrError({ surfaceId }: { surfaceId: string }): ReactElement {
  const error = useA2UIError();
  return error ? h('div', { className: 'render-error' }, `A2UI render error: ${error}`) : h(A2UIRenderer, { surfaceId });
}

/** One surface: its own provider (and message processor), as react-core's `ReactSurfaceHost`. */
function provider(surfaceId: string, operations: Operation[]): ReactElement {
  const children = [h(SurfaceOperations, { key: 'ops', surfaceId, operations }), h(SurfaceOrError, { key: 'surface', surfaceId })];
  return h(A2UIProvider, { key: surfaceId, children });
}

/** One activity message: its surfaces, or its lifecycle status before any operation. */
function ActivityCard({ content }: { content: { a2ui_operations?: Operation[]; status?: string } }): ReactElement {
  const operations = content.a2ui_operations ?? [];
  if (operations.length === 0) return h('div', { className: 'status' }, content.status ?? '');
  const groups = new Map<string, Operation[]>();
  for (const operation of operations) groups.set(surfaceOf(operation), [...(groups.get(surfaceOf(operation)) ?? []), operation]);
  return h(
    'div',
    null,
    [...groups].map(([surfaceId, ops]) => provider(surfaceId, ops)),
  );
}

function Chat({ messages }: { messages: readonly Message[] }): ReactElement {
  return h(
    'div',
    null,
    messages.map((message) =>
      message.role === 'activity'
        ? h('div', { key: message.id, className: 'activity', 'data-id': message.id }, h(ActivityCard, { content: message.content }))
        : message.role === 'assistant'
          ? h('p', { key: message.id, className: 'text' }, message.content ?? '')
          : null,
    ),
  );
}

/**
 * The surfaces' markup, by surface id: React's generated ids taken out, and each input's state as
 * it stands (React sets `checked` and `value` as properties, which markup does not show).
 */
function surfacesIn(container: Element): Record<string, string> {
  const out: Record<string, string> = {};
  for (const element of container.querySelectorAll('.a2ui-surface[data-surface-id]')) {
    const copy = element.cloneNode(true) as Element;
    const inputs = element.querySelectorAll('input, textarea, select');
    copy.querySelectorAll('input, textarea, select').forEach((input, index) => {
      const live = inputs[index] as HTMLInputElement;
      input.setAttribute('data-state', live.type === 'checkbox' ? String(live.checked) : live.value);
      input.removeAttribute('checked');
    });
    out[element.getAttribute('data-surface-id') ?? ''] = copy.innerHTML.replace(/_r_[0-9a-z]+_|«r[0-9a-z]+»|:r[0-9a-z]+:/g, 'ID');
  }
  return out;
}

/** What the page measured of one run. */
interface RunResult {
  surfaces: Record<string, string>;
  /** Events the agent had received when the first element was painted in a surface, and when each event that ends the model's output came (counts, not times). */
  firstPaint: number | undefined;
  ends: Record<string, number>;
  /** How many times the painted element count changed before the run finished. */
  steps: number;
  errors: string[];
}

declare global {
  interface Window {
    a2uiCopilotKit: { run(index: number): Promise<RunResult>; direct(messages: Operation[]): Promise<Record<string, string>>; painted(): number };
  }
}

initializeDefaultCatalog();
injectStyles();
const chat = document.getElementById('chat') as HTMLElement;
const painted = (): number => chat.querySelectorAll('.a2ui-surface *').length;

window.a2uiCopilotKit = {
  painted,
  async run(index) {
    const agent = new HttpAgent({ url: `/agent/${index}` });
    const root = createRoot(chat);
    // Subscribed before the run starts (the agent reads its subscribers then), as CopilotKit's hooks are.
    agent.subscribe({ onMessagesChanged: ({ messages }) => root.render(h(Chat, { messages: [...messages] })) });
    const result: RunResult = { surfaces: {}, firstPaint: undefined, ends: {}, steps: 0, errors: [] };
    let count = 0;
    let received = 0;
    let finished = false;
    const observer = new MutationObserver(() => {
      const now = painted();
      if (now === count) return;
      count = now;
      if (now > 0) result.firstPaint ??= received;
      if (!finished) result.steps++;
    });
    observer.observe(chat, { subtree: true, childList: true, characterData: true });
    await agent.runAgent(
      {},
      {
        onEvent: ({ event }) => {
          received++;
          if (event.type === 'TEXT_MESSAGE_END' || event.type === 'TOOL_CALL_END' || event.type === 'RUN_FINISHED') result.ends[event.type] ??= received;
          if (event.type === 'RUN_FINISHED') finished = true;
        },
      },
    );
    // React renders the last change on its next tick.
    await new Promise((resolve) => setTimeout(resolve, 200));
    observer.disconnect();
    result.surfaces = surfacesIn(chat);
    result.errors = [...chat.querySelectorAll('.render-error')].map((element) => element.textContent ?? '');
    return result;
  },
  async direct(messages) {
    const container = document.createElement('div');
    document.body.append(container);
    const ids = [...new Set(messages.map(surfaceOf))];
    createRoot(container).render(
      h(
        'div',
        null,
        ids.map((surfaceId) =>
          provider(
            surfaceId,
            messages.filter((m) => surfaceOf(m) === surfaceId),
          ),
        ),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const surfaces = surfacesIn(container);
    container.remove();
    return surfaces;
  },
};
