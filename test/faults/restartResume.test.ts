import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { type BuiltServer, DEMO, startBuiltServer, stopBuiltServer } from '../../scripts/bench/builtServer';
import { signIn } from '../../scripts/bench/signIn';
import { openDatabase } from '../../src/server/db/client';
import { uploadFiles, uploads } from '../../src/server/db/schema';
import { payrollWorkbook } from '../server/jobs/uploadHarness';
import { FaultProduct, streamUpload, uploadForm } from './faultHarness';

/**
 * A process killed (SIGKILL: a power cut, an out-of-memory kill) while it consolidates an upload
 * never leaves the upload stuck: the embedded server started again on the same data folder takes it
 * up at once, and on PostgreSQL another worker takes it up once the dead worker's lease has lapsed.
 * Either way the upload ends SCRUBBED within a minute, with one file row per version.
 */
const WITHIN_MS = 60_000;
/** About 5 MB: long enough to consolidate that the kill lands in the middle of it. */
const ROWS_PER_SHEET = 8000;
/** Two cold starts of the server, a 5 MB upload processed twice over: minutes on a loaded machine (the minute asserted is the restart's). */
const TEST_TIMEOUT_MS = 300_000;

/** Kills the process outright and waits until it is gone. */
async function kill(server: BuiltServer): Promise<void> {
  const exited = new Promise((done) => server.child.once('exit', done));
  server.child.kill('SIGKILL');
  await exited;
}

/** Polls until `read` answers one of `statuses` (or the time is up); answers the last status read. */
async function statusReached(read: () => Promise<string | undefined>, statuses: string[], timeoutMs: number, everyMs = 100): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await read().catch(() => undefined);
    if ((status && statuses.includes(status)) || Date.now() > deadline) return status;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * The workers' lease (WORKER_LEASE_SECONDS, 30 by default) shortened, so that taking the job up and
 * processing it again fits the minute with room to spare on a loaded machine.
 */
const WORKERS = { WORKER_LEASE_SECONDS: '15' };

describe('a process killed mid-consolidation', () => {
  let workbook: Buffer;

  beforeAll(async () => {
    workbook = await payrollWorkbook({ sheets: 12, rowsPerSheet: ROWS_PER_SHEET, seed: 29 });
  });

  describe('the embedded server, started again on the same data folder', () => {
    let dataDir: string;
    const servers: BuiltServer[] = [];
    const env = { SESSION_SECRET: randomBytes(32).toString('hex'), PROCESSING_CONCURRENCY: '1' };

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'payroll-restart-'));
    });

    afterAll(async () => {
      await Promise.all(servers.map((server) => stopBuiltServer(server)));
      await rm(dataDir, { recursive: true, force: true });
    });

    it('takes the upload up again at once and brings it to SCRUBBED with one file row per version', async () => {
      const first = await startBuiltServer({ dataDir, env });
      servers.push(first);
      const cookie = await signIn(first.baseUrl, 'staff', DEMO.staff, DEMO.password);
      const clientId = await staffClientId(first.baseUrl, cookie, 'Harbor Diner');
      const outcome = await streamUpload(first.baseUrl, cookie, uploadForm(clientId, workbook), { pieces: 1 });
      if (!('status' in outcome) || outcome.status !== 202 || !outcome.body.data) throw new Error(`the upload was refused: ${JSON.stringify(outcome)}`);
      const uploadId = outcome.body.data.processingId;

      // killed as soon as the consolidation is seen under way
      const seen = await statusReached(() => staffUploadStatus(first.baseUrl, cookie, uploadId), ['CONSOLIDATING', 'CONSOLIDATED', 'SCRUBBING', 'SCRUBBED', 'FAILED'], WITHIN_MS, 20);
      await kill(first);
      expect(seen).toBe('CONSOLIDATING');

      const second = await startBuiltServer({ dataDir, env });
      servers.push(second);
      const restartedAt = Date.now();
      const reached = await statusReached(() => staffUploadStatus(second.baseUrl, cookie, uploadId), ['SCRUBBED', 'FAILED'], WITHIN_MS);
      const tookMs = Date.now() - restartedAt;
      expect(reached).toBe('SCRUBBED');
      expect(tookMs).toBeLessThan(WITHIN_MS);
      console.log(`embedded restart: SCRUBBED ${(tookMs / 1000).toFixed(1)} s after the restart`);

      await stopBuiltServer(second);
      const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
      try {
        const files = await database.db.select({ kind: uploadFiles.kind }).from(uploadFiles).where(eq(uploadFiles.uploadId, uploadId));
        expect(files.map((file) => file.kind).sort()).toEqual(['consolidated', 'raw', 'scrubbed']);
        const [row] = await database.db.select({ status: uploads.status, resumedAt: uploads.resumedAt }).from(uploads).where(eq(uploads.id, uploadId));
        // once done it no longer says it is resuming
        expect(row).toEqual({ status: 'SCRUBBED', resumedAt: null });
      } finally {
        await database.close();
      }
    }, TEST_TIMEOUT_MS);
  });

  describe('one of two workers on PostgreSQL', () => {
    let product: FaultProduct;

    beforeAll(async () => {
      product = await FaultProduct.create('payroll_faults_restart');
    });

    afterAll(async () => {
      await product?.stop();
    });

    it('has its job taken up by the other worker once its lease lapses', async () => {
      const api = await product.start('api');
      const doomed = await product.start('worker', WORKERS);
      const cookie = await product.signInStaff(api.baseUrl);
      const clientId = await product.clientId('Harbor Diner');
      const outcome = await streamUpload(api.baseUrl, cookie, uploadForm(clientId, workbook), { pieces: 1 });
      if (!('status' in outcome) || outcome.status !== 202 || !outcome.body.data) throw new Error(`the upload was refused: ${JSON.stringify(outcome)}`);
      const uploadId = outcome.body.data.processingId;
      expect(await product.statusReached(uploadId, ['CONSOLIDATING'], WITHIN_MS)).toBe('CONSOLIDATING');

      // the second worker is up (its lease current) before the first dies mid-job
      const survivor = await product.start('worker', WORKERS);
      const holders = await product.database.query<{ worker_id: string }>(
        'select h.worker_id from queue_job_holders h join uploads u on u.job_id = h.job_id::text where u.id = $1',
        [uploadId],
      );
      expect(holders.rows).toHaveLength(1);
      expect(await product.statusReached(uploadId, ['CONSOLIDATING'], 1_000)).toBe('CONSOLIDATING');
      await kill(doomed);
      const killedAt = Date.now();
      // handed back: it waits for a worker (not shown as being processed), marked as resuming
      const resumed = await statusReached(
        async () => {
          const { rows } = await product.database.query<{ status: string; resumed: boolean }>('select status, resumed_at is not null as resumed from uploads where id = $1', [uploadId]);
          return rows[0]?.resumed ? 'RESUMED' : rows[0]?.status;
        },
        ['RESUMED', 'SCRUBBED', 'FAILED'],
        WITHIN_MS,
      );
      expect(resumed).toBe('RESUMED');

      expect(await product.statusReached(uploadId, ['SCRUBBED', 'FAILED'], WITHIN_MS)).toBe('SCRUBBED');
      const tookMs = Date.now() - killedAt;
      expect(tookMs).toBeLessThan(WITHIN_MS);
      console.log(`two workers: SCRUBBED ${(tookMs / 1000).toFixed(1)} s after the worker holding the job was killed`);

      const { rows: files } = await product.database.query<{ kind: string }>('select kind from upload_files where upload_id = $1 order by kind', [uploadId]);
      expect(files.map((file) => file.kind)).toEqual(['consolidated', 'raw', 'scrubbed']);
      // the survivor lets go of the job once its run has returned, just after the SCRUBBED commit
      const holding = await statusReached(
        async () => {
          const { rows } = await product.database.query<{ worker_id: string }>(
            'select h.worker_id from queue_job_holders h join uploads u on u.job_id = h.job_id::text where u.id = $1',
            [uploadId],
          );
          return rows.length === 0 ? 'RELEASED' : `HELD by ${rows.map((row) => row.worker_id).join(', ')}`;
        },
        ['RELEASED'],
        5_000,
      );
      expect(holding).toBe('RELEASED');
      expect(survivor.child.exitCode).toBeNull();
    }, TEST_TIMEOUT_MS);
  });
});

async function staffClientId(baseUrl: string, cookie: string, name: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/staff/clients?limit=100`, { headers: { cookie } });
  const body = (await response.json()) as { data: { clients: { id: string; name: string }[] } };
  const client = body.data.clients.find((candidate) => candidate.name === name);
  if (!client) throw new Error(`no client ${name}`);
  return client.id;
}

async function staffUploadStatus(baseUrl: string, cookie: string, uploadId: string): Promise<string | undefined> {
  const response = await fetch(`${baseUrl}/api/staff/uploads?limit=50`, { headers: { cookie } });
  if (response.status !== 200) return undefined;
  const body = (await response.json()) as { data: { uploads: { id: string; status: string }[] } };
  return body.data.uploads.find((upload) => upload.id === uploadId)?.status;
}
