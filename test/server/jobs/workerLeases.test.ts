import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { queueJobHolders, queueWorkers, requiredDocuments, uploads } from '@/server/db/schema';
import { PROCESSING_QUEUE, REVIEW_PACK_QUEUE } from '@/server/jobs/queue';
import { recordUploadHandBack } from '@/server/jobs/uploadHandBack';
import { WorkerLease } from '@/server/jobs/workerLeases';
import { UNEXPECTED_FAILURE } from '@/server/services/uploads/uploadMessages';
import { buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { staffedClient } from './uploadHarness';

/**
 * The jobs a stopped process left active are handed back to the queue: every one of them when the
 * sole (embedded) process starts again, and, among several workers, those whose worker's lease has
 * lapsed. The uploads of jobs queued again wait as QUEUED, marked as resuming; one whose job has no
 * attempt left fails rather than staying in progress.
 */
describe('handing back the jobs of a stopped process', () => {
  let t: TestApp;
  let boss: PgBoss;
  const leases: WorkerLease[] = [];
  const quiet = { warn: () => undefined };

  beforeAll(async () => {
    t = await buildTestApp({}, { queue: true });
    boss = t.queue as PgBoss;
  });

  afterEach(async () => {
    for (const lease of leases.splice(0)) await lease.stop();
    // the next case starts from an empty queue: whatever this one left active or queued is done with
    await t.database.db.execute(sql`DELETE FROM pgboss.job WHERE name IN (${PROCESSING_QUEUE}, ${REVIEW_PACK_QUEUE})`);
    await t.database.db.delete(queueWorkers);
  });

  afterAll(() => t.close());

  /** An upload in CONSOLIDATING whose job a worker has taken (active in the queue). */
  async function uploadUnderWay(options: { retryLimit?: number } = {}): Promise<{ uploadId: string; jobId: string }> {
    const { companyId, staffId, clientId } = await staffedClient(t);
    const [document] = await t.database.db.select().from(requiredDocuments).where(eq(requiredDocuments.clientId, clientId));
    const jobId = randomUUID();
    const [upload] = await t.database.db
      .insert(uploads)
      .values({ companyId, clientId, requiredDocumentId: document.id, uploadedById: staffId, uploadedByName: 'Sam', weekStart: '2025-09-08', jobId, status: 'CONSOLIDATING' })
      .returning();
    await boss.send(PROCESSING_QUEUE, { uploadId: upload.id }, { id: jobId, retryLimit: options.retryLimit ?? 2 });
    // the queue hands a job out once its start time has passed: on the embedded database's clock that
    // can be the next millisecond, so the first fetch may come back empty
    let taken: { id: string } | undefined;
    for (let attempt = 0; attempt < 50 && !taken; attempt++) {
      [taken] = await boss.fetch(PROCESSING_QUEUE, { batchSize: 1 });
      if (!taken) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(taken?.id).toBe(jobId);
    return { uploadId: upload.id, jobId };
  }

  async function jobState(jobId: string): Promise<string | undefined> {
    const { rows } = (await t.database.db.execute(sql`SELECT state FROM pgboss.job WHERE id = ${jobId}::uuid`)) as unknown as { rows: { state: string }[] };
    return rows[0]?.state;
  }

  async function uploadOf(uploadId: string) {
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, uploadId));
    return row;
  }

  /** A worker whose lease was last renewed `secondsAgo` ago, holding the job (taken as long ago). */
  async function heldBy(jobId: string, secondsAgo: number): Promise<void> {
    const workerId = randomUUID();
    const at = sql`now() - make_interval(secs => ${secondsAgo})`;
    await t.database.db.insert(queueWorkers).values({ id: workerId, renewedAt: at });
    await t.database.db.insert(queueJobHolders).values({ jobId, queue: PROCESSING_QUEUE, workerId });
    await t.database.db.execute(sql`UPDATE pgboss.job SET started_on = now() - interval '10 minutes' WHERE id = ${jobId}::uuid`);
  }

  async function start(soleProcess: boolean, leaseSeconds = 30) {
    const started = await WorkerLease.start(t.database.db, boss, {
      leaseSeconds,
      soleProcess,
      queues: [PROCESSING_QUEUE, REVIEW_PACK_QUEUE],
      onHandBack: recordUploadHandBack,
      log: quiet,
    });
    leases.push(started.lease);
    return started;
  }

  it('hands back every active job when the sole process starts, with its start recorded, and the upload waits as resuming', async () => {
    const { uploadId, jobId } = await uploadUnderWay();
    // the killed process's own lease row, renewed moments before it died
    await t.database.db.insert(queueWorkers).values({ id: randomUUID() });
    const { lease, handedBack } = await start(true);

    expect(handedBack).toEqual([{ id: jobId, queue: PROCESSING_QUEUE, data: { uploadId }, gaveUp: false }]);
    expect(await jobState(jobId)).toBe('retry');
    expect(await uploadOf(uploadId)).toMatchObject({ status: 'QUEUED', resumedAt: expect.any(Date) });
    expect(await t.database.db.select({ id: queueWorkers.id }).from(queueWorkers)).toEqual([{ id: lease.id }]);
    // the queue hands it out again at once
    const [again] = await boss.fetch(PROCESSING_QUEUE, { batchSize: 1 });
    expect(again?.id).toBe(jobId);
  });

  it("among several workers, hands back only the jobs of workers whose lease lapsed (or of no worker), not a live worker's or a just-taken one", async () => {
    const dead = await uploadUnderWay();
    await heldBy(dead.jobId, 120);
    const alive = await uploadUnderWay();
    await heldBy(alive.jobId, 1);
    const unrecorded = await uploadUnderWay();
    await t.database.db.execute(sql`UPDATE pgboss.job SET started_on = now() - interval '10 minutes' WHERE id = ${unrecorded.jobId}::uuid`);
    const justTaken = await uploadUnderWay();

    const { handedBack } = await start(false, 30);
    expect(handedBack.map((job) => job.id).sort()).toEqual([dead.jobId, unrecorded.jobId].sort());
    expect(await jobState(dead.jobId)).toBe('retry');
    expect(await jobState(alive.jobId)).toBe('active');
    expect(await jobState(justTaken.jobId)).toBe('active');
    expect(await uploadOf(alive.uploadId)).toMatchObject({ status: 'CONSOLIDATING', resumedAt: null });
    // the lapsed worker is gone with its holdings; the live one keeps its own
    expect(await t.database.db.select({ jobId: queueJobHolders.jobId }).from(queueJobHolders)).toEqual([{ jobId: alive.jobId }]);
  });

  it('fails the upload whose job has no attempt left, rather than leaving it in progress', async () => {
    const { uploadId, jobId } = await uploadUnderWay({ retryLimit: 0 });
    const { handedBack } = await start(true);
    expect(handedBack).toEqual([expect.objectContaining({ id: jobId, gaveUp: true })]);
    expect(await jobState(jobId)).toBe('failed');
    expect(await uploadOf(uploadId)).toMatchObject({ status: 'FAILED', errorMessage: UNEXPECTED_FAILURE });
  });

  it('records the jobs a worker runs and lets go of them when the run ends', async () => {
    const { jobId } = await uploadUnderWay();
    const { lease } = await start(false);
    await lease.hold(PROCESSING_QUEUE, jobId);
    expect(await t.database.db.select({ jobId: queueJobHolders.jobId, workerId: queueJobHolders.workerId }).from(queueJobHolders)).toEqual([{ jobId, workerId: lease.id }]);
    await lease.release(jobId);
    expect(await t.database.db.select().from(queueJobHolders)).toEqual([]);
  });
});
