/**
 * The React browser test page (bundled by run.mjs with esbuild, from the sources): a fixture
 * answer streamed at a model's pace into a page that renders it as an app would, through
 * `useA2uiSurfaces` and `A2uiStreamSurface`: `@ai-sdk/react`'s `useChat` reading
 * `a2uiUIMessageStream`'s chunks (`mode: 'events'` or `'block'`), or a list of `a2uiStream` parts
 * kept in state. Then the same messages rendered directly with `@a2ui/react` from a fresh
 * `MessageProcessor`, and what the runner checks: both DOMs, long tasks, icons, markdown, renders.
 */
import 'material-symbols/outlined.css';
import { renderMarkdown } from '@a2ui/markdown-it';
import { A2uiSurface, basicCatalog as reactCatalog, MarkdownContext, type ReactComponentImplementation } from '@a2ui/react/v0_9';
import { MessageProcessor, type A2uiMessage as RendererMessage } from '@a2ui/web_core/v0_9';
import { Chat, useChat } from '@ai-sdk/react';
import { createElement as h, useEffect, useState, type ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { a2uiStream, basicCatalog, type A2uiError, type Part } from '../../src/index.js';
import type { A2uiUIMessage } from '../../src/ai-sdk/index.js';
import { A2uiMarkdown, A2uiStreamSurface, reactBasicCatalogV10, useA2uiSurfaces, type A2uiSurfaceEntry } from '../../src/react/index.js';
import { SurfaceStore } from '../../src/react/surface-store.js';
import { serializeContent } from './serialize.js';
import { watchLongTasks } from '../browser/long-tasks.js';
import { frame, type PageRun, pageRun, section, settled, timeDrawing } from '../browser/page-run.js';
import { chatFixture } from './fixtures.js';
import { answerChunks } from './ui-chunks.js';
import { dialectTwins } from './dialect.js';
import { userInputUrls } from './user-input-urls.js';
import { rebindUrls } from './rebind-urls.js';
import { renderFailure } from './render-failure.js';

/** One case, as the runner asks for it. */
export interface ReactCase {
  version: '0.9' | '1.0';
  seed: number;
  /** `events` / `block`: useChat over the ai-sdk entry's data parts in that mode; `parts`: a2uiStream's parts. */
  source: 'events' | 'block' | 'parts';
  snapshots: 'full' | 'delta';
  chunkSize: number;
  intervalMs: number;
}

/** What the page reports. */
export interface ReactResult extends PageRun {
  /** Icons in the final DOM, and how many are drawn as one glyph of the symbol font. */
  icons: { count: number; drawn: number; fontLoaded: boolean };
  /** Markdown in the final DOM: rendered `<strong>` and `<li>`, and Text left unrendered. */
  markdown: { strong: number; items: number; unrendered: number };
  /** Changes of the hook's source while streaming (useChat's messages, the parts list). */
  sourceUpdates: number;
  /** The hook's flushes that applied messages, and how many of them shared an animation frame with another. */
  applyingFlushes: number;
  sharedFrames: number;
}

declare global {
  interface Window {
    reactTest: {
      run(c: ReactCase): Promise<ReactResult>;
      skeletons(): number;
      markdown(): Promise<MarkdownResult>;
      dialectTwins(): ReturnType<typeof dialectTwins>;
      userInputUrls(): ReturnType<typeof userInputUrls>;
      rebindUrls(): ReturnType<typeof rebindUrls>;
      renderFailure(): ReturnType<typeof renderFailure>;
    };
    progress: number;
  }
}

let sourceUpdates = 0;

// Test-only: which animation frame (its timeline time) each flush that applied something ran in.
let applied = 0;
let flushFrames: number[] = [];
const processMessages = MessageProcessor.prototype.processMessages;
MessageProcessor.prototype.processMessages = function (this: MessageProcessor<ReactComponentImplementation>, messages) {
  applied++;
  processMessages.call(this, messages);
};
const flush = SurfaceStore.prototype.flush;
SurfaceStore.prototype.flush = function (this: SurfaceStore) {
  const before = applied;
  flush.call(this);
  if (applied > before) flushFrames.push(Number(document.timeline.currentTime));
};

/** Waits until the DOM of the surfaces (`selector`) in `container` stops changing (two frames alike). */
const surfacesSettled = (container: Element, selector: string) =>
  settled(() => [...container.querySelectorAll(selector)].map((element) => serializeContent(element)), 300);

/** Counts the changes of the hook's source. */
function useCounted(source: unknown): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: it counts the changes of source, which it does not read
  useEffect(() => void sourceUpdates++, [source]);
}

function Surfaces({ surfaces }: { surfaces: readonly A2uiSurfaceEntry[] }): ReactElement {
  return h(
    'div',
    null,
    surfaces.map((s) => h(A2uiStreamSurface, { key: s.id, surface: s.surface, streaming: s.streaming })),
  );
}

/** A chat page: each message's text, then the surfaces its parts created. */
function ChatApp({ chat, onError }: { chat: Chat<A2uiUIMessage>; onError: (error: A2uiError) => void }): ReactElement {
  const { messages, status } = useChat({ chat });
  const { surfaces } = useA2uiSurfaces(messages, { streaming: status === 'streaming', onError });
  useCounted(messages);
  return h(
    'div',
    null,
    messages.map((message) =>
      h(
        'div',
        { key: message.id, className: `message ${message.role}` },
        message.parts.map((part, i) => (part.type === 'text' ? h('p', { key: i }, part.text) : null)),
        h(Surfaces, { surfaces: surfaces.filter((s) => s.messageId === message.id) }),
      ),
    ),
  );
}

/** A page that keeps `a2uiStream`'s parts in state: the text, then the surfaces. */
function PartsApp({ feed, onError }: { feed: (push: (part: Part) => void) => Promise<void>; onError: (error: A2uiError) => void }): ReactElement {
  const [parts, setParts] = useState<readonly Part[]>([]);
  const [streaming, setStreaming] = useState(true);
  useEffect(() => {
    void feed((part) => setParts((list) => list.concat(part))).then(() => setStreaming(false));
  }, [feed]);
  const { surfaces } = useA2uiSurfaces(parts, { streaming, onError });
  useCounted(parts);
  const text = parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  return h('div', { className: 'message assistant' }, h('p', null, text), h(Surfaces, { surfaces }));
}

function iconCheck(container: Element): ReactResult['icons'] {
  const icons = [...container.querySelectorAll<HTMLElement>('span.material-symbols-outlined')];
  const drawn = icons.filter((icon) => {
    const size = parseFloat(getComputedStyle(icon).fontSize);
    // One ligature glyph is about one em wide; the name in a text font is several.
    return icon.textContent !== '' && icon.getBoundingClientRect().width <= size * 1.2;
  });
  return { count: icons.length, drawn: drawn.length, fontLoaded: document.fonts.check('24px "Material Symbols Outlined"') };
}

/**
 * The icon font loaded and shaped once before the answer streams, as a page showing icons has it
 * (the Lit page loads it first too, with `loadIconFont`): its first use decodes 4 MB of font on
 * the main thread, 70–120 ms measured, a cost of the page's font and not of the stream. The direct
 * drawing, after the stream, finds the font ready: counted while streaming, that task would weigh
 * against the stream in the main-thread budget (harness.mjs) for work the baseline never does.
 */
async function warmIconFont(): Promise<void> {
  await document.fonts.load('24px "Material Symbols Outlined"', 'home');
  const probe = document.body.appendChild(document.createElement('span'));
  probe.className = 'material-symbols-outlined';
  probe.textContent = 'home';
  probe.getBoundingClientRect();
  probe.remove();
  await frame();
}

async function run(c: ReactCase): Promise<ReactResult> {
  await warmIconFont();
  const fixture = chatFixture(c.version, c.seed);
  const catalog = basicCatalog(c.version);
  const errors: string[] = [];
  const onError = (error: A2uiError) => errors.push(`${error.name}: ${error.message}`);
  const pace = { chunkSize: c.chunkSize, intervalMs: c.intervalMs, onProgress: (p: number) => void (window.progress = p) };

  const longTasks = watchLongTasks(() => window.progress);
  sourceUpdates = 0;
  flushFrames = [];
  window.progress = 0;

  const streamedContainer = section('streamed');
  const root = createRoot(streamedContainer);
  if (c.source === 'parts') {
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    const feed = async (push: (part: Part) => void) => {
      let at = 0;
      const source = new ReadableStream<string>({
        async pull(controller) {
          if (at >= fixture.text.length) return controller.close();
          await new Promise((resolve) => setTimeout(resolve, c.intervalMs));
          controller.enqueue(fixture.text.slice(at, at + c.chunkSize));
          at += c.chunkSize;
          pace.onProgress(Math.min(1, at / fixture.text.length));
        },
      });
      await source.pipeThrough(a2uiStream(catalog, { snapshots: c.snapshots })).pipeTo(new WritableStream({ write: push }));
      done();
    };
    root.render(h(PartsApp, { feed, onError }));
    await finished;
  } else {
    const mode = c.source;
    const chat = new Chat<A2uiUIMessage>({
      transport: {
        sendMessages: async () => answerChunks(fixture.text, catalog, { mode, snapshots: c.snapshots }, pace),
        reconnectToStream: async () => null,
      },
      onError: (error) => errors.push(`chat: ${String(error)}`),
    });
    root.render(h(ChatApp, { chat, onError }));
    await chat.sendMessage({ text: `Show me seed ${c.seed}` });
  }
  await frame();
  await frame();
  longTasks.stop();
  const streamed = await surfacesSettled(streamedContainer, '.a2ui-stream-surface');
  const streamedFlushes = flushFrames;
  const streamedUpdates = sourceUpdates;

  const directContainer = section('direct');
  const directRoot = createRoot(directContainer);
  const processor = new MessageProcessor<ReactComponentImplementation>([reactCatalog, reactBasicCatalogV10()]);
  const messages = fixture.messages.map((message) => structuredClone(message) as unknown as RendererMessage);
  // The messages applied and the surfaces rendered and committed in one task, as the Lit page's
  // drawing is: `render` alone only schedules the rendering, in a later task of React's scheduler
  // that the timing up to the next task would not cover (see `timeDrawing`); `flushSync` renders
  // and commits now, and the frame's layout follows in the same task.
  const drawDirectly = () => {
    for (const message of messages) {
      try {
        processor.processMessages([message]);
      } catch (error) {
        errors.push(`direct: ${String(error)}`);
      }
    }
    flushSync(() =>
      directRoot.render(
        h(
          MarkdownContext.Provider,
          { value: renderMarkdown },
          [...processor.model.surfacesMap.values()].map((surface) => h('div', { key: surface.id, className: 'direct-surface' }, h(A2uiSurface, { surface }))),
        ),
      ),
    );
  };
  const { settled: direct, cost } = await timeDrawing(drawDirectly, () => surfacesSettled(directContainer, '.direct-surface'));
  await document.fonts.ready;
  window.progress = 1;
  return {
    ...pageRun(streamed, direct, longTasks, cost, errors, fixture.text.length),
    icons: iconCheck(streamedContainer),
    markdown: {
      strong: streamedContainer.querySelectorAll('.a2ui-stream-surface strong').length,
      items: streamedContainer.querySelectorAll('.a2ui-stream-surface li').length,
      unrendered: streamedContainer.querySelectorAll('.no-markdown-renderer').length,
    },
    sourceUpdates: streamedUpdates,
    applyingFlushes: streamedFlushes.length,
    sharedFrames: streamedFlushes.length - new Set(streamedFlushes).size,
  };
}

/** Visible skeletons (empty rows drawn as bars) in the surfaces being streamed. */
function skeletons(): number {
  let count = 0;
  for (const row of document.querySelectorAll<HTMLElement>('.a2ui-stream-surface[data-a2ui-streaming] div[style*="flex-direction: row"]:empty')) {
    if (row.offsetHeight > 0 && row.offsetWidth > 0) count++;
  }
  return count;
}

/** What {@link markdown} finds: per rendering, its bold text, images and text. */
interface MarkdownSeen {
  strong: number;
  images: number;
  text: string;
  /** The `src` of each image and the `href` of each link. */
  urls: string[];
}

export interface MarkdownResult {
  off: MarkdownSeen;
  on: MarkdownSeen;
  /** `http:` URLs with images on: refused by the default policy (probe 17 finding 8). */
  http: MarkdownSeen;
}

/**
 * `A2uiMarkdown` on a chat text with an image: by default (images off) the image is a link to it
 * (its URL is outside the test server, so a request would fail the run); with `images` it is shown;
 * `http:` images and links are refused by the default URL policy, images on or not.
 */
async function markdown(): Promise<MarkdownResult> {
  const container = document.body.appendChild(document.createElement('div'));
  const text = (src: string) => `Dinner on **Friday** at 19:30. ![the dining room](${src})`;
  const pixel = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  createRoot(container).render(
    h(
      'div',
      null,
      h(A2uiMarkdown, { text: text('https://images.example/room.png'), className: 'off' }),
      h(A2uiMarkdown, { text: text(pixel), images: true, className: 'on' }),
      h(A2uiMarkdown, { text: `${text('http://images.example/room.png')} [the menu](http://example.com/menu)`, images: true, className: 'http' }),
    ),
  );
  for (let frame = 0; frame < 300 && container.querySelectorAll('strong').length < 3; frame++) await new Promise(requestAnimationFrame);
  const of = (className: string): MarkdownSeen => {
    const element = container.querySelector(`.${className}`);
    const urls = [...(element?.querySelectorAll('img, a') ?? [])].map((node) => node.getAttribute('src') ?? node.getAttribute('href') ?? '');
    return {
      strong: element?.querySelectorAll('strong').length ?? 0,
      images: element?.querySelectorAll('img').length ?? 0,
      text: element?.textContent ?? '',
      urls,
    };
  };
  return { off: of('off'), on: of('on'), http: of('http') };
}

window.reactTest = { run, skeletons, markdown, dialectTwins, userInputUrls, rebindUrls, renderFailure };
window.progress = 0;
