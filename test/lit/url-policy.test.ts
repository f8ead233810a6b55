import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultUrlCheck, guardMarkdown, guardMarkdownHtml, UrlPolicy } from '../../src/web-core/url-policy.js';
import { readsUserInput } from '../../src/web-core/user-input.js';

afterEach(() => vi.unstubAllGlobals());

describe('defaultUrlCheck', () => {
  it('allows https: and data:image/ for images; refuses http:, javascript:, data: elsewhere', () => {
    expect(defaultUrlCheck('https://cdn.example/a.png', 'image')).toBe(true);
    expect(defaultUrlCheck('data:image/png;base64,AAAA', 'image')).toBe(true);
    expect(defaultUrlCheck('data:image/png;base64,AAAA', 'video')).toBe(false);
    expect(defaultUrlCheck('data:text/html,<b>x</b>', 'link')).toBe(false);
    expect(defaultUrlCheck('http://tracker.example/p.gif', 'image')).toBe(false);
    expect(defaultUrlCheck('javascript:alert(1)', 'link')).toBe(false);
  });
  it("allows the page's own origin (a relative URL), whatever its scheme", () => {
    vi.stubGlobal('document', { baseURI: 'http://localhost:5173/chat' });
    expect(defaultUrlCheck(new URL('/img/a.png', 'http://localhost:5173/').href, 'image')).toBe(true);
    expect(defaultUrlCheck('http://other.example/a.png', 'image')).toBe(false);
  });
});

describe('UrlPolicy', () => {
  it('loads a media URL only when the model wrote it as it stands (typed text never reaches a server)', () => {
    const policy = new UrlPolicy();
    policy.noteMessage({ updateComponents: { components: [{ id: 'i', component: 'Image', url: 'https://cdn.example/a.png' }] } });
    expect(policy.allowsModelUrl('https://cdn.example/a.png', 'image')).toBe(true);
    // An Image bound to a text field's path: each keystroke makes a URL the model never wrote.
    for (const typed of ['https://evil.example/?q=s', 'https://evil.example/?q=se', 'https://evil.example/?q=sec']) {
      expect(policy.allowsModelUrl(typed, 'image')).toBe(false);
    }
    // Links are not loaded: any https link may stand.
    expect(policy.allows('https://docs.example/page', 'link')).toBe(true);
  });
  it("an app's check decides alone, with the URL resolved and its kind", () => {
    const seen: string[] = [];
    const policy = new UrlPolicy((url, kind) => {
      seen.push(`${kind} ${url}`);
      return url.startsWith('https://cdn.example/');
    });
    expect(policy.allowsModelUrl('https://cdn.example/v.mp4', 'video')).toBe(true);
    expect(policy.allowsModelUrl('https://other.example/v.mp4', 'video')).toBe(false);
    expect(seen).toEqual(['video https://cdn.example/v.mp4', 'video https://other.example/v.mp4']);
  });
  it('refuses what is no URL string', () => {
    const policy = new UrlPolicy(() => true);
    expect([policy.allows(undefined, 'image'), policy.allows('', 'image'), policy.allows({ path: '/u' }, 'image')]).toEqual([false, false, false]);
  });
});

describe('guardMarkdownHtml', () => {
  const policy = new UrlPolicy(defaultUrlCheck);
  it('images are not loaded by default: a link to them, or their alt text', () => {
    const html = '<p><img src="https://cdn.example/a.png" alt="a cat"> and <img src="http://x.example/t.gif?u=1&amp;v=2" alt=""></p>';
    expect(guardMarkdownHtml(html, policy, { images: false })).toBe(
      '<p><a href="https://cdn.example/a.png">a cat</a> and http://x.example/t.gif?u=1&amp;v=2</p>',
    );
  });
  it('images load when turned on and their URL is allowed', () => {
    const html = '<img src="https://cdn.example/a.png" alt="a"><img src="http://x.example/t.gif" alt="t">';
    expect(guardMarkdownHtml(html, policy, { images: true })).toBe('<img src="https://cdn.example/a.png" alt="a">t');
  });
  it('a link whose URL is refused keeps its text, not its href', () => {
    const html = '<p><a href="http://x.example/" class="l">x</a> <a href="https://ok.example/">ok</a></p>';
    expect(guardMarkdownHtml(html, policy, { images: false })).toBe('<p><a class="l">x</a> <a href="https://ok.example/">ok</a></p>');
  });
  it('no <img tag start survives, however its attributes are written', () => {
    const html = '<img alt="a>b" src="http://x.example/p.gif"><IMG\nsrc=http://x.example/q.gif>';
    expect(guardMarkdownHtml(html, policy, { images: true })).not.toMatch(/<img/i);
  });
  it('guardMarkdown wraps a renderer', async () => {
    const render = guardMarkdown(async (text) => `<p><img src="${text}" alt="i"></p>`, policy, { images: false });
    expect(await render('https://cdn.example/a.png')).toBe('<p><a href="https://cdn.example/a.png">i</a></p>');
  });
});

describe('readsUserInput (what the user types or chooses never picks a URL)', () => {
  const surface = (components: Record<string, unknown>[]) => ({
    componentsModel: { entries: components.map((c, i): [string, { properties: Record<string, unknown> }] => [String(i), { properties: c }]) },
  });
  const inputs = surface([
    { component: 'ChoicePicker', value: { path: '/choice' } },
    { component: 'Slider', value: { path: '/n' } },
    { component: 'TextField', value: { path: 'note' } },
    { component: 'Text', text: { path: '/title' } },
  ]);
  const reads = (expression: unknown, dataPath = '/') => readsUserInput({ expression, dataPath, surface: inputs });
  it('a binding to an input path, inside it, or holding it', () => {
    expect([reads({ path: '/choice/0' }), reads({ path: '/choice' }), reads({ path: '/' }), reads({ path: '/photo' })]).toEqual([true, true, true, false]);
  });
  it("a function over one, however nested (formatString's ${…}, pluralize's value)", () => {
    expect(reads({ call: 'formatString', args: { value: 'https://x.example/${/choice/0}.png' } })).toBe(true);
    expect(reads({ call: 'formatString', args: { value: 'https://x.example/${formatNumber(value:${/n})}.png' } })).toBe(true);
    expect(reads({ call: 'pluralize', args: { value: { path: '/n' }, one: 'https://x.example/1', other: 'https://x.example/2' } })).toBe(true);
    expect(reads({ call: 'formatString', args: { value: 'https://x.example/${/id}.png' } })).toBe(false);
    expect(reads('https://x.example/${/choice}')).toBe(false);
  });
  it('an input in a template writes its relative path under every item', () => {
    expect(reads({ path: 'note' }, '/items/3')).toBe(true);
    expect(reads({ path: '/items/0/note' })).toBe(true);
    expect(reads({ path: 'url' }, '/items/3')).toBe(false);
  });
  it('a surface without inputs: nothing the user writes', () => {
    expect(readsUserInput({ expression: { path: '/choice/0' }, dataPath: '/', surface: surface([{ component: 'Image', url: { path: '/u' } }]) })).toBe(false);
  });
});
