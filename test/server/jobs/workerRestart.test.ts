import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { type Config, loadConfig } from '@/server/config';
import { type DatabaseHandle, openDatabase } from '@/server/db/client';
import { companies, uploadFiles, uploads, users } from '@/server/db/schema';
import { bossUploadQueue } from '@/server/jobs/bossUploadQueue';
import { startQueue } from '@/server/jobs/queue';
import type { UploadSummary } from '@/server/services/uploads/uploadSummary';
import { newUploadTarget } from '@/server/services/uploads/uploadTargets';
import { queueWeeklyDocument } from '@/server/services/uploads/uploads';
import { LocalFileStorage } from '@/server/storage/localFileStorage';
import { type TemporaryPostgresDatabase, temporaryPostgresDatabase } from '../../../scripts/temporaryPostgresDatabase';
import { addClient, payrollWorkbook, statusReached, storedFiles, XLSX_TYPE } from './uploadHarness';

/**
 * A worker process killed with SIGKILL mid-job, then a worker started again (the product's own
 * `main.ts worker`): the queue hands the job out again after its expiry and the upload reaches
 * SCRUBBED with nothing lost or duplicated. And a worker stopped with SIGTERM mid-job: it finishes
 * the job within its grace period, or stops it when the period is over and hands it back to the
 * queue, which a restarted worker then finishes. Separate processes cannot share the embedded database,
 * so this needs PostgreSQL: it runs wherever TEST_DATABASE_URL names one (CI's PostgreSQL pass);
 * the embedded pass leaves the file out (jest.config.cjs) rather than reporting it skipped.
 */
const root = path.resolve(__dirname, '../../..');
/** Short enough for a test, long enough for a cold worker process to finish a small job within it. */
const JOB_EXPIRE_SECONDS = 8;

jest.setTimeout(120_000);

describe('a worker killed mid-job', () => {
  let temporary: TemporaryPostgresDatabase;
  let databaseUrl: string;
  let database: DatabaseHandle;
  let queue: PgBoss;
  let config: Config;
  let storageDir: string;
  let tmpDir: string;
  let workbook: Buffer;
  let staff: { companyId: string; id: string };
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    temporary = await temporaryPostgresDatabase('payroll_worker_restart');
    databaseUrl = temporary.url;

    storageDir = await mkdtemp(path.join(os.tmpdir(), 'worker-restart-files-'));
    tmpDir = await mkdtemp(path.join(os.tmpdir(), 'worker-restart-tmp-'));
    config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, STORAGE_DIR: storageDir, PROCESSING_JOB_EXPIRE_SECONDS: String(JOB_EXPIRE_SECONDS) });
    database = await openDatabase({ databaseUrl, poolSize: 4 });
    await database.migrate();
    queue = await startQueue(database, { supervise: false, jobExpireSeconds: JOB_EXPIRE_SECONDS });
    const [company] = await database.db.insert(companies).values({ name: 'Restart Co' }).returning();
    const [user] = await database.db.insert(users).values({ role: 'STAFF', companyId: company.id, name: 'Sam Staff', email: 'sam@example.com', passwordHash: 'x' }).returning();
    staff = { companyId: company.id, id: user.id };
    workbook = await payrollWorkbook({ sheets: 3, rowsPerSheet: 200 });
  });

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await queue?.stop({ graceful: false, wait: true, timeout: 5_000 });
    await database?.close();
    await temporary?.drop();
    await rm(storageDir, { recursive: true, force: true });
    await rm(tmpDir, { recursive: true, force: true });
  });

  /** Queues an upload for a new client through the product's own upload service. */
  async function queuedUpload(content = workbook, jobExpireSeconds = JOB_EXPIRE_SECONDS): Promise<{ processingId: string; jobId: string }> {
    const viewer = { companyId: staff.companyId, userId: staff.id, role: 'STAFF' as const };
    const clientId = await addClient(database.db, staff.companyId, staff.id, `Client ${randomBytes(3).toString('hex')}`);
    const target = await newUploadTarget(database.db, viewer, clientId, '2025-09-08');
    const storage = new LocalFileStorage(storageDir);
    const incoming = { filename: 'week.xlsx', mimetype: XLSX_TYPE, content: Readable.from([content]), truncated: () => false };
    const queuing = { ...config, processing: { ...config.processing, jobExpireSeconds } };
    return queueWeeklyDocument({ db: database.db, config: queuing, storage, uploadQueue: bossUploadQueue(queue) }, { actor: { id: staff.id, role: 'STAFF' }, viewer, name: 'Sam Staff' }, target, incoming);
  }

  function start(args: string[], env: Record<string, string> = {}): { child: ChildProcess; output: string[]; exited: Promise<number | null> } {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        STORAGE_DIR: storageDir,
        TMPDIR: tmpDir,
        PROCESSING_JOB_EXPIRE_SECONDS: String(JOB_EXPIRE_SECONDS),
        PROCESSING_CONCURRENCY: '1',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    const output: string[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean)));
    child.stderr?.on('data', (chunk: Buffer) => output.push(`stderr: ${chunk.toString()}`));
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => {
        children.delete(child);
        resolve(code);
      }),
    );
    return { child, output, exited };
  }

  async function waitFor(output: string[], line: string, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!output.includes(line)) {
      if (Date.now() > deadline) throw new Error(`no ${line} within ${timeoutMs} ms:\n${output.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function killAt(freezeAt: string): Promise<void> {
    const worker = start(['test/server/jobs/killableWorker.ts'], { FREEZE_AT: freezeAt });
    await waitFor(worker.output, 'FROZEN');
    worker.child.kill('SIGKILL');
    await worker.exited;
  }

  /** The product's worker role, started as an operator would, until the upload is finished; then stopped with SIGTERM. */
  async function restartUntilFinished(processingId: string): Promise<string | undefined> {
    const worker = start(['src/server/main.ts', 'worker']);
    const status = await statusReached(database.db, processingId, ['SCRUBBED', 'FAILED'], 90_000);
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    if (status !== 'SCRUBBED') throw new Error(`ended ${status}:\n${worker.output.join('\n')}`);
    return status;
  }

  async function expectNothingLostOrDuplicated(processingId: string, jobId: string, expected: { sheets: number; retryCount: number } = { sheets: 3, retryCount: 1 }) {
    const files = await database.db.select().from(uploadFiles).where(eq(uploadFiles.uploadId, processingId));
    expect(files.map((file) => file.kind).sort()).toEqual(['consolidated', 'raw', 'scrubbed']);
    const storage = new LocalFileStorage(storageDir);
    for (const file of files) expect((await storage.stat(file.storageKey)).size).toBe(file.sizeBytes);
    const [upload] = await database.db.select().from(uploads).where(eq(uploads.id, processingId));
    expect(upload).toMatchObject({ status: 'SCRUBBED', errorMessage: null, summary: expect.objectContaining({ sheets: expect.objectContaining({ found: expected.sheets }) }) });
    const job = await queue.getJobById('process-upload', jobId);
    expect(job).toMatchObject({ state: 'completed', retryCount: expected.retryCount });
    const allRows = await database.db.select({ key: uploadFiles.storageKey }).from(uploadFiles);
    expect((await storedFiles(storageDir)).sort()).toEqual(allRows.map((row) => row.key).sort());
    expect(await workDirsOf(processingId)).toEqual([]);
  }

  /** The upload's working folders in the workers' temporary folder (tsx keeps its cache there too). */
  async function workDirsOf(processingId: string): Promise<string[]> {
    return (await readdir(tmpDir)).filter((name) => name.startsWith(`payroll-upload-${processingId}-`));
  }

  it('records both workbooks with SCRUBBED in one commit: a kill right after it leaves nothing half-stored, and the job handed out again keeps those files', async () => {
    const { processingId, jobId } = await queuedUpload();
    // CONSOLIDATED is published after the commit that records both workbooks and SCRUBBED
    await killAt('CONSOLIDATED');
    const [killed] = await database.db.select().from(uploads).where(eq(uploads.id, processingId));
    expect(killed.status).toBe('SCRUBBED');
    const stored = await database.db.select().from(uploadFiles).where(eq(uploadFiles.uploadId, processingId));
    expect(stored.map((file) => file.kind).sort()).toEqual(['consolidated', 'raw', 'scrubbed']);

    const worker = start(['src/server/main.ts', 'worker']);
    const deadline = Date.now() + 90_000;
    while ((await queue.getJobById('process-upload', jobId))?.state !== 'completed' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    const after = await database.db.select().from(uploadFiles).where(eq(uploadFiles.uploadId, processingId));
    expect(after.sort((a, b) => a.kind.localeCompare(b.kind))).toEqual(stored.sort((a, b) => a.kind.localeCompare(b.kind)));
    await expectNothingLostOrDuplicated(processingId, jobId);
  });

  it('runs the whole job again after a kill in the middle of the engine, clearing what the dead run left', async () => {
    const { processingId, jobId } = await queuedUpload();
    await killAt('progress');
    const [stuck] = await database.db.select().from(uploads).where(eq(uploads.id, processingId));
    expect(stuck.status).toBe('CONSOLIDATING');
    expect(await workDirsOf(processingId)).toHaveLength(1);

    expect(await restartUntilFinished(processingId)).toBe('SCRUBBED');
    await expectNothingLostOrDuplicated(processingId, jobId);
  });

  it("builds the viewer's rows in their own job, from the stored files, after a kill right after SCRUBBED; the upload's job handed out again ends without the engine", async () => {
    const { processingId, jobId } = await queuedUpload();
    await killAt('SCRUBBED');
    const [scrubbed] = await database.db.select().from(uploads).where(eq(uploads.id, processingId));
    expect(scrubbed).toMatchObject({ status: 'SCRUBBED', reviewReadyAt: null });
    const files = await database.db.select().from(uploadFiles).where(eq(uploadFiles.uploadId, processingId));

    const worker = start(['test/server/jobs/killableWorker.ts']);
    const deadline = Date.now() + 60_000;
    let upload = scrubbed;
    // the pack's job, queued with SCRUBBED, is taken at once; the upload's job only once its expiry has passed
    const finished = async () => (upload.reviewReadyAt || upload.reviewFailedAt) && (await queue.getJobById('process-upload', jobId))?.state === 'completed';
    while (!(await finished()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      [upload] = await database.db.select().from(uploads).where(eq(uploads.id, processingId));
    }
    worker.child.kill('SIGKILL');
    await worker.exited;
    expect(upload).toMatchObject({ status: 'SCRUBBED', reviewFailedAt: null, reviewReadyAt: expect.any(Date) });
    // the summary as stored at SCRUBBED, with the links to each rule's first flagged row filled in
    const stored = scrubbed.summary as UploadSummary;
    const linked = stored.issuesByRule.map((rule) => ({ ...rule, firstRow: rule.first && rule.severity !== 'info' ? expect.any(Number) : null }));
    expect(upload.summary).toEqual({ ...stored, issuesByRule: linked });
    // the engine did not run again: no update published for the upload, its files as they were
    expect(worker.output.filter((line) => line.includes(processingId))).toEqual([]);
    expect(await database.db.select().from(uploadFiles).where(eq(uploadFiles.uploadId, processingId))).toEqual(files);
    await expectNothingLostOrDuplicated(processingId, jobId);
  });

  describe('stopped with SIGTERM mid-job', () => {
    /** 30 sheets of 4,000 rows: the engine is at work on it for several seconds, well past a one-second grace period. */
    const LARGE_SHEETS = 30;
    let largeWorkbook: Buffer;
    /** Jobs queued here may run as long as a busy machine needs: what stops them is the SIGTERM, never the expiry. */
    const LONG_EXPIRY_SECONDS = 120;

    beforeAll(async () => {
      largeWorkbook = await payrollWorkbook({ sheets: LARGE_SHEETS, rowsPerSheet: 4000 });
    });

    /** The product's worker role with the given grace period, stopped with SIGTERM once the engine is at work on the upload. */
    async function stopMidJob(processingId: string, graceSeconds: number): Promise<{ exitCode: number | null; stoppedInMs: number; output: string[] }> {
      const worker = start(['src/server/main.ts', 'worker'], { SHUTDOWN_GRACE_SECONDS: String(graceSeconds) });
      expect(await statusReached(database.db, processingId, ['CONSOLIDATING', 'SCRUBBED', 'FAILED'], 60_000)).toBe('CONSOLIDATING');
      const signalled = Date.now();
      worker.child.kill('SIGTERM');
      const exitCode = await worker.exited;
      return { exitCode, stoppedInMs: Date.now() - signalled, output: worker.output };
    }

    it('finishes the job under way within its grace period, then exits', async () => {
      const { processingId, jobId } = await queuedUpload(largeWorkbook, LONG_EXPIRY_SECONDS);
      const stopped = await stopMidJob(processingId, 60);
      expect({ exitCode: stopped.exitCode, output: stopped.exitCode === 0 ? [] : stopped.output }).toEqual({ exitCode: 0, output: [] });
      expect(stopped.stoppedInMs).toBeLessThan(60_000);
      const [upload] = await database.db.select().from(uploads).where(eq(uploads.id, processingId));
      expect(upload.status).toBe('SCRUBBED');
      await expectNothingLostOrDuplicated(processingId, jobId, { sheets: LARGE_SHEETS, retryCount: 0 });
    });

    it('hands the job back when the grace period is over, and a restarted worker finishes it', async () => {
      const { processingId, jobId } = await queuedUpload(largeWorkbook, LONG_EXPIRY_SECONDS);
      const graceSeconds = 1;
      const stopped = await stopMidJob(processingId, graceSeconds);
      // the worker's own output is shown beside a failed stop: it says what kept it or ended it
      const output = stopped.exitCode === 0 ? [] : stopped.output;
      expect({ exitCode: stopped.exitCode, inTime: stopped.stoppedInMs < graceSeconds * 1000 + 4_000, output }).toEqual({ exitCode: 0, inTime: true, output: [] });

      // Handed back, not lost: the job waits for the next worker, the upload keeps its status, and the stopped run cleared its working folder.
      expect(await queue.getJobById('process-upload', jobId)).toMatchObject({ state: 'retry' });
      const [stuck] = await database.db.select().from(uploads).where(eq(uploads.id, processingId));
      expect(stuck.status).toBe('CONSOLIDATING');
      expect(await workDirsOf(processingId)).toEqual([]);

      expect(await restartUntilFinished(processingId)).toBe('SCRUBBED');
      await expectNothingLostOrDuplicated(processingId, jobId, { sheets: LARGE_SHEETS, retryCount: 1 });
    });
  });
});
