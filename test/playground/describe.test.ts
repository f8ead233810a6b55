/**
 * What the playground writes about parts (the parts panel's summaries) and which format it reads
 * a pasted source in.
 */
import { describe, expect, it } from 'vitest';
import { describeMessage, describePart } from '../../playground/parts-panel.js';
import { asAnthropic, asGemini, asOpenAIChat, guessFormat } from '../../playground/responses.js';
import { A2uiParseError } from '../../src/index.js';
import * as recordings from '../providers/recordings.js';

describe('describeMessage / describePart', () => {
  it('names the message, its surface and what it carries', () => {
    const components = ['root', 'a', 'loading_b', 'c', 'd', 'e', 'f'].map((id) => ({ id, component: 'Text' }));
    expect(describeMessage({ version: 'v0.9', updateComponents: { surfaceId: 's', components } })).toBe(
      'updateComponents s: 7 components (1 loading_) root, a, loading_b, c, d, e, …',
    );
    expect(describeMessage({ version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text' }] } })).toBe(
      'updateComponents s: 1 component root',
    );
    expect(describeMessage({ version: 'v0.9', updateDataModel: { surfaceId: 's', path: '/booking', value: {} } })).toBe('updateDataModel s /booking');
    expect(describeMessage({ beginRendering: { surfaceId: 'old', root: 'root' } })).toBe('beginRendering old');
  });

  it('quotes text (cut after 60 characters) and gives an error its category', () => {
    expect(describePart({ type: 'text', text: 'Hé\n' })).toBe('"Hé\\n"');
    expect(describePart({ type: 'text', text: 'x'.repeat(70) })).toBe(`"${'x'.repeat(60)}…"`);
    expect(describePart({ type: 'error', error: new A2uiParseError('Bad block') })).toBe('ParseError: Bad block');
    expect(
      describePart({
        type: 'a2ui',
        messages: [
          { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: 'c' } },
          { version: 'v0.9', deleteSurface: { surfaceId: 's' } },
        ],
      }),
    ).toBe('createSurface s · deleteSurface s');
  });
});

describe('guessFormat', () => {
  it('tells model text from each provider’s SSE', () => {
    const text = 'Hello <a2ui-json>[]</a2ui-json>';
    expect(guessFormat(text)).toBe('text');
    expect(guessFormat('data is what we have')).toBe('text');
    expect(guessFormat(asOpenAIChat(text))).toBe('openai-chat');
    expect(guessFormat(asAnthropic(text))).toBe('anthropic');
    expect(guessFormat(asGemini(text))).toBe('gemini');
    expect(guessFormat(recordings.openAIResponses.sse)).toBe('openai-responses');
    expect(guessFormat(recordings.agUi.sse)).toBe('ag-ui');
    expect(guessFormat(recordings.gemini.sse)).toBe('gemini');
    expect(guessFormat(recordings.anthropic.sse)).toBe('anthropic');
  });
});
