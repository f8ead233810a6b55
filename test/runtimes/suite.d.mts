// Types of suite.mjs for the TypeScript tests that reuse it.
export const MODEL_RESPONSE: string;
export function anthropicSse(text?: string, deltaSize?: number): string;
export function byteChunks(text: string, size: number): Uint8Array[];
export function checkModelParts(parts: readonly unknown[], minA2uiParts?: number): void;
export interface SuiteContext {
  lib: object;
  providers: object;
  baseUrl?: string;
}
export function tests(context: SuiteContext): [string, () => Promise<void>][];
export function runSuite(context: SuiteContext): Promise<{ passed: number; failed: number; results: { name: string; ok: boolean; error?: string }[] }>;
