/**
 * The runtime suite (test/runtimes/suite.mjs, run against dist/ in Node, Deno, Bun and Chromium
 * by `npm run test:runtimes`) run here against the sources, so `npm test` covers it too.
 */
import { it } from 'vitest';
import * as lib from '../../src/index.js';
import * as providers from '../../src/providers/index.js';
import { tests } from '../runtimes/suite.mjs';

for (const [name, test] of tests({ lib, providers })) it(name, test);
