export { validateMessages, type ValidateOptions } from './validate-messages.js';
export { validateComponent, componentTypeOf, type ComponentType } from './component.js';
export {
  checkIntegrity,
  checkTopology,
  componentsById,
  forEachComponentReference,
  reachableFrom,
  MAX_COMPONENT_DEPTH,
  type IntegrityOptions,
  type TopologyOptions,
  type CatalogSource,
  type WireComponent,
} from './graph.js';
export {
  checkMessageLimits,
  isValidPointer,
  MAX_FUNCTION_CALL_DEPTH,
  MAX_JSON_DEPTH,
} from './limits.js';
export { checkEnvelope, messageKeyOf, type CatalogChecks } from './envelope.js';
export {
  checkComposition,
  compositionProblem,
  SURFACE_TYPE,
  UNALLOWED_CHILD,
  UNALLOWED_PARENT,
  type EdgeEnd,
} from './composition.js';
export {
  CATALOG_NOT_FOUND,
  NO_DEFAULT_CATALOG,
  isIdentifier,
  resolveCatalog,
  singleCatalogScope,
  type CatalogScope,
} from './current-dialect.js';
