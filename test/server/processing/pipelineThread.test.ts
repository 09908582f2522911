import { readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { processWorkbook, type ProcessingSummary, type ProgressUpdate } from '../../../src/server/processing';
import { payrollModel } from '../../../scripts/bench/payrollModel';
import { writeModelCsv } from '../../../scripts/bench/payrollFiles';
import { removeDir, tempDir } from './engineHarness';

let dir: string;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => {
  delete process.env.PAYROLL_PIPELINE_HEAP_MB;
  delete process.env.PAYROLL_PIPELINE_THREAD;
  removeDir(dir);
});

function run(input: string, name: string, extra: { onProgress?: (p: ProgressUpdate) => void; signal?: AbortSignal } = {}): Promise<ProcessingSummary> {
  return processWorkbook({ inputPath: input, fileName: basename(input), consolidatedPath: join(dir, `${name}.c.xlsx`), scrubbedPath: join(dir, `${name}.s.xlsx`), ...extra });
}

/** A CSV with a new person on every row: what the pipeline must remember grows with every line. */
function manyPeople(rows: number): string {
  const lines = ['Employee ID,Employee Name,Regular Hours,Gross Pay'];
  for (let i = 0; i < rows; i++) lines.push(`${1_000_000 + i},Person${i} Name${i},40,${(400 + (i % 97)).toFixed(2)}`);
  const path = join(dir, 'many.csv');
  writeFileSync(path, lines.join('\n'));
  return path;
}

describe('the pipeline on its own thread', () => {
  it('gives the same result as on the calling thread, with progress', async () => {
    const input = join(dir, 'payroll.csv');
    await writeModelCsv(payrollModel({ sheets: 3, rowsPerSheet: 400, seed: 5 }), input);
    const progress: ProgressUpdate[] = [];
    const threaded = await run(input, 'threaded', { onProgress: (p) => progress.push(p) });
    process.env.PAYROLL_PIPELINE_THREAD = '0';
    const inline = await run(input, 'inline');
    expect({ ...threaded, durationMs: 0 }).toEqual({ ...inline, durationMs: 0 });
    expect(threaded.rowsOut).toBeGreaterThan(1000);
    expect(progress[0]).toEqual({ stage: 'CONSOLIDATING', message: 'Consolidating: reading the file' });
    expect(progress.at(-1)?.stage).toBe('SCRUBBING');
  });

  it('keeps going when a progress listener throws', async () => {
    const input = join(dir, 'payroll.csv');
    await writeModelCsv(payrollModel({ sheets: 1, rowsPerSheet: 50, seed: 6 }), input);
    const summary = await run(input, 'listener', {
      onProgress: () => {
        throw new Error('listener failed');
      },
    });
    expect(summary.rowsOut).toBeGreaterThan(40);
  });

  it('fails with TOO_LARGE when the upload needs more memory than the thread has, leaving nothing behind', async () => {
    const small = join(dir, 'small.csv');
    writeFileSync(small, 'Employee ID,Employee Name,Regular Hours\n1,Ann Lee,40\n');
    const input = manyPeople(300_000);
    process.env.PAYROLL_PIPELINE_HEAP_MB = '32';
    // the thread works within that limit...
    await expect(run(small, 'small')).resolves.toMatchObject({ rowsOut: 1 });
    // ...but 300,000 people do not fit in it
    await expect(run(input, 'huge')).rejects.toMatchObject({ code: 'TOO_LARGE' });
    expect(readdirSync(dir).sort()).toEqual(['many.csv', 'small.c.xlsx', 'small.csv', 'small.s.xlsx']);

    // the next upload gets a new thread
    delete process.env.PAYROLL_PIPELINE_HEAP_MB;
    await expect(run(small, 'again')).resolves.toMatchObject({ rowsOut: 1 });
  });

  it('stops a job cancelled half-way and removes its outputs', async () => {
    const input = manyPeople(200_000);
    const controller = new AbortController();
    const onProgress = (p: ProgressUpdate) => {
      if (p.message.includes('rows')) controller.abort();
    };
    await expect(run(input, 'cancelled', { onProgress, signal: controller.signal })).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(readdirSync(dir)).toEqual(['many.csv']);
  });
});
