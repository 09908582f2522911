import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { writeModelXlsx } from '../../../scripts/bench/payrollFiles';
import { payrollModel } from '../../../scripts/bench/payrollModel';
import { uploads } from '@/server/db/schema';
import { startUploadWorker, type UploadWorker } from '@/server/jobs/uploadWorker';
import { buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { addClient, RecordingPublisher, staffedClient, statusReached, uploadDocument } from './uploadHarness';

/** A dense workbook of the benchmarks' model: 12 sheets of real-looking payroll, `rowsPerSheet` rows each. */
async function denseWorkbook(rowsPerSheet: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'payroll-fair-'));
  try {
    const file = path.join(dir, 'payroll.xlsx');
    await writeModelXlsx(payrollModel({ sheets: 12, rowsPerSheet, seed: 2025, dense: true }), file, true);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const BURST = 8;

/**
 * The real worker on the embedded database, one upload at a time: another company's small upload is
 * taken right after the large upload running when it arrived, whatever the pile behind that one.
 * (The same with 5 MB workbooks and a time limit runs in the fault suites, on the built product.)
 */
describe('fair processing across companies', () => {
  let t: TestApp;
  let worker: UploadWorker | undefined;

  beforeAll(async () => {
    t = await buildTestApp({}, { queue: true });
  });
  afterAll(async () => {
    // the rest of the burst is not waited for: its runs are stopped and handed back to the queue
    await worker?.stop(0);
    await t.close();
  });

  it("one company's pile of large uploads holds another company's small upload back by one job, not the pile", async () => {
    const [large, small] = await Promise.all([denseWorkbook(600), denseWorkbook(18)]);
    const a = await staffedClient(t, { clientName: 'Burst client 1' });
    const burstClients = [a.clientId];
    for (let i = 2; i <= BURST; i++) burstClients.push(await addClient(t.database.db, a.companyId, a.staffId, `Burst client ${i}`));
    const b = await staffedClient(t, { clientName: 'Small client' });

    const burst: string[] = [];
    for (const clientId of burstClients) {
      const response = await uploadDocument(a.agent, { clientId }, { filename: 'large week.xlsx', content: large });
      expect(response.statusCode).toBe(202);
      burst.push(response.json().data.processingId);
    }
    // the worker starts on the pile, then the other company's upload arrives
    const publisher = new RecordingPublisher();
    worker = await startUploadWorker(t.queue!, { db: t.database.db, queue: t.queue!, storage: t.app.ctx.storage, publisher, log: { error: jest.fn() } }, 1);
    expect(await statusReached(t.database.db, burst[0], ['CONSOLIDATING', 'CONSOLIDATED', 'SCRUBBING', 'SCRUBBED'])).not.toBe('QUEUED');
    const response = await uploadDocument(b.agent, { clientId: b.clientId }, { filename: 'small week.xlsx', content: small });
    expect(response.statusCode).toBe(202);
    const queuedAt = Date.now();
    const smallId: string = response.json().data.processingId;
    expect(await statusReached(t.database.db, smallId, ['SCRUBBED', 'FAILED'], 120_000)).toBe('SCRUBBED');

    const started = (id: string) => publisher.of(id).find((update) => update.status === 'CONSOLIDATING')?.at ?? Infinity;
    const smallStartedAt = started(smallId);
    // once it was queued, none of the pile started before it: it took the slot that came free next
    expect(burst.filter((id) => started(id) > queuedAt && started(id) < smallStartedAt)).toEqual([]);
    // and most of the pile was still waiting behind it
    expect(burst.filter((id) => started(id) > smallStartedAt).length).toBeGreaterThanOrEqual(BURST - 2);
    const scrubbed = await t.database.db.select({ id: uploads.id }).from(uploads).where(and(inArray(uploads.id, burst), eq(uploads.status, 'SCRUBBED')));
    expect(scrubbed.length).toBeLessThanOrEqual(2);
  }, 180_000);
});
