import { describe, expect, it, vi } from 'vitest';
import { ValueCompiler } from '../../src/express/compile-values.js';
import { ExpressReader, type ExpressMessage } from '../../src/express/index.js';
import { basicCatalog } from '../../src/index.js';
import { readChunks, streamedEqualsWhole } from './chunked.js';

const v10 = basicCatalog('1.0');
type Sent = { message: ExpressMessage };
const bodies = (messages: readonly unknown[]) => (messages as Sent[]).map((m) => m.message);

/** The last value each component id and top-level data path (`/x`, or set with the whole model at `/`) was given, in message order. */
function finalState(messages: readonly unknown[]): { components: Map<string, unknown>; data: Map<string, unknown> } {
  const components = new Map<string, unknown>();
  const data = new Map<string, unknown>();
  for (const m of bodies(messages)) {
    const update = m.updateComponents as { components: { id: string }[] } | undefined;
    for (const c of update?.components ?? []) components.set(c.id, c);
    const dm = m.updateDataModel as { path: string; value: unknown } | undefined;
    if (dm?.path === '/') {
      data.clear();
      for (const [key, value] of Object.entries(dm.value as object)) data.set(`/${key}`, value);
    } else if (dm) data.set(dm.path, dm.value);
  }
  return { components, data };
}

describe('statements waiting for a variable', () => {
  it('a waiting component statement does not overwrite a later assignment of its variable', () => {
    const reading = streamedEqualsWhole('root = Column([t])\nt = Text(z)\nt = Text("later")\nz = "earlier"\n', v10);
    expect(reading.errors).toEqual([]);
    expect(finalState(reading.messages).components.get('t')).toEqual({ id: 't', component: 'Text', text: 'later' });
  });

  it('a waiting data assignment does not overwrite a later assignment of its path', () => {
    const reading = streamedEqualsWhole('$/x = z\n$/x = 2\nz = 1\n', v10);
    expect(reading.errors).toEqual([]);
    expect(finalState(reading.messages).data.get('/x')).toBe(2);
  });

  it('a superseded statement is not reported as waiting at the end', () => {
    const reading = streamedEqualsWhole('$/x = never\n$/x = 2\n', v10);
    expect(reading.errors).toEqual([]);
  });
});

describe('a component statement that fails', () => {
  it('leaves its name unassigned, so a value position naming it waits instead of failing', () => {
    const reading = streamedEqualsWhole('a = Text("x", variant="huge")\n$/v = a\n', v10);
    expect(reading.errors).toEqual([
      expect.stringMatching(/^ValidationError: Line 1, 'a': Text 'a' at variant/),
      "ValidationError: Line 2, '$/v': 'a' is never assigned a value",
    ]);
  });
});

describe('one statement naming many unassigned variables', () => {
  it('is compiled once when held and once when the last of them is assigned, not once per name', () => {
    const k = 300;
    const names = Array.from({ length: k }, (_, i) => `v${i}`);
    const text = `$/x = [${names.join(', ')}]\n${names.map((n) => `${n} = 1`).join('\n')}\n`;
    const spy = vi.spyOn(ValueCompiler.prototype, 'value');
    try {
      const reading = readChunks([text], v10);
      expect(reading.errors).toEqual([]);
      expect(finalState(reading.messages).data.get('/x')).toEqual(names.map(() => 1));
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });

  it('names every variable still unassigned at the end, once per statement', () => {
    const reading = readChunks(['$/x = [a, b, c]\nb = 1\n'], v10);
    expect(reading.errors).toEqual(["ValidationError: Line 1, '$/x': 'a', 'c' are never assigned a value"]);
  });
});

describe('a statement dropped by the length limit', () => {
  const bufferOf = (reader: ExpressReader) => (reader as unknown as { lexer: { buf: string } }).lexer.buf.length;
  const open = 'root = Text("';

  it('is not kept by the lexer while its string goes on, in one chunk or many', () => {
    for (const chunks of [[open + 'x'.repeat(2_000_000)], [open, ...Array.from({ length: 200 }, () => 'x'.repeat(10_000))]]) {
      const errors: string[] = [];
      const sent: ExpressMessage[] = [];
      const reader = new ExpressReader(v10, { message: (m) => sent.push(m), error: (e) => errors.push(e.message) }, { maxStatementLength: 1000 });
      for (const chunk of chunks) reader.push(chunk);
      expect(bufferOf(reader)).toBeLessThanOrEqual(1000);
      expect(errors).toEqual(["Line 1: the statement 'root' is longer than 1000 characters; it is skipped"]);
      reader.push('")\nnext = Text("ok")');
      reader.end();
      expect(errors).toHaveLength(1);
      expect(sent.map((m) => Object.keys(m)[1])).toEqual(['createSurface', 'updateComponents']);
    }
  });
});

describe('repairs of a statement that waits', () => {
  it('are reported once, when the statement compiles', () => {
    const reading = streamedEqualsWhole('root = Text(z, variant="Body")\nz = "hi"\n', v10);
    expect(reading.errors).toEqual([]);
    expect(reading.repairs).toHaveLength(1);
  });
});
