/**
 * What a spec-following renderer holds: a `@a2ui/web_core` v0.9 processor's surfaces, each as the
 * components reachable from `root` and its data model. Tests compare streamed output against the
 * model's own messages with it.
 */
import { extractRefFields, type ComponentApi, type MessageProcessor } from '@a2ui/web_core/v0_9';

/** A v0.9 processor's surfaces: the components reachable from `root`, and the data model. */
export function webCoreV09State(processor: MessageProcessor<ComponentApi>): Record<string, unknown> {
  const surfaces: Record<string, unknown> = {};
  for (const [id, surface] of processor.model.surfacesMap) {
    const components: Record<string, unknown> = {};
    const visit = (componentId: string): void => {
      const component = surface.componentsModel.get(componentId);
      if (component === undefined || componentId in components) return;
      components[componentId] = { type: component.type, properties: component.properties };
      const api = surface.catalog.components.get(component.type);
      if (api === undefined) return;
      for (const [field, ref] of extractRefFields(api.schema)) {
        const value = component.properties[field];
        if (ref.kind === 'single' && typeof value === 'string') visit(value);
        if (ref.kind === 'list' && Array.isArray(value)) value.forEach((child) => visit(String(child)));
        if (ref.kind === 'list' && typeof value?.componentId === 'string') visit(value.componentId);
        if (ref.kind === 'nested' && Array.isArray(value)) {
          for (const item of value) for (const key of ref.keys) if (typeof item?.[key] === 'string') visit(item[key]);
        }
      }
    };
    visit('root');
    surfaces[id] = { components, dataModel: surface.dataModel.get('/') };
  }
  return surfaces;
}
