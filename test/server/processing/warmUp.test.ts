import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import * as XLSX from '@e965/xlsx';
import { warmUp, writeWarmUpSample } from '../../../src/server/processing/pipeline/warmUp';
import { removeDir, runEngine, tempDir } from './engineHarness';

let dir: string;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => removeDir(dir));

/** The warm-up folders left in the temp folder. */
const warmUpFolders = () => readdirSync(tmpdir()).filter((name) => name.startsWith('payroll-warm-up-'));

describe("the engine's warm-up sample", () => {
  it('is a payroll the engine reads in full: every sheet, its headers, its issues, the SSNs masked', async () => {
    const { xlsx, csv } = await writeWarmUpSample(dir);
    // a package another reader opens too, with its strings shared and its dates styled as dates
    const book = XLSX.readFile(xlsx, { cellDates: true });
    expect(book.SheetNames).toEqual(['Hourly', 'Salaried', 'Dept 30']);
    expect(book.Sheets.Hourly.A4).toMatchObject({ t: 's', v: 'Employee ID' });
    expect(book.Sheets.Hourly.D5).toMatchObject({ t: 'd' });

    const weekStart = new Date(Date.UTC(2026, 0, 5));
    const { summary, scrubbed } = await runEngine(dir, xlsx, 'Register.xlsx', weekStart);
    expect(summary.sheets.map((s) => [s.name, s.skippedReason, s.dataRows])).toEqual([
      ['Hourly', undefined, 61],
      ['Salaried', undefined, 61],
      ['Dept 30', undefined, 61],
    ]);
    const columns = summary.sheets.map((s) => s.mapping.map((m) => m.column));
    for (const mapped of columns) expect(mapped).toEqual(expect.arrayContaining(['Employee ID', 'Pay Rate', 'Gross Pay', 'Regular Hours']));
    expect(Object.keys(summary.issuesByRule)).toEqual(expect.arrayContaining(['missing-id', 'invalid-ssn', 'not-a-number']));
    expect(summary.rowsOut).toBe(183);
    const ssns = XLSX.utils.sheet_to_json<Record<string, unknown>>(scrubbed.Sheets.Scrubbed).map((row) => String(row.SSN ?? ''));
    expect(ssns.filter((ssn) => /\d{3}-?\d{2}-?\d{4}/.test(ssn))).toEqual([]);
    // every row of the two sheets with an SSN column (Dept 30 has none)
    expect(ssns.filter((ssn) => ssn.includes('*')).length).toBe(122);

    const fromCsv = await runEngine(dir, csv, 'Register.csv', weekStart);
    expect(fromCsv.summary.rowsOut).toBe(61);
  });
});

describe('the warm-up', () => {
  it('runs the engine as many times as asked, every run completing, and leaves nothing behind', async () => {
    const before = warmUpFolders();
    await expect(warmUp({ runs: 6, signal: new AbortController().signal })).resolves.toBe(6);
    expect(warmUpFolders()).toEqual(before);
  });

  it("removes the folders of warm-ups whose process has ended, and keeps those of processes that run", async () => {
    // a process that has ended, as one stopped half-way through its warm-up
    const ended = spawnSync(process.execPath, ['-e', '']).pid as number;
    const abandoned = join(tmpdir(), `payroll-warm-up-${ended}-Ab12Cd`);
    const running = join(tmpdir(), `payroll-warm-up-${process.ppid}-Ef34Gh`);
    for (const folder of [abandoned, running]) {
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'sample.xlsx'), 'left behind');
    }
    try {
      await expect(warmUp({ runs: 1, signal: new AbortController().signal })).resolves.toBe(1);
      expect(existsSync(abandoned)).toBe(false);
      expect(existsSync(running)).toBe(true);
    } finally {
      removeDir(abandoned);
      removeDir(running);
    }
  });

  it('stops when its signal is aborted, also half-way through a run, and leaves nothing behind', async () => {
    const before = warmUpFolders();
    const aborted = new AbortController();
    aborted.abort();
    await expect(warmUp({ runs: 5, signal: aborted.signal })).resolves.toBe(0);

    const controller = new AbortController();
    const warming = warmUp({ runs: 1000, signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    const runs = await warming;
    expect(runs).toBeGreaterThanOrEqual(0);
    expect(runs).toBeLessThan(1000);
    expect(warmUpFolders()).toEqual(before);
  });
});
