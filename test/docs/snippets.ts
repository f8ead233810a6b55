/** Fenced code blocks of a Markdown file: language, extra tags (`ts deno`), code and line. */
export interface Snippet {
  readonly lang: string;
  readonly tags: readonly string[];
  readonly code: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
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

/** The lines a snippet says it prints: `// → text` comments, each expected in its output. */
export function expectedOutput(code: string): string[] {
  return [...code.matchAll(/^\s*\/\/ → (.*)$/gm)].map((match) => match[1] as string);
}

/** Modules whose version differs between the AI SDK majors the README is checked under. */
const SDK_IMPORT = /\bfrom\s+['"](ai|ai\/[^'"]*|@ai-sdk\/[^'"]+|react|react\/[^'"]*|react-dom(\/[^'"]*)?|a2ui-stream\/react)['"]/;

/**
 * Whether a block runs with the AI SDK or React (a `tsx` block, or one importing `ai`,
 * `@ai-sdk/…`, `react`): test/docs/readme-types.e2e.ts runs it under each AI SDK major,
 * test/docs/readme.e2e.ts runs the others.
 */
export function runsWithSdk(block: Snippet): boolean {
  return (block.lang === 'ts' || block.lang === 'tsx') && (block.lang === 'tsx' || SDK_IMPORT.test(block.code));
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
