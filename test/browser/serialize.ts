/**
 * A plain, comparable form of what the renderer drew: per `<a2ui-surface>` in a container, its
 * shadow tree as tags with sorted attributes (and form fields' values) and trimmed text, without Lit's comment markers, and
 * into shadow roots of nested elements. The surface host's own attributes are left out (the sink
 * marks a streaming surface there), and so is an empty `style` attribute (what is left where an
 * inline style was set and removed: it styles nothing).
 */
export function serializeSurfaces(container: Element): string[] {
  return [...container.querySelectorAll('a2ui-surface')].map((surface) => children(surface.shadowRoot ?? surface));
}

function children(parent: Node): string {
  let out = '';
  for (const node of parent.childNodes) out += serializeNode(node);
  return out;
}

function serializeNode(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) {
    const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
    return text === '' ? '' : text;
  }
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  const element = node as Element;
  if (element.tagName === 'STYLE') return '';
  const attributes = [...element.attributes]
    .filter((attribute) => !(attribute.name === 'style' && attribute.value === ''))
    .map((attribute) => `${attribute.name}="${attribute.value}"`)
    .sort()
    .join(' ');
  const tag = element.tagName.toLowerCase();
  const value =
    element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement
      ? ` .value="${element.value}"${element instanceof HTMLInputElement && element.checked ? ' .checked' : ''}`
      : '';
  const shadow = element.shadowRoot ? `#shadow(${children(element.shadowRoot)})` : '';
  return `<${tag}${attributes ? ` ${attributes}` : ''}${value}>${shadow}${children(element)}</${tag}>`;
}
