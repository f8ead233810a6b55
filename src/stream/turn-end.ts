/**
 * The end of a turn on one surface (`A2uiStreamParser.forgetUnsent`): for each component the turn
 * changed, what the client holds of it, and what the surface does to hold the same: the form last
 * sent comes back, the one let go of comes back, or the component goes (the client never got it).
 */
import type { WireComponent } from '../validate/graph.js';
import type { ClientForms } from './client-forms.js';
import type { ChildRefs } from './expansion.js';
import type { HeldComponents } from './held-components.js';
import { sameJson } from './json-values.js';
import type { Placeholders } from './placeholders.js';
import { RELEASED, type Snapshots } from './snapshots.js';
import type { ReleasedRefs, SurfaceGraph } from './surface-graph.js';

/** A surface's parts the end of a turn changes. */
export interface TurnParts {
  readonly held: HeldComponents;
  readonly sent: ClientForms;
  readonly placeholders: Placeholders;
  readonly snapshots: Snapshots;
  readonly refs: SurfaceGraph;
}

/** What the surface does as a component goes or comes back. */
export interface TurnSteps {
  /** `id`'s form was dropped: its parents show its placeholder. */
  dropped(id: string): void;
  /** `id` holds a form again, with references `children` (`isNew`: it held none). */
  tracked(id: string, isNew: boolean, children: ChildRefs): void;
  /** The form held under `id` as it goes out now (laid out). */
  laidOut(id: string): WireComponent;
  /** The turn cannot afford to make the surface hold what the client holds: its tree is one the parser does not know. */
  unknown(): void;
}

/**
 * References the end of a turn may put back, for all surfaces (what the turn read, and a floor):
 * without it, a turn of a few characters that changes a component of many children the client
 * holds, never sending it, costs their number at each turn's end.
 */
export interface TurnBudget {
  left: number;
}

/**
 * Makes the surface hold what the client holds of each id in `turn` (the ids the turn changed, each
 * with its references when it was a released component before). Those the client never got go
 * first: the others' forms are laid out without them.
 */
export function endTurn(turn: ReadonlyMap<string, ReleasedRefs | undefined>, parts: TurnParts, steps: TurnSteps, budget: TurnBudget): void {
  const { held, sent, placeholders, snapshots, refs } = parts;
  /** The form last sent under `id`; `'placeholder'` when a placeholder stands for it. */
  const client = (id: string) => {
    const form = sent.get(id);
    return form !== undefined && placeholders.isPlaceholder(form) ? 'placeholder' : form;
  };
  /** Puts `form` back under `id`; `false` when the budget has no room for its references (nothing changes). */
  const takeBack = (id: string, before: WireComponent | undefined, form: WireComponent, released?: ReleasedRefs): boolean => {
    const children: ChildRefs = released === undefined ? refs.childRefs(form) : { refs: released.refs, bindings: released.bindings };
    if (children.refs.length > budget.left) return false;
    budget.left -= children.refs.length;
    refs.restore(id, children, released?.weights);
    held.putBack(id, form);
    snapshots.noteChange(id, before === undefined);
    steps.tracked(id, before === undefined, children);
    return true;
  };
  const kept: [string, ReleasedRefs | undefined][] = [];
  for (const entry of turn) {
    const [id, released] = entry;
    const form = held.forms.get(id);
    if (form === RELEASED) continue;
    const last = client(id);
    if (last === 'placeholder' || (last === undefined && released === undefined)) {
      if (form !== undefined && held.drop(id, refs) !== undefined) steps.dropped(id);
    } else kept.push(entry);
  }
  for (const [id, released] of kept) {
    const form = held.forms.get(id);
    const last = client(id) as WireComponent | undefined;
    let done = true;
    if (last === undefined) done = takeBack(id, form, RELEASED, released);
    else if (form === undefined || !(last === form || sameJson(last, form) || (snapshots.namesMissing && sameJson(last, steps.laidOut(id))))) {
      done = takeBack(id, form, snapshots.componentOf(last));
    }
    if (!done) {
      steps.unknown();
      return;
    }
  }
}
