/**
 * `npm run process -- <file>... [--out dir] [--week YYYY-MM-DD]`: the engine's command line as the
 * server build has it (dist/server/process.js, run in this process), built first when missing or older
 * than the engine's sources. Plain JavaScript, so starting it costs no transpiling.
 */
import module, { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { buildEngineIfStale } = require('./buildFreshness.cjs');

// Node 22.1 and later can keep the compiled bundle between runs; earlier versions have no such cache
module.enableCompileCache?.();
require(buildEngineIfStale(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')));
