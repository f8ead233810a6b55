import { describe, expect, it } from 'vitest';
import { A2uiError } from '../../src/errors.js';
import { ChunkDecoder } from '../../src/web/decode.js';
import { FakeParser, fakeStream, run } from './helpers.js';

const encoder = new TextEncoder();
const sample = 'Grüße 👋🏽 — 日本語 <a2ui-json>[]</a2ui-json> ✓';

describe('ChunkDecoder', () => {
  it('never mangles a multi-byte character split at any byte position', () => {
    const bytes = encoder.encode(sample);
    for (let cut = 0; cut <= bytes.length; cut++) {
      const decoder = new ChunkDecoder();
      const text = decoder.decode(bytes.subarray(0, cut)) + decoder.decode(bytes.subarray(cut)) + decoder.flush();
      expect(text).toBe(sample);
    }
  });

  it('decodes one byte at a time, from ArrayBuffers and DataViews too', () => {
    const bytes = encoder.encode(sample);
    const decoder = new ChunkDecoder();
    let text = '';
    bytes.forEach((byte, i) => {
      const buffer = new Uint8Array([byte]).buffer;
      text += decoder.decode(i % 2 === 0 ? buffer : new DataView(buffer));
    });
    expect(text + decoder.flush()).toBe(sample);
  });

  it('turns invalid UTF-8 and a character cut at the end into U+FFFD', () => {
    const decoder = new ChunkDecoder();
    const text = decoder.decode(new Uint8Array([0x61, 0xff, 0x62, 0xe2, 0x82])) + decoder.flush();
    expect(text).toBe('a\uFFFDb\uFFFD');
  });

  it('flushes held bytes before a string chunk', () => {
    const decoder = new ChunkDecoder();
    expect(decoder.decode(new Uint8Array([0x61, 0xe2]))).toBe('a');
    expect(decoder.decode('b')).toBe('\uFFFDb');
    expect(decoder.flush()).toBe('');
  });

  it('drops a byte-order mark at the start of the input only, also after a string chunk', () => {
    const bom = [0xef, 0xbb, 0xbf];
    const first = new ChunkDecoder();
    expect(first.decode(new Uint8Array([...bom, 0x61])) + first.flush()).toBe('a');
    const mixed = new ChunkDecoder();
    const text = mixed.decode(new Uint8Array([0x61])) + mixed.decode('b') + mixed.decode(new Uint8Array([...bom, 0x63])) + mixed.flush();
    expect(text).toBe('ab\uFEFFc');
    const afterString = new ChunkDecoder();
    expect(afterString.decode('a') + afterString.decode(new Uint8Array([...bom, 0x62])) + afterString.flush()).toBe('a\uFEFFb');
  });

  it('rejects chunks that are neither strings nor bytes with an A2uiError', () => {
    const decoder = new ChunkDecoder();
    expect(() => decoder.decode(42 as never)).toThrow(A2uiError);
  });
});

describe('the stream decodes bytes', () => {
  it('hands the parser whole characters when bytes are split everywhere', async () => {
    const bytes = encoder.encode(sample);
    const parser = new FakeParser([]);
    const chunks = Array.from(bytes, (byte) => new Uint8Array([byte]));
    await run(fakeStream('emit', parser).stream, chunks);
    expect(parser.chunks.join('')).toBe(sample);
    expect(parser.chunks.join('')).not.toContain('\uFFFD');
  });

  it('pushes a character cut at the very end as U+FFFD before end()', async () => {
    const parser = new FakeParser([]);
    await run(fakeStream('emit', parser).stream, [new Uint8Array([0x61, 0xf0, 0x9f])]);
    expect(parser.chunks).toEqual(['a', '\uFFFD']);
    expect(parser.ended).toBe(true);
  });

  it('errors the stream with an A2uiError for a chunk of the wrong type', async () => {
    const { error } = await run(fakeStream('emit').stream, [{} as never]);
    expect(error).toBeInstanceOf(A2uiError);
  });
});
