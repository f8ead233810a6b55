// The exported names of each package entry, read from the sources with the TypeScript compiler API:
// values (what the entry holds at run time) and types (what only the declarations hold) apart.
// `node scripts/public-names.mjs [--json]` prints them; test/exports/public-face.test.ts pins them.
// `--check-dist` (after `npm run build`) fails when the built declarations (`dist/<entry>.d.ts`)
// export other names than the sources: what the test pins is what a user's compiler sees.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Package entry (the `exports` key without `./`; `.` is `index`) → its source. The CLI is a bin. */
export const ENTRIES = {
  index: 'src/index.ts',
  agent: 'src/agent/index.ts',
  a2a: 'src/a2a/index.ts',
  'ai-sdk': 'src/ai-sdk/index.ts',
  'ag-ui': 'src/ag-ui/index.ts',
  lit: 'src/lit/index.ts',
  react: 'src/react/index.ts',
  node: 'src/node/index.ts',
  providers: 'src/providers/index.ts',
};

/** Whether an export is written `export type` (or `type X` in a list), whatever it names. */
function typeOnly(symbol) {
  return (symbol.declarations ?? []).some(
    (declaration) =>
      (ts.isExportSpecifier(declaration) && (declaration.isTypeOnly || declaration.parent.parent.isTypeOnly)) ||
      (ts.isExportDeclaration(declaration) && declaration.isTypeOnly),
  );
}

/**
 * `{ [entry]: { values: string[], types: string[] } }`, each list sorted.
 * @param sourceOf The file to read for an entry: its source (default) or its declarations.
 */
export function publicNames(sourceOf = (entry) => `${ROOT}${ENTRIES[entry]}`) {
  const files = Object.keys(ENTRIES).map(sourceOf);
  const config = ts.readConfigFile(`${ROOT}tsconfig.json`, ts.sys.readFile).config;
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
  const program = ts.createProgram(files, { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  const result = {};
  for (const entry of Object.keys(ENTRIES)) {
    const source = program.getSourceFile(sourceOf(entry));
    const moduleSymbol = checker.getSymbolAtLocation(source);
    const values = [];
    const types = [];
    for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const isValue = (target.flags & ts.SymbolFlags.Value) !== 0 && !typeOnly(symbol);
      (isValue ? values : types).push(symbol.name);
    }
    result[entry] = { values: values.sort(), types: types.sort() };
  }
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = publicNames();
  if (process.argv.includes('--check-dist')) {
    const built = publicNames((entry) => `${ROOT}dist/${entry}.d.ts`);
    const differ = Object.keys(ENTRIES).filter((entry) => JSON.stringify(built[entry]) !== JSON.stringify(names[entry]));
    for (const entry of differ) console.error(`dist/${entry}.d.ts: ${JSON.stringify(built[entry])}\nsrc: ${JSON.stringify(names[entry])}`);
    if (differ.length > 0) process.exit(1);
    console.log(`public-names: the declarations of ${Object.keys(ENTRIES).length} entries export what their sources export`);
  } else if (process.argv.includes('--json')) {
    console.log(JSON.stringify(names, null, 2));
  } else {
    let total = { values: 0, types: 0 };
    for (const [entry, { values, types }] of Object.entries(names)) {
      console.log(`${entry.padEnd(10)} ${String(values.length + types.length).padStart(4)} names (${values.length} values, ${types.length} types)`);
      total = { values: total.values + values.length, types: total.types + types.length };
    }
    console.log(`${'all'.padEnd(10)} ${String(total.values + total.types).padStart(4)} names (${total.values} values, ${total.types} types)`);
  }
}
