// Gives the declaration chunks of `dist/` their real export names. tsup bundles the declarations
// with rollup, which exports what several entries share from chunks (`errors-….d.ts`) under
// minified names (`export { type A2uiMessage as A }`): TypeScript then prints such a type as
// `import("…/errors-….js").A` in messages and hovers. This renames every chunk export to its
// declared name and every import and re-export of it to match. Run after `tsup` (`npm run build`);
// `node scripts/dts-names.mjs [dir] [--silent]`.
// Fails, changing nothing, if a chunk would export two things under one name.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const DIST = args.find((arg) => !arg.startsWith('--')) ?? 'dist';
const DECLARATION = /\.d\.c?ts$/;
/** A chunk's file name: `<name>-<hash>.d.ts` / `.d.cts`. */
const CHUNK = /-[\w-]{8}\.d\.c?ts$/;
/** `export { … };` / `export type { … };` without `from`, the chunk's own export list. */
const OWN_EXPORTS = /^export (type )?\{([^}]*)\};$/m;
/** `import { … } from './x.js'` / `export { … } from './x.js'` (also `type` lists). */
const FROM_CHUNK = /^(import|export)( type)? \{([^}]*)\} from '\.\/([^']+)\.(c?js)';$/gm;

/** `{ a as b, type c as d, e }` → [{ type, name, alias }]. */
function specifiers(list) {
  return list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const match = /^(type )?([\w$]+)(?: as ([\w$]+))?$/.exec(item);
      if (!match) throw new Error(`dts-names: cannot read the export specifier '${item}'`);
      return { type: match[1] ?? '', name: match[2], alias: match[3] ?? match[2] };
    });
}

const write = (items) => items.map(({ type, name, alias }) => `${type}${name === alias ? name : `${name} as ${alias}`}`).join(', ');

const files = readdirSync(DIST).filter((file) => DECLARATION.test(file));
/** For each chunk (by its file name), minified name → declared name. */
const renames = new Map();
const sources = new Map(files.map((file) => [file, readFileSync(join(DIST, file), 'utf8')]));

for (const file of files.filter((f) => CHUNK.test(f))) {
  const source = sources.get(file);
  const match = OWN_EXPORTS.exec(source);
  if (!match) continue;
  const items = specifiers(match[2]);
  const map = new Map(items.map(({ name, alias }) => [alias, name]));
  const names = items.map(({ name }) => name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) throw new Error(`dts-names: ${file} exports '${twice}' twice`);
  renames.set(file, map);
  sources.set(file, source.replace(match[0], `export ${match[1] ?? ''}{ ${write(items.map((item) => ({ ...item, alias: item.name })))} };`));
}

for (const [file, source] of sources) {
  const rewritten = source.replace(FROM_CHUNK, (whole, keyword, type, list, chunk, ext) => {
    const map = renames.get(`${chunk}.d.${ext === 'js' ? 'ts' : 'cts'}`);
    if (map === undefined) return whole;
    const items = specifiers(list).map((item) => {
      const declared = map.get(item.name);
      if (declared === undefined) throw new Error(`dts-names: ${file} imports '${item.name}', which ${chunk} does not export`);
      return { ...item, name: declared };
    });
    return `${keyword}${type ?? ''} { ${write(items)} } from './${chunk}.${ext}';`;
  });
  writeFileSync(join(DIST, file), rewritten);
}
if (!args.includes('--silent')) console.log(`dts-names: ${renames.size} declaration chunks given their real export names`);
