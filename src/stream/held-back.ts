/**
 * The errors that say what the streaming core holds back instead of sending, so that nothing
 * valid the model sent is dropped silently: parents waiting for children that have no placeholder
 * the catalog accepts (when their block closes), components of surfaces never created (when the
 * response ends).
 */
import { A2uiIntegrityError } from '../errors.js';
import type { A2uiErrorDetail } from '../errors.js';
import type { Surface } from './surface.js';

/** The error naming each parent of `surfaces` still waiting for a child; `undefined` when none. */
export function heldBackError(surfaces: Iterable<Surface>): A2uiIntegrityError | undefined {
  const details: A2uiErrorDetail[] = [];
  for (const surface of surfaces) {
    for (const [id, refs] of surface.waiting()) {
      const children = refs.map((ref) => `'${ref}'`).join(', ');
      details.push({
        path: `${surface.id}.${id}`,
        code: 'missing_child',
        message: `Component '${id}' of surface '${surface.id}' is held back: it refers to ${children}, not arrived, and the catalog accepts no placeholder for them`,
      });
    }
  }
  if (details.length === 0) return undefined;
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  return new A2uiIntegrityError(`${(details[0] as A2uiErrorDetail).message}${more}; they are sent when what they wait for arrives`, { details });
}

/** The error naming each surface of `surfaces` holding components but never started; `undefined` when none. */
export function notStartedError(surfaces: Iterable<Surface>): A2uiIntegrityError | undefined {
  const details: A2uiErrorDetail[] = [];
  for (const surface of surfaces) {
    if (surface.started || surface.components.size === 0 || surface.fromHistory) continue;
    details.push({
      path: surface.id,
      code: 'surface_not_started',
      message: `Components of surface '${surface.id}' were not sent: the surface was not created in this response`,
    });
  }
  if (details.length === 0) return undefined;
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  return new A2uiIntegrityError(`${(details[0] as A2uiErrorDetail).message}${more}; for a surface from an earlier turn, pass history or knownSurfaces`, { details });
}
