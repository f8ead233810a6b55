/** What the rewriter needs to know to write a surface's messages. */
export interface ToolArgsContext {
  /** The `version` messages carry (`v0.9`, `v1.0`). */
  readonly wireVersion: string;
  /** The surface's catalog id, given the `catalogId` argument if one was read before. */
  readonly catalogId: (argument: string | undefined) => string;
}

/** The arguments streamed as A2UI messages, and how each message opens. */
const STREAMED: Readonly<Record<string, string>> = {
  components: 'updateComponents":{"surfaceId":%S,"components":',
  data: 'updateDataModel":{"surfaceId":%S,"path":"/","value":',
};

/** Where the scanner is in the arguments' top-level object. */
type At = 'start' | 'key-or-end' | 'key' | 'colon' | 'value' | 'after-value' | 'done';

/** The scanner's whole state (copied to read a stretch of the arguments twice). */
interface Scan {
  at: At;
  /** Open containers inside the current value. */
  depth: number;
  inString: boolean;
  escaped: boolean;
  key: string;
  /** A top-level value's text while it is a scalar (`surfaceId`, `catalogId`). */
  scalar: string;
}

/**
 * The streamed arguments of a `render_a2ui` tool call (`{surfaceId, components, data}`, the
 * `@ag-ui/a2ui-middleware` tool contract) rewritten, as they stream, into the text of an A2UI
 * message list that the parser reads with `wrapped: false`: a `createSurface` (catalog id from the
 * context), then an `updateComponents` holding the `components` argument and an `updateDataModel`
 * at `/` holding `data`, in the order the model wrote them, each value passed on as it arrives.
 * Other arguments are skipped. One pass over the text; only when a streamed value comes before
 * `surfaceId` is the stretch from that value to `surfaceId` read a second time (nothing can be
 * written before the surface id is known).
 */
export class ToolArgsRewriter {
  private scan: Scan = { at: 'start', depth: 0, inString: false, escaped: false, key: '', scalar: '' };
  private surfaceId: string | undefined;
  private catalogArgument: string | undefined;
  /** The list and its `createSurface` were written. */
  private started = false;
  /** The message being copied (the value of a streamed argument is being read). */
  private copying = false;
  /** A streamed value began before `surfaceId`: the scan state there and the text read since. */
  private deferred: { scan: Scan; text: string } | undefined;

  constructor(private readonly context: ToolArgsContext) {}

  /** The `surfaceId` argument, once read. */
  get surface(): string | undefined {
    return this.surfaceId;
  }

  /** Whether the arguments' object closed. */
  get finished(): boolean {
    return this.scan.at === 'done';
  }

  /** Whether any message text was written. */
  get wrote(): boolean {
    return this.started;
  }

  /** Reads the next delta of the arguments; returns the message-list text it adds. */
  push(delta: string): string {
    const deferred = this.deferred;
    if (deferred === undefined) return this.rewrite(delta);
    deferred.text += delta;
    for (let i = 0; i < delta.length && this.surfaceId === undefined; i++) this.step(delta[i] as string);
    if (this.surfaceId === undefined) return '';
    this.deferred = undefined;
    this.scan = deferred.scan;
    return this.open() + this.rewrite(deferred.text);
  }

  private rewrite(text: string): string {
    let out = '';
    let copyFrom = this.copying ? 0 : -1;
    for (let i = 0; i < text.length; i++) {
      const wasDone = this.scan.at === 'done';
      const event = this.step(text[i] as string);
      if (event === 'streamed-value') {
        if (this.surfaceId === undefined) {
          this.deferred = { scan: { ...this.scan }, text: text.slice(i + 1) };
          for (let j = i + 1; j < text.length && this.surfaceId === undefined; j++) this.step(text[j] as string);
          if (this.surfaceId === undefined) return out;
          const { scan, text: rest } = this.deferred;
          this.deferred = undefined;
          this.scan = scan;
          return out + this.open() + this.rewrite(rest);
        }
        out += this.open();
        copyFrom = i + 1;
      } else if (event === 'value-end-with' || event === 'value-end-before') {
        if (copyFrom >= 0) out += `${text.slice(copyFrom, event === 'value-end-with' ? i + 1 : i)}}}`;
        copyFrom = -1;
      }
      if (!wasDone && this.scan.at === 'done') out += this.close();
    }
    if (copyFrom >= 0) out += text.slice(copyFrom);
    return out;
  }

  /** Opens the message of the streamed argument being read (after the list's start). */
  private open(): string {
    const message = STREAMED[this.scan.key] as string;
    this.copying = true;
    const opening = `{"version":${JSON.stringify(this.context.wireVersion)},"${message.replace('%S', JSON.stringify(this.surfaceId))}`;
    return this.start() + opening;
  }

  private start(): string {
    if (this.started) return ',';
    this.started = true;
    const version = JSON.stringify(this.context.wireVersion);
    const catalogId = JSON.stringify(this.context.catalogId(this.catalogArgument));
    return `[{"version":${version},"createSurface":{"surfaceId":${JSON.stringify(this.surfaceId)},"catalogId":${catalogId}}},`;
  }

  /** The object closed: the list too (with just the `createSurface` when nothing was streamed). */
  private close(): string {
    if (this.surfaceId === undefined) return '';
    return this.started ? ']' : `${this.start().slice(0, -1)}]`;
  }

  /** Reads one character; returns what it began or ended. */
  private step(char: string): 'streamed-value' | 'value-end-with' | 'value-end-before' | 'key' | undefined {
    const scan = this.scan;
    if (scan.inString) {
      if (scan.escaped) scan.escaped = false;
      else if (char === '\\') scan.escaped = true;
      else if (char === '"') scan.inString = false;
      if (scan.at === 'key') {
        if (scan.inString) scan.key += char;
        else scan.at = 'colon';
      } else if (scan.at === 'value' && scan.depth === 0) {
        scan.scalar += char;
        if (!scan.inString) return this.valueEnd('value-end-with', 'after-value');
      }
      return undefined;
    }
    switch (scan.at) {
      case 'start':
        if (char === '{') scan.at = 'key-or-end';
        return undefined;
      case 'key-or-end':
        if (char === '"') {
          scan.inString = true;
          scan.at = 'key';
          scan.key = '';
        } else if (char === '}') scan.at = 'done';
        return undefined;
      case 'key':
        return undefined;
      case 'colon':
        if (char !== ':') return undefined;
        scan.at = 'value';
        scan.depth = 0;
        scan.scalar = '';
        // Own keys only: a model may name an argument `toString` or `__proto__`.
        return Object.hasOwn(STREAMED, scan.key) ? 'streamed-value' : 'key';
      case 'after-value':
        if (char === ',') scan.at = 'key-or-end';
        else if (char === '}') scan.at = 'done';
        return undefined;
      case 'done':
        return undefined;
      case 'value':
        return this.valueChar(char);
    }
  }

  private valueChar(char: string): 'value-end-with' | 'value-end-before' | undefined {
    const scan = this.scan;
    if (char === '"') {
      scan.inString = true;
      if (scan.depth === 0) scan.scalar += char;
    } else if (char === '{' || char === '[') {
      scan.depth++;
    } else if (char === '}' || char === ']') {
      if (scan.depth === 0) return this.valueEnd('value-end-before', 'done');
      scan.depth--;
      if (scan.depth === 0) return this.valueEnd('value-end-with', 'after-value');
    } else if (char === ',' && scan.depth === 0) {
      return this.valueEnd('value-end-before', 'key-or-end');
    } else if (scan.depth === 0 && char.trim() !== '') {
      scan.scalar += char;
    }
    return undefined;
  }

  /** A value ended: `surfaceId` and `catalogId` are read; a copied message closes. */
  private valueEnd<E extends 'value-end-with' | 'value-end-before'>(event: E, next: At): E {
    const scan = this.scan;
    scan.at = next;
    this.copying = false;
    if (scan.key === 'surfaceId' || scan.key === 'catalogId') {
      const value = parseString(scan.scalar);
      if (scan.key === 'catalogId' && value !== undefined) this.catalogArgument = value;
      if (scan.key === 'surfaceId' && value !== undefined) this.surfaceId ??= value;
    }
    return event;
  }
}

function parseString(text: string): string | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
