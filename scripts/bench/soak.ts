/**
 * The soak: 100 simulated users (10 SYSTEM, 30 ADMIN, 60 STAFF, each signed in on their own) against
 * the built server (`node dist/server/main.js all`) on a fresh embedded database with the demo data,
 * for SOAK_SECONDS (default 600). Each user waits 1 to 3 s between actions (so the two cores of a
 * shared machine are not saturated) and mixes the reads of their role with ticket writes and, for
 * staff, weekly uploads of a small payroll workbook (a new week each time, the engine processing it).
 *
 * Prints the answers by class, p50/p99 latency per kind of request, and the server's resident memory
 * (sampled each second): its median in the first fifth after the warm-up and in the last fifth of the
 * run. Exits 1 on any 5xx answer or failed connection, or when the memory grew by more than
 * SOAK_MAX_GROWTH_MB (default 64) from the one to the other.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EARLIEST_WEEK_START, toIsoDate, weekContaining } from '@/common/week';
import { buildIfStale, DEMO, startBuiltServer, stopBuiltServer } from './builtServer';
import { writeModelXlsx } from './payrollFiles';
import { payrollModel } from './payrollModel';
import { percentile } from './percentile';
import { residentMemoryMb } from './processMemory';
import { signIn, type SignInRole } from './signIn';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const MAX_GROWTH_MB = Number(process.env.SOAK_MAX_GROWTH_MB ?? 64);
/** The first part of the run, not judged for memory: caches fill, the engine's threads warm up. */
const WARM_UP_SECONDS = Math.min(60, Math.max(10, SECONDS * 0.2));
const THINK_MS = { min: 1_000, max: 3_000 };
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Kind = 'read' | 'ticket write' | 'upload';

interface Account {
  role: SignInRole;
  email: string;
  users: number;
}

/** The demo accounts the simulated users sign in as: each user signs in on their own. */
const ACCOUNTS: Account[] = [
  { role: 'system', email: 'operator@payroll.demo', users: 10 },
  { role: 'admin', email: DEMO.admin, users: 20 },
  { role: 'admin', email: 'admin@bluebird.demo', users: 10 },
  { role: 'staff', email: DEMO.staff, users: 25 },
  { role: 'staff', email: 'priya@northwind.demo', users: 15 },
  { role: 'staff', email: 'staff@bluebird.demo', users: 20 },
];

const READS: Record<SignInRole, string[]> = {
  system: ['/api/system/companies', '/api/system/consolidated-files', '/api/ticket/all', '/api/ticket/statistics'],
  admin: ['/api/company/weekly-documents', '/api/company/weekly-stats', '/api/company/staff', '/api/company/file-uploads', '/api/ticket'],
  staff: ['/api/staff/weekly-documents', '/api/staff/clients', '/api/staff/uploads', '/api/staff/weekly-stats', '/api/ticket'],
};

class Tally {
  readonly latencies: Record<Kind, number[]> = { read: [], 'ticket write': [], upload: [] };
  readonly classes = new Map<string, number>();
  readonly serverErrors: string[] = [];

  record(kind: Kind, label: string, status: number | 'failed', ms: number): void {
    this.latencies[kind].push(ms);
    const answerClass = status === 'failed' ? 'failed' : `${Math.floor(status / 100)}xx`;
    this.classes.set(answerClass, (this.classes.get(answerClass) ?? 0) + 1);
    if (status === 'failed' || status >= 500) this.serverErrors.push(`${status} ${label}`);
  }
}

/** The weeks a staff account may still upload for, per client, newest first: each is taken once. */
class WeekSlots {
  private readonly next = new Map<string, number>();

  take(clientId: string): string | undefined {
    const taken = this.next.get(clientId) ?? 0;
    this.next.set(clientId, taken + 1);
    const date = toIsoDate(weekContaining(new Date(Date.now() - taken * 7 * 24 * 3600 * 1000)).start);
    return date >= EARLIEST_WEEK_START ? date : undefined;
  }
}

interface User {
  account: Account;
  baseUrl: string;
  cookie: string;
  clientIds: string[];
  ownTickets: string[];
}

/** Sends a request and reads its answer to the end, timing both; answers the status and body text, or nothing when the connection failed. */
async function timed(tally: Tally, kind: Kind, label: string, send: () => Promise<Response>): Promise<{ status: number; text: string } | undefined> {
  const started = performance.now();
  try {
    const response = await send();
    const text = await response.text();
    tally.record(kind, label, response.status, performance.now() - started);
    return { status: response.status, text };
  } catch {
    tally.record(kind, label, 'failed', performance.now() - started);
    return undefined;
  }
}

function writeHeaders(user: User): Record<string, string> {
  return { cookie: user.cookie, origin: user.baseUrl, 'sec-fetch-site': 'same-origin' };
}

async function read(user: User, tally: Tally): Promise<void> {
  const paths = READS[user.account.role];
  const path = paths[Math.floor(Math.random() * paths.length)];
  await timed(tally, 'read', `GET ${path}`, () => fetch(`${user.baseUrl}${path}`, { headers: { cookie: user.cookie } }));
}

/** A new ticket, or a comment on one of the user's own. */
async function writeTicket(user: User, tally: Tally): Promise<void> {
  const headers = { ...writeHeaders(user), 'content-type': 'application/json' };
  const ticket = user.ownTickets[Math.floor(Math.random() * user.ownTickets.length)];
  if (ticket && Math.random() < 0.7) {
    const body = JSON.stringify({ comment: `Soak comment at ${new Date().toISOString()}` });
    await timed(tally, 'ticket write', 'POST /api/ticket/{id}/comment', () => fetch(`${user.baseUrl}/api/ticket/${ticket}/comment`, { method: 'POST', headers, body }));
    return;
  }
  const body = JSON.stringify({ title: 'Soak ticket', description: 'Opened by the soak run.' });
  const response = await timed(tally, 'ticket write', 'POST /api/ticket', () => fetch(`${user.baseUrl}/api/ticket`, { method: 'POST', headers, body }));
  if (response?.status === 201) user.ownTickets.push((JSON.parse(response.text) as { data: { ticket: { id: string } } }).data.ticket.id);
}

async function upload(user: User, tally: Tally, workbook: Blob, weeks: WeekSlots): Promise<void> {
  const clientId = user.clientIds[Math.floor(Math.random() * user.clientIds.length)];
  const weekStart = clientId ? weeks.take(clientId) : undefined;
  if (!clientId || !weekStart) return read(user, tally);
  const form = new FormData();
  form.append('clientId', clientId);
  form.append('weekStart', weekStart);
  form.append('file', workbook, 'soak payroll.xlsx');
  await timed(tally, 'upload', 'POST /api/staff/upload-required-document', () =>
    fetch(`${user.baseUrl}/api/staff/upload-required-document`, { method: 'POST', headers: writeHeaders(user), body: form }),
  );
}

/** One action of the user's role: mostly reads, some ticket writes, and for staff an upload now and then. */
async function act(user: User, tally: Tally, workbook: Blob, weeks: WeekSlots): Promise<void> {
  const roll = Math.random();
  if (user.account.role === 'staff' && roll < 0.04) return upload(user, tally, workbook, weeks);
  if (user.account.role !== 'system' && roll < 0.15) return writeTicket(user, tally);
  return read(user, tally);
}

async function clientsOf(baseUrl: string, cookie: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/api/staff/clients?limit=50`, { headers: { cookie } });
  const body = (await response.json()) as { data: { clients: { id: string }[] } };
  return body.data.clients.map((client) => client.id);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const think = () => sleep(THINK_MS.min + Math.random() * (THINK_MS.max - THINK_MS.min));

function median(values: number[]): number {
  return percentile([...values].sort((a, b) => a - b), 0.5);
}

async function smallWorkbook(): Promise<Blob> {
  const dir = mkdtempSync(join(tmpdir(), 'payroll-soak-'));
  try {
    const file = join(dir, 'soak.xlsx');
    await writeModelXlsx(payrollModel({ sheets: 2, rowsPerSheet: 40, seed: 11 }), file);
    return new Blob([readFileSync(file)], { type: XLSX_TYPE });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  buildIfStale({ web: false });
  const workbook = await smallWorkbook();
  // Sessions that outlast the run: the soak measures the API, not the token refresh.
  const server = await startBuiltServer({ dataDirPrefix: 'payroll-soak-', env: { ACCESS_TOKEN_TTL_SECONDS: '7200', PROCESSING_CONCURRENCY: '1' } });
  const pid = server.child.pid as number;
  const tally = new Tally();
  const memory: { at: number; mb: number }[] = [];
  try {
    console.log(`Soak: ${ACCOUNTS.reduce((sum, account) => sum + account.users, 0)} users for ${SECONDS} s against ${server.baseUrl} (embedded database)...`);
    const weeks = new Map<string, WeekSlots>();
    const users: User[] = [];
    for (const account of ACCOUNTS) {
      for (let n = 0; n < account.users; n++) {
        const cookie = await signIn(server.baseUrl, account.role, account.email, DEMO.password);
        const clientIds = account.role === 'staff' ? await clientsOf(server.baseUrl, cookie) : [];
        users.push({ account, baseUrl: server.baseUrl, cookie, clientIds, ownTickets: [] });
      }
      weeks.set(account.email, new WeekSlots());
    }
    const started = Date.now();
    const deadline = started + SECONDS * 1000;
    const sampler = setInterval(() => memory.push({ at: (Date.now() - started) / 1000, mb: residentMemoryMb(pid) }), 1000);
    try {
      await Promise.all(
        users.map(async (user) => {
          await sleep(Math.random() * THINK_MS.max);
          while (Date.now() < deadline) {
            await act(user, tally, workbook, weeks.get(user.account.email) as WeekSlots);
            await think();
          }
        }),
      );
    } finally {
      clearInterval(sampler);
    }
    process.exitCode = report(tally, memory) ? 0 : 1;
  } finally {
    await stopBuiltServer(server);
  }
}

/** Prints the figures; answers whether the run held (no 5xx, no failed connection, memory within bound). */
function report(tally: Tally, memory: { at: number; mb: number }[]): boolean {
  console.log(`\nAnswers: ${[...tally.classes].map(([answerClass, count]) => `${answerClass} ${count}`).join(', ')}`);
  console.log(['kind'.padEnd(13), 'requests'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8)].join(' '));
  for (const [kind, values] of Object.entries(tally.latencies)) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log([kind.padEnd(13), String(sorted.length).padStart(9), percentile(sorted, 0.5).toFixed(1).padStart(8), percentile(sorted, 0.99).toFixed(1).padStart(8)].join(' '));
  }
  const judged = memory.filter((sample) => sample.at >= WARM_UP_SECONDS);
  const fifth = Math.max(1, Math.floor(judged.length / 5));
  const early = median(judged.slice(0, fifth).map((sample) => sample.mb));
  const late = median(judged.slice(-fifth).map((sample) => sample.mb));
  const growth = late - early;
  const peak = Math.max(...memory.map((sample) => sample.mb));
  console.log(`Server RSS: ${early.toFixed(0)} MB after the ${WARM_UP_SECONDS.toFixed(0)} s warm-up, ${late.toFixed(0)} MB at the end (growth ${growth.toFixed(0)} MB, bound ${MAX_GROWTH_MB} MB), peak ${peak.toFixed(0)} MB`);

  const zeroServerErrors = tally.serverErrors.length === 0;
  console.log(`Zero 5xx and failed connections: ${zeroServerErrors ? 'yes' : `NO (${tally.serverErrors.length}: ${[...new Set(tally.serverErrors)].slice(0, 5).join('; ')})`}`);
  const memoryHeld = Number.isFinite(growth) && growth <= MAX_GROWTH_MB;
  console.log(`Memory after warm-up within bound: ${memoryHeld ? 'yes' : 'NO'}`);
  return zeroServerErrors && memoryHeld;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
