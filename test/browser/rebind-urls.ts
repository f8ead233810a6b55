/**
 * Issue #37, probe9 finding 1, in the Lit sink: the user picks an option and moves a slider; a
 * later message of the same response replaces the inputs by Texts (or binds the picker elsewhere)
 * and adds what reads their old paths (`rebind-messages.ts`). The data model still holds what the
 * user chose: nothing of evil.example loads, is linked or opens, in v0.9 and v1.0. The
 * model-written Image loads and the model-written link opens (the surfaces and the clicks work).
 */
import { renderMarkdown } from '@a2ui/markdown-it';
import type { Part } from '../../src/index.js';
import { a2uiLitSink } from '../../src/lit/index.js';
import type { OptionCheck } from './options.js';
import { laterMessages, pickAndSlide, rebindFirstMessages, rebindOutcome } from './rebind-messages.js';
import { frames, recordingOpen } from './url-fixtures.js';

/** Writes the first messages, picks and slides in every surface, writes the later ones, clicks every button. */
export function rebindUrls(): Promise<OptionCheck> {
  const container = document.body.appendChild(document.createElement('div'));
  return recordingOpen(async (opened) => {
    const writer = a2uiLitSink(container, { markdown: renderMarkdown, markdownImages: true }).getWriter();
    await writer.write({ type: 'a2ui', messages: rebindFirstMessages() } as Part);
    await frames(4);
    const roots = [...container.querySelectorAll('a2ui-surface')].map((surface) => surface.shadowRoot as ShadowRoot);
    let acted = 0;
    for (const root of roots) acted += pickAndSlide(root, 'input.a2ui-option-input');
    await frames(3);
    await writer.write({ type: 'a2ui', messages: laterMessages() } as Part);
    await writer.close();
    await frames(4);
    for (const root of roots) for (const button of root.querySelectorAll('button')) button.click();
    await frames(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return rebindOutcome(roots, acted, opened);
  });
}
