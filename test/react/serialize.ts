import { type DomForm, serializeChildren } from '../browser/serialize-dom.js';

/**
 * A plain, comparable form of what `@a2ui/react` drew in an element: tags with sorted attributes,
 * inline styles as their declarations sorted (React writes a style changed in place in another
 * order than a first render: the same style), React's generated ids numbered per surface, form
 * fields' values, and trimmed text.
 */
export function serializeContent(parent: Element): string {
  return serializeChildren(parent, reactForm(new Map()));
}

/** React's `useId` ids (`_r_…_`) count per page: the n-th of a surface reads `_id<n>_`. */
const USE_ID = /^_r_\w+_$/;

/** React's DOM (HTML and SVG elements), `ids` numbering the generated ids of one surface. */
function reactForm(ids: Map<string, string>): DomForm {
  return {
    keeps: (element) => element instanceof HTMLElement || element instanceof SVGElement,
    attributes(element) {
      const { style } = element as HTMLElement | SVGElement;
      const declarations = [...style]
        .sort()
        .map((name) => `${name}: ${style.getPropertyValue(name)}`)
        .join('; ');
      return [...element.attributes]
        .filter((attribute) => attribute.name !== 'style')
        .map((attribute) => {
          let value = attribute.value;
          if (USE_ID.test(value)) {
            if (!ids.has(value)) ids.set(value, `_id${ids.size}_`);
            value = ids.get(value) as string;
          }
          return `${attribute.name}="${value}"`;
        })
        .concat(declarations === '' ? [] : [`style="${declarations}"`]);
    },
    shadow: false,
  };
}
