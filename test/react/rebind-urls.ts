/**
 * Issue #37, probe9 finding 1, in the React hook: the user picks an option and moves a slider; a
 * later message of the same response replaces the inputs by Texts (or binds the picker elsewhere)
 * and adds what reads their old paths (`test/browser/rebind-messages.ts`). The data model still
 * holds what the user chose: nothing of evil.example loads, is linked or opens, in v0.9 and v1.0.
 * The model-written Image loads and the model-written link opens (the surfaces and the clicks work).
 */
import { createElement as h, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { Part } from '../../src/index.js';
import { A2uiStreamSurface, useA2uiSurfaces } from '../../src/react/index.js';
import { laterMessages, pickAndSlide, REBIND_SURFACES, rebindFirstMessages, rebindOutcome } from '../browser/rebind-messages.js';
import { frames, recordingOpen } from '../browser/url-fixtures.js';

const FIRST: Part[] = [{ type: 'a2ui', messages: rebindFirstMessages() }];
let setParts: ((parts: Part[]) => void) | undefined;

function App() {
  const [parts, set] = useState(FIRST);
  setParts = set;
  const { surfaces } = useA2uiSurfaces(parts);
  return h(
    'div',
    null,
    ...surfaces.map((s) => h('section', { key: s.id, 'data-surface': s.id }, h(A2uiStreamSurface, { surface: s.surface, markdownImages: true }))),
  );
}

/** Renders the first messages, picks and slides in every surface, adds the later ones, clicks every button. */
export function rebindUrls(): Promise<{ name: string; ok: boolean; detail: string }> {
  const container = document.body.appendChild(document.createElement('div'));
  return recordingOpen(async (opened) => {
    createRoot(container).render(h(App));
    for (let i = 0; i < 300 && container.querySelectorAll('button').length < REBIND_SURFACES.length; i++) await frames(1);
    const roots = [...container.querySelectorAll('section[data-surface]')];
    let acted = 0;
    for (const root of roots) acted += pickAndSlide(root, 'input[type="radio"]');
    await frames(5);
    setParts?.([...FIRST, { type: 'a2ui', messages: laterMessages() }]);
    for (let i = 0; i < 300 && container.querySelectorAll('button').length < 2 * REBIND_SURFACES.length; i++) await frames(1);
    await frames(3);
    for (const button of container.querySelectorAll('button')) button.click();
    await frames(5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return rebindOutcome(roots, acted, opened);
  });
}
