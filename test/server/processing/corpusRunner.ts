/**
 * Runs the engine over the files named on the command line, one after the other, printing one JSON
 * line as each starts and ends (time taken, and the process's peak memory while it ran).
 * Started by realWorldCorpus.test.ts in a child process so a runaway file cannot take the suite down.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { ProcessingError, processWorkbook } from '../../../src/server/processing';

/** Peak RSS while the current file runs, sampled (getrusage's maxrss would include the parent's). */
let peakRss = 0;
const sampleRss = () => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
};
setInterval(sampleRss, 5).unref();

async function main(): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), 'corpus-'));
  try {
    for (const file of process.argv.slice(2)) {
      const name = basename(file);
      console.log(JSON.stringify({ event: 'start', file: name }));
      const started = Date.now();
      peakRss = process.memoryUsage.rss();
      let outcome: { ok: boolean; code?: string; message?: string; rowsIn?: number };
      try {
        const summary = await processWorkbook({ inputPath: file, fileName: name, consolidatedPath: join(out, 'c.xlsx'), scrubbedPath: join(out, 's.xlsx') });
        outcome = { ok: true, rowsIn: summary.rowsIn };
      } catch (err) {
        outcome = err instanceof ProcessingError ? { ok: false, code: err.code, message: err.message } : { ok: false, code: 'THROWN', message: String(err) };
      }
      sampleRss();
      const peakRssMb = Math.round(peakRss / 1024 / 1024);
      console.log(JSON.stringify({ event: 'end', file: name, ms: Date.now() - started, peakRssMb, ...outcome }));
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

void main();
