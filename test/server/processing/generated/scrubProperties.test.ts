/**
 * What the scrub guarantees, stated as properties over generated payroll registers (see
 * `registerArbitrary.ts`): many header spellings, layouts and formats no fixture has. A failure
 * prints the shrunk file (layout, headers, rows) and what went wrong in it.
 *
 *   REGISTER_SEED=n      another corpus of files (default: a fixed seed, so runs repeat)
 *   REGISTER_RUNS=n      files per property (default: 30)
 *   REGISTER_SHRINK_MS=n time given to shrinking a failure (default: 6000)
 *
 * Replay a printed counterexample: the same REGISTER_SEED, and its `path` given to `fc.assert`.
 */
import fc from 'fast-check';
import { CANONICAL_COLUMNS } from '@/common/canonicalColumns';
import { type RegisterFile, tablesOf } from './registerSpec';
import { registerFileArbitrary } from './registerArbitrary';
import { EngineFailure, type RegisterRun, runRegister } from './engineOutputs';
import { leakedSecrets, secretCount } from './leakCheck';
import { lostColumns, misplacedRows } from './lossCheck';
import { grossMismatch, missingEmployees, rowCountMismatch } from './rowChecks';
import { unrecognised } from './recognitionCheck';
import { HEADER_SPELLINGS } from './headerSpellings';
import { CORPUS_SIZE, formatReport, headerCorpus, recognitionReport, twoRowCorpus } from './headerRecognition';

const SEED = Number(process.env.REGISTER_SEED ?? 20250307);
const RUNS = Number(process.env.REGISTER_RUNS ?? 30);
const SHRINK_MS = Number(process.env.REGISTER_SHRINK_MS ?? 6000);
// a file takes 50-300 ms through the engine; a failure then has SHRINK_MS to shrink
jest.setTimeout(Math.max(60_000, RUNS * 1_000 + 2 * SHRINK_MS));

/** One table per sheet, no weekly grid: stacked tables and the grid have properties of their own. */
const PLAIN = { stacked: false, weekly: 'never' } as const;

/**
 * Runs the property on `numRuns` files, all of them whatever the time it takes (so whether it fails
 * does not depend on the machine's speed), then shrinks a failure for at most SHRINK_MS and reports it.
 */
async function assertOnFiles(property: fc.IAsyncPropertyWithHooks<[RegisterFile]>, numRuns = RUNS): Promise<void> {
  const first = await fc.check(property, { seed: SEED, numRuns, endOnFailure: true });
  if (!first.failed) return;
  if (first.counterexample === null) throw new Error(fc.defaultReportMessage(first)); // too many files skipped, say
  await fc.assert(property, { seed: SEED, path: first.counterexamplePath ?? undefined, plugins: [fc.interruptAfterTimeLimit(SHRINK_MS)] });
  throw new Error(`the file that failed passed when replayed:\n${fc.defaultReportMessage(first)}`);
}

/** Fails with the findings, a few of them: the counterexample printed above them says where they come from. */
function expectNone(findings: string[], what: string): void {
  if (findings.length === 0) return;
  const shown = findings.slice(0, 8).map((f) => `  - ${f}`);
  if (findings.length > 8) shown.push(`  ... and ${findings.length - 8} more`);
  throw new Error(`${what}:\n${shown.join('\n')}`);
}

let threadSetting: string | undefined;
beforeAll(() => {
  // the engine in this process: a few hundred small files, no thread to start for each
  threadSetting = process.env.PAYROLL_PIPELINE_THREAD;
  process.env.PAYROLL_PIPELINE_THREAD = '0';
});
afterAll(() => {
  if (threadSetting === undefined) delete process.env.PAYROLL_PIPELINE_THREAD;
  else process.env.PAYROLL_PIPELINE_THREAD = threadSetting;
});

describe('scrubbing generated payroll registers', () => {
  it('leaves no SSN, bank account or routing number of the input in any cell of the scrubbed workbook', async () => {
    await assertOnFiles(
      fc.asyncProperty(registerFileArbitrary({ sensitive: true }), async (file) => {
        expect(secretCount(file)).toBeGreaterThan(0);
        let run: RegisterRun;
        try {
          run = await runRegister(file);
        } catch (err) {
          // a file the engine refuses has no scrubbed workbook to leak from (other properties judge the refusal)
          fc.pre(!(err instanceof EngineFailure));
          throw err;
        }
        expectNone(leakedSecrets(file, run), 'sensitive numbers of the input are in the scrubbed workbook');
      }),
    );
  });

  it('loses nothing silently: every input column with data is in Consolidated, or a warning names it', async () => {
    await assertOnFiles(
      fc.asyncProperty(registerFileArbitrary(PLAIN), async (file) => {
        expectNone(lostColumns(await runRegister(file)), 'input columns missing from Consolidated, no warning naming them');
      }),
    );
  });

  it('keeps every employee of the input in Scrubbed, by Employee ID or name', async () => {
    await assertOnFiles(
      fc.asyncProperty(registerFileArbitrary(PLAIN), async (file) => {
        expectNone(missingEmployees(await runRegister(file)), 'employees of the input missing from Scrubbed');
      }),
    );
  });

  it('writes one Consolidated row per data row of the input, and no other', async () => {
    await assertOnFiles(
      fc.asyncProperty(registerFileArbitrary(PLAIN), async (file) => {
        expectNone(rowCountMismatch(await runRegister(file)), 'Consolidated rows differ from the input data rows');
      }),
    );
  });

  it('totals Gross Pay to the sum of the gross the input gives', async () => {
    await assertOnFiles(
      fc.asyncProperty(registerFileArbitrary(PLAIN), async (file) => {
        expectNone(grossMismatch(await runRegister(file)), 'Gross Pay total differs from the input');
      }),
    );
  });

  it('maps Employee ID, name, hours and Gross Pay headers spelled as exports spell them to their canonical columns', async () => {
    await assertOnFiles(
      fc.asyncProperty(registerFileArbitrary(PLAIN), async (file) => {
        expectNone(unrecognised(await runRegister(file)), 'headers not mapped to the canonical column they stand for');
      }),
    );
  });

  it('reads stacked tables each with its own columns: table 2 IDs under Employee ID, its names and gross under theirs', async () => {
    await assertOnFiles(
      fc.asyncProperty(registerFileArbitrary({ stacked: true, maxEmployees: 8 }), async (file) => {
        const run = await runRegister(file);
        expectNone([...misplacedRows(run), ...lostColumns(run)], 'stacked tables read into the wrong columns or lost');
      }),
      15,
    );
  });

  it('reads a grid whose grouped two-row header spans weekly date columns: every row, employee and column kept', async () => {
    await assertOnFiles(
      fc.asyncProperty(registerFileArbitrary({ weekly: 'only', maxEmployees: 6 }), async (file) => {
        const run = await runRegister(file);
        expectNone([...rowCountMismatch(run), ...missingEmployees(run), ...lostColumns(run)], 'the weekly grid is not read whole');
      }),
      10,
    );
  });
});

describe('the generated corpus', () => {
  it('exercises at least 200 distinct header spellings across the canonical columns', () => {
    const listed = new Set(Object.entries(HEADER_SPELLINGS).flatMap(([canonical, list]) => list.map((s) => `${canonical}\u0000${s}`)));
    expect(listed.size).toBeGreaterThanOrEqual(200);
    const spellings = new Set<string>();
    const written = new Set<string>();
    for (const file of fc.sample(registerFileArbitrary(), { seed: SEED, numRuns: 300 })) {
      for (const { table } of tablesOf(file)) {
        for (const column of table.columns) {
          if (!column.canonical) continue;
          spellings.add(`${column.canonical}\u0000${column.spelling}`);
          written.add(`${column.canonical}\u0000${column.header}`);
        }
      }
    }
    const perColumn = CANONICAL_COLUMNS.map((c) => [...spellings].filter((s) => s.startsWith(`${c}\u0000`)).length);
    console.log(`Header spellings: ${listed.size} listed; ${spellings.size} exercised by 300 files (${written.size} distinct as written), per canonical column: ${CANONICAL_COLUMNS.map((c, i) => `${c} ${perColumn[i]}`).join(', ')}`);
    expect(spellings.size).toBeGreaterThanOrEqual(200);
    expect(perColumn.every((n) => n > 0)).toBe(true);
  });

  it(`reports the engine's recognition rate per canonical column over ${CORPUS_SIZE} headers, and over the two-row forms`, async () => {
    const report = await recognitionReport(headerCorpus());
    console.log(formatReport(report));
    expect(report.perColumn.reduce((s, c) => s + c.tested, 0)).toBe(CORPUS_SIZE);
    const twoRow = twoRowCorpus();
    const twoRowReport = await recognitionReport(twoRow);
    console.log(formatReport(twoRowReport, 'two-row headers: each split pair, each group label over its members'));
    expect(twoRowReport.perColumn.reduce((s, c) => s + c.tested, 0)).toBe(twoRow.reduce((n, sheet) => n + sheet.headers.length, 0));
  });
});
