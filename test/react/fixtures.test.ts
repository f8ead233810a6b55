import { expect, it } from 'vitest';
import { basicCatalog, validateMessages } from '../../src/index.js';
import { chatFixtures } from './fixtures.js';

it('the React fixtures are valid model answers: several surfaces each, what the text holds is what they list', () => {
  const fixtures = chatFixtures();
  expect(fixtures).toHaveLength(20);
  for (const fixture of fixtures) {
    const catalog = basicCatalog(fixture.version);
    expect(() => validateMessages(fixture.messages, catalog)).not.toThrow();
    const parsed = [...fixture.text.matchAll(/<a2ui-json>([\s\S]*?)<\/a2ui-json>/g)].flatMap((match) => JSON.parse(match[1] as string) as unknown[]);
    expect(parsed).toEqual(fixture.messages);
    expect(fixture.messages.filter((m) => 'createSurface' in m).length).toBeGreaterThanOrEqual(2);
  }
  const sizes = fixtures.map((f) => f.text.length);
  // Seed 10 is the largest of each version (the main-thread budget is measured on it).
  expect(Math.max(...sizes.slice(0, 10))).toBe(sizes[9]);
  expect(Math.max(...sizes.slice(10))).toBe(sizes[19]);
});
