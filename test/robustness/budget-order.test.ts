/**
 * Full snapshots under small output budgets (held snapshots, data messages queued behind them,
 * places kept for trees waiting for room): a response read in 1-character and random chunks ends
 * as it does whole, in the final state, the order of each surface's kinds of message and the
 * errors, malformed or not (issue #37: the held tree's data messages). It caught a held snapshot
 * released out of date, before the data queued behind it and the tree they followed.
 */
import { expect, it } from 'vitest';
import { basicCatalog } from '../../src/catalog/index.js';
import type { StreamParserOptions } from '../../src/stream/options.js';
import type { A2uiMessage, Part } from '../../src/types.js';
import { applyMessages, finalState } from '../support/apply-messages.js';
import { conversation, type Turn } from '../support/multi-turn.js';
import { malform } from '../support/malform.js';
import { runParser, splitAt } from '../support/robust.js';
import { Rng } from '../support/rng.js';

const messagesOf = (parts: readonly Part[]): A2uiMessage[] => parts.flatMap((part) => (part.type === 'a2ui' ? part.messages : []));
function topics(parts: readonly Part[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const message of messagesOf(parts)) {
    const key = Object.keys(message).find((name) => name !== 'version') ?? '';
    const list = (out[String((message[key as keyof typeof message] as { surfaceId?: unknown } | undefined)?.surfaceId)] ??= []);
    if (list[list.length - 1] !== key) list.push(key);
  }
  return out;
}

it('full snapshots under small output budgets: 1-character and random chunks end as whole (state, order per surface, errors), 40 conversations per version', () => {
  const fails: string[] = [];
  for (const version of ['0.8', '0.9', '0.9.1', '1.0'] as const) {
    const catalog = basicCatalog(version);
    for (let seed = 1; seed <= 40; seed++) {
      const { turns } = conversation(seed * 7919, version);
      const [first, second] = turns as [Turn, Turn];
      for (const bad of [false, true]) {
        const text = bad ? malform(second.text, seed).text : second.text;
        for (const perChar of [0.25, 1, 2, 4]) {
          const options: StreamParserOptions = { snapshots: 'full', outputBytesPerChar: perChar, history: first.messages };
          const outcome = (chunks: readonly string[]) => {
            const { parts, errors } = runParser(catalog, chunks, options);
            return {
              state: finalState(applyMessages(applyMessages(new Map(), first.messages), messagesOf(parts))),
              topics: topics(parts),
              errors: errors.map((e) => e.message),
            };
          };
          const whole = outcome([text]);
          const rng = new Rng(seed);
          const cuts = Array.from({ length: 40 }, () => rng.int(0, text.length));
          for (const [name, chunks] of [
            ['chars', [...text]],
            ['random', splitAt(text, cuts)],
          ] as const) {
            const got = outcome(chunks);
            try {
              expect(got).toEqual(whole);
            } catch {
              fails.push(`v${version} seed ${seed * 7919} bad ${bad} perChar ${perChar} ${name}`);
            }
          }
        }
      }
    }
  }
  expect(fails).toEqual([]);
});
