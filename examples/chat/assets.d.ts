// The page imports its stylesheets; esbuild bundles them (serve.mjs).
declare module '*.css';
