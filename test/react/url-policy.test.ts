/**
 * The React entry's URL policy: the hook's surfaces get its policy (by default: https URLs the
 * model wrote as they stand), and the default catalogs draw media through it. (Rendering needs a
 * DOM: react-dom/server cannot draw the renderer's external stores.)
 */
import { AudioPlayer, Image, Text, Video } from '@a2ui/react/v0_9';
import { describe, expect, it } from 'vitest';
import { basicCatalog, type A2uiMessage, type Part } from '../../src/index.js';
import { markdownWithUrlPolicy, reactBasicCatalogV09, reactBasicCatalogV10 } from '../../src/react/index.js';
import { SurfaceStore } from '../../src/react/surface-store.js';
import { surfacePolicy } from '../../src/react/url-policy.js';

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
  return { store, policy: surfacePolicy(entry.surface) };
}

describe("the hook's URL policy", () => {
  const components = [
    { id: 'root', component: 'Column', children: ['a', 'b'] },
    { id: 'a', component: 'Image', url: 'https://cdn.example/a.png' },
    { id: 'b', component: 'Image', url: { path: '/photo' } },
  ];
  it('is the policy of its surfaces, and knows the URLs the model wrote (in components and data)', () => {
    const { store, policy } = surfaceWith(components, { photo: 'https://cdn.example/b.png' });
    expect(policy).toBe(store.policy);
    expect(policy.allowsMedia('https://cdn.example/a.png', 'image')).toBe(true);
    expect(policy.allowsMedia('https://cdn.example/b.png', 'image')).toBe(true);
    // What a text field bound to /photo would make, keystroke by keystroke.
    expect(policy.allowsMedia('https://cdn.example/b.png?q=s', 'image')).toBe(false);
  });
  it("takes the app's check (allowUrl)", () => {
    const { policy } = surfaceWith(components, {}, (url) => url.startsWith('http://intranet.example/'));
    expect(policy.allowsMedia('http://intranet.example/typed', 'image')).toBe(true);
    expect(policy.allowsMedia('https://cdn.example/a.png', 'image')).toBe(false);
  });
});

describe('the default catalogs', () => {
  it('draw Image, Video and AudioPlayer through the policy, the rest as @a2ui/react does', () => {
    for (const catalog of [reactBasicCatalogV09(), reactBasicCatalogV10()]) {
      for (const media of [Image, Video, AudioPlayer]) {
        const drawn = catalog.components.get(media.name);
        expect(drawn?.view).not.toBe(media.view);
        expect(drawn?.view?.displayName).toBe(`${media.name}.guarded`);
      }
      expect(catalog.components.get('Text')).toBe(Text);
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
