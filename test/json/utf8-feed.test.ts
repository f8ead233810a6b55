import { expect, test } from 'vitest';
import { Utf8Feed } from '../../src/json/utf8-feed.js';

const decode = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(bytes);

test('encodes text as UTF-8, reusing its buffer', () => {
  const feed = new Utf8Feed();
  const first = feed.encode('"héllo ✓"');
  expect(decode(first)).toBe('"héllo ✓"');
  const second = feed.encode('ab');
  expect(second.buffer).toBe(first.buffer);
  expect(decode(second)).toBe('ab');
});

test('holds back a high surrogate until its low half arrives', () => {
  const feed = new Utf8Feed();
  const emoji = '😀';
  expect(decode(feed.encode(`x${emoji[0]}`))).toBe('x');
  expect(decode(feed.encode(`${emoji[1]}y`))).toBe(`${emoji}y`);
});

test('reset drops a held surrogate', () => {
  const feed = new Utf8Feed();
  feed.encode('\ud83d');
  feed.reset();
  expect(decode(feed.encode('z'))).toBe('z');
});

test('grows for long text', () => {
  const feed = new Utf8Feed();
  const text = '€'.repeat(5000);
  expect(decode(feed.encode(text))).toBe(text);
});
