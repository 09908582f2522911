/**
 * `npm run process` against another build of it, whole processes, cold, paired in one run: the
 * command line of this checkout (`dist/server/process.js`, built first when stale) and the one of
 * another checkout's build take turns on the same inputs, a fresh process per run, so start-up and
 * the pipeline thread's start count, and the machine's drift falls on both alike.
 *
 *   BENCH_BASELINE=path/to/other/checkout npm run bench:process-paired
 *
 * The other checkout must have been built (`npm run build`, or `npx tsx scripts/build-server.ts`).
 * Inputs: the 50 KB and 5 MB dense workbooks and a 6 MB CSV of the engine benchmark's payroll model (kept in
 * BENCH_DIR between runs). BENCH_ROUNDS sets the rounds (default 7).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { writeModelCsv, writeModelXlsx } from './payrollFiles';
import { payrollModel } from './payrollModel';
import { type ProcessTime, median, timeProcess } from './wholeProcesses';

const ROOT = resolve(__dirname, '../..');
const BENCH_DIR = process.env.BENCH_DIR ?? join(tmpdir(), 'payroll-engine-bench');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);

async function input(label: string, rowsPerSheet: number, format: 'xlsx' | 'csv'): Promise<string> {
  const path = join(BENCH_DIR, `paired-${label}.${format}`);
  if (!existsSync(path)) {
    const model = payrollModel({ sheets: 12, rowsPerSheet, seed: 2025, dense: format === 'xlsx' });
    if (format === 'xlsx') await writeModelXlsx(model, path, true);
    else await writeModelCsv(model, path);
  }
  return path;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(3)} s`;

async function main(): Promise<void> {
  const baseline = process.env.BENCH_BASELINE;
  if (!baseline) throw new Error('Set BENCH_BASELINE to a built checkout to compare with.');
  const theirs = resolve(baseline, 'dist/server/process.js');
  if (!existsSync(theirs)) throw new Error(`${theirs} is missing: build that checkout first.`);
  const require = createRequire(__filename);
  const { buildEngineIfStale } = require('../buildFreshness.cjs') as { buildEngineIfStale: (root: string) => string };
  const ours = buildEngineIfStale(ROOT);
  mkdirSync(BENCH_DIR, { recursive: true });
  const inputs = [await input('50KB', 18, 'xlsx'), await input('5MB', 2250, 'xlsx'), await input('6MB', 6100, 'csv')];
  const sides: Array<[string, string]> = [
    ['this build', ours],
    ['baseline', theirs],
  ];
  for (const file of inputs) {
    const out = mkdtempSync(join(tmpdir(), 'bench-paired-'));
    try {
      const times = new Map<string, ProcessTime[]>(sides.map(([name]) => [name, []]));
      for (const [, cli] of sides) timeProcess([cli, file, '--out', out]);
      for (let round = 0; round < ROUNDS; round++) {
        for (let i = 0; i < sides.length; i++) {
          const [name, cli] = sides[(round + i) % sides.length];
          times.get(name)?.push(timeProcess([cli, file, '--out', out]));
        }
      }
      const mb = (statSync(file).size / 1e6).toFixed(1);
      console.log(`\n${file.split('/').pop()} (${mb} MB): whole processes, cold, ${ROUNDS} rounds taking turns; wall median (range), CPU median`);
      const wall = (name: string) => median((times.get(name) as ProcessTime[]).map((t) => t.wallMs));
      const cpu = (name: string) => median((times.get(name) as ProcessTime[]).map((t) => t.cpuMs ?? 0));
      for (const [name] of sides) {
        const all = (times.get(name) as ProcessTime[]).map((t) => t.wallMs);
        console.log(`  ${name.padEnd(11)} ${seconds(wall(name)).padStart(9)} (${seconds(Math.min(...all))} - ${seconds(Math.max(...all))})  cpu ${seconds(cpu(name))}`);
      }
      console.log(`  this build / baseline: wall ${(wall('this build') / wall('baseline')).toFixed(3)}, CPU ${(cpu('this build') / cpu('baseline')).toFixed(3)}`);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
