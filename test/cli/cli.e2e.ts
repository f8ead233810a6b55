/**
 * The built CLI (`dist/cli.js`) as a subprocess: help, argument errors, `demo` piped and on a
 * terminal (tmux: what a person sees), `parse` and `validate`. Needs `npm run build`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { basicCatalog, catalogToJsonSchema } from '../../src/index.js';
import { demoResponse } from '../../src/cli/demo-response.js';
import { requireBuild, ROOT, run } from '../docs/consumer.js';
import { commandMissing, needs } from '../support/prerequisites.mjs';

const CLI = join(ROOT, 'dist/cli.js');
const cli = (args: string[], input?: string) => run(process.execPath, [CLI, ...args], input === undefined ? {} : { input });
// biome-ignore lint/suspicious/noExplicitAny: the CLI's JSON output, read deep in assertions
const lines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, any>);
// biome-ignore lint/suspicious/noExplicitAny: as above
const messagesOf = (parts: Record<string, any>[]) => parts.filter((p) => p.type === 'a2ui').flatMap((p) => p.messages);

let dir: string;
beforeAll(async () => {
  requireBuild();
  dir = await mkdtemp(join(tmpdir(), 'a2ui-stream-cli-'));
  await writeFile(join(dir, 'good.txt'), demoResponse('0.9'));
  await writeFile(
    join(dir, 'bad.txt'),
    [
      'Hello!',
      '<a2ui-json>[{"version":"v0.9","createSurface":{"surfaceId":"s"}},',
      '{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Txt"}]}}]</a2ui-json>',
      'Then <a2ui-json>[{"version": "v0.9",',
      ' "createSurface": {"surfaceId": x}]</a2ui-json> bye',
    ].join('\n'),
  );
  await writeFile(
    join(dir, 'messages.json'),
    JSON.stringify([
      { beginRendering: { surfaceId: 's', root: 'r' } },
      { surfaceUpdate: { surfaceId: 's', components: [{ id: 'r', component: { Text: { text: { literalString: 'Hi' } } } }] } },
    ]),
  );
  await writeFile(join(dir, 'catalog.json'), JSON.stringify(catalogToJsonSchema(basicCatalog('0.9'))));
  await writeFile(join(dir, 'example.json'), JSON.stringify(EXAMPLE, null, 2));
  await writeFile(join(dir, 'v09-messages.json'), JSON.stringify(EXAMPLE.messages));
});

/** An example file in the specification's form (`catalogs/basic/examples/*.json`). */
const EXAMPLE = {
  name: 'Greeting card',
  description: 'A title and a button.',
  messages: [
    { version: 'v0.9', createSurface: { surfaceId: 'card', catalogId: basicCatalog('0.9').id } },
    {
      version: 'v0.9',
      updateComponents: {
        surfaceId: 'card',
        components: [
          { id: 'root', component: 'Column', children: ['title', 'go'] },
          { id: 'title', component: 'Text', text: 'Hello' },
          { id: 'go_label', component: 'Text', text: 'Go' },
          { id: 'go', component: 'Button', child: 'go_label', action: { event: { name: 'go' } } },
        ],
      },
    },
  ],
};
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('help and argument errors', () => {
  test('no command and --help print the commands, exit 0', async () => {
    for (const args of [[], ['--help']]) {
      const result = await cli(args);
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/Usage: a2ui-stream <command>/);
      for (const command of ['demo', 'parse', 'validate']) expect(result.stdout).toContain(`  ${command} `);
    }
  });

  test.each(['demo', 'parse', 'validate'])('%s --help describes the command and its options', async (command) => {
    const result = await cli([command, '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Usage: a2ui-stream ${command}`);
    expect(result.stdout).toContain('-h, --help');
  });

  test.each([
    [['frob'], "a2ui-stream: unknown command 'frob'"],
    [['parse', '--bogus'], "a2ui-stream parse: Unknown option '--bogus'"],
    [['parse', '--chunk', '0', 'x'], "--chunk must be a whole number from 1 up, got '0'"],
    [['parse', '--format', 'xml', 'x'], "--format must be one of ndjson, pretty, got 'xml'"],
    [['parse', 'a', 'b'], 'expected one input file, got 2: a b'],
    [['parse', '/nonexistent/response.txt'], "cannot read '/nonexistent/response.txt': ENOENT"],
    [['demo', '--version', '2.0'], "--version must be one of 0.8, 0.9, 0.9.1, 1.0, got '2.0'"],
    [['demo', '--delay=-5'], "--delay must be a whole number from 0 to 10000, got '-5'"],
    [['validate', '--catalog', 'basic@0.7', '-'], "unknown catalog 'basic@0.7'"],
    [['validate', '--catalog', '/nonexistent.json', '-'], "cannot read catalog '/nonexistent.json'"],
  ])('%j: exit 2 with a clear message and a pointer to --help', async (args, message) => {
    const result = await cli(args as string[], '');
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(result.stderr).toMatch(/See 'a2ui-stream( \w+)? --help'/);
  });
});

describe('demo, piped', () => {
  test.each([
    ['0.9', 'createSurface', 'updateComponents', 'updateDataModel'],
    ['0.9.1', 'createSurface', 'updateComponents', 'updateDataModel'],
    ['1.0', 'createSurface', 'updateComponents', 'updateDataModel'],
    ['0.8', 'beginRendering', 'surfaceUpdate', 'dataModelUpdate'],
  ])('--version %s prints NDJSON parts: text, the surface growing with placeholders, data', async (version, start, components, data) => {
    const result = await cli(['demo', '--version', version, '--delay', '0']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const parts = lines(result.stdout);
    const text = parts
      .filter((p) => p.type === 'text')
      .map((p) => p.text)
      .join('');
    expect(text).toContain('Lumen has a table free on Friday evening.');
    expect(text.trim().endsWith('add it to your calendar.')).toBe(true);
    const messages = messagesOf(parts);
    expect(messages.filter((m) => start in m)).toHaveLength(1);
    const snapshots = messages.filter((m) => components in m).map((m) => JSON.stringify(m));
    expect(snapshots.length).toBeGreaterThan(3);
    // By default v0.8 sends full snapshots (`loading_<id>` placeholders), v0.9 and v0.9.1 delta
    // ones (a placeholder is an empty Row under the child's own id, later sent as what it is).
    if (version === '0.8') expect(snapshots[0]).toContain('"loading_');
    if (version === '0.9' || version === '0.9.1') {
      const early = snapshots.slice(0, 3).join('\n');
      const stoodIn = [...early.matchAll(/\{"id":"([^"]+)","component":"Row","children":\[\]\}/g)].map((match) => match[1]);
      expect(stoodIn.length).toBeGreaterThan(0);
      for (const id of stoodIn)
        expect(snapshots.some((s) => s.includes(`{"id":"${id}","component":"`) && !s.includes(`{"id":"${id}","component":"Row","children":[]}`))).toBe(true);
    }
    expect(snapshots.at(-1)).not.toContain('"loading_');
    expect(snapshots.at(-1)).toContain('confirm_label');
    expect(messages.some((m) => data in m)).toBe(true);
  });

  // How the delay paces the stream is counted in test/cli/pacing.test.ts (fake timers, no clock).
  test('--delay changes the pace, not what is printed', async () => {
    const paced = await cli(['demo', '--delay', '1']);
    const unpaced = await cli(['demo', '--delay', '0']);
    expect(paced.code).toBe(0);
    expect(paced.stdout).toBe(unpaced.stdout);
  });
});

describe('demo on a terminal (tmux)', () => {
  test('a terminal that reports 0 columns: the outline is laid out for 80', async (context) => {
    needs(context, 'tmux', commandMissing('tmux'));
    const session = `a2ui-demo-zero-${process.pid}`;
    // `stty cols 0` makes the terminal report a width of 0, as some multiplexers and serial consoles do.
    execFileSync('tmux', [
      'new-session',
      '-d',
      '-s',
      session,
      '-x',
      '120',
      '-y',
      '60',
      `stty cols 0; NO_COLOR=1 node ${CLI} demo --delay 0; echo EXIT=$?; sleep 60`,
    ]);
    let final = '';
    try {
      for (const deadline = Date.now() + 60_000; Date.now() < deadline && !final.includes('EXIT='); ) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        final = execFileSync('tmux', ['capture-pane', '-p', '-J', '-t', session], { encoding: 'utf8' });
      }
    } finally {
      execFileSync('tmux', ['kill-session', '-t', session]);
    }
    expect(final).toContain('EXIT=0');
    // Wrapped at 79 columns, not 19: the closing sentence's lines are long, none longer than 79.
    const text = final.split('\n').filter((line) => /\w/.test(line) && !line.includes('│') && !line.startsWith('EXIT='));
    expect(Math.max(...text.map((line) => line.length))).toBeGreaterThan(60);
    expect(Math.max(...text.map((line) => line.length))).toBeLessThanOrEqual(79);
  });

  test('shows the text as it arrives and a live outline of the surface, redrawn as it grows', async (context) => {
    needs(context, 'tmux', commandMissing('tmux'));
    const session = `a2ui-demo-${process.pid}`;
    const capture = () => execFileSync('tmux', ['capture-pane', '-p', '-t', session], { encoding: 'utf8' });
    execFileSync('tmux', ['new-session', '-d', '-s', session, '-x', '100', '-y', '45', `NO_COLOR=1 node ${CLI} demo --delay 25; echo EXIT=$?; sleep 60`]);
    const screens: string[] = [];
    try {
      for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
        const screen = capture();
        screens.push(screen);
        if (screen.includes('EXIT=')) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      execFileSync('tmux', ['kill-session', '-t', session]);
    }
    const final = screens.at(-1) as string;
    expect(final).toContain('EXIT=0');
    // While streaming: the intro text is on screen, placeholders are marked, the outro is not yet there.
    const growing = screens.find((s) => s.includes('(placeholder: not arrived yet)') && s.includes('Column root'));
    expect(growing).toBeDefined();
    expect(growing).toContain('Lumen has a table free on Friday evening.');
    expect(growing).not.toContain('add it to your');
    expect(growing).toMatch(/a2ui-stream demo · A2UI v0\.9 · \d+\/\d+ characters/);
    // The text arrives piece by piece: some screen shows only part of the first sentence.
    expect(screens.some((s) => s.includes('Lumen') && !s.includes('Friday evening'))).toBe(true);
    // In the end: the whole tree, no placeholder, the data model, the closing text.
    for (const line of [
      'surface "booking" (13 components, 0 placeholders)',
      '│   Column root',
      '│   ├─ Text title "Dinner at Lumen"',
      '│   │  └─ Column details_column',
      '│      └─ Button confirm',
      '│         └─ Text confirm_label "Confirm booking"',
      '│   data /booking/when = "Friday 19:30"',
      'Once you confirm, I will send the reservation to the restaurant and add it to your calendar.',
      'Done.',
    ])
      expect(final).toContain(line);
    expect(final).not.toContain('placeholder: not arrived yet');
    expect(final).not.toMatch(/\u001b\[/);
  });
});

describe('parse', () => {
  test('a response file: NDJSON parts, exit 0', async () => {
    const result = await cli(['parse', join(dir, 'good.txt')]);
    expect(result.code).toBe(0);
    const parts = lines(result.stdout);
    expect(parts[0]).toEqual({ type: 'text', text: expect.stringContaining('Lumen has a table') });
    expect(messagesOf(parts).some((m) => 'createSurface' in m)).toBe(true);
  });

  test('standard input, replayed in chunks: the surface grows with placeholders; delta snapshots send less', async () => {
    const full = await cli(['parse', '--chunk', '7', '--snapshots', 'full', '-'], demoResponse('0.9'));
    const delta = await cli(['parse', '--chunk', '7', '--snapshots', 'delta'], demoResponse('0.9'));
    const byDefault = await cli(['parse', '--chunk', '7', '-'], demoResponse('0.9'));
    expect(full.code).toBe(0);
    expect(delta.code).toBe(0);
    expect(full.stdout).toContain('"loading_');
    expect(delta.stdout).not.toContain('"loading_');
    expect(delta.stdout.length).toBeLessThan(full.stdout.length);
    expect(byDefault.stdout).toBe(delta.stdout);
  });

  test('--delay changes the pace of the replay, not what it prints', async () => {
    const paced = await cli(['parse', '--chunk', '200', '--delay', '5'], demoResponse('0.9'));
    const unpaced = await cli(['parse', '--chunk', '200'], demoResponse('0.9'));
    expect(paced.code).toBe(0);
    expect(paced.stdout).toBe(unpaced.stdout);
  });

  test('errors: exit 1; each with its category, message and position; parsing goes on after them', async () => {
    const result = await cli(['parse', join(dir, 'bad.txt')]);
    expect(result.code).toBe(1);
    const parts = lines(result.stdout);
    const errors = parts.filter((p) => p.type === 'error').map((p) => p.error);
    expect(errors.map((e) => e.category)).toEqual(['ValidationError', 'ParseError']);
    expect(errors[1]).toMatchObject({ line: 2, column: expect.any(Number), offset: expect.any(Number) });
    expect(result.stderr).toContain("error: ValidationError: Validation failed: messages.0.createSurface.catalogId: 'catalogId' is a required property");
    expect(result.stderr).toMatch(/error: ParseError: Failed to parse JSON: .* \(line 2, column \d+ of the block, offset \d+\)/);
    expect(parts.at(-1)).toEqual({ type: 'text', text: ' bye' });
  });

  test('--format pretty: text as it is, one line per message and per error', async () => {
    const good = await cli(['parse', '--format', 'pretty', '--chunk', '50', join(dir, 'good.txt')]);
    expect(good.stdout).toContain('Lumen has a table free on Friday evening.');
    expect(good.stdout).toMatch(/^▸ createSurface booking /m);
    expect(good.stdout).toMatch(/^▸ updateComponents booking: \d+ components \(root, /m);
    const bad = await cli(['parse', '--format', 'pretty', join(dir, 'bad.txt')]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/^✗ ParseError: Failed to parse JSON/m);
  });

  test('JSON without tags: a message list and a spec example file are read as one block', async () => {
    for (const file of ['v09-messages.json', 'example.json']) {
      const result = await cli(['parse', '--format', 'pretty', join(dir, file)]);
      expect(result.stderr, file).toBe('');
      expect(result.code, file).toBe(0);
      expect(result.stdout, file).toContain('▸ createSurface card');
      expect(result.stdout, file).toMatch(/▸ updateComponents card: \d+ components \(/);
    }
    const one = await cli(['parse', '--format', 'pretty'], JSON.stringify(EXAMPLE.messages[0]));
    expect(one.stdout).toBe(`▸ createSurface card {"catalogId":"${basicCatalog('0.9').id}"}\n`);
  });

  test('input with no tag that is not JSON messages: all text, and a one-line hint on standard error', async () => {
    const result = await cli(['parse'], 'Just a reply.');
    expect(result.code).toBe(0);
    expect(lines(result.stdout)).toEqual([{ type: 'text', text: 'Just a reply.' }]);
    expect(result.stderr).toBe(
      'a2ui-stream parse: no <a2ui-json> or <a2ui> block: all of it is text (it takes a model response with <a2ui-json> blocks, a JSON list of A2UI messages, one message, or an example file ({"name", "description", "messages"}))\n',
    );
  });

  test('one component, one message: singular', async () => {
    const input = `<a2ui-json>${JSON.stringify([EXAMPLE.messages[0], { version: 'v0.9', updateComponents: { surfaceId: 'card', components: [{ id: 'root', component: 'Text', text: 'x' }] } }])}</a2ui-json>`;
    expect((await cli(['parse', '--format', 'pretty'], input)).stdout).toContain('▸ updateComponents card: 1 component (root)\n');
    expect((await cli(['validate'], JSON.stringify([EXAMPLE.messages[0]]))).stdout).toMatch(/^✓ valid: 1 message \(/);
  });

  test('--catalog: a basic catalog of another version rejects the blocks; a JSON Schema catalog file works', async () => {
    const wrong = await cli(['parse', '--catalog', 'basic@0.8', join(dir, 'good.txt')]);
    expect(wrong.code).toBe(1);
    const file = await cli(['parse', '--catalog', `${join(dir, 'catalog.json')}@0.9`, join(dir, 'good.txt')]);
    expect(file.stderr).toBe('');
    expect(file.code).toBe(0);
    expect(file.stdout).toContain('"confirm_label"');
  });
});

describe('validate', () => {
  test('a valid response: exit 0 and a summary', async () => {
    const result = await cli(['validate', join(dir, 'good.txt')]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('✓ valid: 4 messages in 1 block (A2UI v0.9, catalog https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json)\n');
  });

  test('a v0.8 message list from standard input, the version found by itself', async () => {
    const result = await cli(
      ['validate'],
      JSON.stringify([
        { beginRendering: { surfaceId: 's', root: 'r' } },
        { surfaceUpdate: { surfaceId: 's', components: [{ id: 'r', component: { Text: { text: { literalString: 'Hi' } } } }] } },
      ]),
    );
    expect(result.stdout).toContain('✓ valid: 2 messages (A2UI v0.8');
    expect(result.code).toBe(0);
  });

  test('every problem with its block and path; exit 1', async () => {
    const result = await cli(['validate', join(dir, 'bad.txt')]);
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n')[0]).toBe('✗ 3 problems:');
    expect(result.stdout).toContain("  block 1, messages.0.createSurface.catalogId: ValidationError missing_field: 'catalogId' is a required property\n");
    expect(result.stdout).toContain(
      '  block 1, messages.1.updateComponents.components.0.component: ValidationError invalid_value: Unknown component type: Txt\n',
    );
    expect(result.stdout).toMatch(/ {2}block 2, \(whole payload\): ParseError parse: Failed to parse JSON/);
  });

  test('a spec example file ({name, description, messages}) and a bare message list: their messages', async () => {
    for (const file of ['example.json', 'v09-messages.json']) {
      const result = await cli(['validate', join(dir, file)]);
      expect(result.stdout, file).toBe(`✓ valid: 2 messages (A2UI v0.9, catalog ${basicCatalog('0.9').id})\n`);
      expect(result.code).toBe(0);
    }
    const broken = {
      ...EXAMPLE,
      messages: [EXAMPLE.messages[0], { version: 'v0.9', updateComponents: { surfaceId: 'card', components: [{ id: 'root', component: 'Txt' }] } }],
    };
    const result = await cli(['validate'], JSON.stringify(broken));
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('messages.1.updateComponents.components.0.component: ValidationError invalid_value: Unknown component type: Txt');
  });

  test('what it is not: says in one line what it takes', async () => {
    for (const input of ['42', 'plain words']) {
      const result = await cli(['validate'], input);
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(
        /^✗ 1 problem:\n {2}\(whole payload\): ParseError parse: expected a model response with <a2ui-json> blocks, a JSON list of A2UI messages, one message, or an example file \({"name", "description", "messages"}\); it is (JSON of type number|not JSON \(.*\))\n$/,
      );
    }
  });

  test('--json: one object with every problem', async () => {
    const result = await cli(['validate', '--json', join(dir, 'bad.txt')]);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout);
    expect(report).toMatchObject({ valid: false, version: '0.9', blocks: 2 });
    expect(report.problems).toContainEqual({
      block: 1,
      category: 'ValidationError',
      path: 'messages.1.updateComponents.components.0.component',
      code: 'invalid_value',
      message: 'Unknown component type: Txt',
    });
    const good = JSON.parse((await cli(['validate', '--json', join(dir, 'messages.json')])).stdout);
    expect(good).toEqual({ valid: true, version: '0.8', messages: 2, problems: [] });
  });
});
