/**
 * The CLI with A2UI Express (issue #40), in process: `prompt --format express` prints the Express
 * contract and signatures, `parse` streams an `<a2ui>` response into the compiled messages, and
 * `validate` checks an Express response (a statement the catalog refuses is a problem of its block).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { parseCommand } from '../../src/cli/parse.js';
import { promptCommand } from '../../src/cli/prompt.js';
import { validateCommand } from '../../src/cli/validate.js';
import { UsageError } from '../../src/cli/args.js';
import type { A2uiMessage } from '../../src/index.js';
import { applyMessages, finalState } from '../support/apply-messages.js';
import { EXPRESS_ANSWER, expressFinal } from '../support/express-answer.js';

let dir: string;
let out: string[];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'a2ui-cli-express-'));
  out = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((text) => (out.push(String(text)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

async function file(text: string): Promise<string> {
  const path = join(dir, 'response.txt');
  await writeFile(path, text);
  return path;
}

describe('prompt --format express', () => {
  test('prints the Express contract and the signatures; json stays the default', async () => {
    expect(await promptCommand(['--version', '1.0', '--format', 'express'])).toBe(0);
    const express = out.join('');
    expect(express).toContain('# A2UI Express DSL Output Contract');
    expect(express).toMatch(/Button\(child/);
    out.length = 0;
    expect(await promptCommand(['--version', '1.0'])).toBe(0);
    expect(out.join('')).not.toContain('A2UI Express');
  });

  test('refuses express for v0.8 and an unknown format', async () => {
    await expect(promptCommand(['--version', '0.8', '--format', 'express'])).rejects.toThrow(UsageError);
    await expect(promptCommand(['--format', 'yaml'])).rejects.toThrow(UsageError);
  });
});

describe.each(['0.9', '1.0'] as const)('parse and validate an Express response, v%s', (version) => {
  test.each([0, 3])('parse --chunk %i: the compiled surfaces as NDJSON parts, exit 0', async (chunk) => {
    const args = ['--format', 'ndjson', '--catalog', `basic@${version}`, ...(chunk ? ['--chunk', String(chunk)] : []), await file(EXPRESS_ANSWER)];
    expect(await parseCommand(args)).toBe(0);
    const parts = out
      .join('')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as { type: string; messages?: A2uiMessage[] });
    expect(parts.filter((part) => part.type === 'error')).toEqual([]);
    const messages = parts.flatMap((part) => part.messages ?? []);
    expect(finalState(applyMessages(new Map(), messages))).toEqual(expressFinal(version));
  });

  test('validate: valid, and a statement the catalog refuses is a problem of its block', async () => {
    expect(await validateCommand(['--json', '--catalog', `basic@${version}`, await file(EXPRESS_ANSWER)])).toBe(0);
    expect(JSON.parse(out.join(''))).toMatchObject({ valid: true, blocks: 1, version });
    out.length = 0;
    const bad = EXPRESS_ANSWER.replace('title = Text("# Sign in")', 'title = Sparkle("# Sign in")');
    expect(await validateCommand(['--json', '--catalog', `basic@${version}`, await file(bad)])).toBe(1);
    const result = JSON.parse(out.join('')) as { valid: boolean; problems: { block: number; message: string }[] };
    expect(result.valid).toBe(false);
    expect(result.problems.some((problem) => problem.block === 1 && /title/.test(problem.message) && /Sparkle/.test(problem.message))).toBe(true);
  });
});
