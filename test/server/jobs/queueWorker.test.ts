import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { type QueueWorker, startQueueWorker } from '@/server/jobs/queueWorker';
import type { JobLease } from '@/server/jobs/workerLeases';
import { buildTestApp, type TestApp } from '../../helpers/buildTestApp';

/**
 * A worker stopped with jobs still running past its grace period: by the time stop() returns, each
 * stopped run's attempt is recorded as failed (the queue hands the job out again) and its lease let go,
 * so a process that closes its database right after loses no hand-back, and nothing of the worker is
 * left running. (pg-boss's own workers recorded a run's outcome without awaiting it: a slow
 * step at the end of a run let the close overtake it, and the process ended on a query to a closed
 * database. Their stop also left a one-second timer running.)
 */
describe('stopping a queue worker mid-run', () => {
  const QUEUE = 'queue-worker-stop';
  let t: TestApp;
  let boss: PgBoss;
  let worker: QueueWorker | undefined;

  beforeAll(async () => {
    t = await buildTestApp({}, { queue: true });
    boss = t.queue as PgBoss;
    await boss.createQueue(QUEUE, { name: QUEUE, retryLimit: 2, retryDelay: 0 });
  });

  afterAll(async () => {
    await worker?.stop(0);
    await t.close();
  });

  async function jobState(jobId: string): Promise<{ state: string; retry_count: number } | undefined> {
    const { rows } = (await t.database.db.execute(sql`SELECT state, retry_count FROM pgboss.job WHERE id = ${jobId}::uuid`)) as unknown as {
      rows: { state: string; retry_count: number }[];
    };
    return rows[0];
  }

  it('records the stopped run as a failed attempt before stop() returns, even when the run ends slowly, and then takes no job', async () => {
    const started: string[] = [];
    let running!: () => void;
    const underWay = new Promise<void>((resolve) => (running = resolve));
    const released: string[] = [];
    // the last step of a run, the lease's release, takes a while (a busy database)
    const slowLease: JobLease = {
      hold: async () => undefined,
      release: async (jobId) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        released.push(jobId);
      },
    };
    worker = await startQueueWorker<{ n: number }>(
      boss,
      QUEUE,
      1,
      async (job) => {
        started.push(job.id);
        running();
        await new Promise<void>((_, reject) => job.halt?.addEventListener('abort', () => reject(new Error('stopped')), { once: true }));
      },
      { lease: slowLease },
    );
    const jobId = (await boss.send(QUEUE, { n: 1 }))!;
    await underWay;

    await worker.stop(0);
    worker = undefined;
    expect({ job: await jobState(jobId), released }).toEqual({ job: { state: 'retry', retry_count: 0 }, released: [jobId] });

    // nothing of the stopped worker still asks the queue: a job queued now waits, past several polling intervals
    const later = (await boss.send(QUEUE, { n: 3 }))!;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect({ started: started.length, later: (await jobState(later))?.state }).toEqual({ started: 1, later: 'created' });
    await boss.deleteJob(QUEUE, later);
  });

  it('leaves a run that fails on its own to the queue, as before: the attempt is failed and retried', async () => {
    const failing = await startQueueWorker<{ n: number }>(boss, QUEUE, 1, async () => {
      throw new Error('the file could not be read');
    });
    const jobId = (await boss.send(QUEUE, { n: 2 }, { retryLimit: 0 }))!;
    const deadline = Date.now() + 10_000;
    while ((await jobState(jobId))?.state !== 'failed' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await failing.stop();
    expect(await jobState(jobId)).toEqual({ state: 'failed', retry_count: 0 });
  });
});
