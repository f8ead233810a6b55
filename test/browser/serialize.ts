import { type DomForm, serializeChildren } from './serialize-dom.js';

/** Lit's DOM: every element but `<style>`, into shadow roots, an empty `style` attribute left out. */
const LIT: DomForm = {
  keeps: (element) => element.tagName !== 'STYLE',
  attributes: (element) =>
    [...element.attributes]
      .filter((attribute) => !(attribute.name === 'style' && attribute.value === ''))
      .map((attribute) => `${attribute.name}="${attribute.value}"`),
  shadow: true,
};

/**
 * A plain, comparable form of what the renderer drew: per `<a2ui-surface>` in a container, its
 * shadow tree as tags with sorted attributes (and form fields' values) and trimmed text, without Lit's comment markers, and
 * into shadow roots of nested elements. The surface host's own attributes are left out (the sink
 * marks a streaming surface there), and so is an empty `style` attribute (what is left where an
 * inline style was set and removed: it styles nothing).
 */
export function serializeSurfaces(container: Element): string[] {
  return [...container.querySelectorAll('a2ui-surface')].map((surface) => serializeChildren(surface.shadowRoot ?? surface, LIT));
}
