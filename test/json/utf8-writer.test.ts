import { expect, test } from 'vitest';
import { Utf8Writer } from '../../src/json/utf8-writer.js';

const decode = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(bytes);

test('writes text, ASCII and single bytes as UTF-8, reusing its buffer', () => {
  const writer = new Utf8Writer();
  writer.byte(0x22);
  writer.text('xhéllo ✓ 日本 😀x', 1, 14);
  writer.ascii('\\n"');
  const first = writer.take();
  expect(decode(first)).toBe('"héllo ✓ 日本 😀\\n"');
  expect(writer.length).toBe(0);
  writer.text('ab', 0, 2);
  const second = writer.take();
  expect(second.buffer).toBe(first.buffer);
  expect(decode(second)).toBe('ab');
});

test('encodes every code unit as TextEncoder does, lone surrogates included', () => {
  const samples = ['a\u0080\u07ff\u0800\uffff', '\ud83d\ude00', 'x\udc00y', 'x\ud800y', '\ud800\ud800\udc00', '\udc00\ud800'];
  for (const text of samples) {
    const writer = new Utf8Writer();
    writer.text(text, 0, text.length);
    writer.byte(0x2e); // ends the text: a held surrogate is lone
    expect(Array.from(writer.take())).toEqual(Array.from(new TextEncoder().encode(`${text}.`)));
  }
});

test('holds back a high surrogate until its low half arrives, also across takes', () => {
  const writer = new Utf8Writer();
  const emoji = '😀';
  writer.text(`x${emoji[0]}`, 0, 2);
  expect(decode(writer.take())).toBe('x');
  writer.text(`${emoji[1]}y`, 0, 2);
  expect(decode(writer.take())).toBe(`${emoji}y`);
});

test('a held high surrogate followed by anything but its low half is U+FFFD', () => {
  const writer = new Utf8Writer();
  writer.text('\ud83d', 0, 1);
  writer.byte(0x22);
  expect(decode(writer.take())).toBe('\ufffd"');
  writer.text('\ud83d', 0, 1);
  writer.text('z', 0, 1);
  expect(decode(writer.take())).toBe('\ufffdz');
});

test('reset drops a held surrogate and what was written', () => {
  const writer = new Utf8Writer();
  writer.text('ab\ud83d', 0, 3);
  writer.reset();
  writer.text('z', 0, 1);
  expect(decode(writer.take())).toBe('z');
});

test('grows for long text, keeping what was written', () => {
  const writer = new Utf8Writer();
  writer.ascii('[');
  const text = '€'.repeat(5000);
  writer.text(text, 0, text.length);
  for (let i = 0; i < 3000; i++) writer.byte(0x5d);
  expect(decode(writer.take())).toBe(`[${text}${']'.repeat(3000)}`);
});
