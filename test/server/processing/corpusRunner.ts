/**
 * Runs the engine over the files named on the command line, one after the other, printing one JSON
 * line as each starts and ends (time taken, the process's peak memory while it ran, and the outcome:
 * the rows and the tables used of a processed file, the code and message of a refused one).
 * Started by realWorldCorpus.test.ts in a child process so a runaway file cannot take the suite down.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { ProcessingError, type ProcessingSummary, processWorkbook } from '../../../src/server/processing';

/** A table the engine took as payroll: its sheet, data rows and the columns it mapped (header -> column). */
interface UsedTable {
  sheet: string;
  headerRow?: number;
  dataRows: number;
  mapping: string[];
}

function usedTables(summary: ProcessingSummary): UsedTable[] {
  return summary.sheets
    .filter((info) => !info.skippedReason)
    .map((info) => ({
      sheet: info.name,
      headerRow: info.headerRow,
      dataRows: info.dataRows,
      mapping: info.mapping.filter((m) => m.column !== m.header).map((m) => `${m.header} -> ${m.column}`),
    }));
}

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
      let outcome: { ok: boolean; code?: string; message?: string; rowsIn?: number; tables?: UsedTable[] };
      try {
        const summary = await processWorkbook({ inputPath: file, fileName: name, consolidatedPath: join(out, 'c.xlsx'), scrubbedPath: join(out, 's.xlsx') });
        outcome = { ok: true, rowsIn: summary.rowsIn, tables: usedTables(summary) };
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
