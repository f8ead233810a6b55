import { describe, expect, test } from 'vitest';
import { A2uiParseError } from '../../src/errors.js';
import { JsonBlockReader } from '../../src/json/block-reader.js';
import { LenientRepairer } from '../../src/json/repair.js';
import { SKIPPED_SAMPLE_LENGTH, SkippedText, type SkippedReport } from '../../src/json/skipped-text.js';

const MSGS =
  '[{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"c"}},{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"hi"}]}}]';

function newRepairer(): LenientRepairer {
  return new LenientRepairer({ startValue() {}, write() {}, endValue() {} });
}

/** What the repair stage records for `pieces` read in turn. */
function skippedOf(pieces: readonly string[]): SkippedReport | undefined {
  const repairer = newRepairer();
  for (const piece of pieces) repairer.push(piece);
  return repairer.skipped;
}

/** Whole, one character at a time, and every cut in two. */
function chunkings(text: string): string[][] {
  const result: string[][] = [[text], Array.from(text)];
  for (let i = 1; i < text.length; i++) result.push([text.slice(0, i), text.slice(i)]);
  return result;
}

/** The report for `text`, the same at every chunking. */
function skippedAtEveryChunking(text: string): SkippedReport | undefined {
  const whole = skippedOf([text]);
  for (const pieces of chunkings(text)) expect(skippedOf(pieces), JSON.stringify(pieces)).toEqual(whole);
  return whole;
}

describe('text skipped outside the values of a block is recorded', () => {
  test('prose before the messages (the probe\'s "Here is the UI:")', () => {
    expect(skippedAtEveryChunking(`\nHere is the UI:\n${MSGS}`)).toEqual({
      count: 15,
      places: 1,
      first: { offset: 1, line: 2, column: 1 },
      sample: 'Here is the UI:',
    });
  });

  test('prose after the messages', () => {
    expect(skippedAtEveryChunking(`${MSGS}\nThat's the form.`)).toEqual({
      count: 16,
      places: 1,
      first: { offset: MSGS.length + 1, line: 2, column: 1 },
      sample: "That's the form.",
    });
  });

  test('prose on both sides: two places, counted together, the first sampled', () => {
    expect(skippedAtEveryChunking(`Sure! ${MSGS} Done.`)).toEqual({
      count: 10,
      places: 2,
      first: { offset: 0, line: 1, column: 1 },
      sample: 'Sure!',
    });
  });

  test('prose between concatenated objects', () => {
    expect(skippedAtEveryChunking('{"a": 1}\nand then\n{"b": 2}')).toEqual({
      count: 8,
      places: 1,
      first: { offset: 9, line: 2, column: 1 },
      sample: 'and then',
    });
  });

  test('a block of prose alone is recorded too (the block reader reports it as no JSON value)', () => {
    expect(skippedAtEveryChunking(' just prose ')).toEqual({ count: 10, places: 1, first: { offset: 1, line: 1, column: 2 }, sample: 'just prose' });
  });

  test('backticks that open no fence are text, placed where they stand', () => {
    expect(skippedAtEveryChunking('x\n``y [1]')).toEqual({ count: 5, places: 1, first: { offset: 0, line: 1, column: 1 }, sample: 'x\n``y' });
    expect(skippedAtEveryChunking('[1]\n``y')).toEqual({ count: 3, places: 1, first: { offset: 4, line: 2, column: 1 }, sample: '``y' });
    expect(skippedAtEveryChunking('[1]\n``  x')).toEqual({ count: 5, places: 1, first: { offset: 4, line: 2, column: 1 }, sample: '``  x' });
    expect(skippedAtEveryChunking('[1] `code`')).toEqual({ count: 6, places: 1, first: { offset: 4, line: 1, column: 5 }, sample: '`code`' });
  });

  test('a character that ends an info word is text, placed where it stands', () => {
    expect(skippedAtEveryChunking('```json!x\n[1]')).toEqual({ count: 2, places: 1, first: { offset: 7, line: 1, column: 8 }, sample: '!x' });
  });

  test('words after a fence and its info word are text', () => {
    expect(skippedAtEveryChunking('```json here it is\n[1]\n```')).toEqual({
      count: 10,
      places: 1,
      first: { offset: 8, line: 1, column: 9 },
      sample: 'here it is',
    });
  });
});

describe('what the block tolerates stays silent', () => {
  const silent: [string, string][] = [
    ['whitespace and commas between values', ' \n\t[1],\r\n {"a": 1} , ,\n{"b": 2}\n'],
    ['a Markdown fence around the block', '\n```json\n[{"a": 1}]\n```\n'],
    ['a fence with no info word, and a longer one', '```\n[1]\n```\n````a2ui-json\n[2]\n````'],
    ['a closing fence right after the value', '```json\n[1]```'],
    ['indented fences', '  ```json\n  [1]\n  ```  '],
    ['stray closers after a value (a miscounted bracket, as the legacy suite writes it)', '[{"a": 1}]}]\n}}'],
  ];
  for (const [name, text] of silent) {
    test(name, () => {
      expect(skippedAtEveryChunking(text)).toBeUndefined();
    });
  }

  test('nothing inside values counts, strings included', () => {
    expect(skippedAtEveryChunking('[{"t": "Here is the UI: ``` } ]"}, "x", 1]')).toBeUndefined();
  });
});

describe('the error the block reader makes of it', () => {
  function readerError(pieces: readonly string[]): A2uiParseError | undefined {
    const reader = new JsonBlockReader({ onValue() {} });
    for (const piece of pieces) reader.push(piece);
    return reader.skippedError();
  }

  test('a ParseError naming how many characters, where, and their head', () => {
    const error = readerError([`Sure! ${MSGS} Done.`]);
    expect(error).toBeInstanceOf(A2uiParseError);
    expect(error?.message).toBe(
      'Text outside the JSON values of the A2UI block was skipped: 10 characters in 2 places, the first at line 1 column 1 (char 0): "Sure!"…',
    );
    expect({ line: error?.line, column: error?.column, offset: error?.offset }).toEqual({ line: 1, column: 1, offset: 0 });
    expect(error?.details).toEqual([{ path: '', code: 'skipped_text', message: error?.message }]);
  });

  test('one place shown whole has no ellipsis', () => {
    expect(readerError([`${MSGS}\nDone.`])?.message).toBe(
      `Text outside the JSON values of the A2UI block was skipped: 5 characters, the first at line 2 column 1 (char ${MSGS.length + 1}): "Done."`,
    );
  });

  test('none when nothing was skipped', () => {
    expect(readerError(['```json\n', MSGS, '\n```'])).toBeUndefined();
  });

  test('strict mode (fixPayload) still rejects what lenient mode records', () => {
    const strict = new LenientRepairer({ startValue() {}, write() {}, endValue() {} }, { strictTopLevel: true });
    expect(() => strict.push('Sure! [1]')).toThrow('Expecting value');
  });
});

describe('cost: a megabyte of prose keeps O(1) and asks for a position once', () => {
  const MEGABYTE = 1 << 20;
  const prose = 'All work and no play makes Jack a dull boy. '.repeat(Math.ceil(MEGABYTE / 44)).slice(0, MEGABYTE);

  /** Every string the tracker holds (what it keeps of the input). */
  function keptStrings(tracker: object): string[] {
    return Object.values(tracker).filter((value): value is string => typeof value === 'string');
  }

  test('fed whole to the repairer: the count, the head, nothing more', () => {
    const repairer = newRepairer();
    repairer.push(`${prose}[1]`);
    const report = repairer.skipped as SkippedReport;
    expect(report.count).toBe(prose.trimEnd().length);
    expect(report.sample).toBe(prose.slice(0, SKIPPED_SAMPLE_LENGTH));
    // The repairer's tracker is private: the same tracker, fed the same runs, keeps no more.
    const tracker = new SkippedText(() => ({ line: 1, column: 1, offset: 0 }));
    tracker.text(prose, 0, prose.length);
    tracker.valueStarts();
    for (const kept of keptStrings(tracker)) expect(kept.length).toBeLessThanOrEqual(SKIPPED_SAMPLE_LENGTH);
    expect(keptStrings(tracker).length).toBeGreaterThan(0);
  });

  test('in 64 KiB chunks, with whitespace runs between words: the same report', () => {
    const repairer = newRepairer();
    for (let i = 0; i < prose.length; i += 65_536) repairer.push(prose.slice(i, i + 65_536));
    repairer.push('[1]');
    const whole = newRepairer();
    whole.push(`${prose}[1]`);
    expect(repairer.skipped).toEqual(whole.skipped);
  });

  /** A tracker whose position function counts how often it is asked (it scans the chunk). */
  function counted(): { tracker: SkippedText; asked: () => number } {
    let asked = 0;
    const tracker = new SkippedText((index) => {
      asked++;
      return { offset: index, line: 1, column: index + 1 };
    });
    return { tracker, asked: () => asked };
  }

  test('a long run of whitespace inside a place is counted, not kept', () => {
    const { tracker, asked } = counted();
    tracker.char('x', 0);
    for (let i = 1; i <= MEGABYTE; i++) tracker.char(i % 2 ? '\n' : ' ', i);
    tracker.text('y', 0, 1);
    const report = tracker.report as SkippedReport;
    expect(report.count).toBe(MEGABYTE + 2);
    expect(report.sample.length).toBe(SKIPPED_SAMPLE_LENGTH);
    expect(report.sample.startsWith('x\n \n')).toBe(true);
    for (const kept of keptStrings(tracker)) expect(kept.length).toBeLessThanOrEqual(SKIPPED_SAMPLE_LENGTH);
    // The position (a scan of the chunk) is asked for the first skipped character only.
    expect(asked()).toBe(1);
    expect(report.first).toEqual({ offset: 0, line: 1, column: 1 });
  });

  test('many places, each word between values: one position asked, one sample', () => {
    const { tracker, asked } = counted();
    for (let i = 0; i < 100_000; i++) {
      tracker.text('word ', 0, 4);
      tracker.char(' ', 4);
      tracker.valueStarts();
    }
    expect(tracker.report).toEqual({ count: 400_000, places: 100_000, first: { offset: 0, line: 1, column: 1 }, sample: 'word' });
    expect(asked()).toBe(1);
  });

  test('a sample cut inside a surrogate pair ends before it, read in one run or a unit at a time', () => {
    const text = `${'a'.repeat(SKIPPED_SAMPLE_LENGTH - 1)}🌍🌍`;
    const run = counted().tracker;
    run.text(text, 0, text.length);
    const units = counted().tracker;
    for (let i = 0; i < text.length; i++) units.char(text[i] as string, i);
    expect(run.report?.sample).toBe('a'.repeat(SKIPPED_SAMPLE_LENGTH - 1));
    expect(units.report).toEqual(run.report);
  });
});
