// Setup file of both vitest configs. @a2ui/web_core imports lit, and Node resolves Lit's
// development build in the tests, which warns "Lit is in dev mode" once per module graph: a line
// per test file that loads it. Lit lets a user turn one warning off by its code in
// `globalThis.litIssuedWarnings` (lit-html's `issueWarning`); its other warnings still show.
declare global {
  var litIssuedWarnings: Set<string> | undefined;
}
globalThis.litIssuedWarnings ??= new Set();
globalThis.litIssuedWarnings.add('dev-mode');
export {};
