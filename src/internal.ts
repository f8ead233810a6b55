/**
 * What the package's other entries (`agent`, `ai-sdk`, `ag-ui`, `a2a`, `providers`, the CLI…)
 * use of the core that is not public: reached here, never through the main entry, so that the
 * public face (`src/index.ts`) stays what a user needs. Not listed in package.json `exports`.
 */
export { VERSION_SPECS, type VersionSpec } from './protocol/versions.js';
export { resolveCatalogs } from './catalog/index.js';
export { componentTypeOf, forEachComponentReference } from './validate/index.js';
export { clipText, MAX_REPORTED_DETAILS } from './validate/report.js';
export { ChunkDecoder } from './web/index.js';
export { LIST_PLACEHOLDER_PREFIX } from './stream/placeholders.js';
export { catalogInfo } from './express/catalog-info.js';
export { splitBlocks } from './response/unwrap.js';
export { boundedError, ErrorBudget } from './stream/error-budget.js';
export { firstErrorRoom, fitError } from './stream/fitted-error.js';
export { DEFAULT_MAX_COMPONENTS, isResponseLimit, shownValue } from './stream/options.js';
