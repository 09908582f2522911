import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { reviewBlocks, reviewSheets, uploadFiles, uploads } from '@/server/db/schema';
import { processUpload, type UploadJobDeps } from '@/server/jobs/processUpload';
import { PROCESSING_QUEUE, REVIEW_PACK_QUEUE } from '@/server/jobs/queue';
import { type QueueWorker, queueIdle, startQueueWorker } from '@/server/jobs/queueWorker';
import { packPace, startReviewPackWorker, wakeReviewPackWorkers } from '@/server/jobs/reviewPackWorker';
import { startUploadWorker } from '@/server/jobs/uploadWorker';
import { buildReviewPack, type ViewerPackDeps } from '@/server/jobs/uploadViewerPack';
import { buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { packJobsOf, payrollWorkbook, queuedPackJob, RecordingPublisher, staffedClient, statusReached, uploadDocument } from './uploadHarness';

/** The review pack's own job: queued with SCRUBBED, run (and run again) apart from the upload's job. */
describe("an upload's review pack job", () => {
  let t: TestApp;
  let workbook: Buffer;
  const log = { error: jest.fn(), warn: jest.fn() };

  beforeAll(async () => {
    t = await buildTestApp({}, { queue: true });
    workbook = await payrollWorkbook({ rowsPerSheet: 40 });
  });
  afterEach(() => log.error.mockClear());
  afterAll(() => t.close());

  const uploadDeps = (queue: PgBoss = t.queue!): UploadJobDeps => ({ db: t.database.db, queue, storage: t.app.ctx.storage, publisher: new RecordingPublisher(), log });
  const packDeps = (): ViewerPackDeps => ({ db: t.database.db, storage: t.app.ctx.storage, log });
  const uploadOf = async (uploadId: string) => (await t.database.db.select().from(uploads).where(eq(uploads.id, uploadId)))[0];

  /** An upload its job has made SCRUBBED (the queue itself is left alone): its pack job waits in the queue. */
  async function scrubbed(content = workbook) {
    const { agent, clientId } = await staffedClient(t);
    const { processingId, jobId } = (await uploadDocument(agent, { clientId }, { filename: 'week.xlsx', content })).json().data;
    await processUpload(uploadDeps(), { id: jobId, data: { uploadId: processingId }, expireInSeconds: 60 });
    return processingId as string;
  }

  /** Every sheet of the upload's pack with its rows (as stored, compressed), in order: what the viewer reads. */
  async function packOf(uploadId: string) {
    const sheets = await t.database.db
      .select({ id: reviewSheets.id, version: reviewSheets.version, sheetIndex: reviewSheets.sheetIndex, name: reviewSheets.name, kind: reviewSheets.kind, columns: reviewSheets.columns, rowCount: reviewSheets.rowCount })
      .from(reviewSheets)
      .where(eq(reviewSheets.uploadId, uploadId))
      .orderBy(asc(reviewSheets.version), asc(reviewSheets.sheetIndex));
    const blocks = sheets.length
      ? await t.database.db.select().from(reviewBlocks).where(inArray(reviewBlocks.sheetId, sheets.map((sheet) => sheet.id))).orderBy(asc(reviewBlocks.blockNo))
      : [];
    return sheets.map(({ id, ...sheet }) => ({ ...sheet, blocks: blocks.filter((block) => block.sheetId === id).map((block) => [block.blockNo, Buffer.from(block.rows).toString('base64')]) }));
  }

  it('builds one complete pack when run twice, with the same rows', async () => {
    const uploadId = await scrubbed();
    const job = await queuedPackJob(t.database.db, uploadId);
    await buildReviewPack(packDeps(), job);
    const built = await uploadOf(uploadId);
    expect(built).toMatchObject({ status: 'SCRUBBED', reviewReadyAt: expect.any(Date), reviewFailedAt: null });
    const pack = await packOf(uploadId);
    expect(pack.map((sheet) => sheet.version)).toEqual(expect.arrayContaining(['raw', 'consolidated', 'scrubbed']));
    expect(pack.every((sheet) => sheet.blocks.length > 0 || sheet.rowCount === 0)).toBe(true);

    await buildReviewPack(packDeps(), job);
    expect(await packOf(uploadId)).toEqual(pack);
    expect((await uploadOf(uploadId)).reviewReadyAt).toEqual(built.reviewReadyAt);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('replaces what a build that died half way left with one complete pack', async () => {
    const uploadId = await scrubbed();
    const job = await queuedPackJob(t.database.db, uploadId);
    await buildReviewPack(packDeps(), job);
    const complete = await packOf(uploadId);
    // as a worker killed half way through the build leaves it: not ready, the raw and consolidated sheets stored, no scrubbed ones
    await t.database.db.update(uploads).set({ reviewReadyAt: null }).where(eq(uploads.id, uploadId));
    await t.database.db.delete(reviewSheets).where(and(eq(reviewSheets.uploadId, uploadId), eq(reviewSheets.version, 'scrubbed')));

    await buildReviewPack(packDeps(), job);
    expect(await packOf(uploadId)).toEqual(complete);
    expect((await uploadOf(uploadId)).reviewReadyAt).toEqual(expect.any(Date));
  });

  it('stops a build when its worker stops, and the next run builds the whole pack', async () => {
    const large = await payrollWorkbook({ sheets: 3, rowsPerSheet: 3000 });
    const uploadId = await scrubbed(large);
    const job = await queuedPackJob(t.database.db, uploadId);
    const halt = new AbortController();
    const stopped = buildReviewPack(packDeps(), { ...job, halt: halt.signal });
    const outcome = stopped.then(
      () => 'finished',
      () => 'stopped',
    );
    // the worker stops once the build has stored its first sheet
    for (;;) {
      const [{ sheets }] = await t.database.db.select({ sheets: count() }).from(reviewSheets).where(eq(reviewSheets.uploadId, uploadId));
      if (sheets > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    halt.abort();
    expect(await outcome).toBe('stopped');
    expect(await uploadOf(uploadId)).toMatchObject({ reviewReadyAt: null, reviewFailedAt: null });
    expect(log.error).not.toHaveBeenCalled();

    await buildReviewPack(packDeps(), job);
    expect(await uploadOf(uploadId)).toMatchObject({ reviewReadyAt: expect.any(Date), reviewFailedAt: null });
    const pack = await packOf(uploadId);
    // one sheet per sheet of each version, each whole: nothing of the stopped build is left beside it
    const keys = pack.map((sheet) => `${sheet.version}/${sheet.sheetIndex}`);
    expect(new Set(keys).size).toBe(keys.length);
    const rawData = pack.filter((sheet) => sheet.version === 'raw');
    expect(rawData).toHaveLength(3);
    expect(rawData.every((sheet) => sheet.rowCount >= 3000)).toBe(true);
  });

  it('writes no rows while its pace holds it, and builds the whole pack once let go', async () => {
    const uploadId = await scrubbed();
    let letGo = () => undefined as void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    const pace = jest.fn(() => held);
    const building = buildReviewPack({ ...packDeps(), pace: () => pace }, await queuedPackJob(t.database.db, uploadId));
    while (pace.mock.calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await t.database.db.select().from(reviewSheets).where(eq(reviewSheets.uploadId, uploadId))).toEqual([]);
    expect(await uploadOf(uploadId)).toMatchObject({ reviewReadyAt: null });

    letGo();
    await building;
    expect(await uploadOf(uploadId)).toMatchObject({ reviewReadyAt: expect.any(Date), reviewFailedAt: null });
    // asked before every batch of every sheet
    expect(pace.mock.calls.length).toBeGreaterThan((await packOf(uploadId)).length);
  });

  it('ends without a word for an upload deleted before it runs', async () => {
    const uploadId = await scrubbed();
    const job = await queuedPackJob(t.database.db, uploadId);
    await t.database.db.delete(uploads).where(eq(uploads.id, uploadId));
    await expect(buildReviewPack(packDeps(), job)).resolves.toBeUndefined();
    expect(await t.database.db.select().from(reviewSheets).where(eq(reviewSheets.uploadId, uploadId))).toEqual([]);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('leaves the upload SCRUBBED, and logs why, when its pack cannot be built; the job run again does not retry it', async () => {
    const uploadId = await scrubbed();
    const [consolidated] = await t.database.db.select().from(uploadFiles).where(and(eq(uploadFiles.uploadId, uploadId), eq(uploadFiles.kind, 'consolidated')));
    await writeFile(path.join(t.app.ctx.config.storageDir, consolidated.storageKey.slice(0, 2), consolidated.storageKey), 'not the consolidated workbook');
    const job = await queuedPackJob(t.database.db, uploadId);

    await buildReviewPack(packDeps(), job);
    const upload = await uploadOf(uploadId);
    expect(upload).toMatchObject({ status: 'SCRUBBED', errorMessage: null, reviewReadyAt: null, reviewFailedAt: expect.any(Date) });
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ uploadId }), 'the viewer of an upload could not be prepared');

    log.error.mockClear();
    await buildReviewPack(packDeps(), job);
    expect(log.error).not.toHaveBeenCalled();
    expect((await uploadOf(uploadId)).reviewFailedAt).toEqual(upload.reviewFailedAt);
  });

  it('leaves the pack of an upload processed again since to the job of its new run', async () => {
    const uploadId = await scrubbed();
    const job = await queuedPackJob(t.database.db, uploadId);
    // as a mapping fix does: the upload back in the queue under a new job, its outputs set aside
    await t.database.db.update(uploads).set({ status: 'QUEUED', jobId: randomUUID(), summary: null }).where(eq(uploads.id, uploadId));
    await buildReviewPack(packDeps(), job);
    expect(await t.database.db.select().from(reviewSheets).where(eq(reviewSheets.uploadId, uploadId))).toEqual([]);
    expect(await uploadOf(uploadId)).toMatchObject({ reviewReadyAt: null, reviewFailedAt: null });
  });

  it('commits SCRUBBED only with its pack job: a pack job that cannot be queued leaves the upload short of SCRUBBED', async () => {
    const { agent, clientId } = await staffedClient(t);
    const { processingId, jobId } = (await uploadDocument(agent, { clientId }, { filename: 'week.xlsx', content: workbook })).json().data;
    const queue = t.queue!;
    // the queue refuses the pack's job (as a database that fails mid-transaction would)
    const refusing = new Proxy(queue, {
      get(target, property, receiver) {
        if (property !== 'send') return Reflect.get(target, property, receiver) as unknown;
        return (name: string, ...rest: unknown[]) =>
          name === REVIEW_PACK_QUEUE ? Promise.reject(new Error('the queue is unavailable')) : (target.send as (...args: unknown[]) => Promise<string | null>)(name, ...rest);
      },
    });
    await processUpload(uploadDeps(refusing), { id: jobId, data: { uploadId: processingId }, expireInSeconds: 60 });
    const upload = await uploadOf(processingId);
    expect(upload.status).not.toBe('SCRUBBED');
    expect(await t.database.db.select().from(uploadFiles).where(and(eq(uploadFiles.uploadId, processingId), eq(uploadFiles.kind, 'scrubbed')))).toEqual([]);
    expect(await packJobsOf(t.database.db, processingId)).toEqual([]);
  });
});

/** The workers: an upload's job ends at SCRUBBED, and the pack is built in slots of its own. */
describe('the review pack worker', () => {
  let t: TestApp;
  const workers: QueueWorker[] = [];
  const log = { error: jest.fn(), warn: jest.fn() };

  beforeAll(async () => {
    t = await buildTestApp({}, { queue: true });
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await t.close();
  });

  it("lets the upload's job finish before the pack is built, then builds it", async () => {
    workers.push(await startUploadWorker(t.queue!, { db: t.database.db, queue: t.queue!, storage: t.app.ctx.storage, publisher: new RecordingPublisher(), log }, 1));
    const { agent, clientId } = await staffedClient(t);
    const { processingId, jobId } = (await uploadDocument(agent, { clientId }, { filename: 'week.xlsx', content: await payrollWorkbook({ rowsPerSheet: 40 }) })).json().data;
    expect(await statusReached(t.database.db, processingId, ['SCRUBBED', 'FAILED'])).toBe('SCRUBBED');
    const deadline = Date.now() + 20_000;
    while ((await t.queue!.getJobById(PROCESSING_QUEUE, jobId))?.state !== 'completed' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));

    // the upload's job is done; its pack waits for a pack worker
    expect(await t.queue!.getJobById(PROCESSING_QUEUE, jobId)).toMatchObject({ state: 'completed' });
    const [waiting] = await packJobsOf(t.database.db, processingId);
    expect(waiting.state).toBe('created');
    expect((await t.database.db.select().from(uploads).where(eq(uploads.id, processingId)))[0].reviewReadyAt).toBeNull();

    workers.push(await startReviewPackWorker(t.queue!, { db: t.database.db, storage: t.app.ctx.storage, log }, 1));
    let upload = (await t.database.db.select().from(uploads).where(eq(uploads.id, processingId)))[0];
    while (!upload.reviewReadyAt && !upload.reviewFailedAt && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      upload = (await t.database.db.select().from(uploads).where(eq(uploads.id, processingId)))[0];
    }
    expect(upload).toMatchObject({ status: 'SCRUBBED', reviewReadyAt: expect.any(Date), reviewFailedAt: null });
    // the queue marks the job completed once its handler has returned, a moment after the pack's rows are in
    while ((await t.queue!.getJobById(REVIEW_PACK_QUEUE, waiting.id))?.state !== 'completed' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await t.queue!.getJobById(REVIEW_PACK_QUEUE, waiting.id)).toMatchObject({ state: 'completed' });
    expect(log.error).not.toHaveBeenCalled();
  });
});

/** How a pack lets the process's uploads go first: it waits while one is processed, for a bounded time. */
describe('waiting for the uploads of the process', () => {
  let t: TestApp;
  let worker: QueueWorker | undefined;

  beforeAll(async () => {
    t = await buildTestApp({}, { queue: true });
  });
  afterAll(async () => {
    await worker?.stop();
    await t.close();
  });

  it('answers at once when no upload runs, waits while one runs, and no longer than the time given', async () => {
    const boss = t.queue!;
    const started: Array<() => void> = [];
    const finish: Array<() => void> = [];
    // the upload queue's slot, held until each test step lets its job finish
    worker = await startQueueWorker<{ uploadId: string }>(boss, PROCESSING_QUEUE, 1, async () => {
      await new Promise<void>((resolve) => {
        finish.push(resolve);
        started.shift()?.();
      });
    });
    const runningOne = async () => {
      const running = new Promise<void>((resolve) => started.push(resolve));
      await boss.send(PROCESSING_QUEUE, { uploadId: randomUUID() });
      await running;
    };

    await expect(queueIdle(boss, PROCESSING_QUEUE, 60_000)).resolves.toBeUndefined();

    await runningOne();
    let idle = false;
    const waiting = queueIdle(boss, PROCESSING_QUEUE, 60_000).then(() => (idle = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(idle).toBe(false);
    finish.shift()?.();
    await waiting;
    expect(idle).toBe(true);

    await runningOne();
    const since = Date.now();
    await queueIdle(boss, PROCESSING_QUEUE, 300);
    expect(Date.now() - since).toBeGreaterThanOrEqual(250);
    finish.shift()?.();
  });

  it("lets a pack go on while uploads run once another company's pack waits for the slot, and only then", async () => {
    const boss = t.queue!;
    await queueIdle(boss, PROCESSING_QUEUE, 60_000);
    await worker?.stop();
    worker = undefined;
    const upload = async (companyId?: string) => {
      const { agent, clientId, companyId: company } = await staffedClient(t, { companyId });
      const { processingId } = (await uploadDocument(agent, { clientId }, { filename: 'week.xlsx', content: await payrollWorkbook({ rowsPerSheet: 5 }) })).json().data;
      return { uploadId: processingId as string, companyId: company };
    };
    const building = await upload();
    const sameCompany = await upload(building.companyId);
    const otherCompany = await upload();
    // their processing jobs are not what this is about: an upload of the process is held running below
    await t.database.db.execute(sql`delete from pgboss.job where name = ${PROCESSING_QUEUE}`);
    const finish: Array<() => void> = [];
    let running = () => undefined as void;
    const started = new Promise<void>((resolve) => (running = resolve));
    worker = await startQueueWorker<{ uploadId: string }>(boss, PROCESSING_QUEUE, 1, async () => {
      running();
      await new Promise<void>((resolve) => finish.push(resolve));
    });
    await boss.send(PROCESSING_QUEUE, { uploadId: randomUUID() });
    await started;

    // a pack of its own company waiting: the pack still lets the upload go first
    await boss.send(REVIEW_PACK_QUEUE, { uploadId: sameCompany.uploadId, runId: null });
    wakeReviewPackWorkers(boss);
    let goesOn = false;
    const pace = packPace(boss, t.database.db, building.uploadId, 60_000);
    const yielding = pace().then(() => (goesOn = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(goesOn).toBe(false);

    // another company's pack queued meanwhile: the pack goes on at once, the upload still running
    await boss.send(REVIEW_PACK_QUEUE, { uploadId: otherCompany.uploadId, runId: null });
    wakeReviewPackWorkers(boss);
    await yielding;
    expect(finish).toHaveLength(1);
    // and at its next batch, with that pack still waiting, it does not wait at all
    await pace();
    // with only that company's packs waiting, its own pack yields to the uploads as the first did
    await t.database.db.execute(sql`delete from pgboss.job where name = ${REVIEW_PACK_QUEUE} and data ->> 'uploadId' = ${sameCompany.uploadId}`);
    let otherGoesOn = false;
    const otherYielding = packPace(boss, t.database.db, otherCompany.uploadId, 60_000)().then(() => (otherGoesOn = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(otherGoesOn).toBe(false);

    finish.shift()?.();
    await otherYielding;
    await t.database.db.execute(sql`delete from pgboss.job where name = ${REVIEW_PACK_QUEUE}`);
  });

  it('counts a queue that goes from one job straight to the next as busy, and as idle a moment after its last', async () => {
    const boss = t.queue!;
    await queueIdle(boss, PROCESSING_QUEUE, 60_000);
    const finish: Array<() => void> = [];
    const starts = [0, 1].map(() => {
      let started = () => undefined as void;
      return { started: new Promise<void>((resolve) => (started = resolve)), start: () => started() };
    });
    const [first, second] = starts.map((s) => s.started);
    const started = starts.map((s) => s.start);
    await boss.send(PROCESSING_QUEUE, { uploadId: randomUUID() });
    await boss.send(PROCESSING_QUEUE, { uploadId: randomUUID() });
    await worker?.stop();
    worker = await startQueueWorker<{ uploadId: string }>(boss, PROCESSING_QUEUE, 1, async () => {
      await new Promise<void>((resolve) => {
        finish.push(resolve);
        started.shift()?.();
      });
    });
    await first;
    let idle = false;
    const waiting = queueIdle(boss, PROCESSING_QUEUE, 60_000).then(() => (idle = true));
    finish.shift()?.();
    // the worker takes the second job as soon as the first is done: the queue never looked idle
    await second;
    expect(idle).toBe(false);
    const lastEnded = Date.now();
    finish.shift()?.();
    await waiting;
    expect(idle).toBe(true);
    expect(Date.now() - lastEnded).toBeGreaterThanOrEqual(200);
  });
});
