// Reads a model response as it streams (`?src=` or ./response.txt), shows its text as it
// arrives and draws each surface from the A2UI messages, placeholders as grey boxes.
import { a2uiStream, basicCatalog } from 'a2ui-stream';

const chat = document.getElementById('chat');
const surfaces = new Map(); // surfaceId → { element, components: Map, data: {} }
let textElement;

function valueAt(data, path) {
  return path
    .split('/')
    .filter(Boolean)
    .reduce((node, key) => node?.[key], data);
}

function setAt(data, path, value) {
  const keys = path.split('/').filter(Boolean);
  if (keys.length === 0) return value;
  let node = data;
  for (const key of keys.slice(0, -1)) node = node[key] ??= {};
  node[keys.at(-1)] = value;
  return data;
}

// A child not arrived yet: with delta snapshots (the default from v0.9 on) an empty Row under the
// child's own id; with full snapshots a `loading_<id>` one.
function isPlaceholder(id, component) {
  if (id.startsWith('loading_')) return true;
  const keys = Object.keys(component);
  return component.component === 'Row' && keys.length === 3 && component.children?.length === 0;
}

function draw(surface, id) {
  const component = surface.components.get(id);
  if (!component || isPlaceholder(id, component)) {
    const box = document.createElement('div');
    box.className = 'placeholder';
    box.dataset.placeholder = id;
    return box;
  }
  const text = (value) => (typeof value === 'object' && value?.path ? String(valueAt(surface.data, value.path) ?? '') : String(value ?? ''));
  let element;
  switch (component.component) {
    case 'Text':
      element = document.createElement(component.variant === 'h2' ? 'h2' : 'p');
      element.textContent = text(component.text);
      break;
    case 'Button':
      element = document.createElement('button');
      element.append(draw(surface, component.child));
      break;
    case 'Card':
      element = document.createElement('div');
      element.className = 'card';
      element.append(draw(surface, component.child));
      break;
    default:
      element = document.createElement('div');
      element.className = component.component === 'Row' ? 'row' : 'column';
      for (const child of component.children ?? []) element.append(draw(surface, child));
  }
  element.dataset.id = id;
  return element;
}

function apply(message) {
  const body = Object.values(message).find((value) => typeof value === 'object');
  let surface = surfaces.get(body.surfaceId);
  if (message.createSurface) {
    surface = { element: document.createElement('section'), components: new Map(), data: {} };
    surfaces.set(body.surfaceId, surface);
    chat.append(surface.element);
    textElement = undefined;
  }
  if (!surface) return;
  if (message.updateComponents) for (const component of body.components) surface.components.set(component.id, component);
  if (message.updateDataModel) surface.data = setAt(surface.data, body.path ?? '/', body.value);
  if (message.deleteSurface) return void surface.element.remove();
  surface.element.replaceChildren(draw(surface, 'root'));
}

const source = new URLSearchParams(location.search).get('src') ?? './response.txt';
const response = await fetch(source);
const reader = response.body.pipeThrough(a2uiStream(basicCatalog('0.9'))).getReader();
let placeholdersSeen = 0;
for (let read = await reader.read(); !read.done; read = await reader.read()) {
  const part = read.value;
  if (part.type === 'text') {
    if (!textElement) chat.append((textElement = document.createElement('p')));
    textElement.textContent += part.text;
  } else if (part.type === 'a2ui') {
    part.messages.forEach(apply);
    placeholdersSeen = Math.max(placeholdersSeen, document.querySelectorAll('[data-placeholder]').length);
  } else {
    console.warn(part.error.category, part.error.message);
  }
}
document.getElementById('status').textContent = `done: up to ${placeholdersSeen} placeholders were shown while streaming`;
