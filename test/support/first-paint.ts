/**
 * When each component of a response is first painted: for every component object (located in the
 * text, see `component-offsets.ts`), the characters of the response read when a form of it that is
 * not a placeholder first went out. Used to hold the parser to "never later than before" per
 * component (`test/stream/first-paint.test.ts`, against figures recorded from the parser before
 * issue #27's output bound).
 */
import { A2uiStreamParser } from '../../src/stream/parsers.js';
import type { Catalog } from '../../src/catalog/model.js';
import { isPlaceholderId } from '../../src/stream/placeholders.js';
import type { StreamParserOptions } from '../../src/stream/options.js';
import { basicCatalog } from '../../src/catalog/index.js';
import { componentDefinitions, type ComponentDefinition } from './component-offsets.js';
import { generateResponse, type GeneratedVersion } from './generate-response.js';
import { OUTPUT_SHAPES, shapeResponse } from './output-shapes.js';

/** Whether a sent form is a stand-in: a `loading_` id, or an empty `Row` (a delta placeholder). */
function isPlaceholder(component: Record<string, unknown>): boolean {
  if (isPlaceholderId(String(component.id))) return true;
  const children = component.children as unknown;
  const list = Array.isArray(children) ? children : (children as { explicitList?: unknown[] } | undefined)?.explicitList;
  const type = typeof component.component === 'string' ? component.component : Object.keys((component.component ?? {}) as object)[0];
  const props = typeof component.component === 'string' ? component : ((component.component as Record<string, Record<string, unknown>>)[type ?? ''] ?? {});
  return type === 'Row' && Array.isArray(list) && list.length === 0 && Object.keys(props).filter((key) => key !== 'id' && key !== 'component').length === 1;
}

/**
 * Per component object, in text order, the characters read when it was first painted; `null` for
 * one never painted.
 */
export function firstPaints(catalog: Catalog, text: string, chunk: number, options: StreamParserOptions): (number | null)[] {
  const definitions = componentDefinitions(text);
  const byKey = new Map<string, ComponentDefinition[]>();
  for (const d of definitions) byKey.set(d.key, [...(byKey.get(d.key) ?? []), d]);
  const first = new Map<ComponentDefinition, number>();
  // What the reader shows per change, not what the output budget lets through (see `test/hostile/output-budget.test.ts`).
  const parser = new A2uiStreamParser(catalog, { outputBytesPerChar: Number.POSITIVE_INFINITY, ...options });
  const take = (parts: ReturnType<A2uiStreamParser['push']>, at: number) => {
    for (const part of parts) {
      if (part.type !== 'a2ui') continue;
      for (const message of part.messages) {
        const body = (message.updateComponents ?? message.surfaceUpdate) as { surfaceId: string; components: Record<string, unknown>[] } | undefined;
        for (const component of body?.components ?? []) {
          if (isPlaceholder(component)) continue;
          // The definition being read, or last read, for this id.
          const def = [...(byKey.get(`${body?.surfaceId}/${String(component.id)}`) ?? [])].reverse().find((d) => d.start < at);
          if (def !== undefined && !first.has(def)) first.set(def, at);
        }
      }
    }
  };
  for (let i = 0; i < text.length; i += chunk) take(parser.push(text.slice(i, i + chunk)), Math.min(text.length, i + chunk));
  take(parser.end(), text.length);
  return definitions.map((d) => first.get(d) ?? null);
}

/** A response read at one chunk size with one snapshot mode. */
export interface FirstPaintCase {
  readonly name: string;
  readonly catalog: Catalog;
  readonly text: string;
  readonly chunk: number;
  readonly options: StreamParserOptions;
}

/** The cases of the first-paint test: generated responses of each version and the output shapes, at 1, 16 and 64 characters. */
export function firstPaintCases(): FirstPaintCase[] {
  const cases: FirstPaintCase[] = [];
  const generated: [GeneratedVersion, 'full' | 'delta'][] = [
    ['0.8', 'full'],
    ['0.9', 'delta'],
    ['0.9', 'full'],
    ['1.0', 'delta'],
  ];
  for (const chunk of [1, 16, 64]) {
    for (const [version, snapshots] of generated) {
      const { text } = generateResponse({ version, targetBytes: 20_000, seed: 27 });
      cases.push({
        name: `v${version} generated 20 KB, ${snapshots}, ${chunk}-char chunks`,
        catalog: basicCatalog(version),
        text,
        chunk,
        options: { snapshots },
      });
    }
    for (const shape of OUTPUT_SHAPES) {
      const text = shapeResponse(shape.messages(), 'indented');
      cases.push({ name: `${shape.name}, delta, ${chunk}-char chunks`, catalog: basicCatalog('0.9'), text, chunk, options: { snapshots: 'delta' } });
    }
  }
  return cases;
}
