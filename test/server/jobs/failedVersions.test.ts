import * as XLSX from '@e965/xlsx';
import { asc, eq, inArray } from 'drizzle-orm';
import { uploadFiles, uploads } from '@/server/db/schema';
import { PROCESSING_QUEUE } from '@/server/jobs/queue';
import { startUploadWorker, type UploadWorker } from '@/server/jobs/uploadWorker';
import { buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { RecordingPublisher, staffedClient, statusReached, storedFiles, uploadDocument } from './uploadHarness';

const NO_PAYROLL = 'No payroll data found: expected a header row with columns such as Employee ID, Employee Name and Hours.';

/** An xlsx whose only sheet holds notes, no payroll header: the engine refuses it. */
function notesWorkbook(note: string): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Notes for this week'], [note]]), 'Notes');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

describe('the files of a week that keeps failing', () => {
  let t: TestApp;
  let worker: UploadWorker | undefined;
  const log = { error: jest.fn(), warn: jest.fn() };

  beforeAll(async () => {
    t = await buildTestApp({ CLIENT_WEEK_FAILED_UPLOADS_PER_DAY: '10' }, { queue: true });
    worker = await startUploadWorker(t.queue!, { db: t.database.db, queue: t.queue!, storage: t.app.ctx.storage, publisher: new RecordingPublisher(), log, failedFilesKept: 2 }, 1);
  });
  afterAll(async () => {
    await worker?.stop();
    await t.close();
  });

  /** Waits for the job to end; answers its final state. */
  async function jobEnded(jobId: string, timeoutMs = 20_000): Promise<string | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await t.queue!.getJobById(PROCESSING_QUEUE, jobId);
      if (job?.state === 'completed' || job?.state === 'failed' || Date.now() > deadline) return job?.state;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('keeps the files of the newest failed versions only; older ones keep their row, error and history', async () => {
    const { agent, clientId, companyId } = await staffedClient(t);
    const admin = await t.createUser('ADMIN', { companyId });
    const adminAgent = await t.signIn('ADMIN', admin.email, admin.password);
    const week = '2025-09-22';
    const versions: string[] = [];
    for (let i = 1; i <= 4; i++) {
      const response = await uploadDocument(agent, { clientId, weekStart: week }, { filename: `week v${i}.xlsx`, content: notesWorkbook(`Attempt ${i}`) });
      expect(response.statusCode).toBe(202);
      const { processingId: id, jobId } = response.json().data as { processingId: string; jobId: string };
      expect(await statusReached(t.database.db, id, ['SCRUBBED', 'FAILED'])).toBe('FAILED');
      // the job ends once the older versions' files are removed
      expect(await jobEnded(jobId)).toBe('completed');
      versions.push(id);
      // the version that just failed and the one before it keep their files; the others lose them
      const withFiles = (await t.database.db.select({ uploadId: uploadFiles.uploadId }).from(uploadFiles).where(inArray(uploadFiles.uploadId, versions))).map((row) => row.uploadId);
      expect(withFiles.sort()).toEqual(versions.slice(-2).sort());
    }
    // only the two kept raw files are stored
    const kept = await t.database.db.select({ key: uploadFiles.storageKey }).from(uploadFiles).where(inArray(uploadFiles.uploadId, versions));
    expect((await storedFiles(t.app.ctx.config.storageDir)).sort()).toEqual(kept.map((row) => row.key).sort());

    const rows = await t.database.db.select().from(uploads).where(eq(uploads.clientId, clientId)).orderBy(asc(uploads.attempt));
    expect(rows.map((row) => [row.attempt, row.status, row.errorMessage])).toEqual([1, 2, 3, 4].map((attempt) => [attempt, 'FAILED', NO_PAYROLL]));

    // an older version's raw file says where it went; the newest is there
    const removed = await adminAgent.get(`/api/company/download/${versions[0]}?type=raw`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json().message).toBe('The file of this failed upload was removed to save space, as newer versions of the week failed too.');
    expect((await adminAgent.get(`/api/company/download/${versions[3]}?type=raw`)).statusCode).toBe(200);
    // nor can it be processed again with a mapping fix: there is nothing left to process
    const fix = await adminAgent.post(`/api/company/uploads/${versions[0]}/mapping-fixes`, { sheet: null, header: 'OT Hrs', column: 'Overtime Hours' });
    expect(fix.statusCode).toBe(409);
    expect(fix.json().message).toBe(
      'The file of this failed upload was removed to save space, as newer versions of the week failed too. Fix the mapping on the newest upload of the week instead.',
    );
    expect(log.error).not.toHaveBeenCalled();
    expect(log.warn).not.toHaveBeenCalled();
  });
});
