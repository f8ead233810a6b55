export * from './refs.js';
export * from './catalog.js';
