export * from './refs.js';
export * from './catalog.js';
export * from './basic/index.js';
export * from './json-schema/index.js';
export * from './to-json-schema.js';
