/**
 * What the renderer entries load or link from model output: a check per URL and kind, the strings
 * the model wrote (a media URL must be one of them unless the app gave its own check), and
 * markdown HTML with its images and links passed through the check.
 */
import type { MarkdownRenderer } from '@a2ui/web_core/v0_9';
import { readsUserInput, type ValueSource } from './user-input.js';

/** What a URL is for: a media component's source, a markdown image, or a link. */
export type UrlKind = 'image' | 'video' | 'audio' | 'link';

/**
 * Says whether a URL of model output may be loaded (media) or linked. It gets the URL resolved
 * against the page (an absolute `href`) and what it is for.
 */
export type UrlCheck = (url: string, kind: UrlKind) => boolean;

/** Where relative URLs resolve: the page, when there is one. */
function pageBase(): string | undefined {
  return typeof document === 'undefined' ? undefined : document.baseURI;
}

/** `url` resolved against the page, or `undefined` when it is no URL. */
export function resolveUrl(url: string, base = pageBase()): URL | undefined {
  try {
    return new URL(url, base);
  } catch {
    return undefined;
  }
}

/**
 * The default check: `https:` URLs, URLs of the page's own origin (a relative URL), and for images
 * `data:image/…` (it is read from the URL itself: no request leaves the page).
 */
export const defaultUrlCheck: UrlCheck = (url, kind) => {
  const parsed = resolveUrl(url);
  if (parsed === undefined) return false;
  if (parsed.protocol === 'https:') return true;
  if (kind === 'image' && parsed.protocol === 'data:') return /^data:image\//i.test(url);
  const base = pageBase();
  return base !== undefined && parsed.origin !== 'null' && parsed.origin === resolveUrl(base)?.origin;
};

/**
 * A sink's URL policy. With the app's own `check`, that check decides. Without one, a URL must pass
 * {@link defaultUrlCheck}, and a URL the page would load or open from a surface (a media
 * component's source, an `openUrl` call's `url`, a markdown image or link of a `Text`) must also
 * be a string the model wrote in a message (see {@link noteMessage}) whose expression reads no data
 * path the user can write through an input component (see `readsUserInput`): a URL assembled from
 * what the user typed (an `Image` bound to a text field's path, a `formatString` of it) and a URL
 * the user's choice picks among strings the model wrote (an `Image` bound to a ChoicePicker's path)
 * are neither loaded nor opened, so nothing the user types or chooses reaches a server.
 */
export class UrlPolicy {
  private readonly written = new Set<string>();

  /** @param check The app's check; `undefined`: the default, as described above. */
  constructor(private readonly check?: UrlCheck) {}

  /** Whether the app gave its own check (then it alone decides). */
  get appCheck(): boolean {
    return this.check !== undefined;
  }

  /** Whether `url` may be linked, or loaded as a markdown image (see {@link allowsModelUrl} for a surface's URLs). */
  allows(url: unknown, kind: UrlKind): boolean {
    if (typeof url !== 'string' || url === '') return false;
    const href = resolveUrl(url)?.href;
    if (href === undefined) return false;
    return this.check ? this.check(href, kind) : defaultUrlCheck(href, kind);
  }

  /**
   * Whether a surface may load or open `url`, the value of `source` (when it is known): {@link
   * allows}, and without the app's check, a URL the model wrote whose expression reads no path the
   * user writes.
   */
  allowsModelUrl(url: unknown, kind: UrlKind, source?: ValueSource): boolean {
    if (!this.allows(url, kind)) return false;
    return this.check !== undefined || (this.written.has(url as string) && !(source !== undefined && readsUserInput(source)));
  }

  /** Remembers the strings of a message the model wrote (media URLs are among them). */
  noteMessage(message: unknown): void {
    if (this.check) return;
    const pending: unknown[] = [message];
    while (pending.length > 0) {
      const value = pending.pop();
      if (typeof value === 'string') this.written.add(value);
      else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) pending.push(item);
    }
  }
}

const fallback = new UrlPolicy(defaultUrlCheck);
const policies = new WeakMap<object, UrlPolicy>();

/** Records that `surface` is drawn under `policy` (its sink's or hook's). */
export function setSurfacePolicy(surface: object, policy: UrlPolicy): void {
  policies.set(surface, policy);
}

/**
 * The policy `surface` is drawn under; for a surface no sink or hook applied messages to (an app's
 * own processor), `fallback`: the default check alone.
 */
export function surfacePolicy(surface: object | undefined): UrlPolicy {
  return (surface && policies.get(surface)) ?? fallback;
}

/** Refuses every URL: the policy of markdown built from what the user typed or chose. */
const refuseAll = new UrlPolicy(() => false);

/** Options of {@link guardMarkdown}. */
export interface MarkdownGuardOptions {
  /** Whether images in markdown are loaded (when the policy allows their URL). */
  readonly images: boolean;
  /**
   * The `Text` whose markdown it is (read at each render). When its text reads a path the user
   * writes and the app gave no check, no image is loaded and no link keeps its `href`.
   */
  readonly source?: (() => ValueSource | undefined) | undefined;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => ESCAPES[char] as string);

/** The value of attribute `name` in a tag's attribute text (as a sanitizer writes it: double quotes). */
function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}="([^"]*)"`, 'i').exec(attributes);
  return match ? (match[1] as string).replace(/&(?:amp|quot|#39|lt|gt);/g, (entity) => ENTITIES[entity] as string) : undefined;
}

/**
 * Sanitized markdown HTML with every `<img>` and link passed through `policy`: an image not
 * loaded (images off, or its URL not allowed) becomes a link to it when links to it are allowed,
 * else its alt text; a link whose URL is not allowed loses its `href` (its text stays). Every
 * `<img` tag start is replaced, so no image survives a tag the patterns do not read.
 */
export function guardMarkdownHtml(html: string, policy: UrlPolicy, options: MarkdownGuardOptions): string {
  if (!/<(?:img|a)\b/i.test(html)) return html;
  const source = policy.appCheck ? undefined : options.source?.();
  const guard = source !== undefined && readsUserInput(source) ? refuseAll : policy;
  return html.replace(/<(img|a)\b([^>]*)>/gi, (tag, name: string, attributes: string) => {
    if (name.toLowerCase() === 'a') {
      const href = attribute(attributes, 'href');
      if (href === undefined || guard.allows(href, 'link')) return tag;
      return `<a${attributes.replace(/(^|\s)href="[^"]*"/i, '')}>`;
    }
    const src = attribute(attributes, 'src') ?? '';
    if (options.images && guard.allows(src, 'image')) return tag;
    const alt = attribute(attributes, 'alt') || src;
    return guard.allows(src, 'link') ? `<a href="${escapeHtml(src)}">${escapeHtml(alt)}</a>` : escapeHtml(alt);
  });
}

/** `render` with its output passed through {@link guardMarkdownHtml}. */
export function guardMarkdown(render: MarkdownRenderer, policy: UrlPolicy, options: MarkdownGuardOptions): MarkdownRenderer {
  return (text, rendererOptions) => render(text, rendererOptions).then((html) => guardMarkdownHtml(html, policy, options));
}
