import { join } from 'node:path';
import { processWorkbook, type ProgressUpdate } from '@/server/processing';
import { openXlsx } from '@/server/processing/reading/xlsxSource';
import { payrollModel } from '../../../scripts/bench/payrollModel';
import { writeModelCsv, writeModelXls, writeModelXlsx } from '../../../scripts/bench/payrollFiles';
import { removeDir, tempDir } from './engineHarness';

let dir: string;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => {
  removeDir(dir);
});

async function progressOf(input: string): Promise<number[]> {
  const updates: ProgressUpdate[] = [];
  await processWorkbook({
    inputPath: input,
    fileName: input.split('/').pop() as string,
    consolidatedPath: join(dir, 'out.c.xlsx'),
    scrubbedPath: join(dir, 'out.s.xlsx'),
    onProgress: (update) => updates.push(update),
  });
  return updates.map((update) => update.progress);
}

function expectMonotonicToOne(shares: number[]) {
  expect(shares.length).toBeGreaterThan(2);
  for (const share of shares) {
    expect(share).toBeGreaterThanOrEqual(0);
    expect(share).toBeLessThanOrEqual(1);
  }
  for (let i = 1; i < shares.length; i++) expect(shares[i]).toBeGreaterThanOrEqual(shares[i - 1]);
  expect(shares[0]).toBe(0);
  expect(shares.at(-1)).toBe(1);
}

describe('the share of the work done, reported with the progress', () => {
  const model = payrollModel({ sheets: 3, rowsPerSheet: 600, seed: 11 });

  it('an xlsx: never goes back, grows sheet by sheet with the bytes read, and reaches 1', async () => {
    const input = join(dir, 'payroll.xlsx');
    await writeModelXlsx(model, input);
    const shares = await progressOf(input);
    expectMonotonicToOne(shares);
    // each table's start is reported: after the first sheet is read, part of the way, not all of it
    const between = shares.filter((share) => share > 0.1 && share < 0.9);
    expect(between.length).toBeGreaterThan(0);
  });

  it('an xls (rows held, counted in rows) and a csv (bytes of the file): never go back and reach 1', async () => {
    const xls = join(dir, 'payroll.xls');
    writeModelXls(model, xls);
    const xlsShares = await progressOf(xls);
    // small sheets arrive whole with the header search's first batch: their share is all read at once
    expectMonotonicToOne(xlsShares);

    const csv = join(dir, 'payroll.csv');
    await writeModelCsv(payrollModel({ sheets: 1, rowsPerSheet: 2000, seed: 12 }), csv);
    expectMonotonicToOne(await progressOf(csv));
  });

  it('the reader thread counts the bytes it read of a sheet as the main thread does', async () => {
    const input = join(dir, 'payroll.xlsx');
    await writeModelXlsx(model, input);
    for (const useThread of [true, false]) {
      const source = await openXlsx(input, useThread);
      try {
        expect(source.measure?.(1)).toEqual({ total: expect.any(Number), read: 0 });
        for await (const batch of source.rows(1)) expect(batch.length).toBeGreaterThan(0);
        const measure = source.measure?.(1);
        expect(measure?.total).toBeGreaterThan(0);
        expect(measure?.read).toBe(measure?.total);
        expect(source.measure?.(0)?.read).toBe(0);
      } finally {
        await source.close();
      }
    }
  });
});
