/**
 * The playground's recorded responses: each reads, through its adapter, as a response whose
 * surfaces the parser builds without errors (the provider tests' error recordings aside).
 */
import { describe, expect, it } from 'vitest';
import { sseFeed, textFeed } from '../../playground/feed.js';
import { ADAPTERS, RECORDED } from '../../playground/responses.js';
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
      for (const recorded of RECORDED.filter((entry) => entry.group !== 'Provider test recordings (test/providers/recordings.ts)')) {
        const source = recorded.source(version);
        const feed = recorded.format === 'text' ? textFeed(source, 64) : await sseFeed(source, 64, ADAPTERS[recorded.format]);
        if (recorded.id.startsWith('demo')) expect(feed.pieces.map((piece) => piece.text).join(''), recorded.id).toBe(demoResponse(version));
        const records: PartRecord[] = [];
        const replay = new Replay(feed, {
          catalogs: basicCatalog(version),
          snapshots: 'delta',
          charsPerSecond: Infinity,
          onPart: (record) => records.push(record),
        });
        replay.feedTo(feed.pieces.length);
        const errors = records.flatMap((record) => (record.part.type === 'error' ? [record.part.error.message] : []));
        expect(errors, recorded.id).toEqual([]);
        const messages = records.flatMap((record) => (record.part.type === 'a2ui' ? record.part.messages : []));
        const created = messages.filter((message) => 'createSurface' in message || 'beginRendering' in message);
        expect(created.length, recorded.id).toBeGreaterThan(0);
      }
    });
  }
});

describe('Express recordings', () => {
  for (const version of ['0.9', '1.0'] as ProtocolVersion[]) {
    it(`v${version}: each is written in <a2ui> blocks and shows what its JSON twin shows`, () => {
      // decompileExpress renames ids that are not Express identifiers (`footer-text` → `footer_text`).
      const shown = (text: string): unknown =>
        JSON.parse(JSON.stringify(finalState(applyParts(new Map(), parseResponse(text, basicCatalog(version))))).replaceAll('-', '_'));
      const express = RECORDED.filter((recorded) => recorded.id.startsWith('express-'));
      expect(express.map((recorded) => recorded.id)).toEqual(['express-demo', 'express-generated-small', 'express-generated-medium']);
      for (const recorded of express) {
        const twin = RECORDED.find((entry) => entry.id === recorded.id.slice('express-'.length));
        const source = recorded.source(version);
        expect(source, recorded.id).toContain('<a2ui>');
        expect(source, recorded.id).not.toContain('<a2ui-json>');
        expect(shown(source), recorded.id).toEqual(shown(twin?.source(version) ?? ''));
      }
    });
  }
});
