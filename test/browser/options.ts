/**
 * Checks of `a2uiLitSink`'s options and edge cases, run in the test page: parts are written to the
 * sink directly (no parser), and each check reports what it saw.
 */
import { renderMarkdown } from '@a2ui/markdown-it';
import { basicCatalog as litBasicCatalog } from '@a2ui/lit/v0_9';
import { MessageProcessor } from '@a2ui/web_core/v0_9';
import type { A2uiError, A2uiMessage, Part } from '../../src/index.js';
import { a2uiLitSink, type A2uiLitSinkOptions } from '../../src/lit/index.js';
import { dialectHint, dialectTwins } from './dialect.js';
import { rebindUrls } from './rebind-urls.js';
import { renderFailure } from './render-failure.js';
import { evilSeen, frames, recordingOpen, userInputMessages } from './url-fixtures.js';

/** One check's outcome. */
export interface OptionCheck {
  name: string;
  ok: boolean;
  detail: string;
}

const CATALOG = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const v09 = (body: Record<string, unknown>): A2uiMessage => ({ version: 'v0.9', ...body }) as A2uiMessage;
const create = (surfaceId: string) => v09({ createSurface: { surfaceId, catalogId: CATALOG } });
const components = (surfaceId: string, list: unknown[]) => v09({ updateComponents: { surfaceId, components: list } });

async function write(container: HTMLElement, parts: Part[], options: A2uiLitSinkOptions = {}): Promise<void> {
  const writer = a2uiLitSink(container, options).getWriter();
  for (const part of parts) await writer.write(part);
  await writer.close();
  for (let i = 0; i < 4; i++) await frame();
}

function box(): HTMLElement {
  const element = document.createElement('div');
  document.body.append(element);
  return element;
}

const shadowText = (container: HTMLElement) =>
  [...container.querySelectorAll('a2ui-surface')].map((surface) => surface.shadowRoot?.textContent ?? '').join('|');

async function order(): Promise<OptionCheck> {
  const container = box();
  await write(container, [
    { type: 'text', text: 'Before ' },
    { type: 'text', text: 'the card.\n\n' },
    { type: 'a2ui', messages: [create('s'), components('s', [{ id: 'root', component: 'Text', text: 'Card' }])] },
    { type: 'text', text: '\n\nAfter it.' },
  ]);
  const seen = [...container.children].map((child) => `${child.tagName.toLowerCase()}:${(child.textContent || shadowText(container)).trim()}`);
  const ok = seen.length === 3 && seen[0] === 'div:Before the card.' && seen[1]?.startsWith('a2ui-surface') === true && seen[2] === 'div:After it.';
  return { name: 'text bubbles and the surface keep the response order (text after a surface starts a new bubble)', ok, detail: JSON.stringify(seen) };
}

async function action(): Promise<OptionCheck> {
  const container = box();
  const actions: unknown[] = [];
  await write(
    container,
    [
      {
        type: 'a2ui',
        messages: [
          create('a'),
          components('a', [
            { id: 'root', component: 'Button', child: 'label', action: { event: { name: 'confirm', context: { seats: 2 } } } },
            { id: 'label', component: 'Text', text: 'Confirm' },
          ]),
        ],
      },
    ],
    { onAction: (a) => actions.push(a) },
  );
  container.querySelector('a2ui-surface')?.shadowRoot?.querySelector('button')?.click();
  for (let i = 0; i < 3; i++) await frame();
  const ok = actions.length === 1 && JSON.stringify(actions[0]).includes('"confirm"') && JSON.stringify(actions[0]).includes('"seats":2');
  return { name: 'onAction gets the action of a pressed button', ok, detail: JSON.stringify(actions) };
}

async function rejected(): Promise<OptionCheck> {
  const container = box();
  const errors: A2uiError[] = [];
  await write(
    container,
    [
      {
        type: 'a2ui',
        messages: [
          create('r'),
          components('r', [
            { id: 'root', component: 'Column', children: ['ok'] },
            { id: 'bad', component: 'Text', text: 'x', colour: 'red' },
          ]),
          components('r', [
            { id: 'root', component: 'Column', children: ['ok'] },
            { id: 'ok', component: 'Text', text: 'Still here' },
          ]),
          { beginRendering: { surfaceId: 'old', root: 'root' } },
        ],
      },
    ],
    { onError: (error) => errors.push(error) },
  );
  const codes = errors.map((error) => `${error.name}:${error.details[0]?.code ?? ''}`);
  const ok =
    codes[0] === 'A2uiValidationError:renderer_rejected' &&
    codes[1] === 'A2uiValidationError:invalid_value' &&
    errors.length === 2 &&
    shadowText(container).includes('Still here');
  return {
    name: 'a rejected message and a v0.8 message go to onError; the next message is applied',
    ok,
    detail: `${JSON.stringify(codes)} ${shadowText(container)}`,
  };
}

async function processorOption(): Promise<OptionCheck> {
  const container = box();
  const processor = new MessageProcessor([litBasicCatalog]);
  await write(container, [{ type: 'a2ui', messages: [create('p'), components('p', [{ id: 'root', component: 'Text', text: 'Mine' }])] }], { processor });
  const again: A2uiError[] = [];
  await write(box(), [{ type: 'a2ui', messages: [create('p')] }], { processor, onError: (error) => again.push(error) });
  const ok = processor.model.getSurface('p') !== undefined && shadowText(container).includes('Mine') && again[0]?.name === 'A2uiIntegrityError';
  return {
    name: 'an existing processor holds the surfaces; creating one of its surfaces again is an A2uiIntegrityError',
    ok,
    detail: `${shadowText(container)} ${again.map(String).join(' ')}`,
  };
}

async function markdown(): Promise<OptionCheck> {
  const container = box();
  await write(
    container,
    [
      { type: 'text', text: 'Your **total** is' },
      { type: 'text', text: ' ready.' },
      { type: 'a2ui', messages: [create('m'), components('m', [{ id: 'root', component: 'Text', text: 'Pay **now**' }])] },
    ],
    { markdown: renderMarkdown },
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  const bubble = container.querySelector('.a2ui-stream-text')?.innerHTML ?? '';
  const surface = container.querySelector('a2ui-surface')?.shadowRoot?.innerHTML ?? '';
  const ok = /<strong>total<\/strong> is ready\./.test(bubble) && /<strong>now<\/strong>/.test(surface);
  return {
    name: "markdown renders the text bubbles and the surfaces' Text components",
    ok,
    detail: `${bubble} / ${surface.replace(/<!--[^>]*-->/g, '').slice(0, 300)}`,
  };
}

/** Two sinks share a container: the default one renders markdown, the one with `markdown: false` does not. */
async function markdownDefault(): Promise<OptionCheck> {
  const container = box();
  await write(container, [
    { type: 'text', text: '## Your *table*\n\n' },
    { type: 'a2ui', messages: [create('d'), components('d', [{ id: 'root', component: 'Text', text: '# Łódź Express — Overview' }])] },
  ]);
  await write(
    container,
    [
      { type: 'text', text: '## Not *markdown*\n\n' },
      { type: 'a2ui', messages: [create('f'), components('f', [{ id: 'root', component: 'Text', text: '# Plain' }])] },
    ],
    { markdown: false },
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  const [rendered, plain] = [...container.querySelectorAll('a2ui-surface')].map(
    (surface) => surface.shadowRoot?.querySelector('a2ui-basic-text .a2ui-text')?.innerHTML.replace(/<!--[^>]*-->/g, '') ?? '',
  );
  const [first, second] = [...container.querySelectorAll('.a2ui-stream-text')].map((bubble) => bubble.innerHTML);
  const ok =
    first === '<h2>Your <em>table</em></h2>\n' &&
    /^<h1>Łódź Express — Overview<\/h1>/.test(rendered ?? '') &&
    second === '## Not *markdown*\n\n' &&
    /^<span[^>]*># Plain<\/span>$/.test(plain ?? '');
  return {
    name: 'markdown by default (@a2ui/markdown-it) in bubbles and Text components; markdown: false shows it as it is, per sink',
    ok,
    detail: JSON.stringify({ first, rendered, second, plain }),
  };
}

async function skeletonsEnd(): Promise<OptionCheck> {
  const container = box();
  const writer = a2uiLitSink(container).getWriter();
  await writer.write({
    type: 'a2ui',
    messages: [
      create('k'),
      components('k', [
        { id: 'root', component: 'Column', children: ['loading_a'] },
        { id: 'loading_a', component: 'Row', children: [] },
      ]),
    ],
  });
  for (let i = 0; i < 3; i++) await frame();
  const row = () => container.querySelector('a2ui-surface')?.shadowRoot?.querySelector('a2ui-basic-row') as HTMLElement | null;
  const during = row()?.offsetHeight ?? -1;
  await writer.close();
  await frame();
  const after = row()?.offsetHeight ?? -1;
  return {
    name: 'a placeholder is a visible skeleton while the stream is open, and empty once it is closed',
    ok: during > 0 && after === 0,
    detail: `height ${during} px, then ${after} px`,
  };
}

/**
 * The URL policy: an Image the model wrote loads; an Image bound to a text field's path does not
 * load what the user types; a markdown image in a bubble is a link, not an image.
 */
async function urlPolicy(): Promise<OptionCheck> {
  const container = box();
  await write(
    container,
    [
      { type: 'text', text: 'See ![the chart](https://cdn.example/chart.png).\n\n' },
      {
        type: 'a2ui',
        messages: [
          create('u'),
          components('u', [
            { id: 'root', component: 'Column', children: ['field', 'own', 'bound'] },
            { id: 'field', component: 'TextField', label: 'Search', value: { path: '/q' } },
            { id: 'own', component: 'Image', url: 'https://cdn.example/logo.png' },
            { id: 'bound', component: 'Image', url: { path: '/q' }, description: 'preview' },
          ]),
          v09({ updateDataModel: { surfaceId: 'u', path: '/q', value: 'https://cdn.example/start.png' } }),
        ],
      },
    ],
    { markdown: renderMarkdown },
  );
  const root = container.querySelector('a2ui-surface')?.shadowRoot;
  const input = root?.querySelector('input');
  for (const typed of ['https://evil.example/?k=s', 'https://evil.example/?k=se']) {
    if (input) {
      input.value = typed;
      input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    }
    for (let i = 0; i < 3; i++) await frame();
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  const sources = [...(root?.querySelectorAll('img') ?? [])].map((img) => img.getAttribute('src'));
  const bubble = container.querySelector('.a2ui-stream-text')?.innerHTML ?? '';
  const ok =
    input !== null &&
    input !== undefined &&
    sources.length === 1 &&
    sources[0] === 'https://cdn.example/logo.png' &&
    (root?.textContent ?? '').includes('preview') &&
    bubble.includes('<a href="https://cdn.example/chart.png">the chart</a>') &&
    !bubble.includes('<img');
  return { name: 'URL policy: model-written images load, typed URLs and markdown images do not', ok, detail: JSON.stringify({ sources, bubble }) };
}

/** The model-written Image of the user-input check. */
const OWN_IMAGE = 'https://cdn.example/logo.png';

/**
 * The probe's holes 5 and 6 (#37): a button's openUrl of a URL built from a text field, or an
 * http: one, opens nothing; picking a ChoicePicker option whose value an Image shows loads nothing;
 * a Text's markdown image built from the text field loads nothing with markdown images on. An
 * https: openUrl the model wrote opens, and a model-written Image loads (the clicks work).
 */
function userInputUrls(): Promise<OptionCheck> {
  const container = box();
  return recordingOpen(async (opened) => {
    await write(container, [{ type: 'a2ui', messages: userInputMessages(OWN_IMAGE) }], { markdown: renderMarkdown, markdownImages: true });
    const [pick, typed] = [...container.querySelectorAll('a2ui-surface')].map((surface) => surface.shadowRoot);
    pick?.querySelectorAll<HTMLInputElement>('input.a2ui-option-input')[1]?.click();
    const input = typed?.querySelector('input');
    if (input) {
      input.value = 'my secret';
      input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    }
    await frames(3);
    for (const button of [...(pick?.querySelectorAll('button') ?? []), ...(typed?.querySelectorAll('button') ?? [])]) button.click();
    await frames(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const evil = evilSeen([pick, typed].filter((root) => root !== null && root !== undefined));
    const own = [...(pick?.querySelectorAll('img') ?? [])].some((img) => img.getAttribute('src') === OWN_IMAGE);
    const ok = input !== null && input !== undefined && own && evil.length === 0 && opened.length === 1 && opened[0] === 'https://docs.example/help';
    return {
      name: "URL policy: the user's input picks no URL (openUrl, an Image on a choice, a markdown image)",
      ok,
      detail: JSON.stringify({ evil, opened, own }),
    };
  });
}

/** web_core writes later data-model updates into the values it holds: the sink gives it copies. */
async function partsUnchanged(): Promise<OptionCheck> {
  const container = box();
  const parts: Part[] = [
    {
      type: 'a2ui',
      messages: [
        create('u'),
        components('u', [{ id: 'root', component: 'Text', text: { path: '/booking/guests' } }]),
        v09({ updateDataModel: { surfaceId: 'u', path: '/', value: { booking: { guests: 2 } } } }),
        v09({ updateDataModel: { surfaceId: 'u', path: '/booking/guests', value: 4 } }),
      ],
    },
  ];
  const before = JSON.stringify(parts);
  await write(container, parts);
  const after = JSON.stringify(parts);
  return {
    name: 'the parts written are left as the parser emitted them (the renderer is given copies)',
    ok: after === before && shadowText(container).includes('4'),
    detail: `${after} ${shadowText(container)}`,
  };
}

/** Runs every check, each in its own container. */
export async function optionChecks(): Promise<OptionCheck[]> {
  const checks = [
    order,
    action,
    rejected,
    processorOption,
    markdown,
    markdownDefault,
    skeletonsEnd,
    partsUnchanged,
    urlPolicy,
    userInputUrls,
    rebindUrls,
    dialectTwins,
    dialectHint,
    renderFailure,
  ];
  const results: OptionCheck[] = [];
  for (const check of checks) {
    try {
      results.push(await check());
    } catch (error) {
      results.push({ name: check.name, ok: false, detail: String((error as Error)?.stack ?? error) });
    }
  }
  return results;
}
