/**
 * `current/agent/express/prompt_generator.yaml` through `expressPromptSnippet` (catalogs pruned
 * with `pruneCatalog`; examples read from the case's JSON files), and the older family's
 * `inference_formats/express/prompt_generation.yaml` through `systemPrompt({ format: 'express' })`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { expressPromptSnippet, pruneCatalog, systemPrompt, type Example } from '../../src/agent/index.js';
import { basicCatalog, type Catalog } from '../../src/index.js';
import { fixtureCatalog, SuiteTally } from './express-support.js';
import { CONFORMANCE_DIR, SPEC_DIR, conformanceSuite, errorMismatches, type ConformanceCase } from './runner.js';

interface SnippetCase extends ConformanceCase {
  args: {
    catalogs: { catalog: string; transformers?: { component_pruning?: string[]; function_pruning?: string[] }[] }[];
    examples?: string[];
    allowed_messages?: string[];
  };
  expect_contains?: string[];
  expect_absent?: string[];
  expect_deterministic?: boolean;
}

function catalogOf(entry: SnippetCase['args']['catalogs'][number]): Catalog {
  const functions = entry.transformers?.find((t) => t.function_pruning)?.function_pruning;
  let catalog = fixtureCatalog(entry.catalog, functions);
  const components = entry.transformers?.find((t) => t.component_pruning)?.component_pruning;
  if (components !== undefined) catalog = pruneCatalog(catalog, { allowedComponents: components });
  return catalog;
}

function snippet(testCase: SnippetCase): string {
  const examples: Example[] = (testCase.args.examples ?? []).map((path) => ({
    name: path,
    messages: JSON.parse(readFileSync(resolve(CONFORMANCE_DIR, 'current', path), 'utf8')),
  }));
  return expressPromptSnippet(testCase.args.catalogs.map(catalogOf), {
    examples,
    ...(testCase.args.allowed_messages === undefined ? {} : { allowedMessages: testCase.args.allowed_messages }),
  });
}

function expectText(text: string, contains: readonly string[] = [], absent: readonly string[] = []): void {
  for (const piece of contains) expect(text).toContain(piece);
  for (const piece of absent) expect(text).not.toContain(piece);
}

conformanceSuite('current/agent/express/prompt_generator.yaml', (raw) => {
  const cases = raw as SnippetCase[];
  const tally = new SuiteTally('agent/express/prompt_generator.yaml', cases.length);
  for (const testCase of cases) {
    it(testCase.name, () => {
      if (testCase.expect_error !== undefined) {
        let thrown: unknown;
        try {
          snippet(testCase);
        } catch (error) {
          thrown = error;
        }
        expect(errorMismatches(thrown, testCase.expect_error as never)).toEqual([]);
      } else {
        const text = snippet(testCase);
        expectText(text, testCase.expect_contains, testCase.expect_absent);
        if (testCase.expect_deterministic) expect(snippet(testCase)).toBe(text);
      }
      tally.pass();
    });
  }
});

interface PromptCase extends ConformanceCase {
  args: {
    role_description?: string;
    workflow_description?: string;
    ui_description?: string;
    include_schema?: boolean;
    include_examples?: boolean;
    allowed_components?: string[];
    examples_path?: string;
    validate_examples?: boolean;
  };
  expect_contains?: string[];
  expect_not_contains?: string[];
}

conformanceSuite('current/inference_formats/express/prompt_generation.yaml', (raw) => {
  const cases = raw as PromptCase[];
  const tally = new SuiteTally('inference_formats/express/prompt_generation.yaml', cases.length);
  for (const testCase of cases) {
    it(testCase.name, () => {
      const { args } = testCase;
      const folder = args.examples_path === undefined ? undefined : resolve(SPEC_DIR, args.examples_path.replace('specification/', ''));
      const examples: Example[] =
        folder === undefined
          ? []
          : readdirSync(folder)
              .filter((f) => f.endsWith('.json'))
              .sort()
              .map((file) => {
                const content = JSON.parse(readFileSync(resolve(folder, file), 'utf8')) as unknown;
                return { name: file, messages: Array.isArray(content) ? content : (content as { messages: never[] }).messages };
              });
      const { prompt } = systemPrompt({
        format: 'express',
        catalog: basicCatalog('1.0'),
        ...(args.role_description === undefined ? {} : { role: args.role_description }),
        ...(args.workflow_description === undefined ? {} : { workflow: args.workflow_description }),
        ...(args.ui_description === undefined ? {} : { ui: args.ui_description }),
        ...(args.allowed_components === undefined ? {} : { allowedComponents: args.allowed_components }),
        ...(args.include_schema === undefined ? {} : { includeSchema: args.include_schema }),
        ...(args.include_examples === undefined ? {} : { includeExamples: args.include_examples }),
        examples,
      });
      expectText(prompt, testCase.expect_contains, testCase.expect_not_contains);
      tally.pass();
    });
  }
});
