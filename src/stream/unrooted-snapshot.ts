/**
 * A snapshot of a surface whose tree the parser does not know (`knownSurfaces`, state
 * `'treeUnknown'`): the renderer holds a tree the parser has not seen, so nothing is reachable
 * or missing as far as the parser knows, and rule 9 of `readiness.ts` sends each changed
 * component that validates as it is.
 */
import type { WireComponent } from '../validate/graph.js';
import type { ClientForms } from './client-forms.js';
import { RELEASED, type Gates, type Snapshots } from './snapshots.js';

const NO_REFS: readonly string[] = Object.freeze([]);

/**
 * Every component `touched` names (it is emptied) that `forms` holds, in id order, as
 * `snapshots` makes it with no reference missing and no list open, when `gates` finds it valid
 * and `sent` does not hold it already; recorded in `sent`. `undefined`: nothing to send.
 */
export function unrootedSnapshot(
  touched: Set<string>,
  forms: ReadonlyMap<string, WireComponent>,
  snapshots: Snapshots,
  gates: Gates,
  sent: ClientForms,
): WireComponent[] | undefined {
  const ids: string[] = [];
  for (const id of touched) {
    const component = forms.get(id);
    if (component !== undefined && component !== RELEASED) ids.push(id);
  }
  touched.clear();
  ids.sort();
  const out: WireComponent[] = [];
  for (const id of ids) {
    const form = snapshots.entryOf(forms.get(id) as WireComponent, NO_REFS, false).form;
    if (gates.valid(form) && !sent.isSent(id, form)) out.push(form);
  }
  if (out.length === 0) return undefined;
  sent.record(out);
  return out;
}
