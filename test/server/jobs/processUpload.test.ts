import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { clientWeekFacts, reviewSheets, uploadFiles, uploads } from '@/server/db/schema';
import { processUpload, type UploadJobDeps } from '@/server/jobs/processUpload';
import { QUEUE_SCHEMA, REVIEW_PACK_QUEUE } from '@/server/jobs/queue';
import { buildReviewPack } from '@/server/jobs/uploadViewerPack';
import { StoredObjectNotFound } from '@/server/storage/fileStorage';
import { buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { workbookParts, zipOf } from '../../helpers/zipPackages';
import { leftoverWorkDirs, packJobsOf, payrollWorkbook, queuedPackJob, RecordingPublisher, staffedClient, storedFiles, uploadDocument } from './uploadHarness';

/** Runs of one upload's job, as the queue would hand it out again after a worker died. */
describe('running an upload job again', () => {
  let t: TestApp;
  let workbook: Buffer;
  const log = { error: jest.fn(), warn: jest.fn() };

  beforeAll(async () => {
    t = await buildTestApp({}, { queue: true });
    workbook = await payrollWorkbook({ rowsPerSheet: 40 });
  });
  afterEach(() => log.error.mockClear());
  afterAll(() => t.close());

  function deps(publisher: RecordingPublisher): UploadJobDeps {
    return { db: t.database.db, queue: t.queue!, storage: t.app.ctx.storage, publisher, log };
  }

  /** A queued upload and its job as the queue hands it out (the queue itself is left alone). */
  async function queued() {
    const { agent, clientId } = await staffedClient(t);
    const { processingId, jobId } = (await uploadDocument(agent, { clientId }, { filename: 'week.xlsx', content: workbook })).json().data;
    return { uploadId: processingId as string, job: { id: jobId as string, data: { uploadId: processingId as string }, expireInSeconds: 60 } };
  }

  const filesOf = (uploadId: string) => t.database.db.select().from(uploadFiles).where(eq(uploadFiles.uploadId, uploadId));
  const fileOf = async (uploadId: string, kind: 'consolidated' | 'scrubbed') =>
    (await t.database.db.select().from(uploadFiles).where(and(eq(uploadFiles.uploadId, uploadId), eq(uploadFiles.kind, kind))))[0];
  const statusOf = async (uploadId: string) => (await t.database.db.select().from(uploads).where(eq(uploads.id, uploadId)))[0].status;

  /** Puts the upload back where a worker killed after CONSOLIDATED left it: no scrubbed file yet, no review pack job. */
  async function killedAfterConsolidated(uploadId: string) {
    await t.database.db.execute(sql`delete from ${sql.identifier(QUEUE_SCHEMA)}.job where name = ${REVIEW_PACK_QUEUE} and data ->> 'uploadId' = ${uploadId}`);
    const scrubbed = await fileOf(uploadId, 'scrubbed');
    await t.database.db.delete(uploadFiles).where(eq(uploadFiles.id, scrubbed.id));
    await t.app.ctx.storage.delete(scrubbed.storageKey);
    await t.database.db.update(uploads).set({ status: 'CONSOLIDATED', summary: null }).where(eq(uploads.id, uploadId));
  }

  it('keeps a consolidated file already stored with its checksum and produces only the scrubbed one', async () => {
    const { uploadId, job } = await queued();
    await processUpload(deps(new RecordingPublisher()), job);
    await killedAfterConsolidated(uploadId);
    const consolidated = await fileOf(uploadId, 'consolidated');

    const publisher = new RecordingPublisher();
    await processUpload(deps(publisher), job);
    expect(await statusOf(uploadId)).toBe('SCRUBBED');
    expect(publisher.of(uploadId).map((update) => update.status)).toEqual(expect.arrayContaining(['SCRUBBING', 'SCRUBBED']));
    expect(publisher.of(uploadId).map((update) => update.status)).not.toContain('CONSOLIDATING');
    expect(await fileOf(uploadId, 'consolidated')).toEqual(consolidated);
    expect(await packJobsOf(t.database.db, uploadId)).toHaveLength(1);
    expect((await filesOf(uploadId)).map((file) => file.kind).sort()).toEqual(['consolidated', 'raw', 'scrubbed']);
    expect((await t.database.db.select().from(uploads).where(eq(uploads.id, uploadId)))[0].summary).toMatchObject({ rowsIn: expect.any(Number) });
    expect(await storedFiles(t.app.ctx.config.storageDir)).toHaveLength((await t.database.db.select().from(uploadFiles)).length);
  });

  it('redoes a stage whose stored file no longer matches its checksum, replacing the damaged copy', async () => {
    const { uploadId, job } = await queued();
    await processUpload(deps(new RecordingPublisher()), job);
    await killedAfterConsolidated(uploadId);
    const damaged = await fileOf(uploadId, 'consolidated');
    const damagedPath = path.join(t.app.ctx.config.storageDir, damaged.storageKey.slice(0, 2), damaged.storageKey);
    await writeFile(damagedPath, 'not the consolidated workbook');

    const publisher = new RecordingPublisher();
    await processUpload(deps(publisher), job);
    expect(await statusOf(uploadId)).toBe('SCRUBBED');
    expect(publisher.of(uploadId).map((update) => update.status)).toContain('CONSOLIDATING');
    const redone = await fileOf(uploadId, 'consolidated');
    expect(redone.id).toBe(damaged.id);
    expect(redone.storageKey).not.toBe(damaged.storageKey);
    await expect(t.app.ctx.storage.stat(damaged.storageKey)).rejects.toBeInstanceOf(StoredObjectNotFound);
    expect((await filesOf(uploadId)).length).toBe(3);
  });

  it('does nothing for an upload that is already finished', async () => {
    const { uploadId, job } = await queued();
    await processUpload(deps(new RecordingPublisher()), job);
    const before = await filesOf(uploadId);
    const publisher = new RecordingPublisher();
    await processUpload(deps(publisher), job);
    expect(publisher.updates).toEqual([]);
    expect(await filesOf(uploadId)).toEqual(before);
  });

  it('leaves a run that outlives its expiry to the next run instead of failing the upload', async () => {
    const { uploadId, job } = await queued();
    const publisher = new RecordingPublisher();
    await expect(processUpload(deps(publisher), { ...job, expireInSeconds: 0.001 })).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(await statusOf(uploadId)).toBe('CONSOLIDATING');
    expect(await leftoverWorkDirs(uploadId)).toEqual([]);
    await processUpload(deps(publisher), job);
    expect(await statusOf(uploadId)).toBe('SCRUBBED');
  });

  const sheetsOf = (uploadId: string) => t.database.db.select({ id: reviewSheets.id }).from(reviewSheets).where(eq(reviewSheets.uploadId, uploadId));

  it("ends once the engine's outputs are stored: the upload SCRUBBED with its review pack's job queued, the pack not built", async () => {
    const { uploadId, job } = await queued();
    const publisher = new RecordingPublisher();
    await processUpload(deps(publisher), job);
    const [upload] = await t.database.db.select().from(uploads).where(eq(uploads.id, uploadId));
    expect(upload).toMatchObject({ status: 'SCRUBBED', reviewReadyAt: null, reviewFailedAt: null });
    expect(await sheetsOf(uploadId)).toEqual([]);
    expect(await packJobsOf(t.database.db, uploadId)).toEqual([{ id: expect.any(String), state: 'created', data: { uploadId, runId: upload.jobId } }]);
    expect(publisher.of(uploadId).at(-1)).toMatchObject({ status: 'SCRUBBED' });
  });

  it('makes sure a SCRUBBED upload whose pack is pending has exactly one pack job, without running the engine', async () => {
    const { uploadId, job } = await queued();
    await processUpload(deps(new RecordingPublisher()), job);
    const [queuedJob] = await packJobsOf(t.database.db, uploadId);
    const files = await filesOf(uploadId);

    // handed out again with the pack job already queued: nothing more is queued
    const publisher = new RecordingPublisher();
    await processUpload(deps(publisher), job);
    expect(await packJobsOf(t.database.db, uploadId)).toEqual([queuedJob]);

    // an upload made SCRUBBED before packs had a job of their own: its job is queued, once
    await t.database.db.execute(sql`delete from ${sql.identifier(QUEUE_SCHEMA)}.job where name = ${REVIEW_PACK_QUEUE} and id = ${queuedJob.id}::uuid`);
    await processUpload(deps(publisher), job);
    await processUpload(deps(publisher), job);
    expect(await packJobsOf(t.database.db, uploadId)).toEqual([{ ...queuedJob, state: 'created' }]);
    expect(publisher.updates).toEqual([]);
    expect(await filesOf(uploadId)).toEqual(files);
    expect(await statusOf(uploadId)).toBe('SCRUBBED');
  });

  it('queues nothing more once the pack is ready', async () => {
    const { uploadId, job } = await queued();
    await processUpload(deps(new RecordingPublisher()), job);
    await buildReviewPack({ db: t.database.db, storage: t.app.ctx.storage, log }, await queuedPackJob(t.database.db, uploadId));
    await t.database.db.execute(sql`delete from ${sql.identifier(QUEUE_SCHEMA)}.job where name = ${REVIEW_PACK_QUEUE} and data ->> 'uploadId' = ${uploadId}`);
    await processUpload(deps(new RecordingPublisher()), job);
    expect(await packJobsOf(t.database.db, uploadId)).toEqual([]);
  });

  it('fails with a general message, and logs why, when the stored raw file does not match its checksum', async () => {
    const { uploadId, job } = await queued();
    await t.database.db.update(uploadFiles).set({ checksum: '0'.repeat(64) }).where(eq(uploadFiles.uploadId, uploadId));
    const publisher = new RecordingPublisher();
    await processUpload(deps(publisher), job);
    const [upload] = await t.database.db.select().from(uploads).where(eq(uploads.id, uploadId));
    expect(upload).toMatchObject({ status: 'FAILED', errorMessage: 'The file could not be processed. Please check it and upload again.' });
    expect(publisher.of(uploadId).at(-1)).toMatchObject({ status: 'FAILED', error: upload.errorMessage });
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ uploadId }), expect.any(String));
    expect(JSON.stringify(publisher.updates)).not.toMatch(/checksum|at .*\(/);
  });

  it('stores the summary, facts and viewer rows of a workbook whose text holds half a surrogate pair', async () => {
    const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
    const sheet =
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
      `<row r="1">${inline('A1', 'Emp ID')}${inline('B1', 'Name')}${inline('C1', 'Hours')}${inline('D1', 'Note &#xDC00;')}</row>` +
      `<row r="2">${inline('A2', '001')}${inline('B2', 'Ann &#xD800; Lee')}<c r="C2"><v>40</v></c>${inline('D2', 'x')}</row>` +
      '</sheetData></worksheet>';
    const content = await zipOf({ ...workbookParts(), 'xl/worksheets/sheet1.xml': sheet });
    const { agent, clientId } = await staffedClient(t);
    const { processingId, jobId } = (await uploadDocument(agent, { clientId }, { filename: 'week.xlsx', content })).json().data;
    await processUpload(deps(new RecordingPublisher()), { id: jobId, data: { uploadId: processingId }, expireInSeconds: 60 });
    await buildReviewPack({ db: t.database.db, storage: t.app.ctx.storage, log }, await queuedPackJob(t.database.db, processingId));
    const [upload] = await t.database.db.select().from(uploads).where(eq(uploads.id, processingId));
    expect(upload).toMatchObject({ status: 'SCRUBBED', errorMessage: null });
    expect(upload.reviewReadyAt).not.toBeNull();
    expect(JSON.stringify(upload.summary)).toContain('Note \uFFFD');
    expect(log.error).not.toHaveBeenCalled();
  });

  it('stores both workbooks and records them with SCRUBBED, the facts and the pack job in one transaction, publishing every step in order', async () => {
    const { uploadId, job } = await queued();
    const publisher = new RecordingPublisher();
    await processUpload(deps(publisher), job);
    expect(publisher.of(uploadId).map((update) => update.status).filter((status, i, all) => status !== all[i - 1])).toEqual(['CONSOLIDATING', 'CONSOLIDATED', 'SCRUBBING', 'SCRUBBED']);
    expect((await filesOf(uploadId)).map((file) => file.kind).sort()).toEqual(['consolidated', 'raw', 'scrubbed']);
    expect(await t.database.db.select({ id: clientWeekFacts.uploadId }).from(clientWeekFacts).where(eq(clientWeekFacts.uploadId, uploadId))).toHaveLength(1);
    expect(await packJobsOf(t.database.db, uploadId)).toHaveLength(1);
  });

  it('records nothing of the outputs when one of them cannot be stored: no file row, no stored copy, no facts, no pack job', async () => {
    const { uploadId, job } = await queued();
    const storage = t.app.ctx.storage;
    let puts = 0;
    // the second of the two outputs is refused by the storage; the first is stored
    const refusing = Object.assign(Object.create(storage) as typeof storage, {
      put: (...args: Parameters<typeof storage.put>) => (++puts === 2 ? Promise.reject(new Error('the bucket refused it')) : storage.put(...args)),
    });
    await processUpload({ ...deps(new RecordingPublisher()), storage: refusing }, job);
    expect(puts).toBe(2);
    expect(await statusOf(uploadId)).toBe('FAILED');
    expect((await filesOf(uploadId)).map((file) => file.kind)).toEqual(['raw']);
    expect(await t.database.db.select().from(clientWeekFacts).where(eq(clientWeekFacts.uploadId, uploadId))).toEqual([]);
    expect(await packJobsOf(t.database.db, uploadId)).toEqual([]);
    expect(await storedFiles(t.app.ctx.config.storageDir)).toHaveLength((await t.database.db.select().from(uploadFiles)).length);
    expect(log.error).toHaveBeenCalled();
  });

  it('processes a CSV with a stray control character in a note to SCRUBBED', async () => {
    const content = 'Emp ID,Employee Name,Hours,Note\r\n1,Ann Lee,40,"late\u0007 twice"\r\n2,Bob Stone,38,\r\n';
    const { agent, clientId } = await staffedClient(t);
    const queued = await uploadDocument(agent, { clientId }, { filename: 'week.csv', contentType: 'text/csv', content });
    expect(queued.statusCode).toBe(202);
    const { processingId, jobId } = queued.json().data;
    await processUpload(deps(new RecordingPublisher()), { id: jobId, data: { uploadId: processingId }, expireInSeconds: 60 });
    const [upload] = await t.database.db.select().from(uploads).where(eq(uploads.id, processingId));
    expect(upload).toMatchObject({ status: 'SCRUBBED', summary: expect.objectContaining({ rowsIn: 2, rowsOut: 2 }) });
  });
});
