import { processUpload, type UploadJobDeps } from '@/server/jobs/processUpload';
import { ProgressRelay } from '@/server/services/uploads/uploadMessages';
import { buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { payrollWorkbook, RecordingPublisher, staffedClient, uploadDocument } from './uploadHarness';

/** The share of the processing done, as an upload's job publishes it in its processingUpdates. */
describe("the processing share in an upload's updates", () => {
  let t: TestApp;
  const log = { error: jest.fn(), warn: jest.fn() };

  beforeAll(async () => {
    t = await buildTestApp({}, { queue: true });
  });
  afterAll(() => t.close());

  it('rides on the progress updates only, never goes back, and reaches 1 before the upload moves on', async () => {
    const workbook = await payrollWorkbook({ sheets: 3, rowsPerSheet: 2000, seed: 3 });
    const { agent, clientId } = await staffedClient(t);
    const { processingId, jobId } = (await uploadDocument(agent, { clientId }, { filename: 'week.xlsx', content: workbook })).json().data;
    const publisher = new RecordingPublisher();
    const deps: UploadJobDeps = { db: t.database.db, queue: t.queue!, storage: t.app.ctx.storage, publisher, log };
    await processUpload(deps, { id: jobId, data: { uploadId: processingId }, expireInSeconds: 60 });

    const updates = publisher.of(processingId);
    const withShare = updates.filter((update) => update.progress !== undefined);
    expect(withShare.length).toBeGreaterThan(0);
    expect(withShare.every((update) => update.status === 'CONSOLIDATING')).toBe(true);
    const shares = withShare.map((update) => update.progress as number);
    for (let i = 1; i < shares.length; i++) expect(shares[i]).toBeGreaterThanOrEqual(shares[i - 1]);
    expect(shares.every((share) => share >= 0 && share <= 1)).toBe(true);
    expect(shares.at(-1)).toBe(1);
    // stage changes carry none: the share belongs to the engine's work
    expect(updates.filter((update) => update.status !== 'CONSOLIDATING').every((update) => update.progress === undefined)).toBe(true);
    expect(updates.at(-1)?.status).toBe('SCRUBBED');
  });

  it('the relay passes a few updates a second, clamps the share, and always lets the last word (1) through', () => {
    let now = 10_000;
    const published: Array<[string, number | undefined]> = [];
    const relay = new ProgressRelay((message, share) => published.push([message, share]), () => now);
    // the run's status has just been published: the first message waits a third of a second
    relay.report('Consolidating: reading the file', 0);
    now += 340;
    relay.report('Consolidating: sheet 1 of 2, 10 rows', 0.2);
    now += 100;
    relay.report('Consolidating: sheet 1 of 2, 20 rows', 0.3);
    now += 100;
    relay.report('Scrubbing: writing 20 clean rows', 1);
    now += 400;
    relay.report('Consolidating: reading the file', 1.7);
    expect(published).toEqual([
      ['Consolidating: sheet 1 of 2, 10 rows', 0.2],
      ['Scrubbing: writing 20 clean rows', 1],
      ['Consolidating: reading the file', 1],
    ]);
  });

  it('a run shorter than the pace publishes its last word only', () => {
    let now = 5_000;
    const published: Array<[string, number | undefined]> = [];
    const relay = new ProgressRelay((message, share) => published.push([message, share]), () => now);
    for (const [message, share] of [['Consolidating: reading the file', 0], ['Consolidating: sheet 1 of 1, 18 rows', 0.5], ['Scrubbing: writing 18 clean rows', 0.95]] as const) {
      relay.report(message, share);
      now += 20;
    }
    relay.report('Scrubbing: writing 18 clean rows', 1);
    expect(published).toEqual([['Scrubbing: writing 18 clean rows', 1]]);
  });
});
