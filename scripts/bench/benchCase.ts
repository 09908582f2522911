/**
 * One benchmark case in its own process, so its peak RSS is its own:
 *   benchCase.ts <engine|exceljs|sheetjs|csv-parse> <input> <runs>
 * Prints one JSON line: median wall time of the runs (the first run of a warm series is left out when
 * there are more than two), rows handled, and the process's peak RSS (sampled every 10 ms).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { processWorkbook } from '../../src/server/processing';
import { type ReferencePipeline, loadReference } from './referencePipelines';

async function once(reference: ReferencePipeline | undefined, input: string, out: string): Promise<number> {
  if (!reference) {
    const summary = await processWorkbook({ inputPath: input, fileName: basename(input), consolidatedPath: join(out, 'c.xlsx'), scrubbedPath: join(out, 's.xlsx') });
    return summary.rowsIn;
  }
  return reference(input, join(out, 'ref.xlsx'));
}

/**
 * Peak RSS, sampled: getrusage's maxrss would carry over the parent's peak (Linux keeps it across
 * fork and exec), which says nothing about this case.
 */
let peakRss = 0;
const sampleRss = () => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss());
};
setInterval(sampleRss, 10).unref();

async function main(): Promise<void> {
  const [kind, input, runsText] = process.argv.slice(2);
  const runs = Math.max(1, Number(runsText) || 1);
  const out = mkdtempSync(join(tmpdir(), 'bench-out-'));
  const times: number[] = [];
  let rows = 0;
  // the reference's library is loaded before the runs are timed, as the engine's is
  const reference = kind === 'engine' ? undefined : await loadReference(kind);
  try {
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      rows = await once(reference, input, out);
      times.push(performance.now() - started);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  const measured = times.length > 2 ? times.slice(1) : times;
  measured.sort((a, b) => a - b);
  const medianMs = measured[Math.floor(measured.length / 2)];
  sampleRss();
  console.log(JSON.stringify({ kind, medianMs, rows, runs, peakRssMb: Math.round(peakRss / 1024 / 1024) }));
}

main().catch((err) => {
  console.log(JSON.stringify({ error: String(err) }));
  process.exit(1);
});
