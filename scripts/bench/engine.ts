/**
 * `npm run bench:engine`: the engine against the references a typical Node implementation would use,
 * on deterministic generated payrolls (a dozen sheets, title rows, varied headers, text numbers,
 * subtotals). Prints per case the median wall time of the whole pipeline, input MB/s, rows/s and
 * peak RSS; the smaller cases run in rounds, engine and references taking turns (see `Plan.rounds`).
 * Each case runs in its own process, built as the server is built (one bundle, its threads' entries
 * beside it) and run by plain Node, as in production.
 *
 * Then, for the 50 KB and 5 MB workbooks and the CSV, whole processes cold (see `wholeProcesses.ts`):
 * the built command line, `node dist/server/process.js <file> --out <dir>` (the server build is made
 * first when stale), against each reference as a process of its own, in rounds taking turns; goals: the
 * engine in at most half the reference's time for 50 KB, a third for 5 MB and the CSV.
 *
 *   BENCH_SKIP_LARGE=1   leave out the 6.8 million-cell workbook, the 100 MB one and the .xls
 *   BENCH_DIR=path       where generated inputs are kept between runs (default: the temp folder)
 *   BENCH_ONLY=csv,5MB   run only the cases with these labels (50KB, 5MB, csv, 50MB, 100MB, xls)
 *   BENCH_CLI=only       only the whole-process comparison (`npm run bench:cli`); BENCH_CLI=0 leaves it out
 *   BENCH_CLI_ROUNDS=n   rounds of the whole-process comparison (default: 11 for 50 KB, 5 for 5 MB, 7 for the CSV)
 *   BENCH_BASELINE=path  another checkout, built (`npx tsx scripts/build-server.ts`): its command line takes turns
 *                        in the whole-process rounds too, so before and after are paired with the references
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { buildEngineIfStale } from '../buildFreshness.cjs';
import { payrollModel } from './payrollModel';
import { writeModelCsv, writeModelXls, writeModelXlsx } from './payrollFiles';
import { type WholeProcessCase, compareWholeProcesses } from './wholeProcesses';

const SHEETS = 12;
const BENCH_DIR = process.env.BENCH_DIR ?? join(tmpdir(), 'payroll-engine-bench');
const SKIP_LARGE = process.env.BENCH_SKIP_LARGE === '1';
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((label) => label.trim())) : undefined;
const WARM = process.env.BENCH_CLI !== 'only';
const COLD = process.env.BENCH_CLI !== '0';
const COLD_ROUNDS = Number(process.env.BENCH_CLI_ROUNDS) || undefined;
const BASELINE = process.env.BENCH_BASELINE ? resolve(process.env.BENCH_BASELINE, 'dist/server/process.js') : undefined;
const ROOT = resolve(__dirname, '../..');
/** Inside the repository, so the bundle finds node_modules. */
const BUILD_DIR = join(ROOT, 'dist/bench');

/** The warm cases' script, and the references as whole processes (see `wholeProcesses.ts`). */
async function buildCases(): Promise<{ benchCase: string; referenceProcess: string }> {
  await build({
    entryPoints: {
      benchCase: join(__dirname, 'benchCase.ts'),
      referenceProcess: join(__dirname, 'referenceProcess.ts'),
      pipelineWorker: join(ROOT, 'src/server/processing/pipeline/pipelineWorker.ts'),
      xlsxReadWorker: join(ROOT, 'src/server/processing/reading/xlsxReadWorker.ts'),
    },
    outdir: BUILD_DIR,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    logLevel: 'warning',
    tsconfig: join(ROOT, 'tsconfig.json'),
  });
  return { benchCase: join(BUILD_DIR, 'benchCase.js'), referenceProcess: join(BUILD_DIR, 'referenceProcess.js') };
}

interface InputFile {
  label: string;
  path: string;
  /** Non-empty cells, and cells of the rows' full width (blank ones included). */
  cells: number;
  grid: number;
}

/**
 * The xlsx inputs are dense (every cell a real export fills, amounts at full precision, formulas with
 * cached values, Excel's row and style attributes), so they compress like a real payroll: about
 * 6.8 bytes of file per cell. The CSV and the .xls keep the sparser model.
 */
async function generated(label: string, rowsPerSheet: number, format: 'xlsx' | 'csv' | 'xls'): Promise<InputFile> {
  const dense = format === 'xlsx';
  const path = join(BENCH_DIR, `payroll-${label}${dense ? '-dense' : ''}.${format}`);
  const model = payrollModel({ sheets: SHEETS, rowsPerSheet, seed: 2025, dense });
  const cells = model.sheets.reduce((n, s) => n + s.rows.reduce((m, r) => m + r.filter((v) => v !== null && v !== undefined).length, 0), 0);
  const grid = model.sheets.reduce((n, s) => n + s.rows.reduce((m, r) => m + r.length, 0), 0);
  if (!existsSync(path)) {
    process.stdout.write(`generating ${path} ...\n`);
    if (format === 'xlsx') await writeModelXlsx(model, path, true);
    else if (format === 'csv') await writeModelCsv(model, path);
    else writeModelXls(model, path);
  }
  return { label, path, cells, grid };
}

interface CaseResult {
  medianMs: number;
  rows: number;
  peakRssMb: number;
}

function runCase(script: string, kind: string, file: string, runs: number): CaseResult | undefined {
  // the engine's heap is bounded by its own thread; the references get room to finish
  const flags = kind === 'engine' ? [] : ['--max-old-space-size=8192'];
  try {
    const output = execFileSync(process.execPath, [...flags, script, kind, file, String(runs)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 1 << 20,
    });
    const result = JSON.parse(output.trim().split('\n').pop() as string) as CaseResult & { error?: string };
    if (result.error) throw new Error(result.error);
    return result;
  } catch (err) {
    console.log(`  ${kind}: failed (${(err as Error).message.split('\n')[0]})`);
    return undefined;
  }
}

function line(kind: string, input: InputFile, result: CaseResult | undefined, baseline?: CaseResult): void {
  if (!result) return;
  const mb = statSync(input.path).size / 1e6;
  const seconds = result.medianMs / 1000;
  const speedup = baseline ? `  (${(result.medianMs / baseline.medianMs).toFixed(2)}x the engine's time)` : '';
  console.log(
    `  ${kind.padEnd(10)} ${seconds.toFixed(seconds < 1 ? 3 : 1).padStart(8)} s  ${(mb / seconds).toFixed(2).padStart(7)} MB/s  ` +
      `${Math.round(result.rows / seconds).toLocaleString('en-US').padStart(10)} rows/s  peak RSS ${String(result.peakRssMb).padStart(5)} MB${speedup}`,
  );
}

interface Plan {
  input: InputFile;
  kinds: string[];
  /** Runs per process: the engine's, and the references' when fewer (they take seconds each). */
  runs: number;
  referenceRuns?: number;
  /**
   * Rounds of one process per kind, one after the other. This machine's speed drifts by 10-15 % over
   * tens of seconds (other tenants' memory traffic): taking turns exposes engine and references to
   * the same drift, and the median over the rounds leaves out a round caught in a slow spell.
   */
  rounds: number;
}

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function main(): Promise<void> {
  mkdirSync(BENCH_DIR, { recursive: true });
  const { benchCase, referenceProcess } = await buildCases();
  type Cold = Omit<WholeProcessCase, 'label' | 'input'>;
  const cases: Array<{ label: string; rowsPerSheet: number; format: 'xlsx' | 'csv' | 'xls'; large?: boolean; cold?: Cold } & Omit<Plan, 'input'>> = [
    { label: '50KB', rowsPerSheet: 18, format: 'xlsx', kinds: ['engine', 'exceljs', 'sheetjs'], runs: 15, rounds: 3, cold: { references: ['exceljs', 'sheetjs'], goal: 1 / 2, rounds: 11 } },
    { label: '5MB', rowsPerSheet: 2250, format: 'xlsx', kinds: ['engine', 'exceljs', 'sheetjs'], runs: 5, rounds: 3, cold: { references: ['exceljs', 'sheetjs'], goal: 1 / 3, rounds: 5 } },
    { label: 'csv', rowsPerSheet: 4200, format: 'csv', kinds: ['engine', 'csv-parse'], runs: 11, referenceRuns: 5, rounds: 5, cold: { references: ['csv-parse'], goal: 1 / 3, rounds: 7 } },
    { label: '50MB', rowsPerSheet: 20_900, format: 'xlsx', kinds: ['engine', 'exceljs', 'sheetjs'], runs: 1, rounds: 1, large: true },
    { label: '100MB', rowsPerSheet: 45_000, format: 'xlsx', kinds: ['engine'], runs: 1, rounds: 1, large: true },
    { label: 'xls', rowsPerSheet: 8_000, format: 'xls', kinds: ['engine'], runs: 1, rounds: 1, large: true },
  ];
  const plan: Plan[] = [];
  const coldPlan: WholeProcessCase[] = [];
  for (const { label, rowsPerSheet, format, large, cold, ...rest } of cases) {
    const warm = WARM && (ONLY ? ONLY.has(label) : !(large && SKIP_LARGE));
    const wholeProcess = COLD && cold !== undefined && (!ONLY || ONLY.has(label));
    if (!warm && !wholeProcess) continue;
    const input = await generated(label, rowsPerSheet, format);
    if (warm) plan.push({ input, ...rest });
    if (wholeProcess) coldPlan.push({ label, input: input.path, ...cold, rounds: COLD_ROUNDS ?? cold.rounds, baseline: BASELINE });
  }
  for (const { input, kinds, runs, referenceRuns = runs, rounds } of plan) {
    const size = statSync(input.path).size;
    const cells = `${input.grid.toLocaleString('en-US')} cells (${input.cells.toLocaleString('en-US')} non-empty)`;
    const perProcess = `${runs}${referenceRuns !== runs ? ` (references ${referenceRuns})` : ''} runs per process`;
    const method = rounds > 1 ? `${rounds} rounds taking turns, ${perProcess}: median of the rounds' medians` : `${runs} run(s)${runs > 1 ? ', median' : ''}`;
    console.log(`\n${input.label}: ${(size / 1e6).toFixed(2)} MB, ${cells}, ${method}`);
    const results = new Map<string, CaseResult[]>(kinds.map((k) => [k, []]));
    for (let round = 0; round < rounds; round++) {
      for (const kind of kinds) {
        const result = runCase(benchCase, kind, input.path, kind === 'engine' ? runs : referenceRuns);
        if (result) results.get(kind)?.push(result);
      }
    }
    const overRounds = (kind: string): CaseResult | undefined => {
      const all = results.get(kind) ?? [];
      if (all.length === 0) return undefined;
      return { medianMs: medianOf(all.map((r) => r.medianMs)), rows: all[0].rows, peakRssMb: Math.max(...all.map((r) => r.peakRssMb)) };
    };
    const engine = overRounds('engine');
    for (const kind of kinds) line(kind, input, overRounds(kind), kind === 'engine' ? undefined : engine);
  }
  if (coldPlan.length === 0) return;
  if (BASELINE && !existsSync(BASELINE)) throw new Error(`${BASELINE} is missing: build that checkout first (npx tsx scripts/build-server.ts).`);
  const engineCli = buildEngineIfStale(ROOT);
  for (const c of coldPlan) compareWholeProcesses(engineCli, referenceProcess, c);
}

void main();
