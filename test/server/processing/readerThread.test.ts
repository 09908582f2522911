import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openXlsx } from '../../../src/server/processing/reading/xlsxSource';
import { type SheetRow } from '../../../src/server/processing/types';
import { payrollModel } from '../../../scripts/bench/payrollModel';
import { writeModelXlsx } from '../../../scripts/bench/payrollFiles';
import { removeDir, tempDir } from './engineHarness';

let dir: string;
beforeAll(() => {
  dir = tempDir();
});
afterAll(() => removeDir(dir));

async function readAll(path: string, useThread: boolean): Promise<SheetRow[][]> {
  const source = await openXlsx(path, useThread);
  try {
    const sheets: SheetRow[][] = [];
    for (let i = 0; i < source.sheets.length; i++) {
      const rows: SheetRow[] = [];
      for await (const batch of source.rows(i)) rows.push(...batch);
      sheets.push(rows);
    }
    return sheets;
  } finally {
    await source.close();
  }
}

describe('xlsx sheets read on the reader thread', () => {
  it('gives the same rows and values as reading on the calling thread', async () => {
    const path = join(dir, 'thread.xlsx');
    await writeModelXlsx(payrollModel({ sheets: 3, rowsPerSheet: 700, seed: 11, dense: true }), path, true);
    const inline = await readAll(path, false);
    const threaded = await readAll(path, true);
    expect(threaded.map((s) => s.length)).toEqual(inline.map((s) => s.length));
    expect(threaded).toEqual(inline);
  });

  it('keeps several sheets open and lets one be left early', async () => {
    const path = join(dir, 'early.xlsx');
    await writeModelXlsx(payrollModel({ sheets: 2, rowsPerSheet: 2000, seed: 12 }), path);
    const source = await openXlsx(path, true);
    try {
      const first = source.rows(0)[Symbol.asyncIterator]();
      const second = source.rows(1)[Symbol.asyncIterator]();
      const top = await first.next();
      expect(top.done).toBe(false);
      await first.return?.(undefined);
      let rows = 0;
      for (let next = await second.next(); !next.done; next = await second.next()) rows += next.value.length;
      expect(rows).toBeGreaterThan(2000);
    } finally {
      await source.close();
    }
  });

  it('fails a damaged sheet part the same way on either thread', async () => {
    const path = join(dir, 'damaged.xlsx');
    await writeModelXlsx(payrollModel({ sheets: 1, rowsPerSheet: 3000, seed: 13, dense: true }), path, true);
    const bytes = readFileSync(path);
    // the first part (the sheet) starts the archive; garble the middle of its compressed data
    for (let i = 20000; i < 20400; i++) bytes[i] ^= 0x5a;
    writeFileSync(path, bytes);
    const outcome = (useThread: boolean) =>
      readAll(path, useThread).then(
        () => 'read',
        (err: Error & { code?: string }) => `${err.name} ${err.code ?? ''}`,
      );
    const inline = await outcome(false);
    expect(inline).toMatch(/ProcessingError/);
    expect(await outcome(true)).toBe(inline);
  });
});
