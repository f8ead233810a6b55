// Checks the built declaration files (`dist/*.d.ts`, `*.d.cts`), part of `npm run check:package`:
// - no exported name of one character (a bundler's minified chunk name, which TypeScript would
//   print in messages: `import("…/errors-….js").A`);
// - outside the node entry, nothing that needs @types/node (`NodeJS.`, `Buffer`, `node:` imports,
//   `/// <reference types="node" />`), since browser projects have no Node types.
// Prints each problem and exits 1 when there is one.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const DIST = process.argv[2] ?? 'dist';
const files = readdirSync(DIST).filter((file) => /\.d\.c?ts$/.test(file));
const problems = [];

/** Names a file exports: from `export { … }` lists (the name after `as`) and declarations. */
function exportedNames(source) {
  const names = [];
  for (const [, list] of source.matchAll(/^export (?:type )?\{([^}]*)\}/gm)) {
    for (const item of list
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      names.push(
        item
          .split(/\s+as\s+/)
          .pop()
          .replace(/^type\s+/, ''),
      );
    }
  }
  for (const [, name] of source.matchAll(/^export (?:declare )?(?:abstract )?(?:type|interface|class|const|function|enum|let|var) ([\w$]+)/gm))
    names.push(name);
  return names;
}

const NODE_ONLY = [/\bNodeJS\./, /\bBuffer\b/, /from ['"]node:/, /<reference types=["']node["']/];

for (const file of files) {
  const source = readFileSync(join(DIST, file), 'utf8');
  for (const name of exportedNames(source)) {
    if (name.length === 1) problems.push(`${file}: exports a one-letter name '${name}'`);
  }
  if (/^node\.d\.c?ts$/.test(file)) continue;
  for (const pattern of NODE_ONLY) {
    const match = pattern.exec(source);
    if (match) problems.push(`${file}: needs @types/node ('${match[0]}')`);
  }
}

if (files.length === 0) problems.push(`no declaration files in ${DIST}/: run npm run build first`);
for (const problem of problems) console.error(problem);
console.log(
  problems.length === 0 ? `declarations: ${files.length} files, real names, no Node types outside the node entry` : `declarations: ${problems.length} problems`,
);
process.exit(problems.length === 0 ? 0 : 1);
