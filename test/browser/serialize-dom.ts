/**
 * A plain, comparable form of a drawn DOM tree, what the Lit and React pages' serializers share
 * (test/browser/serialize.ts, test/react/serialize.ts): elements as tags with their attributes
 * sorted and form fields' values (`.value="…"`, `.checked`), text trimmed with its white space
 * folded, other nodes left out. What differs by renderer is a {@link DomForm}.
 */

/** How one renderer's DOM is written. */
export interface DomForm {
  /** Whether `element` is written; one that is not is left out with all it holds. */
  keeps(element: Element): boolean;
  /** `element`'s attributes as `name="value"`, in any order (they are sorted). */
  attributes(element: Element): string[];
  /** Whether an element's shadow root is written, as `#shadow(…)` before its children. */
  shadow: boolean;
}

/** The children of `parent`, written in the form `form`. */
export function serializeChildren(parent: Node, form: DomForm): string {
  let out = '';
  for (const node of parent.childNodes) out += serializeNode(node, form);
  return out;
}

function serializeNode(node: Node, form: DomForm): string {
  if (node.nodeType === Node.TEXT_NODE) return (node.textContent ?? '').replace(/\s+/g, ' ').trim();
  if (node.nodeType !== Node.ELEMENT_NODE) return '';
  const element = node as Element;
  if (!form.keeps(element)) return '';
  const attributes = form.attributes(element).sort().join(' ');
  const tag = element.tagName.toLowerCase();
  const value =
    element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement
      ? ` .value="${element.value}"${element instanceof HTMLInputElement && element.checked ? ' .checked' : ''}`
      : '';
  const shadow = form.shadow && element.shadowRoot ? `#shadow(${serializeChildren(element.shadowRoot, form)})` : '';
  return `<${tag}${attributes ? ` ${attributes}` : ''}${value}>${shadow}${serializeChildren(element, form)}</${tag}>`;
}
