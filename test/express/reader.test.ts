import { describe, expect, it } from 'vitest';
import { compileExpress, ExpressReader, type ExpressMessage } from '../../src/express/index.js';
import { basicCatalog, isA2uiError } from '../../src/index.js';
import { readChunks, streamedEqualsWhole } from './chunked.js';

const v10 = basicCatalog('1.0');
const v09 = basicCatalog('0.9');

type Sent = { message: ExpressMessage; at: { offset: number; line: number; statement: number } };
const bodies = (messages: readonly unknown[]) => (messages as Sent[]).map((m) => m.message);

describe('ExpressReader', () => {
  it('sends createSurface once, the data assigned before the first component as one update, then each component as its statement ends, with where it was written', () => {
    const text = '$/name = "Ada"\nroot = Column([title, form])\ntitle = Text("# Hi")\n';
    const reading = streamedEqualsWhole(text, v10);
    expect(reading.errors).toEqual([]);
    expect(reading.messages).toEqual([
      { message: { version: 'v1.0', createSurface: { surfaceId: 'default_surface', catalogId: v10.id } }, at: { offset: 0, line: 1, statement: 0 } },
      {
        message: { version: 'v1.0', updateDataModel: { surfaceId: 'default_surface', path: '/', value: { name: 'Ada' } } },
        at: { offset: 0, line: 1, statement: 0 },
      },
      {
        message: {
          version: 'v1.0',
          updateComponents: { surfaceId: 'default_surface', components: [{ id: 'root', component: 'Column', children: ['title', 'form'] }] },
        },
        at: { offset: 15, line: 2, statement: 1 },
      },
      {
        message: { version: 'v1.0', updateComponents: { surfaceId: 'default_surface', components: [{ id: 'title', component: 'Text', text: '# Hi' }] } },
        at: { offset: 44, line: 3, statement: 2 },
      },
    ]);
  });

  it('sends a component at its closing parenthesis, before the next line arrives', () => {
    const sent: ExpressMessage[] = [];
    const reader = new ExpressReader(v10, {
      message: (m) => sent.push(m),
      error: (e) => {
        throw e;
      },
    });
    reader.push('root = Text("Hello"');
    expect(sent).toHaveLength(0);
    reader.push(')');
    expect(sent.map((m) => Object.keys(m)[1])).toEqual(['createSurface', 'updateComponents']);
  });

  it('holds a component back until a value variable it names is assigned', () => {
    const sent: ExpressMessage[] = [];
    const reader = new ExpressReader(v10, {
      message: (m) => sent.push(m),
      error: (e) => {
        throw e;
      },
    });
    reader.push('root = Button(label, _, go)\nlabel = Text("Go")\n');
    expect(sent.flatMap((m) => ((m.updateComponents as { components?: { id: string }[] })?.components ?? []).map((c) => c.id))).toEqual(['label']);
    reader.push('go = Event("submit", {x: 1})\n');
    reader.end();
    const last = sent[sent.length - 1] as { updateComponents: { components: unknown[] } };
    expect(last.updateComponents.components).toEqual([
      { id: 'root', component: 'Button', child: 'label', action: { event: { name: 'submit', context: { x: 1 } } } },
    ]);
  });

  it('reports, at the end, a statement still waiting for a variable, naming its line and variable', () => {
    const reading = readChunks(['a = Text("x")\nroot = Button(a, _, never)'], v10);
    expect(reading.errors).toEqual(["ValidationError: Line 2, 'root': 'never' is never assigned a value"]);
  });

  it('goes on after a statement that cannot be read or compiled', () => {
    const reading = streamedEqualsWhole('a = Text(,)\nb = Nope(1)\nc = Text("ok")\nd = Text("x", variant="huge")', v10);
    expect(reading.errors).toHaveLength(3);
    expect(reading.errors[0]).toMatch(/^ParseError: Line 1/);
    expect(reading.errors[1]).toMatch(/^ValidationError: Line 2, 'b': Unknown component or function 'Nope'/);
    expect(reading.errors[2]).toMatch(/^ValidationError: Line 4, 'd': Text 'd' at variant/);
    expect(bodies(reading.messages).filter((m) => m.updateComponents)).toHaveLength(1);
  });

  it('hoists inline components after their parent with <parent>_<prop>[_<i>] ids', () => {
    const [message] = compileExpress('root = Column([Text("a"), Button(Text("b"), _, Event("go"))])', v10);
    const ids = (message as { createSurface: { components: { id: string }[] } }).createSurface.components.map((c) => c.id);
    expect(ids).toEqual(['root', 'root_children_0', 'root_children_1', 'root_children_1_child']);
  });

  it('repairs what is unambiguous and says so', () => {
    const repairs: string[] = [];
    const messages = compileExpress(
      [
        'root = Column(item, align="CENTER")',
        'item = Button(t, _, "go")',
        't = Text("x")',
        'pick = ChoicePicker("Pick", _, ["a", "b"], $/choice)',
        'list = List(_template("rows", t))',
        'box = CheckBox("ok", "true")',
        '$user/name = "Ada"',
      ].join('\n'),
      v10,
      { onRepair: (r) => repairs.push(`${r.kind} ${r.variable ?? ''}`) },
    );
    expect(repairs.sort()).toEqual([
      'bare-event item',
      'boolean-string box',
      'enum-case root',
      'option-strings pick',
      'path-slash $user/name',
      'path-slash list',
      'single-id-list root',
    ]);
    const create = (messages[0] as { createSurface: { components: Record<string, unknown>[]; dataModel: unknown } }).createSurface;
    const byId = Object.fromEntries(create.components.map((c) => [c.id, c]));
    expect(byId.root).toEqual({ id: 'root', component: 'Column', children: ['item'], align: 'center' });
    expect(byId.item).toMatchObject({ action: { event: { name: 'go' } } });
    expect(byId.pick).toMatchObject({
      options: [
        { label: 'a', value: 'a' },
        { label: 'b', value: 'b' },
      ],
    });
    expect(byId.list).toMatchObject({ children: { componentId: 't', path: '/rows' } });
    expect(create.dataModel).toEqual({ user: { name: 'Ada' } });
    expect(byId.box).toMatchObject({ value: true });
  });

  it('reads "true" as true for a boolean property', () => {
    const repairs: string[] = [];
    const [message] = compileExpress('root = ChoicePicker("P", _, ["a"], $/c, _, "true")', v10, { onRepair: (r) => repairs.push(r.kind) });
    expect((message as { createSurface: { components: Record<string, unknown>[] } }).createSurface.components[0]?.filterable).toBe(true);
    expect(repairs).toContain('boolean-string');
  });

  it('compiles v0.9 blocks to v0.9 messages and refuses a standalone call there', () => {
    expect(compileExpress('root = Text("Hi")', v09).map((m) => Object.keys(m)[1])).toEqual(['createSurface', 'updateComponents']);
    expect(() => compileExpress('openUrl("https://x")', v09)).toThrow(/no message in protocol v0.9/);
  });

  it('bounds statement length and nesting depth, skipping the statement and going on', () => {
    const long = readChunks([`a = Text("${'x'.repeat(200)}")\nb = Text("ok")`], v10, { maxStatementLength: 100 });
    expect(long.errors).toEqual([expect.stringMatching(/^ValidationError: Line 1: the statement 'a' is longer than 100 characters/)]);
    expect(bodies(long.messages).filter((m) => m.updateComponents)).toHaveLength(1);
    const deep = readChunks([`a = ${'['.repeat(100_000)}\nb = 1`], v10, { maxDepth: 64 });
    expect(deep.errors[0]).toMatch(/^ValidationError: .*nested deeper than 64 levels/);
    expect(deep.errors.every((e) => !e.startsWith('CompileError'))).toBe(true);
  });

  it('places its errors by line and column of the block (the depth error said "column ?")', () => {
    const located = (text: string) => {
      try {
        compileExpress(text, v10);
      } catch (error) {
        return isA2uiError(error) ? [error.category, error.line, error.column, error.offset] : error;
      }
      return 'no error';
    };
    // The statement past the depth limit, from its first token.
    expect(located(`a = Text("x")\n  root = ${'Column(['.repeat(100)}`)).toEqual(['ValidationError', 2, 3, 16]);
    // A token that cannot start a statement, a character no rule admits, a statement ending too early.
    expect(located('a = Text("x")\n\t) b = 1')).toEqual(['ParseError', 2, 2, 15]);
    expect(located('a = Text("x")\nb = ~1')).toEqual(['ParseError', 2, 5, 18]);
    expect(located('a = Text("x")\n  b = Text(')).toEqual(['ParseError', 2, 3, 16]);
  });

  it('opens a scope per surface(…) and keeps deleteSurface and calls in block order', () => {
    const messages = compileExpress('surface("a")\nroot = Text("1")\ndeleteSurface("old")\nopenUrl("https://x")\nsurface("b")\nroot = Text("2")', v10);
    expect(messages.map((m) => Object.keys(m)[1])).toEqual(['createSurface', 'deleteSurface', 'callRendererFunction', 'createSurface']);
  });

  it('sends no createSurface for a surface the caller says exists', () => {
    const sent: ExpressMessage[] = [];
    const reader = new ExpressReader(v10, { message: (m) => sent.push(m), error: () => {} }, { knownSurfaces: ['default_surface'] });
    reader.push('x = Text("a")');
    reader.end();
    expect(sent.map((m) => Object.keys(m)[1])).toEqual(['updateComponents']);
  });

  it('throws only A2uiErrors from compileExpress', () => {
    for (const text of ['', 'root = Text(', '= =', 'root = Text("a") root = Text(b)']) {
      try {
        compileExpress(text, v10);
      } catch (error) {
        expect(isA2uiError(error)).toBe(true);
      }
    }
  });
});

describe('binding and call spelling', () => {
  it('follows a current-dialect v1.0 catalog: @path and @call', () => {
    const current = { ...basicCatalog('1.0'), dialect: 'current' } as ReturnType<typeof basicCatalog>;
    const [message] = compileExpress('root = Text(formatString($/name))', current, { validate: false });
    const text = (message as { createSurface: { components: { text: unknown }[] } }).createSurface.components[0]?.text;
    expect(text).toEqual({ '@call': 'formatString', args: { value: { '@path': '/name' } } });
  });
});
