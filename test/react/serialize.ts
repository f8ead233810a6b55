/**
 * A plain, comparable form of what `@a2ui/react` drew in an element: tags with sorted attributes,
 * inline styles as their declarations sorted (React writes a style changed in place in another
 * order than a first render: the same style), React's generated ids numbered per surface, form
 * fields' values, and trimmed text.
 */
export function serializeContent(parent: Element): string {
  return content(parent, new Map());
}

/** React's `useId` ids (`_r_…_`) count per page: the n-th of a surface reads `_id<n>_`. */
const USE_ID = /^_r_\w+_$/;

function content(parent: Element, ids: Map<string, string>): string {
  let out = '';
  for (const node of parent.childNodes) out += serializeNode(node, ids);
  return out;
}

function serializeNode(node: Node, ids: Map<string, string>): string {
  if (node.nodeType === Node.TEXT_NODE) return (node.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (!(node instanceof HTMLElement || node instanceof SVGElement)) return '';
  const style = [...node.style]
    .sort()
    .map((name) => `${name}: ${node.style.getPropertyValue(name)}`)
    .join('; ');
  const attributes = [...node.attributes]
    .filter((attribute) => attribute.name !== 'style')
    .map((attribute) => {
      let value = attribute.value;
      if (USE_ID.test(value)) {
        if (!ids.has(value)) ids.set(value, `_id${ids.size}_`);
        value = ids.get(value) as string;
      }
      return `${attribute.name}="${value}"`;
    })
    .concat(style === '' ? [] : [`style="${style}"`])
    .sort()
    .join(' ');
  const tag = node.tagName.toLowerCase();
  const value =
    node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement || node instanceof HTMLSelectElement
      ? ` .value="${node.value}"${node instanceof HTMLInputElement && node.checked ? ' .checked' : ''}`
      : '';
  return `<${tag}${attributes ? ` ${attributes}` : ''}${value}>${content(node, ids)}</${tag}>`;
}
