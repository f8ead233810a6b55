/**
 * The browser test page (bundled by run.mjs with esbuild, from the sources): streams a generated
 * response through `a2uiStream` into `a2uiLitSink` at a model's pace, renders the same messages
 * directly with a fresh `MessageProcessor` (and `@a2ui/markdown-it`, the sink's default), and
 * reports what the runner checks: both DOMs, the longest main-thread task while streaming and
 * the main-thread cost of the direct drawing (its baseline, `timeDrawing`), the skeletons seen,
 * the markdown headings the response holds, errors. The icon font is loaded from the test server
 * (`/fonts/`, the `material-symbols` package) with `loadIconFont`.
 */
import { renderMarkdown } from '@a2ui/markdown-it';
import { basicCatalog as litBasicCatalog } from '@a2ui/lit/v0_9';
import { A2uiController, A2uiLitElement, Context, MessageProcessor, type A2uiMessage as RendererMessage } from '@a2ui/web_core/v0_9';
import { a2uiStream, basicCatalog, type A2uiError, type A2uiMessage } from '../../src/index.js';
import { a2uiLitSink, litBasicCatalogV09, litBasicCatalogV10, loadIconFont } from '../../src/lit/index.js';
import { leaksControllers, setListenerFixEnabled } from '../../src/lit/listener-fix.js';
import { generateResponse, type GeneratedVersion } from '../support/generate-response.js';
import { optionChecks, type OptionCheck } from './options.js';
import { watchLongTasks } from './long-tasks.js';
import { frame, NO_DIRECT, type PageRun, pageRun, section, settled, timeDrawing } from './page-run.js';
import { serializeSurfaces } from './serialize.js';

/** One streamed case, as the runner asks for it. */
export interface StreamCase {
  version: GeneratedVersion;
  seed: number;
  targetBytes: number;
  blocks: number;
  snapshots: 'full' | 'delta';
  /** Characters per chunk. */
  chunkSize: number;
  /** Milliseconds between chunks. */
  intervalMs: number;
  /** The listener fix on (the default) or off (the test-only switch). */
  listenerFix: boolean;
  /**
   * Stop writing once a main-thread task this long was seen (the run without the fix, whose tasks
   * grow with every update; the runner sets it from a run with the fix's direct drawing). Default: never.
   */
  stopAfterTaskMs?: number;
}

/** What the page reports for a case. */
export interface StreamResult extends PageRun {
  /** The response's markdown headings (`h1:Text` for a Text component's `# Text`), as they must be drawn. */
  markdownHeadings: string[];
  /** Whether writing stopped early (`stopAfterTaskMs`); then `direct` is empty. */
  stopped: boolean;
  messages: number;
}

declare global {
  interface Window {
    a2uiTest: {
      leaksControllers(): boolean;
      run(testCase: StreamCase): Promise<StreamResult>;
      /** Visible skeletons (empty rows drawn as bars) in the surfaces being streamed. */
      skeletons(): number;
      /** The checks of the sink's options (options.ts). */
      options(): Promise<OptionCheck[]>;
    };
    /** Share of the response written so far (0…1), for the runner's screenshots. */
    progress: number;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until the surfaces' DOM stops changing (two frames alike). */
const surfacesSettled = (container: HTMLElement) => settled(() => serializeSurfaces(container), 200);

function visibleSkeletons(container: HTMLElement): number {
  let count = 0;
  for (const surface of container.querySelectorAll('a2ui-surface[data-a2ui-streaming]')) {
    for (const row of surface.shadowRoot?.querySelectorAll('a2ui-basic-row') ?? []) {
      if (row.querySelector('*') === null && (row as HTMLElement).offsetHeight > 0) count++;
    }
  }
  return count;
}

/** The Text components' markdown headings (`# Text` → `h1:Text`), each component's last text. */
function markdownHeadings(messages: readonly A2uiMessage[]): string[] {
  const texts = new Map<string, string>();
  for (const message of messages) {
    const update = message.updateComponents as { components?: { id: string; component?: string; text?: unknown }[] } | undefined;
    for (const component of update?.components ?? []) {
      if (component.component === 'Text' && typeof component.text === 'string') texts.set(component.id, component.text);
    }
  }
  return [...texts.values()].flatMap((text) => {
    const heading = /^(#{1,6}) (.+)$/.exec(text);
    return heading ? [`h${heading[1]?.length}:${heading[2]?.trim()}`] : [];
  });
}

/** Answers the renderer's markdown context requests under `container` with `@a2ui/markdown-it`, as the sink does. */
function provideMarkdown(container: HTMLElement): void {
  container.addEventListener(
    'context-request',
    (event: Event & { context?: unknown; callback?: (value: unknown, unsubscribe?: () => void) => void; subscribe?: boolean }) => {
      if (event.context !== Context.markdown || typeof event.callback !== 'function') return;
      event.stopPropagation();
      event.callback(renderMarkdown, event.subscribe ? () => {} : undefined);
    },
  );
}

async function run(testCase: StreamCase): Promise<StreamResult> {
  await loadIconFont('/fonts/material-symbols-outlined.woff2');
  setListenerFixEnabled(testCase.listenerFix);
  const response = generateResponse({ version: testCase.version, targetBytes: testCase.targetBytes, blocks: testCase.blocks, seed: testCase.seed });
  const errors: string[] = [];
  const onError = (error: A2uiError) => errors.push(`${error.name}: ${error.message}`);

  const streamedContainer = section('streamed');
  const longTasks = watchLongTasks(() => window.progress);
  const text = response.text;
  let written = 0;
  let stopped = false;
  window.progress = 0;
  const source = new ReadableStream<string>({
    async pull(controller) {
      if (longTasks.longestMs >= (testCase.stopAfterTaskMs ?? Infinity)) stopped = true;
      if (written >= text.length || stopped) {
        controller.close();
        return;
      }
      await sleep(testCase.intervalMs);
      controller.enqueue(text.slice(written, written + testCase.chunkSize));
      written += testCase.chunkSize;
      window.progress = Math.min(1, written / text.length);
    },
  });
  const catalog = basicCatalog(testCase.version === '1.0' ? '1.0' : '0.9');
  await source.pipeThrough(a2uiStream(catalog, { snapshots: testCase.snapshots })).pipeTo(a2uiLitSink(streamedContainer, { onError }));
  // The last frame's work (the sink flushes on close), then what the observer has not delivered.
  await frame();
  await frame();
  longTasks.stop();
  if (stopped) return { ...pageRun([], [], longTasks, NO_DIRECT, errors, written), markdownHeadings: [], stopped, messages: response.messages.length };
  const streamed = await surfacesSettled(streamedContainer);

  const directContainer = section('direct');
  provideMarkdown(directContainer);
  const processor = new MessageProcessor([litBasicCatalogV09(), litBasicCatalogV10()]);
  processor.onSurfaceCreated((surface) => {
    const element = document.createElement('a2ui-surface') as HTMLElement & { surface: unknown };
    element.surface = surface;
    directContainer.append(element);
  });
  // All the messages in one task: Lit's element updates run as microtasks of that task, so the
  // timing up to the next task covers them, and the frame's layout too (see `timeDrawing`).
  const drawDirectly = () => {
    for (const message of response.messages) {
      try {
        processor.processMessages([message as unknown as RendererMessage]);
      } catch (error) {
        errors.push(`direct: ${String(error)}`);
      }
    }
  };
  const { settled: direct, cost } = await timeDrawing(drawDirectly, () => surfacesSettled(directContainer));
  window.progress = 1;
  return {
    ...pageRun(streamed, direct, longTasks, cost, errors, text.length),
    markdownHeadings: markdownHeadings(response.messages),
    stopped,
    messages: response.messages.length,
  };
}

window.a2uiTest = {
  leaksControllers: () => leaksControllers(A2uiLitElement, A2uiController),
  run,
  skeletons: () => visibleSkeletons(document.querySelector('section') ?? document.body),
  options: optionChecks,
};
window.progress = 0;
