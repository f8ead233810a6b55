// What the test runs need from outside the project (the shared folders, Chromium, tmux, Deno,
// Bun), where they are, and the one rule for a missing one: under CI it fails the run with a
// clear message, elsewhere the tests that need it skip with that message. Plain JavaScript so the
// .mjs runners (Node without TypeScript) and the vitest tests share it; types in
// prerequisites.d.mts.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Whether this is a CI run: `CI` set to anything but empty, `0` or `false` (`.ci/run` exports
 * `CI=true`; some services set `CI=1`).
 */
export function inCi(env = process.env) {
  const value = (env.CI ?? '').trim().toLowerCase();
  return value !== '' && value !== '0' && value !== 'false';
}

/** Headless Chromium: `$A2UI_CHROMIUM`, default `/usr/bin/chromium`. */
export const CHROMIUM = process.env.A2UI_CHROMIUM || '/usr/bin/chromium';
/** Deno: `$A2UI_DENO`, default the `deno` dev dependency. */
export const DENO = process.env.A2UI_DENO || join(ROOT, 'node_modules/.bin/deno');
/** Bun: `$A2UI_BUN`, default the `bun` dev dependency. */
export const BUN = process.env.A2UI_BUN || join(ROOT, 'node_modules/.bin/bun');

/** Why `path` cannot be used (`undefined` when it exists); `how` says how to provide it. */
function fileMissing(path, how) {
  return existsSync(path) ? undefined : `${path} not found (${how})`;
}

/** Why Deno cannot run here, or `undefined` when it can. */
export function denoMissing() {
  return fileMissing(DENO, 'the deno dev dependency: npm ci, or set A2UI_DENO');
}

/** Why Bun cannot run here, or `undefined` when it can. */
export function bunMissing() {
  return fileMissing(BUN, 'the bun dev dependency: npm ci, or set A2UI_BUN');
}

/** Why Chromium cannot run here, or `undefined` when it can. */
export async function chromiumMissing() {
  const missing = fileMissing(CHROMIUM, 'install chromium, or set A2UI_CHROMIUM to its path');
  if (missing) return missing;
  return import('playwright-core').then(
    () => undefined,
    () => 'playwright-core is not installed (npm ci)',
  );
}

/** Why `command` cannot run from `PATH` (it is run with `args`), or `undefined` when it can. */
export function commandMissing(command, args = ['-V']) {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0 ? undefined : `${command} not found on PATH`;
}

/**
 * What a run does without `what` (`why`: the reason it is missing): under CI it fails
 * (`fail: true`), elsewhere it skips; `message` says which, and why.
 */
export function missingPrerequisite(what, why, env = process.env) {
  const fail = inCi(env);
  const message = fail ? `${what} is required under CI (CI=${env.CI}): ${why}` : `skipped: ${what}: ${why} (under CI=true this fails the run)`;
  return { fail, message };
}

/**
 * In a vitest test: returns when `why` is `undefined` (the prerequisite is there); otherwise
 * fails the test under CI and skips it elsewhere, with {@link missingPrerequisite}'s message.
 */
export function needs(context, what, why) {
  if (why === undefined) return;
  const { fail, message } = missingPrerequisite(what, why);
  if (fail) throw new Error(message);
  context.skip(message);
}
