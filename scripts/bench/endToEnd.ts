/**
 * `npm run bench:e2e`: the product end to end, as a staff member uses it. Starts the built server
 * (`node dist/server/main.js all`, the server build is made first when stale) on a free loopback port
 * with a fresh embedded database and the demo data, signs in as the demo staff member, uploads the
 * benchmark's generated payroll workbooks through `POST /api/staff/upload-required-document` and
 * follows each one on the realtime socket until it is SCRUBBED.
 *
 * Upload-to-SCRUBBED is timed from just before the upload request starts to the SCRUBBED
 * `processingUpdate` (or the join's answer, when the upload was already finished by the time the
 * socket joined its room, right after the 202). Cases:
 *
 *   50 KB one at a time   the first upload after the server started (cold), then BENCH_E2E_RUNS more
 *                         (warm): median and p95 of the warm ones; goal under 1 s
 *   5 MB one at a time    the same with the 5 MB workbook (its first upload is the first of its size;
 *                         the pipeline thread is warm by then); goal under 4 s
 *   5 MB all at once      BENCH_E2E_BURST uploads posted together: time until all are SCRUBBED, and the
 *                         server's peak RSS over the burst; goal: all SCRUBBED, peak under 1 GB
 *
 * Each upload has a client of its own (the demo admin creates them, assigned to the demo staff
 * member), since a client holds one upload per week. Memory is the server process's VmHWM (the
 * kernel's high-water mark of its RSS, pipeline threads included: they share its memory), read and
 * reset through /proc/<pid> at the end of each part of the run, beside the largest VmRSS sampled every
 * 100 ms. Where the time goes comes from the client's clock (request to 202, the statuses the socket
 * saw) and, once the server has stopped, from its own records in the embedded database (the job's
 * wait in the queue, the engine's run). The exit code is 1 when an upload FAILED or did not finish in
 * time; every wait has a time limit, and the server is stopped at the end, also after an error.
 *
 *   BENCH_DIR=path          where generated inputs are kept between runs (default: the temp folder;
 *                           the same files `npm run bench:engine` generates)
 *   BENCH_E2E_RUNS=n        warm uploads per workbook, one at a time (default 20)
 *   BENCH_E2E_BURST=n       5 MB uploads posted at once (default 20; 0 leaves the case out)
 *   BENCH_E2E_THROUGHPUT=n  then, paired with the previous build (the last commit, `git archive HEAD`, built beside
 *                           this checkout: previousBuild.ts), each started fresh twice (A B B A), on the embedded default
 *                           (one process) and on PostgreSQL (BENCH_DATABASE_URL, default the local server; a fresh
 *                           database, dropped after; one API process and two workers): BENCH_E2E_RUNS + 1 5 MB
 *                           uploads back to back (median of all but the first; goal under 4 s), then n 50 KB
 *                           uploads queued at once (uploads per minute, to the last SCRUBBED; goals 600 embedded,
 *                           1,800 on PostgreSQL), and the CPU time each queued upload took, every process that
 *                           handled it summed, beside the most the queue's goal leaves it on this machine's cores.
 *                           A table: case | this build | previous build | goal.
 *                           Default 60; 0 leaves the paired cases out
 *   BENCH_E2E_QUEUES=n      the queue posted n times per start (default 1), each on fresh clients once the one before is
 *                           SCRUBBED and its review packs are ready, so the company's history grows by n x 60 uploads: the
 *                           queue's figures are the last one's, and each one's are printed as it ends
 *   BENCH_E2E_PREVIOUS=0    the paired cases without the previous build (this build's figures only)
 *   BENCH_PREVIOUS_COMMIT   the commit the previous build is made from (default HEAD; HEAD~1 pairs with the build before the last commit)
 *   BENCH_E2E_SETUPS=list   the paired cases' setups, comma-separated (default embedded,postgres)
 *   BENCH_E2E_PAIRED_ONLY=1 the paired cases alone, without the single server's cases before them
 *   BENCH_E2E_THREADS=1     the CPU over the queue also by thread, per process (by the thread's name and place)
 *   BENCH_E2E_NODE_FLAGS    Node's flags for the paired cases' server processes (say, '--cpu-prof --cpu-prof-dir=DIR')
 *   PROCESSING_CONCURRENCY  and the server's other settings pass through to it (see README)
 */
import { existsSync, mkdirSync, mkdtempSync, openAsBlob, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { temporaryPostgresDatabase } from '../temporaryPostgresDatabase';
import { type BuiltServer, buildIfStale, DEMO, ROOT, startBuiltServer, stopBuiltServer } from './builtServer';
import { previousBuild } from './previousBuild';
import { writeModelXlsx } from './payrollFiles';
import { payrollModel } from './payrollModel';
import { exitWith } from './exitWith';
import { table } from './table';

const BENCH_DIR = process.env.BENCH_DIR ?? join(tmpdir(), 'payroll-engine-bench');
const RUNS = Math.max(1, Number(process.env.BENCH_E2E_RUNS) || 20);
const BURST = process.env.BENCH_E2E_BURST === undefined ? 20 : Math.max(0, Number(process.env.BENCH_E2E_BURST) || 0);
const THROUGHPUT = process.env.BENCH_E2E_THROUGHPUT === undefined ? 60 : Math.max(0, Number(process.env.BENCH_E2E_THROUGHPUT) || 0);
const QUEUES = Math.max(1, Number(process.env.BENCH_E2E_QUEUES) || 1);
const PAIRED_PREVIOUS = process.env.BENCH_E2E_PREVIOUS !== '0';
const PAIRED_ONLY = process.env.BENCH_E2E_PAIRED_ONLY === '1';
const THREADS = process.env.BENCH_E2E_THREADS === '1';
const NODE_FLAGS = (process.env.BENCH_E2E_NODE_FLAGS ?? '').split(' ').filter(Boolean);
const SETUPS = (process.env.BENCH_E2E_SETUPS ?? 'embedded,postgres').split(',').map((setup) => setup.trim()).filter((setup): setup is Setup => setup === 'embedded' || setup === 'postgres');
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WORKERS = 2;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const REQUEST_TIMEOUT_MS = 60_000;
/** One upload, one at a time, from request to SCRUBBED. */
const UPLOAD_TIMEOUT_MS = 180_000;
/** The whole burst, from the first request to the last SCRUBBED. */
const BURST_TIMEOUT_MS = 900_000;
const RSS_SAMPLE_MS = 100;
/** The kernel's clock ticks per second, in which /proc/<pid>/stat counts CPU time (100 on Linux). */
const CLOCK_TICKS = 100;

interface Workbook {
  label: string;
  path: string;
  bytes: number;
}

/** The dense workbooks of `npm run bench:engine` (same model, seed and file names). */
async function workbook(label: string, rowsPerSheet: number): Promise<Workbook> {
  const path = join(BENCH_DIR, `payroll-${label}-dense.xlsx`);
  if (!existsSync(path)) {
    console.log(`generating ${path} ...`);
    await writeModelXlsx(payrollModel({ sheets: 12, rowsPerSheet, seed: 2025, dense: true }), path, true);
  }
  return { label, path, bytes: statSync(path).size };
}

// ---------------------------------------------------------------------------------------------- server

/**
 * What the server recorded of each upload, from its stopped embedded database: the queue's times of
 * the job and the engine's own duration. The report does without them when they cannot be read.
 */
async function readServerTimes(dataDir: string, timings: UploadTiming[]): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: join(dataDir, 'db') });
  try {
    const { rows } = await db.query<{ id: string; engine_ms: number | null; queued_ms: number | null }>(
      `select u.id::text as id, (u.summary->>'durationMs')::float8 as engine_ms,
              extract(epoch from (j.started_on - j.created_on))::float8 * 1000 as queued_ms
         from uploads u left join pgboss.job j on j.id::text = u.job_id`,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const timing of timings) {
      const row = byId.get(timing.processingId);
      if (row) timing.server = { engineMs: row.engine_ms ?? undefined, queuedMs: row.queued_ms ?? undefined };
    }
  } finally {
    await db.close();
  }
}

/** The server's memory over one part of the run. */
interface RssPhase {
  name: string;
  /** VmRSS when the part began and when it ended. */
  startKb: number;
  endKb: number;
  /** The kernel's high-water mark of the process's RSS (threads included: they share its memory). */
  peakKb: number;
  /** The largest VmRSS sampled (every 100 ms). */
  sampledKb: number;
  /** Whether the high-water mark was reset when the phase began; when not, it includes what came before. */
  ownPeak: boolean;
}

/**
 * Peak RSS of the server process, part by part: at the end of each part the kernel's high-water mark
 * (VmHWM) is read and then reset (`/proc/<pid>/clear_refs`), so that the first start's peak (the
 * embedded database's migrations) does not hide the uploads' own.
 */
class RssMonitor {
  readonly phases: RssPhase[] = [];
  private sampledKb = 0;
  private startKb = 0;
  private ownPeak = false;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly pid: number) {
    this.timer = setInterval(() => this.sample(), RSS_SAMPLE_MS);
    this.timer.unref();
  }

  private field(name: 'VmRSS' | 'VmHWM'): number {
    try {
      const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${this.pid}/status`, 'utf8'));
      return match ? Number(match[1]) : 0;
    } catch {
      return 0;
    }
  }

  private sample(): void {
    this.sampledKb = Math.max(this.sampledKb, this.field('VmRSS'));
  }

  /** Ends the current part under `name` and starts the next one. */
  endPhase(name: string): RssPhase {
    const endKb = this.field('VmRSS');
    this.sampledKb = Math.max(this.sampledKb, endKb);
    const phase = { name, startKb: this.startKb, endKb, peakKb: this.field('VmHWM'), sampledKb: this.sampledKb, ownPeak: this.ownPeak };
    this.phases.push(phase);
    try {
      writeFileSync(`/proc/${this.pid}/clear_refs`, '5');
      this.ownPeak = true;
    } catch {
      this.ownPeak = false;
    }
    this.startKb = this.sampledKb = this.field('VmRSS');
    return phase;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

// ------------------------------------------------------------------------------------------------- api

class Session {
  private cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async call<T>(method: string, path: string, body?: unknown, expected = [200, 201]): Promise<T> {
    const init: RequestInit = { method, headers: { cookie: this.cookieHeader, origin: this.baseUrl }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { ...init.headers, 'content-type': 'application/json' };
    }
    const response = await fetch(`${this.baseUrl}${path}`, init);
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const text = await response.text();
    if (!expected.includes(response.status)) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  static async signIn(baseUrl: string, role: 'admin' | 'staff', email: string): Promise<{ session: Session; userId: string }> {
    const session = new Session(baseUrl);
    const answer = await session.call<{ data: { user: { id: string } } }>('POST', `/api/auth/${role}`, { email, password: DEMO.password });
    return { session, userId: answer.data.user.id };
  }
}

// --------------------------------------------------------------------------------------------- uploads

type Status = 'QUEUED' | 'CONSOLIDATING' | 'CONSOLIDATED' | 'SCRUBBING' | 'SCRUBBED' | 'FAILED';

interface ProcessingUpdate {
  processingId: string;
  jobId: string | null;
  status: Status;
  message: string;
  error: string | null;
}

/** One upload's clock: milliseconds since the request started, for each point the benchmark saw. */
interface UploadTiming {
  processingId: string;
  accepted: number;
  /** When each status was first seen: live, or in the join's answer. */
  seen: Partial<Record<Status, number>>;
  done: number;
  status: 'SCRUBBED' | 'FAILED' | 'TIMED OUT';
  error?: string;
  /** From the server's own records, read once it has stopped. */
  server?: ServerTimes;
}

interface ServerTimes {
  /** The job's wait in the queue: committed with the upload to taken by a worker (pg-boss's clock). */
  queuedMs?: number;
  /** The engine's own run (the upload's stored summary). */
  engineMs?: number;
}

/** One socket for the whole run, as one browser tab; updates go to whoever follows the upload. */
class Follower {
  private readonly listeners = new Map<string, (update: ProcessingUpdate, at: number) => void>();

  private constructor(readonly socket: Socket) {
    socket.on('processingUpdate', (update: ProcessingUpdate) => this.listeners.get(update.processingId)?.(update, performance.now()));
  }

  static connect(baseUrl: string, cookie: string): Promise<Follower> {
    const socket = io(baseUrl, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: { cookie, origin: baseUrl } });
    return new Promise((resolveSocket, reject) => {
      const timer = setTimeout(() => reject(new Error('The socket did not connect within 20 s')), 20_000);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolveSocket(new Follower(socket));
      });
      socket.once('connect_error', (error) => {
        clearTimeout(timer);
        socket.close();
        reject(error);
      });
    });
  }

  /** Uploads `file` for `clientId` and follows it to SCRUBBED or FAILED. */
  async upload(staff: Session, clientId: string, file: Workbook, timeoutMs: number, startedAt = performance.now()): Promise<UploadTiming> {
    const form = new FormData();
    form.append('clientId', clientId);
    form.append('file', await openAsBlob(file.path, { type: XLSX_TYPE }), basename(file.path));
    const answer = await staff.call<{ data: { processingId: string; jobId: string } }>('POST', '/api/staff/upload-required-document', form, [202]);
    const accepted = performance.now() - startedAt;
    const { processingId } = answer.data;
    const timing: UploadTiming = { processingId, accepted, seen: {}, done: 0, status: 'TIMED OUT' };
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((resolveFinished) => (finish = resolveFinished));
    const record = (update: ProcessingUpdate, at: number) => {
      timing.seen[update.status] ??= at - startedAt;
      if (update.status === 'SCRUBBED' || update.status === 'FAILED') {
        if (timing.done) return;
        timing.done = at - startedAt;
        timing.status = update.status;
        timing.error = update.error ?? undefined;
        finish();
      }
    };
    this.listeners.set(processingId, record);
    const timer = setTimeout(() => {
      timing.done ||= performance.now() - startedAt;
      finish();
    }, Math.max(0, timeoutMs - accepted));
    try {
      type JoinAck = { ok: boolean; message?: string; update?: ProcessingUpdate; retryInMs?: number };
      let ack = (await this.socket.timeout(REQUEST_TIMEOUT_MS).emitWithAck('joinProcessingRoom', processingId)) as JoinAck;
      // joins are paced per socket (as the app's pages are): a refusal that says when to try again is waited out
      while (!ack.ok && ack.retryInMs !== undefined) {
        await new Promise((resolve) => setTimeout(resolve, ack.retryInMs));
        ack = (await this.socket.timeout(REQUEST_TIMEOUT_MS).emitWithAck('joinProcessingRoom', processingId)) as JoinAck;
      }
      if (!ack.ok || !ack.update) throw new Error(`joining the room of ${processingId} was refused: ${ack.message}`);
      record(ack.update, performance.now());
      await finished;
    } finally {
      clearTimeout(timer);
      this.listeners.delete(processingId);
      this.socket.emit('leaveProcessingRoom', processingId);
    }
    return timing;
  }

  close(): void {
    this.socket.close();
  }
}

// ------------------------------------------------------------------------------------------- reporting

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low] + (sorted[Math.min(low + 1, sorted.length - 1)] - sorted[low]) * (at - low);
}

/** p95 as nearest rank: with 20 values, the 19th. */
function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)];
}

const seconds = (ms: number | undefined) => (ms === undefined || Number.isNaN(ms) ? '-' : `${(ms / 1000).toFixed(ms < 10_000 ? 3 : 1)} s`);
const mb = (kb: number) => `${Math.round(kb / 1024)} MB`;

interface Series {
  label: string;
  goalMs: number;
  first: UploadTiming;
  warm: UploadTiming[];
}

/** Milliseconds between two points of an upload, when both were seen. */
function span(t: UploadTiming, from: 'start' | 'accepted' | Status, to: 'accepted' | Status): number | undefined {
  const at = (point: 'start' | 'accepted' | Status) => (point === 'start' ? 0 : point === 'accepted' ? t.accepted : t.seen[point]);
  const a = at(from);
  const b = at(to);
  return a === undefined || b === undefined ? undefined : b - a;
}

function medianOf(timings: UploadTiming[], pick: (t: UploadTiming) => number | undefined): string {
  const values = timings.map(pick).filter((v): v is number => v !== undefined);
  return values.length === 0 ? '-' : seconds(quantile(values, 0.5));
}

function breakdown(label: string, timings: UploadTiming[]): string[] {
  const rest = (t: UploadTiming) =>
    t.server?.queuedMs === undefined || t.server.engineMs === undefined ? undefined : t.done - t.accepted - t.server.queuedMs - t.server.engineMs;
  return [
    label,
    medianOf(timings, (t) => t.accepted),
    medianOf(timings, (t) => t.server?.queuedMs),
    medianOf(timings, (t) => t.server?.engineMs),
    medianOf(timings, rest),
    medianOf(timings, (t) => span(t, 'accepted', 'CONSOLIDATED')),
    medianOf(timings, (t) => span(t, 'CONSOLIDATED', 'SCRUBBED')),
    medianOf(timings, (t) => t.done),
  ];
}

// ---------------------------------------------------------------------------------------------- main

// ------------------------------------------------------------------------------- paired with the previous build

/** A product started for the paired cases: one `all` process (embedded), or an API process and two workers (PostgreSQL). */
interface Deployment {
  baseUrl: string;
  /** Its processes, by role, for their CPU time. */
  processes: Array<{ name: string; pid: number }>;
  stop: () => Promise<void>;
}

/** CPU seconds (user and system) a process (or, with `tid`, one of its threads) has used so far, from /proc; 0 when it cannot be read. */
function cpuSeconds(pid: number, tid?: number): number {
  try {
    const stat = readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are the 14th and 15th fields; the slice starts at the 3rd
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds used so far by every PostgreSQL server process on this machine (the local server's
 * backends and its background processes), in all and by what each process is (its title without
 * the client's address and what it is doing: `postgres user database`, `walwriter`, ...).
 */
function postgresCpuSeconds(): { total: number; byProcess: Map<string, number> } {
  let total = 0;
  const byProcess = new Map<string, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      const seconds = cpuSeconds(Number(entry));
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      const kind = title.replace(/^postgres: (\S+\/\S+: )?/, '').split(' ').filter((word) => !/^\d|\(|^\[/.test(word)).slice(0, 3).join(' ');
      total += seconds;
      byProcess.set(kind, (byProcess.get(kind) ?? 0) + seconds);
    } catch {
      // the process has ended
    }
  }
  return { total, byProcess };
}

/**
 * CPU seconds of a process; for the deployment's, also its main thread's (the rest is the engine's
 * thread, V8's compilers and collectors, and the thread pool).
 */
interface CpuUse {
  total: number;
  mainThread?: number;
  /** With BENCH_E2E_THREADS=1: CPU seconds by thread (the main thread as `main`); for PostgreSQL, by kind of server process. */
  threads?: Map<string, number>;
}

/**
 * CPU seconds of each of a process's threads, by the thread's name (/proc/<pid>/task/<tid>/comm) and its
 * place in the order the threads were started (Node leaves most of its threads unnamed: V8's platform
 * threads come first, then the thread pool's and the engine's as they are first used); the main thread is `main`.
 */
function threadCpuSeconds(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  let tids: number[] = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`)
      .map(Number)
      .sort((a, b) => a - b);
  } catch {
    return byName;
  }
  tids.forEach((tid, place) => {
    try {
      const name = tid === pid ? 'main' : `${readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim()}#${place}`;
      byName.set(name, cpuSeconds(pid, tid));
    } catch {
      // the thread has ended
    }
  });
  return byName;
}

/** Each process's CPU seconds since `since` was taken: the deployment's, PostgreSQL's and this benchmark's own. */
function cpuSince(deployment: Deployment, since?: Map<string, CpuUse>): Map<string, CpuUse> {
  const now = new Map<string, CpuUse>([
    ...deployment.processes.map(
      ({ name, pid }) => [name, { total: cpuSeconds(pid), mainThread: cpuSeconds(pid, pid), threads: THREADS ? threadCpuSeconds(pid) : undefined }] as [string, CpuUse],
    ),
    ['PostgreSQL', (({ total, byProcess }) => ({ total, threads: THREADS ? byProcess : undefined }))(postgresCpuSeconds())],
    ['this benchmark', { total: cpuSeconds(process.pid) }],
  ]);
  if (since) {
    for (const [name, use] of now) {
      const before = since.get(name);
      const threads = use.threads && new Map([...use.threads].map(([thread, seconds]) => [thread, seconds - (before?.threads?.get(thread) ?? 0)]));
      now.set(name, { total: use.total - (before?.total ?? 0), mainThread: use.mainThread === undefined ? undefined : use.mainThread - (before?.mainThread ?? 0), threads });
    }
  }
  return now;
}

type Setup = 'embedded' | 'postgres';

/**
 * Starts a build (`root`: its checkout) fresh, with the demo data: on the embedded default, one `all`
 * process; on PostgreSQL (a fresh database, dropped after), one API process and WORKERS workers sharing
 * one files folder (as they would share a bucket). One staff member queues the whole pile and one
 * socket follows it: the company's limit on uploads waiting and the socket's room limits (made for
 * pages, not for this instrument) are raised to fit.
 */
async function startDeployment(setup: Setup, root: string, uploadsAtOnce: number): Promise<Deployment> {
  const atLeast = (name: string, value: number) => String(Math.max(value, Number(process.env[name] ?? 0)));
  const env = {
    ACCESS_TOKEN_TTL_SECONDS: '7200',
    COMPANY_MAX_QUEUED_UPLOADS: atLeast('COMPANY_MAX_QUEUED_UPLOADS', uploadsAtOnce),
    REALTIME_ROOM_REQUEST_BURST: atLeast('REALTIME_ROOM_REQUEST_BURST', 2 * uploadsAtOnce),
    REALTIME_MAX_ROOMS_PER_SOCKET: atLeast('REALTIME_MAX_ROOMS_PER_SOCKET', uploadsAtOnce + 10),
  };
  const serverOptions = { root, dataDirPrefix: 'payroll-bench-paired-', nodeOptions: NODE_FLAGS };
  if (setup === 'embedded') {
    const server = await startBuiltServer({ ...serverOptions, env });
    return { baseUrl: server.baseUrl, processes: [{ name: 'server', pid: server.child.pid as number }], stop: () => stopBuiltServer(server) };
  }
  const database = await temporaryPostgresDatabase('payroll_bench_paired', POSTGRES_URL);
  const storageDir = mkdtempSync(join(tmpdir(), 'payroll-bench-paired-files-'));
  const shared = { ...env, DATABASE_URL: database.url, STORAGE_DIR: storageDir, SESSION_SECRET: 'b'.repeat(48) };
  const started: BuiltServer[] = [];
  const stop = async () => {
    await Promise.all(started.map((server) => stopBuiltServer(server)));
    await database.drop();
    rmSync(storageDir, { recursive: true, force: true });
  };
  try {
    // the API first: it migrates the database and writes the demo data
    started.push(await startBuiltServer({ ...serverOptions, role: 'api', env: { ...shared, SEED_DEMO: 'true' } }));
    const workers = Array.from({ length: WORKERS }, () => startBuiltServer({ ...serverOptions, role: 'worker', env: shared }));
    const settled = await Promise.allSettled(workers);
    for (const worker of settled) if (worker.status === 'fulfilled') started.push(worker.value);
    const failed = settled.find((worker) => worker.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  } catch (error) {
    await stop();
    throw error;
  }
  const processes = started.map((server, i) => ({ name: i === 0 ? 'API' : `worker ${i}`, pid: server.child.pid as number }));
  return { baseUrl: started[0].baseUrl, processes, stop };
}

/** What one build does in one setup: 5 MB uploads back to back, then a queue of small ones. */
interface PairedFigures {
  /** Median upload-to-SCRUBBED of the warm 5 MB uploads, one after another. */
  backToBackMs: number;
  /** The 50 KB uploads queued at once: from the first request to the last SCRUBBED. */
  queueMs: number;
  /** Uploads that did not reach SCRUBBED, in either case. */
  failures: number;
  /** CPU milliseconds per queued upload over the queue, every process on the machine that took part summed (the benchmark's own included). */
  queueCpuMsPerUpload: number;
}

/** Waits until the upload's review pack is ready, so what follows does not share the process with it. */
async function untilViewerPrepared(staff: Session, uploadId: string): Promise<void> {
  const deadline = performance.now() + UPLOAD_TIMEOUT_MS;
  while ((await staff.call<{ data: { state: string } }>('GET', `/api/staff/uploads/${uploadId}/viewer`)).data.state === 'PREPARING') {
    if (performance.now() > deadline) throw new Error(`the viewer of upload ${uploadId} was not prepared in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * One build in one setup, started fresh: RUNS + 1 5 MB uploads one after another (the first is left
 * out of the median: it is the first of its size), then, once the last one's review pack is ready,
 * `queued` 50 KB uploads posted at once.
 */
async function pairedCase(setup: Setup, root: string, files: { small: Workbook; large: Workbook }, queued: number): Promise<PairedFigures> {
  const deployment = await startDeployment(setup, root, queued);
  let follower: Follower | undefined;
  try {
    const { session: staff, userId: staffId } = await Session.signIn(deployment.baseUrl, 'staff', DEMO.staff);
    const { session: admin } = await Session.signIn(deployment.baseUrl, 'admin', DEMO.admin);
    const clientIds: string[] = [];
    for (let i = 0; i < RUNS + 1 + queued * QUEUES; i++) {
      const created = await admin.call<{ data: { client: { id: string } } }>('POST', '/api/client', { name: `Paired client ${String(i + 1).padStart(3, '0')}`, assigned_staff_id: staffId });
      clientIds.push(created.data.client.id);
    }
    follower = await Follower.connect(deployment.baseUrl, staff.cookieHeader);
    let socket = follower;
    const backToBack: UploadTiming[] = [];
    for (const clientId of clientIds.splice(0, RUNS + 1)) {
      backToBack.push(await socket.upload(staff, clientId, files.large, UPLOAD_TIMEOUT_MS));
      process.stdout.write(backToBack.at(-1)?.status === 'SCRUBBED' ? '.' : 'x');
    }
    const last = backToBack.at(-1) as UploadTiming;
    if (last.status === 'SCRUBBED') await untilViewerPrepared(staff, last.processingId);
    const queues: UploadTiming[][] = [];
    let cpuPerUpload = 0;
    for (let round = 1; round <= QUEUES; round++) {
      const ids = clientIds.splice(0, queued);
      if (round > 1) {
        // each queue from a page of its own, as a staff member would come back to it: the socket's room joins are paced per socket
        follower.close();
        socket = follower = await Follower.connect(deployment.baseUrl, staff.cookieHeader);
      }
      const cpuBefore = cpuSince(deployment);
      const t0 = performance.now();
      const queue = await Promise.all(ids.map((id) => socket.upload(staff, id, files.small, BURST_TIMEOUT_MS, t0)));
      queues.push(queue);
      const lastAccepted = Math.max(...queue.map((t) => t.accepted));
      const lastDone = Math.max(...queue.map((t) => t.done));
      const which = QUEUES > 1 ? ` queue ${round} of ${QUEUES}` : ' queue';
      process.stdout.write(`${round > 1 ? '   ' : ''}${which}${queue.every((t) => t.status === 'SCRUBBED') ? ' done' : ' FAILED'}: all 202 after ${seconds(lastAccepted)}, all SCRUBBED after ${seconds(lastDone)}\n`);
      const used = cpuSince(deployment, cpuBefore);
      cpuPerUpload = ([...used.values()].reduce((sum, use) => sum + use.total, 0) * 1000) / queue.length;
      const cpu = [...used]
        .map(([name, { total, mainThread }]) => `${name} ${total.toFixed(2)} s${mainThread === undefined ? '' : ` (main thread ${mainThread.toFixed(2)} s)`}`)
        .join(', ');
      console.log(`    CPU over the queue: ${cpu}; ${cpuPerUpload.toFixed(1)} ms per upload in all`);
      if (THREADS) {
        for (const [name, { threads }] of used) {
          if (threads) console.log(`      ${name}: ${[...threads].map(([thread, seconds]) => `${thread} ${seconds.toFixed(2)}`).join(', ')}`);
        }
      }
      // the next queue starts on a server that has finished this one, review packs included
      if (round < QUEUES) for (const t of queue) if (t.status === 'SCRUBBED') await untilViewerPrepared(staff, t.processingId);
    }
    const queue = queues.at(-1) as UploadTiming[];
    const failed = [...backToBack, ...queues.flat()].filter((t) => t.status !== 'SCRUBBED');
    for (const t of failed) console.log(`upload ${t.processingId}: ${t.status}${t.error ? `: ${t.error}` : ''}`);
    return {
      backToBackMs: quantile(
        backToBack.slice(1).map((t) => t.done),
        0.5,
      ),
      queueMs: Math.max(...queue.map((t) => t.done)),
      failures: failed.length,
      queueCpuMsPerUpload: cpuPerUpload,
    };
  } finally {
    follower?.close();
    await deployment.stop();
  }
}

/** The paired cases' rows: per setup, this build and the previous one each started twice, in the order A B B A. */
async function pairedWithPrevious(files: { small: Workbook; large: Workbook }, queued: number): Promise<{ rows: string[][]; missed: boolean }> {
  const previous = PAIRED_PREVIOUS ? previousBuild() : undefined;
  const builds: Array<{ name: string; root: string }> = [{ name: 'this build', root: ROOT }];
  if (previous) builds.push({ name: `previous build (${previous.commit})`, root: previous.root });
  const rows: string[][] = [];
  let missed = false;
  for (const setup of SETUPS) {
    // each build twice, in the order A B B A, so that the machine's drift over the run falls on both alike
    const runs = new Map<string, PairedFigures[]>(builds.map((build) => [build.name, []]));
    for (const build of [...builds, ...[...builds].reverse()]) {
      process.stdout.write(`${setup === 'embedded' ? 'embedded, one process' : `PostgreSQL, ${WORKERS} workers`}, ${build.name}: ${RUNS + 1} x ${files.large.label} back to back `);
      runs.get(build.name)?.push(await pairedCase(setup, build.root, files, queued));
    }
    const combined = (name: string): PairedFigures => {
      const all = runs.get(name) as PairedFigures[];
      const mean = (pick: (f: PairedFigures) => number) => all.reduce((sum, f) => sum + pick(f), 0) / all.length;
      return {
        backToBackMs: mean((f) => f.backToBackMs),
        queueMs: mean((f) => f.queueMs),
        failures: all.reduce((sum, f) => sum + f.failures, 0),
        queueCpuMsPerUpload: mean((f) => f.queueCpuMsPerUpload),
      };
    };
    const ours = combined('this build');
    const theirs = previous ? combined(builds[1].name) : undefined;
    const label = setup === 'embedded' ? 'embedded, one process' : `PostgreSQL, ${WORKERS} workers`;
    const perMinute = (f: PairedFigures) => queued / (f.queueMs / 60_000);
    const goalPerMinute = setup === 'embedded' ? 600 : 1800;
    const ratio = (a: number, b: number | undefined) => (b === undefined ? '-' : (a / b).toFixed(2));
    const backToBackMet = ours.backToBackMs < 4000;
    const queueMet = perMinute(ours) >= goalPerMinute;
    const cpuBudgetMs = cpuBudgetPerUpload(goalPerMinute);
    missed ||= ours.failures > 0 || (theirs?.failures ?? 0) > 0;
    rows.push(
      [`${label}: ${files.large.label} back to back, median of ${RUNS} (mean of 2 starts)`, seconds(ours.backToBackMs), theirs ? seconds(theirs.backToBackMs) : '-', ratio(ours.backToBackMs, theirs?.backToBackMs), '< 4 s', backToBackMet ? 'met' : 'MISSED'],
      [`${label}: ${queued} x ${files.small.label} queued${QUEUES > 1 ? ` (queue ${QUEUES} of ${QUEUES})` : ''}, per minute (mean time of 2 starts)`, String(Math.round(perMinute(ours))), theirs ? String(Math.round(perMinute(theirs))) : '-', ratio(perMinute(ours), theirs && perMinute(theirs)), `>= ${goalPerMinute}`, queueMet ? 'met' : 'MISSED'],
      [
        `${label}: CPU per queued upload${QUEUES > 1 ? ` (queue ${QUEUES} of ${QUEUES})` : ''}, all processes (mean of 2 starts)`,
        `${ours.queueCpuMsPerUpload.toFixed(1)} ms`,
        theirs ? `${theirs.queueCpuMsPerUpload.toFixed(1)} ms` : '-',
        ratio(ours.queueCpuMsPerUpload, theirs?.queueCpuMsPerUpload),
        `<= ${cpuBudgetMs.toFixed(1)} ms`,
        ours.queueCpuMsPerUpload <= cpuBudgetMs ? 'within' : 'OVER',
      ],
    );
  }
  return { rows, missed };
}

/**
 * The CPU an upload may take, summed over every process that handles it (API, workers, PostgreSQL,
 * the benchmark's own client), for the queue to reach `perMinute` on this machine's cores with every
 * core busy all the time: the most the goal allows, never reached in practice (the API's main thread
 * takes the requests one after another, and a worker waits on the database between its steps).
 */
function cpuBudgetPerUpload(perMinute: number): number {
  return (availableParallelism() * 60_000) / perMinute;
}

/** Runs the paired cases and prints their table; true when a goal was missed or an upload failed. */
async function reportPaired(files: { small: Workbook; large: Workbook }): Promise<boolean> {
  console.log(`\nPaired with the previous build: fresh servers, each build started twice (A B B A), on ${SETUPS.join(' and ')} ...`);
  const paired = await pairedWithPrevious(files, THROUGHPUT);
  console.log(`\n${table(['case', 'this build', 'previous build', 'this / previous', 'goal', ''], paired.rows)}`);
  console.log(
    '\n  Back to back: upload-to-SCRUBBED, each upload posted when the one before is SCRUBBED (its review pack may still be\n' +
      '  building). Queued: all posted at once, from the first request to the last SCRUBBED. CPU per queued upload: the CPU\n' +
      `  time of every process over the queue (the server's, PostgreSQL's, this benchmark's), per upload; its bound is what the\n` +
      `  queue's goal leaves each upload on this machine's ${availableParallelism()} cores kept busy all the time. The machine may be shared: the\n` +
      '  ratio of the two builds, measured in the same run, is the fairer figure.',
  );
  return paired.missed;
}

async function main(): Promise<number> {
  mkdirSync(BENCH_DIR, { recursive: true });
  const small = await workbook('50KB', 18);
  const large = await workbook('5MB', 2250);
  buildIfStale({ web: false });
  if (PAIRED_ONLY) return (await reportPaired({ small, large })) ? 1 : 0;

  console.log(`starting the built server (embedded database, demo data) ...`);
  const server = await startBuiltServer({
    dataDirPrefix: 'payroll-bench-e2e-',
    // one session for the whole run, however slow the machine is today
    env: { ACCESS_TOKEN_TTL_SECONDS: '7200' },
  });
  const pid = server.child.pid as number;
  const rss = new RssMonitor(pid);
  let follower: Follower | undefined;
  const stopOnSignal = () => {
    server.child.kill('SIGKILL');
    rmSync(server.dataDir, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    const { session: staff, userId: staffId } = await Session.signIn(server.baseUrl, 'staff', DEMO.staff);
    const { session: admin } = await Session.signIn(server.baseUrl, 'admin', DEMO.admin);
    const clientsNeeded = 2 * (RUNS + 1) + BURST;
    const clientIds: string[] = [];
    for (let i = 0; i < clientsNeeded; i++) {
      const created = await admin.call<{ data: { client: { id: string } } }>('POST', '/api/client', { name: `Bench client ${String(i + 1).padStart(3, '0')}`, assigned_staff_id: staffId });
      clientIds.push(created.data.client.id);
    }
    follower = await Follower.connect(server.baseUrl, staff.cookieHeader);
    rss.endPhase('first start (migrations, demo data), sign-in, clients');
    const nextClient = () => {
      const id = clientIds.shift();
      if (!id) throw new Error('out of clients');
      return id;
    };

    const series: Series[] = [];
    const all: UploadTiming[] = [];
    for (const [file, goalMs] of [[small, 1000], [large, 4000]] as const) {
      process.stdout.write(`${file.label} (${(file.bytes / 1e6).toFixed(2)} MB): first upload + ${RUNS} one at a time `);
      const timings: UploadTiming[] = [];
      for (let i = 0; i <= RUNS; i++) {
        const timing = await follower.upload(staff, nextClient(), file, UPLOAD_TIMEOUT_MS);
        timings.push(timing);
        all.push(timing);
        process.stdout.write(timing.status === 'SCRUBBED' ? '.' : 'x');
      }
      process.stdout.write('\n');
      series.push({ label: file.label, goalMs, first: timings[0], warm: timings.slice(1) });
      rss.endPhase(`${file.label} one at a time`);
    }

    let burst: { timings: UploadTiming[]; totalMs: number; lastAcceptedMs: number } | undefined;
    if (BURST > 0) {
      console.log(`${large.label}: ${BURST} uploads at once ...`);
      const ids = Array.from({ length: BURST }, nextClient);
      const started = performance.now();
      const socket = follower;
      const timings = await Promise.all(ids.map((id) => socket.upload(staff, id, large, BURST_TIMEOUT_MS, started)));
      all.push(...timings);
      burst = { timings, totalMs: Math.max(...timings.map((t) => t.done)), lastAcceptedMs: Math.max(...timings.map((t) => t.accepted)) };
    }
    const burstRss = burst ? rss.endPhase(`${large.label} x ${BURST} at once`) : undefined;
    rss.stop();
    follower.close();
    // its data stays for the server's own records, read below
    await stopBuiltServer(server, { keepData: true });
    await readServerTimes(server.dataDir, all).catch((error: unknown) => console.log(`(the server's own records could not be read: ${(error as Error).message})`));

    // ------------------------------------------------------------------------------------- the report
    const concurrency = process.env.PROCESSING_CONCURRENCY ?? 'default (cores minus one, at least 1)';
    console.log(`\nUpload to SCRUBBED, end to end (HTTP upload, queue, engine, stored outputs, socket), PROCESSING_CONCURRENCY ${concurrency}:\n`);
    const ok = (pass: boolean) => (pass ? 'met' : 'MISSED');
    console.log(
      table(
        ['case', 'first upload', 'n', 'median', 'p95', 'min', 'max', 'goal', ''],
        series.map((s) => {
          const done = s.warm.map((t) => t.done);
          return [`${s.label} one at a time`, seconds(s.first.done), String(done.length), seconds(quantile(done, 0.5)), seconds(p95(done)), seconds(Math.min(...done)), seconds(Math.max(...done)), `< ${s.goalMs / 1000} s`, [s.first, ...s.warm].some((t) => t.status !== 'SCRUBBED') ? 'FAILED' : ok(quantile(done, 0.5) < s.goalMs && p95(done) < s.goalMs)];
        }),
      ),
    );
    console.log(
      `\nWhere the time goes (medians; the 'first upload' rows are single uploads):\n\n` +
        table(
          ['case', 'request to 202', 'in the queue', 'engine', 'the rest', '202 to CONSOLIDATED', 'CONSOLIDATED to SCRUBBED', 'to SCRUBBED'],
          [...series.map((s) => breakdown(`${s.label} one at a time`, s.warm)), ...series.map((s) => breakdown(`${s.label} first upload`, [s.first])), ...(burst ? [breakdown(`${large.label} x ${BURST} at once`, burst.timings)] : [])],
        ),
    );
    console.log(
      '\n  request to 202: the file streamed and stored, its row and job committed (client clock). In the queue: the job committed\n' +
        '  to taken by a worker, and engine: its own run, both from the server\'s records. The rest: upload-to-SCRUBBED less those\n' +
        '  three (the raw file fetched, outputs stored, statuses written and published, the socket). From the statuses the socket\n' +
        '  saw: 202 to CONSOLIDATED (queue, engine, consolidated workbook stored), CONSOLIDATED to SCRUBBED (scrubbed workbook stored).',
    );
    if (burst && burstRss) {
      const peakKb = burstRss.peakKb;
      const done = burst.timings.map((t) => t.done);
      const scrubbed = burst.timings.filter((t) => t.status === 'SCRUBBED').length;
      console.log(
        `\n${table(
          ['case', 'SCRUBBED', 'all 202 after', 'all SCRUBBED after', 'median SCRUBBED after', 'p95', 'peak RSS (VmHWM)', 'max VmRSS sampled', 'goal', ''],
          [[`${large.label} x ${BURST} at once`, `${scrubbed}/${BURST}`, seconds(burst.lastAcceptedMs), seconds(burst.totalMs), seconds(quantile(done, 0.5)), seconds(p95(done)), mb(peakKb), mb(burstRss.sampledKb), 'all SCRUBBED, < 1024 MB', ok(scrubbed === BURST && peakKb < 1024 * 1024)]],
        )}`,
      );
    }
    console.log(
      `\nServer RSS by part of the run (VmHWM: the kernel's high-water mark, pipeline threads included${rss.phases.slice(1).every((p) => p.ownPeak) ? ', reset at the start of each part' : '; it could not be reset, so each figure includes the parts before'}):\n\n` +
        table(['part', 'RSS at start', 'at end', 'peak RSS (VmHWM)', 'max VmRSS sampled'], rss.phases.map((p, i) => [p.name, i === 0 ? '-' : mb(p.startKb), mb(p.endKb), mb(p.peakKb), mb(p.sampledKb)])),
    );
    const highest = rss.phases.reduce((a, b) => (b.peakKb > a.peakKb ? b : a));
    console.log(`\nThe server's peak RSS over the whole run: ${mb(highest.peakKb)} (${highest.name}).`);

    const pairedMissed = THROUGHPUT > 0 && (await reportPaired({ small, large }));

    const failed = all.filter((t) => t.status !== 'SCRUBBED');
    for (const t of failed) console.log(`upload ${t.processingId}: ${t.status}${t.error ? `: ${t.error}` : ''}`);
    if (failed.length > 0) {
      console.log(`\n${failed.length} upload(s) did not reach SCRUBBED.`);
      return 1;
    }
    return pairedMissed ? 1 : 0;
  } catch (error) {
    console.error(`\nThe benchmark stopped: ${(error as Error).message}\nThe server's last output:\n${server.output()}`);
    return 1;
  } finally {
    rss.stop();
    follower?.close();
    process.off('SIGINT', stopOnSignal);
    process.off('SIGTERM', stopOnSignal);
    await stopBuiltServer(server);
  }
}

exitWith(main);
