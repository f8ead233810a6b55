// Types of prerequisites.mjs for the TypeScript tests.
export function inCi(env?: NodeJS.ProcessEnv): boolean;
export const CHROMIUM: string;
export const DENO: string;
export const BUN: string;
export function denoMissing(): string | undefined;
export function bunMissing(): string | undefined;
export function chromiumMissing(): Promise<string | undefined>;
export function commandMissing(command: string, args?: readonly string[]): string | undefined;
export function missingPrerequisite(what: string, why: string, env?: NodeJS.ProcessEnv): { fail: boolean; message: string };
export function needs(context: { skip(note?: string): never }, what: string, why: string | undefined): void;
