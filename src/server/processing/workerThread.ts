/**
 * Starting the engine's worker threads from their own modules. From the sources (tests, scripts) the
 * module is TypeScript and is loaded through tsx; the server build places each entry as a `.js` file
 * beside the bundle that starts it.
 */
import { existsSync } from 'node:fs';
import { extname, join } from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';

const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
if (workerData.entry.endsWith('.ts')) require('tsx/cjs');
require(workerData.entry);
`;

/** The path of a worker module `name` beside `dir` with the caller's extension; undefined when it is not there. */
export function workerEntry(dir: string, callerFile: string, name: string): string | undefined {
  const entry = join(dir, `${name}${extname(callerFile)}`);
  return existsSync(entry) ? entry : undefined;
}

export function startWorker(entry: string, workerData: object, resourceLimits: ResourceLimits): Worker {
  return new Worker(BOOTSTRAP, { eval: true, workerData: { ...workerData, entry }, resourceLimits });
}
