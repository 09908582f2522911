/**
 * `npm run bench:warm-up`: what a freshly started worker's first uploads cost, with the engine warmed on
 * its own sample (PROCESSING_WARM_UP_RUNS, the default), warmed with an upload coming at once (as after a
 * restart with uploads waiting: the upload stops the warm-up, and its runs left are made once the thread is
 * idle; that upload is not counted), and without (0). Each side is a fresh process, as
 * a worker is after a start, a deploy or a crash: the pipeline thread is started as a worker starts it,
 * the warm-up (when on) runs to its end, then BENCH_WARM_UPLOADS (default 60) uploads of the 50 KB dense
 * workbook of `bench:e2e` go through one after another. Printed per side, the median of the starts: the
 * first upload's time, the median upload's, the uploads' wall time in all, and the CPU the process
 * used over them (every thread, V8's compiler threads included), per upload; and the warm-up's own
 * time and CPU, which a worker spends before its first upload comes. The sides take turns (A B B A ...).
 *
 *   BENCH_WARM_STARTS=n    starts per side (default 4)
 *   BENCH_WARM_RUNS=n      the warm-up's runs on the warmed side (default: the server's default, 30)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { processWorkbook, warmPipeline } from '../../src/server/processing';
import { writeModelXlsx } from './payrollFiles';
import { payrollModel } from './payrollModel';
import { table } from './table';
import { median } from './wholeProcesses';

const STARTS = Number(process.env.BENCH_WARM_STARTS ?? 4);
const UPLOADS = Number(process.env.BENCH_WARM_UPLOADS ?? 60);
const WARM_RUNS = Number(process.env.BENCH_WARM_RUNS ?? 30);
const BENCH_DIR = join(tmpdir(), 'payroll-engine-bench');
const INPUT = join(BENCH_DIR, 'payroll-50KB-dense.xlsx');

interface StartFigures {
  warmUpMs: number;
  warmUpCpuMs: number;
  warmUpRuns: number;
  firstMs: number;
  medianMs: number;
  totalMs: number;
  cpuMsPerUpload: number;
}

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * One start (in a child process): the thread, the warm-up to its end, then the uploads. `interrupted`:
 * an upload comes as soon as the thread is ready, which stops the warm-up; the runs left are made once
 * the thread is idle after it, and the uploads come once they are (that first upload is not counted).
 */
async function oneStart(warmUpRuns: number, interrupted: boolean): Promise<StartFigures> {
  const out = mkdtempSync(join(tmpdir(), 'payroll-bench-warm-'));
  try {
    const cpu0 = cpuMs();
    const t0 = performance.now();
    let warmUp = { runs: 0, ms: 0 };
    // the process waits for the warm-up as a server would (an idle pipeline thread does not keep it alive)
    const alive = setInterval(() => undefined, 1_000);
    await new Promise<void>((resolve, reject) => {
      void warmPipeline({
        keepAlive: true,
        warmUpRuns,
        onWarmed: (ended) => {
          warmUp = ended;
          resolve();
        },
      }).then(async () => {
        if (interrupted) await processWorkbook({ inputPath: INPUT, fileName: 'payroll.xlsx', consolidatedPath: join(out, 'first.c.xlsx'), scrubbedPath: join(out, 'first.s.xlsx') }).catch(reject);
        if (warmUpRuns === 0) resolve();
      });
    });
    clearInterval(alive);
    const warmUpMs = performance.now() - t0;
    const warmUpCpuMs = cpuMs() - cpu0;
    const times: number[] = [];
    const cpu1 = cpuMs();
    const t1 = performance.now();
    for (let i = 0; i < UPLOADS; i++) {
      const started = performance.now();
      await processWorkbook({ inputPath: INPUT, fileName: 'payroll.xlsx', consolidatedPath: join(out, `${i}.c.xlsx`), scrubbedPath: join(out, `${i}.s.xlsx`) });
      times.push(performance.now() - started);
    }
    return {
      warmUpMs,
      warmUpCpuMs,
      warmUpRuns: warmUp.runs,
      firstMs: times[0],
      medianMs: median(times),
      totalMs: performance.now() - t1,
      cpuMsPerUpload: (cpuMs() - cpu1) / UPLOADS,
    };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

function inChild(warmUpRuns: number, interrupted: boolean): StartFigures {
  const result = spawnSync(process.execPath, [...process.execArgv, __filename, 'child', String(warmUpRuns), interrupted ? 'interrupted' : 'idle'], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (result.status !== 0) throw new Error(`a start failed: ${result.stderr.trim().split('\n').slice(-3).join(' ')}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1) as string) as StartFigures;
}

async function main(): Promise<void> {
  if (process.argv[2] === 'child') {
    const figures = await oneStart(Number(process.argv[3]), process.argv[4] === 'interrupted');
    process.stdout.write(`${JSON.stringify(figures)}\n`);
    process.exit(0);
  }
  if (!existsSync(INPUT)) await writeModelXlsx(payrollModel({ sheets: 12, rowsPerSheet: 18, seed: 2025, dense: true }), INPUT, true);
  const sides = [
    { label: `warmed (${WARM_RUNS} runs)`, runs: WARM_RUNS, interrupted: false, starts: [] as StartFigures[] },
    { label: `warmed, an upload at once (${WARM_RUNS} runs)`, runs: WARM_RUNS, interrupted: true, starts: [] as StartFigures[] },
    { label: 'not warmed', runs: 0, interrupted: false, starts: [] as StartFigures[] },
  ];
  for (let round = 0; round < STARTS; round++) {
    for (const side of round % 2 ? [...sides].reverse() : sides) {
      side.starts.push(inChild(side.runs, side.interrupted));
      process.stdout.write('.');
    }
  }
  process.stdout.write('\n');
  const of = (starts: StartFigures[], pick: (s: StartFigures) => number) => median(starts.map(pick));
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const rows = sides.map((side) => [
    side.label,
    ms(of(side.starts, (s) => s.firstMs)),
    ms(of(side.starts, (s) => s.medianMs)),
    ms(of(side.starts, (s) => s.totalMs)),
    ms(of(side.starts, (s) => s.cpuMsPerUpload)),
    side.runs ? `${ms(of(side.starts, (s) => s.warmUpMs))}, ${ms(of(side.starts, (s) => s.warmUpCpuMs))} CPU` : '-',
  ]);
  console.log(`\nA worker's first ${UPLOADS} uploads of the 50 KB workbook after it starts, one after another (median of ${STARTS} starts per side):\n`);
  console.log(table(['', 'first upload', 'median upload', `${UPLOADS} uploads`, 'CPU per upload, all threads', 'warm-up before them'], rows));
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
