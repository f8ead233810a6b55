/**
 * `a2ui-stream/node`: the Node-only helpers (files and globs). Nothing else in the package imports
 * this entry, so the other entries stay free of Node built-ins.
 */
export { loadExamples, type LoadedExample, type LoadExamplesOptions } from './load-examples.js';
