import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { payrollModel } from '../../../scripts/bench/payrollModel';
import { uploadFiles, uploads } from '@/server/db/schema';
import { startUploadWorker, type UploadWorker } from '@/server/jobs/uploadWorker';
import type { ProcessingUpdate } from '@/server/realtime/processingUpdates';
import { deleteClient } from '@/server/services/clients/clientDeletion';
import { buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { leftoverWorkDirs, payrollWorkbook, RecordingPublisher, staffedClient, statusReached, storedFiles, uploadDocument, XLS_TYPE } from './uploadHarness';

const ORDER = ['QUEUED', 'CONSOLIDATING', 'CONSOLIDATED', 'SCRUBBING', 'SCRUBBED', 'FAILED'];

/** Records every update and, for each, the status the database held when it was published. */
class CheckingPublisher extends RecordingPublisher {
  readonly storedAtPublish: Promise<string | undefined>[] = [];

  constructor(private readonly t: TestApp) {
    super();
  }

  override publish(update: ProcessingUpdate): void {
    super.publish(update);
    // issued at once: on the embedded database it runs before any later write of the worker
    this.storedAtPublish.push(
      this.t.database.db.select({ status: uploads.status }).from(uploads).where(eq(uploads.id, update.processingId)).then(([row]) => row?.status),
    );
  }
}

/** The statuses in the order they were first published. */
function statusSequence(updates: ProcessingUpdate[]): string[] {
  return updates.map((update) => update.status).filter((status, index, all) => index === 0 || all[index - 1] !== status);
}

describe('the upload worker', () => {
  let t: TestApp;
  let worker: UploadWorker | undefined;
  const log = { error: jest.fn(), warn: jest.fn() };

  beforeAll(async () => {
    t = await buildTestApp({}, { queue: true });
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    log.error.mockClear();
  });
  afterAll(() => t.close());

  async function startWorker(publisher: RecordingPublisher, concurrency = 1) {
    worker = await startUploadWorker(t.queue!, { db: t.database.db, queue: t.queue!, storage: t.app.ctx.storage, publisher, log }, concurrency);
  }

  async function jobState(jobId: string, timeoutMs = 20_000): Promise<string | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await t.queue!.getJobById('process-upload', jobId);
      if (job?.state === 'completed' || job?.state === 'failed' || Date.now() > deadline) return job?.state;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('takes a real payroll workbook through every status in order, writing each before publishing it', async () => {
    const publisher = new CheckingPublisher(t);
    await startWorker(publisher);
    const { agent, clientId } = await staffedClient(t, { clientName: 'Harbor Foods' });
    const content = await payrollWorkbook({ sheets: 3, rowsPerSheet: 30, seed: 7 });
    const expected = payrollModel({ sheets: 3, rowsPerSheet: 30, seed: 7 }).expected;
    const { processingId, jobId } = (await uploadDocument(agent, { clientId }, { filename: 'Harbor week.xlsx', content })).json().data;

    expect(await statusReached(t.database.db, processingId, ['SCRUBBED', 'FAILED'])).toBe('SCRUBBED');
    expect(await jobState(jobId)).toBe('completed');
    const updates = publisher.of(processingId);
    expect(statusSequence(updates)).toEqual(['CONSOLIDATING', 'CONSOLIDATED', 'SCRUBBING', 'SCRUBBED']);
    expect(updates.every((update) => update.jobId === jobId && update.error === null && update.message.length > 0)).toBe(true);
    const stored = await Promise.all(publisher.storedAtPublish);
    updates.forEach((update, index) => expect(ORDER.indexOf(stored[index] ?? '')).toBeGreaterThanOrEqual(ORDER.indexOf(update.status)));
    expect(updates.at(-1)?.message).toMatch(/^File processing completed successfully/);
    // progress between status changes comes a few times a second at most; the share's last step (1) always gets through
    const progress = updates.filter((update, index) => index > 0 && updates[index - 1].status === update.status && update.progress !== 1);
    progress.slice(1).forEach((update, index) => expect(update.at - progress[index].at).toBeGreaterThanOrEqual(300));

    const [upload] = await t.database.db.select().from(uploads).where(eq(uploads.id, processingId));
    expect(upload.summary).toMatchObject({ rowsIn: expected.dataRows, employees: expected.employees.size, sheets: { found: 3, used: 3, skipped: [] } });
    const files = await t.database.db.select().from(uploadFiles).where(eq(uploadFiles.uploadId, processingId));
    expect(files.map((file) => [file.kind, file.filename]).sort()).toEqual([
      ['consolidated', 'Harbor week consolidated.xlsx'],
      ['raw', 'Harbor week.xlsx'],
      ['scrubbed', 'Harbor week scrubbed.xlsx'],
    ]);
    expect(await leftoverWorkDirs(processingId)).toEqual([]);
    expect(log.error).not.toHaveBeenCalled();
  });

  it.each([
    ['an encrypted workbook', 'locked.xls', XLS_TYPE, () => readFile(path.resolve(__dirname, '../../fixtures/real-world/issue_385.xls')), 'The file is password protected; remove the password and upload again.'],
    ['a workbook without payroll', 'notes.xlsx', undefined, async () => notesWorkbook(), 'No payroll data found: expected a header row with columns such as Employee ID, Employee Name and Hours.'],
  ])('fails %s with the engine\'s message, stored and published, and lets the week be uploaded again', async (_label, filename, contentType, content, message) => {
    const publisher = new RecordingPublisher();
    await startWorker(publisher);
    const { agent, clientId } = await staffedClient(t);
    const { processingId, jobId } = (await uploadDocument(agent, { clientId }, { filename, contentType, content: await content() })).json().data;

    expect(await jobState(jobId)).toBe('completed');
    const [upload] = await t.database.db.select().from(uploads).where(eq(uploads.id, processingId));
    expect(upload).toMatchObject({ status: 'FAILED', errorMessage: message });
    expect(publisher.of(processingId).at(-1)).toMatchObject({ status: 'FAILED', error: message });
    const files = await t.database.db.select({ kind: uploadFiles.kind }).from(uploadFiles).where(eq(uploadFiles.uploadId, processingId));
    expect(files).toEqual([{ kind: 'raw' }]);
    expect(log.error).not.toHaveBeenCalled();
    expect(await leftoverWorkDirs(processingId)).toEqual([]);
    const again = await uploadDocument(agent, { clientId }, { filename: 'fixed.xlsx', content: await payrollWorkbook() });
    expect(again.statusCode).toBe(202);
  });

  it('ends quietly a job whose client was deleted before it ran', async () => {
    const { agent, clientId, companyId } = await staffedClient(t);
    const { processingId, jobId } = (await uploadDocument(agent, { clientId }, { filename: 'w.xlsx', content: await payrollWorkbook() })).json().data;
    await deleteClient(t.app.ctx, companyId, clientId, { actor: { id: clientId, role: 'ADMIN' } }, log);

    const publisher = new RecordingPublisher();
    await startWorker(publisher);
    expect(await jobState(jobId)).toBe('completed');
    expect(publisher.of(processingId)).toEqual([]);
    expect(log.error).not.toHaveBeenCalled();
    expect(await leftoverWorkDirs(processingId)).toEqual([]);
  });

  it('ends quietly a job whose client is deleted while it runs, leaving no file behind', async () => {
    const { agent, clientId, companyId } = await staffedClient(t);
    let deletion: Promise<unknown> | undefined;
    const publisher = new (class extends RecordingPublisher {
      override publish(update: ProcessingUpdate): void {
        super.publish(update);
        deletion ??= deleteClient(t.app.ctx, companyId, clientId, { actor: { id: clientId, role: 'ADMIN' } }, log);
      }
    })();
    await startWorker(publisher);
    const filesBefore = (await storedFiles(t.app.ctx.config.storageDir)).length;
    const { processingId, jobId } = (await uploadDocument(agent, { clientId }, { filename: 'w.xlsx', content: await payrollWorkbook({ rowsPerSheet: 400 }) })).json().data;

    expect(await jobState(jobId)).toBe('completed');
    await deletion;
    const statuses = publisher.of(processingId).map((update) => update.status);
    expect(statuses[0]).toBe('CONSOLIDATING');
    expect(statuses).not.toContain('FAILED');
    expect(statuses).not.toContain('SCRUBBED');
    expect(log.error).not.toHaveBeenCalled();
    expect((await storedFiles(t.app.ctx.config.storageDir)).length).toBe(filesBefore);
    expect(await leftoverWorkDirs(processingId)).toEqual([]);
  });

  it('runs as many uploads at once as it is told', async () => {
    const publisher = new RecordingPublisher();
    await startWorker(publisher, 2);
    const content = await payrollWorkbook({ sheets: 3, rowsPerSheet: 1500 });
    const first = await staffedClient(t);
    const second = await staffedClient(t);
    const queued: { processingId: string; jobId: string }[] = await Promise.all(
      [first, second].map(async ({ agent, clientId }) => (await uploadDocument(agent, { clientId }, { filename: 'w.xlsx', content })).json().data),
    );
    for (const { jobId } of queued) expect(await jobState(jobId)).toBe('completed');
    const ids = queued.map((upload) => upload.processingId);
    for (const id of ids) expect(await statusReached(t.database.db, id, ['SCRUBBED', 'FAILED'])).toBe('SCRUBBED');
    const startedAt = ids.map((id) => publisher.of(id).find((update) => update.status === 'CONSOLIDATING')!.at);
    const finishedAt = ids.map((id) => publisher.of(id).find((update) => update.status === 'SCRUBBED')!.at);
    expect(Math.max(...startedAt)).toBeLessThan(Math.min(...finishedAt));
  });
});

/** An xlsx whose only sheet holds notes, no payroll header. */
function notesWorkbook(): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Notes for this week'], ['Call the office about store 4']]), 'Notes');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
