/**
 * The playground's recorded responses: each reads, through its adapter, as a response whose
 * surfaces the parser builds without errors (the provider tests' error recordings aside), in JSON
 * and in Express; the Express form shows what the JSON one shows.
 */
import { describe, expect, it } from 'vitest';
import { sseFeed, textFeed } from '../../playground/feed.js';
import { ADAPTERS, RECORDED, recordedSource, type Recorded, type SourceFormat } from '../../playground/responses.js';
import { Replay, type PartRecord } from '../../playground/replay.js';
import { demoResponse } from '../../src/cli/demo-response.js';
import { basicCatalog, parseResponse, type ProtocolVersion } from '../../src/index.js';
import { applyParts, finalState } from '../support/apply-messages.js';

describe('RECORDED', () => {
  it('has unique ids', () => {
    expect(new Set(RECORDED.map((recorded) => recorded.id)).size).toBe(RECORDED.length);
  });

  for (const version of ['0.8', '0.9', '1.0'] as ProtocolVersion[]) {
    it(`v${version}: each recording reads to text and surfaces without errors`, async () => {
      const recordings = RECORDED.filter((entry) => entry.group !== 'Provider test recordings (test/providers/recordings.ts)');
      for (const [recorded, notation] of recordings.flatMap((entry) => [[entry, 'json'] as const, [entry, 'express'] as const])) {
        const source = recordedSource(recorded, version, notation).text;
        const feed = recorded.format === 'text' ? textFeed(source, 64) : await sseFeed(source, 64, ADAPTERS[recorded.format]);
        if (recorded.id.startsWith('demo') && notation === 'json')
          expect(feed.pieces.map((piece) => piece.text).join(''), recorded.id).toBe(demoResponse(version));
        const records: PartRecord[] = [];
        const replay = new Replay(feed, {
          catalogs: basicCatalog(version),
          snapshots: 'delta',
          charsPerSecond: Infinity,
          onPart: (record) => records.push(record),
        });
        replay.feedTo(feed.pieces.length);
        const errors = records.flatMap((record) => (record.part.type === 'error' ? [record.part.error.message] : []));
        expect(errors, `${recorded.id} ${notation}`).toEqual([]);
        const messages = records.flatMap((record) => (record.part.type === 'a2ui' ? record.part.messages : []));
        const created = messages.filter((message) => 'createSurface' in message || 'beginRendering' in message);
        expect(created.length, `${recorded.id} ${notation}`).toBeGreaterThan(0);
      }
    });
  }
});

describe('Express recordings', () => {
  /** The text a recording carries, read through its adapter when it is SSE. */
  const textOf = async (source: string, format: SourceFormat): Promise<string> =>
    format === 'text' ? source : (await sseFeed(source, 64, ADAPTERS[format])).pieces.map((piece) => piece.text).join('');

  it('every recording but the provider tests’ has an Express form', () => {
    expect(RECORDED.filter((recorded) => !recorded.express).map((recorded) => recorded.group)).toEqual(
      Array(7).fill('Provider test recordings (test/providers/recordings.ts)'),
    );
  });

  for (const version of ['0.9', '1.0'] as ProtocolVersion[]) {
    it(`v${version}: each is written in <a2ui> blocks and shows what its JSON twin shows`, async () => {
      // decompileExpress renames ids that are not Express identifiers (`footer-text` → `footer_text`).
      const shown = (text: string): unknown =>
        JSON.parse(JSON.stringify(finalState(applyParts(new Map(), parseResponse(text, basicCatalog(version))))).replaceAll('-', '_'));
      for (const recorded of RECORDED.filter((entry) => entry.express)) {
        const express = recordedSource(recorded, version, 'express');
        const json = recordedSource(recorded, version, 'json');
        expect([express.notation, json.notation], recorded.id).toEqual(['express', 'json']);
        const text = await textOf(express.text, recorded.format);
        expect(text, recorded.id).toContain('<a2ui>');
        expect(text, recorded.id).not.toContain('<a2ui-json>');
        expect(shown(text), recorded.id).toEqual(shown(await textOf(json.text, recorded.format)));
      }
    });
  }

  it('v0.8, and a recording without an Express form, are replayed in JSON', () => {
    const demo = RECORDED.find((recorded) => recorded.id === 'demo') as Recorded;
    expect(recordedSource(demo, '0.8', 'express')).toEqual({ text: demoResponse('0.8'), notation: 'json' });
    const recording = RECORDED.find((recorded) => !recorded.express) as Recorded;
    expect(recordedSource(recording, '0.9', 'express')).toEqual({ text: recording.source('0.9'), notation: 'json' });
  });
});
