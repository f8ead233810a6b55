// Runs the suite in the current runtime (Node, Deno or Bun) against the built dist/ and prints
// one line `@@results <json>` for the runner. Usage: <runtime> entry.mjs [baseUrl]
import * as lib from '../../dist/index.js';
import * as providers from '../../dist/providers.js';
import { runSuite } from './suite.mjs';

const argv = globalThis.Deno?.args ?? globalThis.process.argv.slice(2);
const summary = await runSuite({ lib, providers, baseUrl: argv[0] });
console.log(`@@results ${JSON.stringify(summary)}`);
