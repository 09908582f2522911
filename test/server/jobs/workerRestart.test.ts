import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import { type Config, loadConfig } from '@/server/config';
import { type DatabaseHandle, openDatabase } from '@/server/db/client';
import { companies, uploadFiles, uploads, users } from '@/server/db/schema';
import { startQueue } from '@/server/jobs/queue';
import { newUploadTarget } from '@/server/services/uploadTargets';
import { queueWeeklyDocument } from '@/server/services/uploads';
import { LocalFileStorage } from '@/server/storage/localFileStorage';
import { addClient, payrollWorkbook, statusReached, storedFiles, XLSX_TYPE } from './uploadHarness';

/**
 * A worker process killed with SIGKILL mid-job, then a worker started again (the product's own
 * `main.ts worker`): the queue hands the job out again after its expiry and the upload reaches
 * SCRUBBED with nothing lost or duplicated. Separate processes cannot share the embedded database,
 * so this needs PostgreSQL: it runs wherever TEST_DATABASE_URL names one (CI's PostgreSQL pass);
 * the embedded pass leaves the file out (jest.config.cjs) rather than reporting it skipped.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const root = path.resolve(__dirname, '../../..');
/** Short enough for a test, long enough for a cold worker process to finish a small job within it. */
const JOB_EXPIRE_SECONDS = 8;

jest.setTimeout(120_000);

describe('a worker killed mid-job', () => {
  const databaseName = `payroll_worker_restart_${Date.now()}_${randomBytes(3).toString('hex')}`;
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
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${databaseName}"`);
    await admin.end();
    const url = new URL(serverUrl as string);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();

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
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${databaseName}" with (force)`);
    await admin.end();
    await rm(storageDir, { recursive: true, force: true });
    await rm(tmpDir, { recursive: true, force: true });
  });

  /** Queues an upload for a new client through the product's own upload service. */
  async function queuedUpload(): Promise<{ processingId: string; jobId: string }> {
    const viewer = { companyId: staff.companyId, userId: staff.id, role: 'STAFF' as const };
    const clientId = await addClient(database.db, staff.companyId, staff.id, `Client ${randomBytes(3).toString('hex')}`);
    const target = await newUploadTarget(database.db, viewer, clientId, '2025-09-08');
    const storage = new LocalFileStorage(storageDir);
    const incoming = { filename: 'week.xlsx', mimetype: XLSX_TYPE, content: Readable.from([workbook]), truncated: () => false };
    return queueWeeklyDocument({ db: database.db, config, storage, queue }, { actor: { id: staff.id, role: 'STAFF' }, viewer, name: 'Sam Staff' }, target, incoming);
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

  async function expectNothingLostOrDuplicated(processingId: string, jobId: string) {
    const files = await database.db.select().from(uploadFiles).where(eq(uploadFiles.uploadId, processingId));
    expect(files.map((file) => file.kind).sort()).toEqual(['consolidated', 'raw', 'scrubbed']);
    const storage = new LocalFileStorage(storageDir);
    for (const file of files) expect((await storage.stat(file.storageKey)).size).toBe(file.sizeBytes);
    const [upload] = await database.db.select().from(uploads).where(eq(uploads.id, processingId));
    expect(upload).toMatchObject({ status: 'SCRUBBED', errorMessage: null, summary: expect.objectContaining({ sheets: expect.objectContaining({ found: 3 }) }) });
    const job = await queue.getJobById('process-upload', jobId);
    expect(job).toMatchObject({ state: 'completed', retryCount: 1 });
    const allRows = await database.db.select({ key: uploadFiles.storageKey }).from(uploadFiles);
    expect((await storedFiles(storageDir)).sort()).toEqual(allRows.map((row) => row.key).sort());
    expect(await workDirsOf(processingId)).toEqual([]);
  }

  /** The upload's working folders in the workers' temporary folder (tsx keeps its cache there too). */
  async function workDirsOf(processingId: string): Promise<string[]> {
    return (await readdir(tmpDir)).filter((name) => name.startsWith(`payroll-upload-${processingId}-`));
  }

  it('keeps the consolidated file stored before the kill and finishes the rest after a restart', async () => {
    const { processingId, jobId } = await queuedUpload();
    await killAt('CONSOLIDATED');
    const [consolidated] = await database.db.select().from(uploadFiles).where(eq(uploadFiles.uploadId, processingId)).then((rows) => rows.filter((row) => row.kind === 'consolidated'));
    expect(consolidated).toBeDefined();

    expect(await restartUntilFinished(processingId)).toBe('SCRUBBED');
    const [after] = await database.db.select().from(uploadFiles).where(eq(uploadFiles.id, consolidated.id));
    expect(after).toEqual(consolidated);
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
});
