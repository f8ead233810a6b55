/**
 * What the renderer entries load or link from model output: a check per URL and kind, the strings
 * the model wrote (a media URL must be one of them unless the app gave its own check), and
 * markdown HTML with its images and links passed through the check.
 */
import type { MarkdownRenderer } from '@a2ui/web_core/v0_9';

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
 * {@link defaultUrlCheck}, and a media component's URL must also be a string the model wrote in a message
 * (see {@link noteMessage}): a URL the page assembled from what the user typed (an `Image` bound
 * to a text field's path, a `formatString` of it) is not loaded, so keystrokes do not reach a
 * server.
 */
export class UrlPolicy {
  private readonly written = new Set<string>();

  /** @param check The app's check; `undefined`: the default, as described above. */
  constructor(private readonly check?: UrlCheck) {}

  /** Whether `url` may be linked, or loaded as a markdown image (see {@link allowsMedia} for components). */
  allows(url: unknown, kind: UrlKind): boolean {
    if (typeof url !== 'string' || url === '') return false;
    const href = resolveUrl(url)?.href;
    if (href === undefined) return false;
    return this.check ? this.check(href, kind) : defaultUrlCheck(href, kind);
  }

  /** Whether a media component may load `url`: {@link allows}, and without the app's check, a URL the model wrote. */
  allowsMedia(url: unknown, kind: UrlKind): boolean {
    return this.allows(url, kind) && (this.check !== undefined || this.written.has(url as string));
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

/** Options of {@link guardMarkdown}. */
export interface MarkdownGuardOptions {
  /** Whether images in markdown are loaded (when the policy allows their URL). */
  readonly images: boolean;
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
  return html.replace(/<(img|a)\b([^>]*)>/gi, (tag, name: string, attributes: string) => {
    if (name.toLowerCase() === 'a') {
      const href = attribute(attributes, 'href');
      if (href === undefined || policy.allows(href, 'link')) return tag;
      return `<a${attributes.replace(/(^|\s)href="[^"]*"/i, '')}>`;
    }
    const src = attribute(attributes, 'src') ?? '';
    if (options.images && policy.allows(src, 'image')) return tag;
    const alt = attribute(attributes, 'alt') || src;
    return policy.allows(src, 'link') ? `<a href="${escapeHtml(src)}">${escapeHtml(alt)}</a>` : escapeHtml(alt);
  });
}

/** `render` with its output passed through {@link guardMarkdownHtml}. */
export function guardMarkdown(render: MarkdownRenderer, policy: UrlPolicy, options: MarkdownGuardOptions): MarkdownRenderer {
  return (text, rendererOptions) => render(text, rendererOptions).then((html) => guardMarkdownHtml(html, policy, options));
}
