import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { type Worker } from 'node:worker_threads';
import { processWorkbook, type ProcessingSummary, type ProgressUpdate, type warmPipeline } from '../../../src/server/processing';
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
    expect(progress[0]).toEqual({ stage: 'CONSOLIDATING', message: 'Consolidating: reading the file', progress: 0 });
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

describe('a pipeline thread kept warm', () => {
  interface Engine {
    processWorkbook: typeof processWorkbook;
    warmPipeline: typeof warmPipeline;
  }

  /** The engine loaded afresh (no thread in its pool yet), with every thread it starts recorded. */
  /** Every thread the tests start, stopped after each. */
  const started: Worker[] = [];

  async function freshEngine(): Promise<{ engine: Engine; threads: Worker[] }> {
    const threads: Worker[] = [];
    let engine: Engine | undefined;
    await jest.isolateModulesAsync(async () => {
      const workerThread = await import('../../../src/server/processing/workerThread');
      const startWorker = workerThread.startWorker;
      jest.spyOn(workerThread, 'startWorker').mockImplementation((...args) => {
        const worker = startWorker(...args);
        threads.push(worker);
        started.push(worker);
        return worker;
      });
      engine = await import('../../../src/server/processing');
    });
    return { engine: engine as Engine, threads };
  }

  function smallCsv(): string {
    const path = join(dir, 'small.csv');
    writeFileSync(path, 'Employee ID,Employee Name,Regular Hours\n1,Ann Lee,40\n');
    return path;
  }

  const job = (engine: Engine, input: string, name: string) =>
    engine.processWorkbook({ inputPath: input, fileName: basename(input), consolidatedPath: join(dir, `${name}.c.xlsx`), scrubbedPath: join(dir, `${name}.s.xlsx`) });

  afterEach(async () => {
    jest.useRealTimers();
    // a thread whose warm-up goes on would run it to its end after the test
    await Promise.all(started.splice(0).map((thread) => thread.terminate()));
  });

  it('is started before the first job, which then runs on it', async () => {
    const { engine, threads } = await freshEngine();
    await engine.warmPipeline();
    expect(threads.length).toBe(1);
    await expect(job(engine, smallCsv(), 'first')).resolves.toMatchObject({ rowsOut: 1 });
    await expect(job(engine, smallCsv(), 'second')).resolves.toMatchObject({ rowsOut: 1 });
    expect(threads.length).toBe(1);
    // warming again while a thread is idle starts none
    await engine.warmPipeline();
    expect(threads.length).toBe(1);
  });

  it('stays past the idle time with keepAlive, and is stopped after it again without', async () => {
    jest.useFakeTimers({ doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval'] });
    const { engine, threads } = await freshEngine();
    await engine.warmPipeline({ keepAlive: true });
    await job(engine, smallCsv(), 'kept');
    jest.advanceTimersByTime(10 * 60_000);
    await job(engine, smallCsv(), 'still');
    expect(threads.length).toBe(1);

    await engine.warmPipeline({ keepAlive: false });
    const stopped = new Promise((resolve) => threads[0].once('exit', resolve));
    jest.advanceTimersByTime(31_000);
    await stopped;
    await job(engine, smallCsv(), 'after');
    expect(threads.length).toBe(2);
  });

  it('warms the engine on its own sample while no job comes, and tells when it has', async () => {
    const { engine, threads } = await freshEngine();
    let warmed: { runs: number; ms: number } | undefined;
    const ended = new Promise<void>((done) => {
      void engine.warmPipeline({ warmUpRuns: 3, onWarmed: (w) => ((warmed = w), done()) });
    });
    await ended;
    expect(warmed).toEqual({ runs: 3, ms: expect.any(Number) });
    await expect(job(engine, smallCsv(), 'after')).resolves.toMatchObject({ rowsOut: 1 });
    expect(threads.length).toBe(1);
  });

  /** The warm-up's reports of a thread: one per stretch, with the runs completed so far and the runs left. */
  function stretchesOf(thread: Worker): Array<{ runs: number; left: number }> {
    const stretches: Array<{ runs: number; left: number }> = [];
    thread.on('message', (message: { type: string; runs: number; left: number }) => {
      if (message.type === 'warmed') stretches.push({ runs: message.runs, left: message.left });
    });
    return stretches;
  }

  async function until(condition: () => boolean, ms = 20_000): Promise<void> {
    for (const started = Date.now(); !condition(); ) {
      if (Date.now() - started > ms) throw new Error('waited too long');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('stops the warm-up when a job comes, which runs at once on the same thread, and goes on with it once the thread is idle', async () => {
    const { engine, threads } = await freshEngine();
    let warmed: { runs: number; ms: number } | undefined;
    await engine.warmPipeline({ warmUpRuns: 4, onWarmed: (w) => (warmed = w) });
    const stretches = stretchesOf(threads[0]);
    await expect(job(engine, smallCsv(), 'first')).resolves.toMatchObject({ rowsOut: 1 });
    await expect(job(engine, smallCsv(), 'second')).resolves.toMatchObject({ rowsOut: 1 });
    expect(threads.length).toBe(1);
    // the first job stopped the warm-up before its runs were made
    await until(() => stretches.length > 0);
    expect(stretches[0].left).toBeGreaterThan(0);
    expect(warmed).toBeUndefined();
    // the thread idle, the runs left are made, and the warm-up is reported once it has made them all
    await until(() => warmed !== undefined);
    expect(warmed).toEqual({ runs: 4, ms: expect.any(Number) });
    expect(stretches.at(-1)).toEqual({ runs: 4, left: 0 });
    await expect(job(engine, smallCsv(), 'after')).resolves.toMatchObject({ rowsOut: 1 });
  });

  it('stops a stretch of the warm-up that went on after a job as soon as the next job comes', async () => {
    const { engine, threads } = await freshEngine();
    // a warm-up far longer than this test may take
    await engine.warmPipeline({ warmUpRuns: 1000 });
    const stretches = stretchesOf(threads[0]);
    await job(engine, smallCsv(), 'first');
    await until(() => stretches.length === 1);
    // the stretch that goes on once the thread is idle has made a run when the next job comes
    const shareOfFirst = stretches[0].runs;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await expect(job(engine, smallCsv(), 'second')).resolves.toMatchObject({ rowsOut: 1 });
    await until(() => stretches.length === 2);
    expect(stretches[1].runs).toBeGreaterThan(shareOfFirst);
    expect(stretches[1].left).toBe(1000 - stretches[1].runs);
    expect(threads.length).toBe(1);
  });

  it('does not keep the process alive, warming up or not', () => {
    const index = resolve(__dirname, '../../../src/server/processing/index.ts');
    const script = `require(${JSON.stringify(index)}).warmPipeline({ keepAlive: true, warmUpRuns: 1000 }).then(() => console.log('warm'))`;
    const started = Date.now();
    const output = execFileSync(process.execPath, ['--require', 'tsx/cjs', '-e', script], { encoding: 'utf8', timeout: 20_000 });
    expect(output.trim()).toBe('warm');
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
