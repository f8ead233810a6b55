/**
 * The agent side reads the capabilities a client really sends: `@a2ui/web_core`'s own
 * `getClientCapabilities()` (v0.9 and v0.9.1; web_core's v0.8 has no such method), passed as
 * they come, without unwrapping the version key.
 */
import { MessageProcessor } from '@a2ui/web_core/v0_9';
import { basicCatalog as webCoreBasicCatalog } from '@a2ui/web_core/v0_9/basic_catalog';
import { describe, expect, it } from 'vitest';
import { selectCatalog, systemPrompt } from '../../src/agent/index.js';
import { basicCatalog, catalogFromJsonSchema } from '../../src/index.js';

const processor = new MessageProcessor([webCoreBasicCatalog]);
const other = catalogFromJsonSchema({ version: '0.9', catalog: { catalogId: 'https://example.com/other.json', components: {} } });

describe("web_core's getClientCapabilities()", () => {
  it('v0.9: systemPrompt picks the catalog the client lists', () => {
    const capabilities = processor.getClientCapabilities();
    expect(Object.keys(capabilities)).toEqual(['v0.9']);
    const { catalog, prompt } = systemPrompt({ catalogs: [other, basicCatalog('0.9')], clientCapabilities: capabilities, includeSchema: true });
    expect(catalog).toBe(basicCatalog('0.9'));
    expect(prompt).toContain(basicCatalog('0.9').id);
  });

  it('v0.9.1: under its own key, for v0.9.1 catalogs', () => {
    const capabilities = processor.getClientCapabilities({ version: 'v0.9.1' });
    expect(Object.keys(capabilities)).toEqual(['v0.9.1']);
    expect(selectCatalog([basicCatalog('0.9.1')], capabilities)).toBe(basicCatalog('0.9.1'));
    // A v0.9 agent has no entry to read there, and says so.
    expect(() => selectCatalog([basicCatalog('0.9')], capabilities)).toThrow(/expected capabilities under 'v0\.9'; the client sent 'v0\.9\.1'/);
  });

  it('with inline catalogs: accepted, their components merge over the base into the prompt', () => {
    const capabilities = processor.getClientCapabilities({ includeInlineCatalogs: true });
    expect(() => selectCatalog([basicCatalog('0.9')], capabilities)).toThrow(/does not accept inline catalogs/);
    const { catalog, prompt } = systemPrompt({
      catalogs: basicCatalog('0.9'),
      clientCapabilities: capabilities,
      acceptsInlineCatalogs: true,
      includeSchema: true,
    });
    expect(catalog.id).toBe(basicCatalog('0.9').id);
    // The client's own component schemas (web_core writes each as an allOf over ComponentCommon).
    expect(prompt).toContain('"allOf":[{"$ref":"common_types.json#/$defs/ComponentCommon"}');
    // web_core 0.11.0 writes $refs relative to each component's own schema
    // ("#/properties/accessibility/…"), which no JSON Schema reader resolves inside the catalog:
    // compiling the merged catalog says which one (a web_core bug; selection and prompt are fine).
    expect(() => catalog.components).toThrow(/Cannot resolve \$ref '#\/properties\/accessibility/);
  });

  it("a client listing no catalog the agent has is refused with the agent's list", () => {
    expect(() => selectCatalog([other], processor.getClientCapabilities())).toThrow(/No client-supported catalog found on the agent side/);
  });
});
