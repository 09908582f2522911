import { and, eq } from 'drizzle-orm';
import { uploadFiles, uploads } from '@/server/db/schema';
import { processUpload, type UploadJobDeps } from '@/server/jobs/processUpload';
import { updateSequence } from '@/server/realtime/processingUpdates';
import { buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { payrollWorkbook, RecordingPublisher, staffedClient, uploadDocument } from './uploadHarness';

const isIncreasing = (numbers: number[]) => numbers.every((number, index) => index === 0 || number > numbers[index - 1]);

describe('the order of an upload job’s updates (seq)', () => {
  it('grows with every update, even within the same millisecond, and a later run starts above an earlier one', () => {
    let clock = 1_700_000_000_000;
    const firstRun = updateSequence(() => clock);
    const first = [firstRun(), firstRun(), firstRun()];
    expect(isIncreasing(first)).toBe(true);
    clock += 2000;
    const secondRun = updateSequence(() => clock);
    expect(secondRun()).toBeGreaterThan(first[2]);
    expect(Number.isSafeInteger(secondRun())).toBe(true);
  });

  describe('as the job publishes them', () => {
    let t: TestApp;
    const log = { error: jest.fn(), warn: jest.fn() };

    beforeAll(async () => {
      t = await buildTestApp({}, { queue: true });
    });
    afterAll(() => t.close());

    function deps(publisher: RecordingPublisher): UploadJobDeps {
      return { db: t.database.db, queue: t.queue!, storage: t.app.ctx.storage, publisher, log };
    }

    it("stamps every update of a run with a seq above the last, and a run made again after a worker died continues above it", async () => {
      const { agent, clientId } = await staffedClient(t);
      const workbook = await payrollWorkbook({ rowsPerSheet: 40 });
      const { processingId, jobId } = (await uploadDocument(agent, { clientId }, { filename: 'week.xlsx', content: workbook })).json().data;
      const job = { id: jobId as string, data: { uploadId: processingId as string }, expireInSeconds: 60 };

      const first = new RecordingPublisher();
      await processUpload(deps(first), job);
      const firstSeqs = first.of(processingId).map((update) => update.seq as number);
      expect(firstSeqs.length).toBeGreaterThan(2);
      expect(firstSeqs.every(Number.isSafeInteger)).toBe(true);
      expect(isIncreasing(firstSeqs)).toBe(true);

      // as a worker killed after consolidating leaves it: the next run scrubs again
      await t.database.db.delete(uploadFiles).where(and(eq(uploadFiles.uploadId, processingId), eq(uploadFiles.kind, 'scrubbed')));
      await t.database.db.update(uploads).set({ status: 'CONSOLIDATED', summary: null }).where(eq(uploads.id, processingId));
      const again = new RecordingPublisher();
      await processUpload(deps(again), job);
      const againSeqs = again.of(processingId).map((update) => update.seq as number);
      expect(againSeqs.length).toBeGreaterThan(0);
      expect(isIncreasing([...firstSeqs, ...againSeqs])).toBe(true);
    });
  });
});
