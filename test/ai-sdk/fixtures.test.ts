/**
 * The fixtures' renderer: `@a2ui/web_core` keeps the data-model values it is given and changes
 * them in place with later updates, so it must be given copies, or a test's constant messages
 * (and the parts a test compares) change under it.
 */
import { expect, it } from 'vitest';
import { BOOKING_TURN_1, BOOKING_UPDATE, renderedSurfaces } from './fixtures.js';

it('renderedSurfaces leaves the messages it is given as they were', () => {
  const before = JSON.stringify([BOOKING_TURN_1, BOOKING_UPDATE]);
  const state = renderedSurfaces([...BOOKING_TURN_1, ...BOOKING_UPDATE]);
  expect(JSON.stringify(state)).toContain('8pm');
  expect(JSON.stringify([BOOKING_TURN_1, BOOKING_UPDATE])).toBe(before);
  expect(renderedSurfaces(BOOKING_TURN_1)).not.toEqual(state);
});
