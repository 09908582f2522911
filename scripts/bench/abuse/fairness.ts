/**
 * Fair processing between companies: how long one company's small upload takes to be processed while
 * another company has a pile of large uploads queued ahead of it.
 *
 * Each case starts the built server (`node dist/server/main.js all`, embedded database, demo data,
 * PROCESSING_CONCURRENCY as the machine gives it unless set) afresh. Company B (Bluebird's staff
 * member) first uploads a 50 KB workbook to warm the pipeline up (and waits for its review pack, built
 * by a job of its own after SCRUBBED, so nothing of the warm-up is still running); then company A (Northwind's staff member) queues its burst of 5 MB workbooks,
 * one request after the other, each for a client of its own; then B uploads the 50 KB workbook again, timed from just before the request to SCRUBBED (the
 * staff uploads list, read every 100 ms), and its wait in the queue (until first seen taken by a
 * worker). Cases: no burst, a burst of 8, a burst of 30 (the company limit on uploads waiting,
 * COMPANY_MAX_QUEUED_UPLOADS, is raised to let the whole burst in). Also reported: how many of A's
 * uploads finished while B's waited or ran (fair turns: the one running when B's arrived, per worker
 * slot), how long A took to queue its burst (its uploads are processed meanwhile), and when B's review
 * was ready (its review pack, built by a job of its own after SCRUBBED, in fair turns with A's packs).
 *
 * `npx tsx scripts/bench/abuse/fairness.ts` prints the figures; `runFairness()` answers them.
 *
 *   BENCH_DIR=path              where the generated workbooks are kept between runs (the engine benchmark's)
 *   BENCH_FAIRNESS_BURSTS=8,30  the burst sizes (default 8,30)
 *   BENCH_FAIRNESS_PREVIOUS=1   each case also on the previous build (previousBuild.ts: the last commit, or
 *                               BENCH_PREVIOUS_COMMIT), right after this build's: its figures end in `Previous`
 */
import { existsSync, mkdirSync, openAsBlob } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildIfStale, DEMO, startBuiltServer, stopBuiltServer } from '../builtServer';
import { previousBuild } from '../previousBuild';
import { writeModelXlsx } from '../payrollFiles';
import { payrollModel } from '../payrollModel';

const BENCH_DIR = process.env.BENCH_DIR ?? join(tmpdir(), 'payroll-engine-bench');
const BURSTS = (process.env.BENCH_FAIRNESS_BURSTS ?? '8,30')
  .split(',')
  .map(Number)
  .filter((size) => Number.isInteger(size) && size > 0);
/** The other demo company, whose upload is timed. */
const OTHER_COMPANY = { admin: 'admin@bluebird.demo', staff: 'staff@bluebird.demo' };
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const POLL_MS = 100;
/** One small upload, from its request to SCRUBBED, even behind a pile processed one at a time. */
const SMALL_UPLOAD_TIMEOUT_MS = 15 * 60_000;
/** The company limit on uploads waiting, when nothing sets it. */
const DEFAULT_QUEUED_LIMIT = 20;

/** The dense workbooks of `npm run bench:engine` (same model, seed and file names). */
async function workbook(label: string, rowsPerSheet: number): Promise<string> {
  mkdirSync(BENCH_DIR, { recursive: true });
  const path = join(BENCH_DIR, `payroll-${label}-dense.xlsx`);
  if (!existsSync(path)) await writeModelXlsx(payrollModel({ sheets: 12, rowsPerSheet, seed: 2025, dense: true }), path, true);
  return path;
}

/** A signed-in user of the server, keeping its cookies as a browser would. */
class Session {
  private cookies = new Map<string, string>();
  userId = '';

  private constructor(private readonly baseUrl: string) {}

  static async signIn(baseUrl: string, role: 'admin' | 'staff', email: string): Promise<Session> {
    const session = new Session(baseUrl);
    const answer = await session.call<{ data: { user: { id: string } } }>('POST', `/api/auth/${role}`, { email, password: DEMO.password });
    session.userId = answer.data.user.id;
    return session;
  }

  /** Calls the API; answers the status and the parsed body. */
  async request<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '), origin: this.baseUrl };
    const init: RequestInit = { method, headers, signal: AbortSignal.timeout(120_000) };
    if (body instanceof FormData) init.body = body;
    else if (body !== undefined) {
      init.body = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${path}`, init);
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.request<T>(method, path, body);
    if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
    return answer.body;
  }
}

/** A company's staff member, with clients of their own made by the company's admin. */
async function staffWithClients(baseUrl: string, accounts: { admin: string; staff: string }, count: number, label: string) {
  const admin = await Session.signIn(baseUrl, 'admin', accounts.admin);
  const staff = await Session.signIn(baseUrl, 'staff', accounts.staff);
  const clientIds: string[] = [];
  for (let i = 0; i < count; i++) {
    const created = await admin.call<{ data: { client: { id: string } } }>('POST', '/api/client', { name: `${label} ${i + 1}`, assigned_staff_id: staff.userId });
    clientIds.push(created.data.client.id);
  }
  return { staff, clientIds };
}

async function upload(staff: Session, clientId: string, file: string): Promise<string> {
  const form = new FormData();
  form.append('clientId', clientId);
  form.append('file', await openAsBlob(file, { type: XLSX_TYPE }), 'week.xlsx');
  const answer = await staff.call<{ data: { processingId: string } }>('POST', '/api/staff/upload-required-document', form);
  return answer.data.processingId;
}

/** The processing status of each of the staff member's newest uploads. */
async function statuses(staff: Session): Promise<Map<string, string>> {
  const page = await staff.call<{ data: { uploads: { id: string; status: string }[] } }>('GET', '/api/staff/uploads?page=1&limit=100');
  return new Map(page.data.uploads.map((item) => [item.id, item.status]));
}

/** Follows an upload until it is processed: its final status, and when it was first seen taken by a worker. */
async function untilFinished(staff: Session, uploadId: string): Promise<{ status: string; startedAt: number }> {
  const deadline = Date.now() + SMALL_UPLOAD_TIMEOUT_MS;
  let startedAt = NaN;
  for (;;) {
    const status = (await statuses(staff)).get(uploadId);
    if (Number.isNaN(startedAt) && status && status !== 'QUEUED') startedAt = performance.now();
    if (status === 'SCRUBBED' || status === 'FAILED') return { status, startedAt };
    if (Date.now() > deadline) throw new Error(`upload ${uploadId} was not processed within ${SMALL_UPLOAD_TIMEOUT_MS / 60_000} minutes`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Waits until the upload's review pack is ready (the pack job runs after SCRUBBED, in slots of its own). */
async function untilViewerPrepared(staff: Session, uploadId: string): Promise<void> {
  const deadline = Date.now() + SMALL_UPLOAD_TIMEOUT_MS;
  while ((await staff.call<{ data: { state: string } }>('GET', `/api/staff/uploads/${uploadId}/viewer`)).data.state === 'PREPARING') {
    if (Date.now() > deadline) throw new Error(`the viewer of upload ${uploadId} was not prepared in time`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const scrubbedCount = async (staff: Session) => [...(await statuses(staff)).values()].filter((status) => status === 'SCRUBBED').length;

interface CaseResult {
  /** B's 50 KB upload, from its request to SCRUBBED. */
  smallMs: number;
  /** ...of which waiting in the queue (from its request until first seen taken by a worker). */
  waitMs: number;
  /** A's 5 MB uploads that finished while B's waited or ran (the one running when it came, per worker slot). */
  largeDoneMeanwhile: number;
  /** Time A took to queue its burst. */
  queueingMs: number;
  /** B's 50 KB upload, from its request until its review is ready (its pack built). */
  reviewMs: number;
}

/** One case on a fresh server: B warms up, A queues `burst` large uploads, B's small upload is timed. */
async function runCase(burst: number, files: { small: string; large: string }, root?: string): Promise<CaseResult> {
  const queuedLimit = Number(process.env.COMPANY_MAX_QUEUED_UPLOADS) || DEFAULT_QUEUED_LIMIT;
  const env: Record<string, string> = { ACCESS_TOKEN_TTL_SECONDS: '7200' };
  if (burst >= queuedLimit) env.COMPANY_MAX_QUEUED_UPLOADS = String(burst + 1);
  const server = await startBuiltServer({ dataDirPrefix: 'payroll-bench-fairness-', env, root });
  try {
    const a = await staffWithClients(server.baseUrl, DEMO, burst, 'Burst client');
    const b = await staffWithClients(server.baseUrl, OTHER_COMPANY, 2, 'Small client');
    const warmUp = await upload(b.staff, b.clientIds[0], files.small);
    if ((await untilFinished(b.staff, warmUp)).status !== 'SCRUBBED') throw new Error('the warm-up upload failed');
    await untilViewerPrepared(b.staff, warmUp);

    const queueingStart = performance.now();
    for (const clientId of a.clientIds) await upload(a.staff, clientId, files.large);
    const queueingMs = performance.now() - queueingStart;

    const start = performance.now();
    const smallId = await upload(b.staff, b.clientIds[1], files.small);
    const largeDoneAtStart = await scrubbedCount(a.staff);
    const { status, startedAt } = await untilFinished(b.staff, smallId);
    const smallMs = performance.now() - start;
    if (status !== 'SCRUBBED') throw new Error(`the timed upload ended ${status}`);
    const largeDoneMeanwhile = (await scrubbedCount(a.staff)) - largeDoneAtStart;
    await untilViewerPrepared(b.staff, smallId);
    const reviewMs = performance.now() - start;
    return { smallMs, waitMs: startedAt - start, largeDoneMeanwhile, queueingMs, reviewMs };
  } finally {
    // the rest of the burst is not waited for: stopping hands it back to the queue of a server that is removed
    await stopBuiltServer(server);
  }
}

/** The figures: B's small upload with no burst, behind each burst, and how many of the burst went first. */
export async function runFairness(): Promise<Record<string, number | string>> {
  buildIfStale({ web: false });
  const files = { small: await workbook('50KB', 18), large: await workbook('5MB', 2250) };
  const figures: Record<string, number | string> = {
    processingConcurrency: process.env.PROCESSING_CONCURRENCY ?? 'cores minus one',
  };
  const builds = [{ suffix: '', root: undefined as string | undefined }];
  if (process.env.BENCH_FAIRNESS_PREVIOUS === '1') {
    const previous = previousBuild();
    figures.previousBuild = previous.commit;
    builds.push({ suffix: 'Previous', root: previous.root });
  }
  for (const { suffix, root } of builds) {
    const alone = await runCase(0, files, root);
    figures[`smallUploadAloneMs${suffix}`] = Math.round(alone.smallMs);
    figures[`smallUploadAloneWaitMs${suffix}`] = Math.round(alone.waitMs);
    figures[`smallReviewAloneMs${suffix}`] = Math.round(alone.reviewMs);
  }
  for (const burst of BURSTS) {
    for (const { suffix, root } of builds) {
      const behind = await runCase(burst, files, root);
      figures[`smallUploadBehind${burst}LargeMs${suffix}`] = Math.round(behind.smallMs);
      figures[`smallUploadBehind${burst}LargeWaitMs${suffix}`] = Math.round(behind.waitMs);
      figures[`smallReviewBehind${burst}LargeMs${suffix}`] = Math.round(behind.reviewMs);
      figures[`largeDoneWhileSmallBehind${burst}${suffix}`] = behind.largeDoneMeanwhile;
      figures[`burst${burst}QueueingMs${suffix}`] = Math.round(behind.queueingMs);
    }
  }
  return figures;
}

if (require.main === module) {
  runFairness().then(
    (figures) => {
      console.log('\nFair processing: a 50 KB upload of company B, with company A\'s 5 MB uploads queued first');
      for (const [name, value] of Object.entries(figures)) console.log(`  ${name.padEnd(36)} ${value}`);
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
