import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Fenced code blocks of a Markdown file: language, extra tags (`ts deno`), code and line. */
export interface Snippet {
  readonly lang: string;
  readonly tags: readonly string[];
  readonly code: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
}

/** A block of one of the documents: where it is (`docs/streaming.md:40`) and a name usable in a file name. */
export interface DocSnippet extends Snippet {
  /** The document, relative to the repository (`README.md`, `docs/react.md`). */
  readonly file: string;
  /** `file:line`, for test names and messages. */
  readonly where: string;
  /** `README-104`, `streaming-40`: unique among the documents, safe in a file name. */
  readonly id: string;
}

/** Every fenced block (```lang tags … ```) of `markdown`, in order. */
export function snippets(markdown: string): Snippet[] {
  const out: Snippet[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*(.*)$/.exec(lines[i] as string);
    if (!open) continue;
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && !(lines[i] as string).startsWith('```'); i++) body.push(lines[i] as string);
    const [lang = '', rest = ''] = [open[1], open[2]];
    out.push({ lang, tags: rest.split(/\s+/).filter(Boolean), code: body.join('\n'), line: start + 1 });
  }
  return out;
}

/** The documents whose blocks the harnesses compile and run: README.md, then every docs/*.md in name order. */
export function documentFiles(root: string): string[] {
  const guides = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort();
  return ['README.md', ...guides.map((name) => `docs/${name}`)];
}

/** The blocks of every document (README.md and docs/*.md), in document order. */
export function docSnippets(root: string): DocSnippet[] {
  return documentFiles(root).flatMap((file) => {
    const stem = file.replace(/^docs\//, '').replace(/\.md$/, '');
    return snippets(readFileSync(join(root, file), 'utf8')).map((block) => ({ ...block, file, where: `${file}:${block.line}`, id: `${stem}-${block.line}` }));
  });
}

/** The lines a snippet says it prints: `// → text` comments, in order. */
export function expectedOutput(code: string): string[] {
  return [...code.matchAll(/^\s*\/\/ → (.*)$/gm)].map((match) => match[1] as string);
}

/**
 * Why `stdout` is not what `code`'s `// → …` comments say, or `undefined` when it is. Each comment
 * is one whole printed line (trailing spaces ignored), in order. `exact`: the block's own output, so
 * the comments must be every line it printed; otherwise (a driver printed around it) they must be
 * found among the printed lines in that order.
 */
export function outputMismatch(code: string, stdout: string, exact: boolean): string | undefined {
  const expected = expectedOutput(code).map((line) => line.trimEnd());
  if (expected.length === 0) return undefined;
  const printed = stdout
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => line.trimEnd());
  if (exact) {
    return printed.length === expected.length && printed.every((line, i) => line === expected[i])
      ? undefined
      : `printed:\n${printed.join('\n')}\nthe comments say:\n${expected.join('\n')}`;
  }
  let at = 0;
  for (const line of printed) if (line === expected[at]) at++;
  return at === expected.length ? undefined : `"${expected[at]}" is not a printed line (in order) of:\n${printed.join('\n')}`;
}

/**
 * Whether a block is marked not to run: ```` ```ts norun <reason> ````, for the rare block that cannot
 * run on its own (it is still compiled). test/docs/readme.e2e.ts requires the reason.
 */
export function isNoRun(block: Snippet): boolean {
  return block.tags[0] === 'norun';
}

/** Modules whose version differs between the AI SDK majors the documents are checked under. */
const SDK_IMPORT = /\bfrom\s+['"](ai|ai\/[^'"]*|@ai-sdk\/[^'"]+|react|react\/[^'"]*|react-dom(\/[^'"]*)?|a2ui-stream\/react)['"]/;

/**
 * Whether a block runs with the AI SDK or React (a `tsx` block, or one importing `ai`,
 * `@ai-sdk/…`, `react`; not `norun`): test/docs/readme-types.e2e.ts runs it under each AI SDK
 * major, test/docs/readme.e2e.ts runs the others.
 */
export function runsWithSdk(block: Snippet): boolean {
  return (block.lang === 'ts' || block.lang === 'tsx') && !isNoRun(block) && (block.lang === 'tsx' || SDK_IMPORT.test(block.code));
}

/** The packages a block imports (`react` for `react/jsx-runtime`, `@a2ui/lit` for `@a2ui/lit/v0_9`), Node built-ins left out. */
export function importedPackages(code: string): string[] {
  const names = new Set<string>();
  for (const [, specifier] of code.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"./][^'"]*)['"]/g)) {
    if (specifier!.startsWith('node:')) continue;
    const parts = specifier!.split('/');
    names.add(specifier!.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
  }
  return [...names];
}
