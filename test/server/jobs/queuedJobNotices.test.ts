import type PgBoss from "pg-boss";
import { type DatabaseHandle, openDatabase } from "@/server/db/client";
import { startQueue } from "@/server/jobs/queue";
import { queueDbOf } from "@/server/jobs/queueTransaction";
import {
  listenForQueuedJobs,
  type QueuedJobNotices,
} from "@/server/jobs/queuedJobNotices";
import { type QueueWorker, startQueueWorker } from "@/server/jobs/queueWorker";
import {
  type TemporaryPostgresDatabase,
  temporaryPostgresDatabase,
} from "../../../scripts/temporaryPostgresDatabase";

/**
 * On PostgreSQL the API that queues an upload and the worker that takes it may be separate
 * processes (here: two queues, each on its own pool, as two processes have). A worker asleep between
 * polls starts a job another process queued as soon as that process commits it, woken by the queue's
 * notice, not at its next poll: the worker's polling interval here is a minute, far past each wait.
 * Needs PostgreSQL: it runs wherever TEST_DATABASE_URL names one (CI's PostgreSQL pass); the embedded
 * pass leaves the file out (jest.config.cjs).
 */
jest.setTimeout(60_000);

const QUEUE = "notice-test";
/** Long enough that a job started within the test's waits was not found by polling. */
const POLLING_INTERVAL_MS = 60_000;

describe("a job queued by another process", () => {
  let temporary: TemporaryPostgresDatabase;
  let apiDatabase: DatabaseHandle;
  let workerDatabase: DatabaseHandle;
  let api: PgBoss;
  let workerQueue: PgBoss;
  let notices: QueuedJobNotices | undefined;
  let worker: QueueWorker | undefined;
  const started: string[] = [];
  /** How many times the worker had looked at the queue when each job started. */
  const looksBefore = new Map<string, number>();
  const warnings: string[] = [];
  let fetches = 0;

  beforeAll(async () => {
    temporary = await temporaryPostgresDatabase("payroll_job_notices");
    apiDatabase = await openDatabase({
      databaseUrl: temporary.url,
      poolSize: 2,
    });
    await apiDatabase.migrate();
    api = await startQueue(apiDatabase, { supervise: false });
    // created after the trigger: the partition pg-boss attaches for it has the trigger too
    await api.createQueue(QUEUE, { name: QUEUE, retryLimit: 0 });
    workerDatabase = await openDatabase({
      databaseUrl: temporary.url,
      poolSize: 2,
    });
    workerQueue = await startQueue(workerDatabase, { supervise: false });
    const fetch = workerQueue.fetch.bind(workerQueue);
    workerQueue.fetch = (async (...args: Parameters<typeof fetch>) => {
      const jobs = await fetch(...args);
      fetches++;
      return jobs;
    }) as typeof workerQueue.fetch;
    notices = await listenForQueuedJobs(temporary.url, workerQueue, {
      warn: (_details, message) => warnings.push(message),
    });
    worker = await startQueueWorker<{ n: number }>(
      workerQueue,
      QUEUE,
      1,
      async (job) => {
        started.push(job.id);
        looksBefore.set(job.id, fetches);
      },
      { pollingIntervalMs: POLLING_INTERVAL_MS },
    );
    // the slot's first look at the queue found nothing: it now sleeps for its polling interval
    await until(() => fetches === 1);
  });

  afterAll(async () => {
    await worker?.stop();
    await notices?.close();
    await workerQueue?.stop({ graceful: false, wait: true });
    await api?.stop({ graceful: false, wait: true });
    await workerDatabase?.close();
    await apiDatabase?.close();
    await temporary?.drop();
  });

  async function until(
    condition: () => boolean | Promise<boolean>,
    ms = 20_000,
  ): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error("timed out");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it("wakes the sleeping worker, which starts it at once", async () => {
    const jobId = (await api.send(QUEUE, { n: 1 }))!;
    await until(() => started.includes(jobId));
    // one more look at the queue than the first, at the notice: no poll found it
    expect(looksBefore.get(jobId)).toBe(2);
  });

  it("is announced when its transaction commits, not before", async () => {
    const before = fetches;
    let jobId: string | undefined;
    await apiDatabase.db.transaction(async (tx) => {
      jobId = (await api.send(QUEUE, { n: 2 }, { db: queueDbOf(tx) }))!;
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect({
        fetches: fetches - before,
        started: started.includes(jobId),
      }).toEqual({ fetches: 0, started: false });
    });
    await until(() => started.includes(jobId!));
  });

  it("still wakes the worker after the listening connection was lost and opened again", async () => {
    const listening = async () => {
      const { rows } = await apiDatabase.executeSql(
        `select pid from pg_stat_activity where datname = current_database() and query = 'listen payroll_job_queued'`,
      );
      return rows as { pid: number }[];
    };
    const [first] = await listening();
    await apiDatabase.executeSql("select pg_terminate_backend($1)", [
      first.pid,
    ]);
    await until(async () =>
      (await listening()).some((row) => row.pid !== first.pid),
    );
    expect(warnings).toEqual([
      "the connection that hears of queued jobs was lost; workers poll until it is back",
    ]);

    const jobId = (await api.send(QUEUE, { n: 3 }))!;
    await until(() => started.includes(jobId));
  });

  it("leaves the worker asleep until its next poll once the process has stopped listening", async () => {
    await notices!.close();
    notices = undefined;
    const before = fetches;
    const jobId = (await api.send(QUEUE, { n: 4 }))!;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect({
      fetches: fetches - before,
      started: started.includes(jobId),
    }).toEqual({ fetches: 0, started: false });
  });
});
