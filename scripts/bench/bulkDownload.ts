/**
 * `npm run bench:bulk`: the admin's week zip (`GET /api/company/bulk-download`) must stream, so the
 * server's memory stays flat however large the week is. Starts the app in a child process of its
 * own (so that the memory measured is the server's alone, not this client's) on a fresh embedded
 * database and storage folder, seeds one company with a week of BENCH_BULK_CLIENTS clients, each
 * with one stored file of BENCH_BULK_FILE_MB of random bytes of the chosen type (written through the
 * storage layer: they need not be real workbooks), signs in as its admin and downloads the zip over
 * HTTP, counting the bytes and discarding them, while reading the server's VmRSS every 50 ms.
 *
 * Prints the bytes received, time to first byte, total time, throughput, the server's RSS before
 * the download, its peak during it (the larger of the samples and the kernel's high-water mark,
 * reset just before) and the growth. Exits with 1 when the growth exceeds BENCH_BULK_MAX_GROWTH_MB,
 * when the zip does not end with a central directory of every entry, or when fewer bytes arrived
 * than the files hold. The server and its data are removed at the end, also after an error.
 *
 *   BENCH_BULK_CLIENTS=n           clients, one file each (default 100)
 *   BENCH_BULK_FILE_MB=n           size of each file (default 5)
 *   BENCH_BULK_TYPE=type           raw, consolidated or scrubbed (default scrubbed)
 *   BENCH_BULK_MAX_GROWTH_MB=n     the most the server's RSS may grow (default 100)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { weekContaining, weekToIsoDates } from '@/common/week';
import { buildApp } from '@/server/app';
import { hashPassword } from '@/server/auth/password';
import { loadConfig } from '@/server/config';
import { openDatabase } from '@/server/db/client';
import { clients, companies, fileKinds, requiredDocuments, uploadFiles, uploads, users } from '@/server/db/schema';
import type { FileStorage } from '@/server/storage/fileStorage';

const CLIENTS = Math.max(1, Number(process.env.BENCH_BULK_CLIENTS) || 100);
const FILE_MB = Math.max(0.001, Number(process.env.BENCH_BULK_FILE_MB) || 5);
const TYPE = (process.env.BENCH_BULK_TYPE ?? 'scrubbed') as (typeof fileKinds)[number];
const MAX_GROWTH_MB = Number(process.env.BENCH_BULK_MAX_GROWTH_MB) || 100;

const MB = 1024 * 1024;
const RSS_SAMPLE_MS = 50;
const START_TIMEOUT_MS = 300_000;
const DOWNLOAD_TIMEOUT_MS = 600_000;
const ADMIN = { email: 'bench-admin@northwind.test', password: 'bench-pass-1234' };

/** What the server tells this process once it listens. */
interface Ready {
  port: number;
  weekStart: string;
  fileBytes: number;
}

// ------------------------------------------------------------------------------------- the server

/** Random bytes in 64 KB chunks, never held whole. */
function randomContent(bytes: number): Readable {
  let left = bytes;
  return new Readable({
    read() {
      const size = Math.min(64 * 1024, left);
      left -= size;
      this.push(size > 0 ? randomBytes(size) : null);
    },
  });
}

async function seedWeek(db: Awaited<ReturnType<typeof openDatabase>>['db'], storage: FileStorage, weekStart: string): Promise<number> {
  const [company] = await db.insert(companies).values({ name: 'Northwind Payroll' }).returning({ id: companies.id });
  await db.insert(users).values({ role: 'ADMIN', companyId: company.id, name: 'Bench Admin', email: ADMIN.email, passwordHash: await hashPassword(ADMIN.password) });
  const fileBytes = Math.round(FILE_MB * MB);
  let total = 0;
  for (let index = 1; index <= CLIENTS; index += 1) {
    const name = `Client ${String(index).padStart(3, '0')}`;
    const [client] = await db.insert(clients).values({ companyId: company.id, name }).returning({ id: clients.id });
    const [document] = await db.insert(requiredDocuments).values({ clientId: client.id, title: 'Weekly Payroll' }).returning({ id: requiredDocuments.id });
    const [upload] = await db
      .insert(uploads)
      .values({ companyId: company.id, clientId: client.id, requiredDocumentId: document.id, uploadedByName: 'Bench', weekStart, status: 'SCRUBBED' })
      .returning({ id: uploads.id });
    const stored = await storage.put(randomContent(fileBytes));
    await db.insert(uploadFiles).values({ uploadId: upload.id, kind: TYPE, filename: `${name} payroll ${TYPE}.xlsx`, storageKey: stored.key, sizeBytes: stored.size, checksum: stored.sha256 });
    total += stored.size;
  }
  return total;
}

async function serve(): Promise<void> {
  const dataDir = process.env.BENCH_BULK_DATA_DIR;
  if (!dataDir) throw new Error('BENCH_BULK_DATA_DIR is not set');
  // Its one client signs in and downloads from a script, sending no Origin: no page of any origin acts on it.
  const config = loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'http://127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SESSION_SECRET: randomBytes(32).toString('hex'), COOKIE_SECURE: 'false' });
  const database = await openDatabase({});
  await database.migrate();
  const app = await buildApp({ config, database });
  const { weekStart } = weekToIsoDates(weekContaining(new Date()));
  const fileBytes = await seedWeek(database.db, app.ctx.storage, weekStart);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The server has no port');
  // what seeding left behind is not the download's
  (globalThis as { gc?: () => void }).gc?.();
  const ready: Ready = { port: address.port, weekStart, fileBytes };
  process.send?.(ready);
  process.once('disconnect', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

// ------------------------------------------------------------------------------------- the client

function startServer(dataDir: string): { child: ChildProcess; ready: Promise<Ready> } {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', __filename, 'serve'], {
    env: { ...process.env, BENCH_BULK_DATA_DIR: dataDir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<Ready>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server was not ready within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message as Ready);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with ${code} before it was ready`));
    });
  });
  return { child, ready };
}

/** A process's current and peak resident memory, in bytes, from /proc. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/** Resets the kernel's high-water mark of a process's RSS; false where the kernel does not allow it. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

async function signIn(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/auth/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

interface Download {
  status: number;
  bytes: number;
  firstByteMs: number;
  totalMs: number;
  /** The end of the zip: its end-of-central-directory record. */
  tail: Buffer;
}

function download(port: number, path: string, cookie: string): Promise<Download> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get({ host: '127.0.0.1', port, path, headers: { cookie }, timeout: DOWNLOAD_TIMEOUT_MS }, (response) => {
      let bytes = 0;
      let firstByteMs = 0;
      let tail = Buffer.alloc(0);
      response.on('data', (chunk: Buffer) => {
        if (bytes === 0) firstByteMs = performance.now() - started;
        bytes += chunk.length;
        tail = Buffer.concat([tail, chunk]).subarray(-64);
      });
      response.on('end', () => {
        if (!response.complete) reject(new Error(`The download broke off after ${bytes} bytes`));
        else resolve({ status: response.statusCode ?? 0, bytes, firstByteMs, totalMs: performance.now() - started, tail });
      });
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error('The download timed out')));
    request.on('error', reject);
  });
}

/** The number of entries the zip's end-of-central-directory record lists, or null when it has none. */
function entriesListed(tail: Buffer): number | null {
  const at = tail.length - 22;
  if (at < 0 || tail.readUInt32LE(at) !== 0x06054b50) return null;
  return tail.readUInt16LE(at + 10);
}

const megabytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

async function main(): Promise<void> {
  if (!fileKinds.includes(TYPE)) throw new Error(`BENCH_BULK_TYPE must be one of ${fileKinds.join(', ')}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'payroll-bench-bulk-'));
  const server = startServer(dataDir);
  let failed = false;
  try {
    console.log(`Seeding ${CLIENTS} clients with a ${FILE_MB} MB ${TYPE} file each...`);
    const ready = await server.ready;
    const pid = server.child.pid!;
    const cookie = await signIn(ready.port);

    const before = memoryOf(pid).rss;
    const peakResettable = resetPeak(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, memoryOf(pid).rss);
    }, RSS_SAMPLE_MS);
    let result: Download;
    try {
      result = await download(ready.port, `/api/company/bulk-download?fileType=${TYPE}&weekStart=${ready.weekStart}`, cookie);
    } finally {
      clearInterval(sampler);
    }
    if (peakResettable) peak = Math.max(peak, memoryOf(pid).hwm);
    const growth = peak - before;
    const listed = entriesListed(result.tail);

    console.log(`\nBulk download of ${CLIENTS} × ${FILE_MB} MB ${TYPE} files (${megabytes(ready.fileBytes)} stored)`);
    console.log(`  status              ${result.status}`);
    console.log(`  bytes received      ${result.bytes} (${megabytes(result.bytes)}), ${listed ?? 'no'} entries listed`);
    console.log(`  time to first byte  ${result.firstByteMs.toFixed(1)} ms`);
    console.log(`  total time          ${(result.totalMs / 1000).toFixed(2)} s`);
    console.log(`  throughput          ${(result.bytes / MB / (result.totalMs / 1000)).toFixed(1)} MB/s`);
    console.log(`  server RSS before   ${megabytes(before)}`);
    console.log(`  server RSS peak     ${megabytes(peak)}${peakResettable ? '' : ' (sampled only)'}`);
    console.log(`  growth              ${megabytes(growth)} (limit ${MAX_GROWTH_MB} MB)`);

    const problems = [
      result.status !== 200 && `The download answered ${result.status}, not 200.`,
      listed !== CLIENTS && `The zip lists ${listed ?? 'no'} entries, expected ${CLIENTS}.`,
      result.bytes < ready.fileBytes && 'Fewer bytes arrived than the files hold.',
      growth > MAX_GROWTH_MB * MB && `The server's RSS grew by more than ${MAX_GROWTH_MB} MB.`,
    ].filter((problem): problem is string => typeof problem === 'string');
    for (const problem of problems) console.error(problem);
    failed = problems.length > 0;
  } finally {
    if (server.child.connected) server.child.disconnect();
    await new Promise((resolve) => {
      if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve(undefined);
      const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
      server.child.once('exit', () => resolve(clearTimeout(timer)));
    });
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

const role = process.argv[2] === 'serve' ? serve : main;
role().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
