/** What a renderer draws from a surface it holds (the expansion tests' measure, issue #37 finding 3). */
import { referencesOf, type SurfaceState } from './apply-messages.js';

/**
 * Instances a renderer draws from the surface's root: each reference followed, a template once per
 * item of its data list (v0.9+ `{componentId, path}`, v0.8 `template: {componentId, dataBinding}`;
 * an object's keys count as items), a missing child once (its placeholder). Counted per component
 * once, so a graph of a million instances is a few components' work.
 */
export function drawn(surface: SurfaceState): number {
  const counts = new Map<string, number>();
  const listAt = (path: string): unknown =>
    path
      .split('/')
      .filter((key) => key !== '')
      .reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), surface.dataModel);
  const count = (id: string): number => {
    const component = surface.components.get(id);
    if (component === undefined) return 1;
    let total = counts.get(id);
    if (total !== undefined) return total;
    total = 1;
    const v08 = (component.component as Record<string, { children?: { template?: { componentId: string; dataBinding: string } } }> | undefined) ?? {};
    const template =
      typeof component.component === 'object'
        ? Object.values(v08)[0]?.children?.template
        : (component.children as { componentId?: string; path?: string } | undefined);
    if (template !== undefined && !Array.isArray(template) && typeof template === 'object') {
      const { componentId, path, dataBinding } = template as { componentId: string; path?: string; dataBinding?: string };
      const list = listAt((path ?? dataBinding) as string);
      const length = Array.isArray(list) ? list.length : list !== null && typeof list === 'object' ? Object.keys(list).length : 1;
      total += length * count(componentId);
    } else for (const ref of referencesOf(component)) total += count(ref);
    counts.set(id, total);
    return total;
  };
  return count(surface.root);
}
