/**
 * Where each component object of a response is: its surface and id, the offsets (characters into
 * the response) where its object starts and where it ends, and its value. Read from the text with
 * a small scanner, independent of the library, so tests and benchmarks can say what a renderer
 * should hold once a given amount of the response has been read.
 */

/** One component object of the response. */
export interface ComponentDefinition {
  /** `<surfaceId>/<id>`. */
  readonly key: string;
  /** Offset of its `{`. */
  readonly start: number;
  /** Offset just past its `}`: once this much is read, the object is closed. */
  readonly end: number;
  /** Offset just past the message object that holds it. */
  readonly messageEnd: number;
  readonly value: Record<string, unknown>;
}

const OPEN = '<a2ui-json>';
const CLOSE = '</a2ui-json>';

interface Container {
  readonly isArray: boolean;
  readonly start: number;
  /** The key this container has in its parent object. */
  readonly key: string | undefined;
  /** Object: the key last read (its value comes next). */
  pendingKey?: string;
  /** A message body's `surfaceId`, once read. */
  surfaceId?: string;
  /** A message object: where it ends, once it closed. */
  end?: number;
}

/**
 * Every component object (an element of a `components` array) of every well-formed
 * `<a2ui-json>` block of `text`, in order.
 */
export function componentDefinitions(text: string): ComponentDefinition[] {
  const out: ComponentDefinition[] = [];
  for (let from = text.indexOf(OPEN); from >= 0; from = text.indexOf(OPEN, from + 1)) {
    const start = from + OPEN.length;
    const end = text.indexOf(CLOSE, start);
    scanBlock(text, start, end < 0 ? text.length : end, out);
  }
  return out;
}

function scanBlock(text: string, from: number, to: number, out: ComponentDefinition[]): void {
  const stack: Container[] = [];
  // A message body may name its surface after its components: keys are resolved at the end.
  const pending: { start: number; end: number; value: Record<string, unknown>; body: Container; message: Container }[] = [];
  for (let i = from; i < to; i++) {
    const ch = text[i];
    if (ch === '"') {
      let j = i + 1;
      while (j < to && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      let k = j + 1;
      while (k < to && /\s/.test(text[k] as string)) k++;
      const string = JSON.parse(text.slice(i, j + 1)) as string;
      if (top && !top.isArray && text[k] === ':') top.pendingKey = string;
      else if (top && !top.isArray && top.pendingKey === 'surfaceId') top.surfaceId = string;
      i = j;
    } else if (ch === '{' || ch === '[') {
      const parent = stack[stack.length - 1];
      stack.push({ isArray: ch === '[', start: i, key: parent && !parent.isArray ? parent.pendingKey : undefined });
    } else if (ch === '}' || ch === ']') {
      const done = stack.pop() as Container;
      done.end = i + 1;
      const parent = stack[stack.length - 1];
      const body = stack[stack.length - 2];
      if (!done.isArray && parent?.isArray && parent.key === 'components' && body) {
        // The message: the top-level object, or an item of the top-level list.
        const message = (stack[0] as Container).isArray ? (stack[1] as Container) : (stack[0] as Container);
        pending.push({ start: done.start, end: i + 1, value: JSON.parse(text.slice(done.start, i + 1)) as Record<string, unknown>, body, message });
      }
    }
  }
  for (const p of pending) {
    out.push({ key: `${p.body.surfaceId ?? ''}/${String(p.value.id)}`, start: p.start, end: p.end, messageEnd: p.message.end ?? to, value: p.value });
  }
}
