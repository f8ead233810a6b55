/**
 * The probe's holes 5 and 6 (#37) in the React hook, run in the test page: a button's openUrl of a
 * URL built from a text field, or an http: one, opens nothing; picking a ChoicePicker option whose
 * value an Image shows loads nothing; a Text's markdown image built from the text field loads
 * nothing with markdown images on. An https: openUrl the model wrote opens and a model-written
 * Image loads (the clicks and the surface work). Any request to evil.example also fails the run
 * ("no request beyond the test server").
 */
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import type { Part } from '../../src/index.js';
import { A2uiStreamSurface, useA2uiSurfaces } from '../../src/react/index.js';
import { evilSeen, frames, PIXEL, recordingOpen, userInputMessages } from '../browser/url-fixtures.js';

const PARTS: Part[] = [{ type: 'a2ui', messages: userInputMessages(PIXEL) }];

function App() {
  const { surfaces } = useA2uiSurfaces(PARTS);
  return h('div', null, ...surfaces.map((s) => h(A2uiStreamSurface, { key: s.id, surface: s.surface, markdownImages: true })));
}

/** Renders the surfaces, picks "Asthma", types in the field, clicks every button: what was opened and what of evil.example was seen. */
export function userInputUrls(): Promise<{ name: string; ok: boolean; detail: string }> {
  const container = document.body.appendChild(document.createElement('div'));
  return recordingOpen(async (opened) => {
    createRoot(container).render(h(App));
    for (let i = 0; i < 300 && container.querySelectorAll('button').length < 3; i++) await frames(1);
    container.querySelectorAll<HTMLInputElement>('input[type="radio"]')[1]?.click();
    const field = container.querySelector<HTMLInputElement>('input[type="text"]:not([placeholder*="ilter"])');
    if (field) {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, 'my secret');
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    await frames(5);
    for (const button of container.querySelectorAll('button')) button.click();
    await frames(5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sources = [...container.querySelectorAll('img')].map((img) => img.getAttribute('src') ?? '');
    const evil = evilSeen([container]);
    const own = sources.includes(PIXEL);
    const ok = field !== null && own && evil.length === 0 && opened.length === 1 && opened[0] === 'https://docs.example/help';
    return {
      name: "URL policy: the user's input picks no URL (openUrl, an Image on a choice, a markdown image)",
      ok,
      detail: JSON.stringify({ evil, opened, own }),
    };
  });
}
