/**
 * How much a page of 20 weekly rows weighs: the body of `GET /api/company/weekly-documents` (the
 * admin's list) and of `GET /api/staff/weekly-documents` (a staff member's), 20 rows each, in bytes
 * as sent. The server runs in this process on a fresh embedded database seeded as the read benchmark
 * seeds it (a mix of states; three stored versions of each processed upload), with what a live week
 * adds: each processed upload's summary as the engine stores it, and the reviewer's notes on the
 * versions of a rejected upload. The seed draws each row's state at random, so a page is read for
 * each of the past WEEKS weeks and the mean is printed, with the smallest and largest page.
 *
 * `npm run bench:list-size`; WEEKLY_LIST_ROWS changes the page size (20 by default).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@/server/app';
import { ownOrigin } from '@/server/auth/origin';
import { hashPassword } from '@/server/auth/password';
import { loadConfig } from '@/server/config';
import { type DatabaseHandle, openDatabase } from '@/server/db/client';
import { seedWeeklyUploads } from './weeklyUploadsSeed';

const PASSWORD = 'bench-pass-1234';
const ROWS = Number(process.env.WEEKLY_LIST_ROWS ?? 20);
/** Full weeks read (the current one may have just begun and is left out). */
const WEEKS = 8;

/** A processed upload's summary as the engine stores it: totals, a mapped sheet, the rules that fired. */
const SUMMARY = {
  format: 'xlsx',
  rowsIn: 212,
  rowsOut: 208,
  duplicatesRemoved: 4,
  employees: 104,
  issues: { error: 2, warning: 7 },
  totalHours: { regular: 4160, overtime: 132.5, total: 4292.5 },
  totalGross: 187_420.55,
  sheets: { found: 1, used: 1, skipped: [] },
  sources: [
    {
      name: 'Payroll',
      hidden: false,
      reason: null,
      headerRow: 1,
      rowsRead: 212,
      dataRows: 212,
      mapping: ['Employee ID', 'Employee Name', 'Regular Hours', 'Overtime Hours', 'Rate', 'Gross Pay'].map((header, index) => ({
        header,
        column: header,
        sourceColumn: String.fromCharCode(65 + index),
      })),
    },
  ],
  issuesByRule: [
    { rule: 'missing_employee_id', severity: 'error', count: 2, first: { sheet: 'Payroll', row: 14 }, firstRow: 12 },
    { rule: 'overtime_without_regular', severity: 'warning', count: 7, first: { sheet: 'Payroll', row: 30 }, firstRow: 28 },
  ],
  durationMs: 412,
  weekOverWeek: { warnings: 3 },
};

const REVIEW_NOTE = 'Hours for two employees do not match the timesheets.\nPlease check rows 14 and 30 and upload the corrected file.';

/** What the seed leaves out and a live week has: stored summaries, and the notes on rejected uploads' versions. */
async function addLiveDetail(database: DatabaseHandle, companyId: string): Promise<void> {
  await database.executeSql(`update uploads set summary = $2::jsonb where company_id = $1 and status = 'SCRUBBED'`, [companyId, JSON.stringify(SUMMARY)]);
  await database.executeSql(
    `update upload_files f set notes = $2 from uploads u where u.id = f.upload_id and u.company_id = $1 and u.approval_status = 'REJECTED'`,
    [companyId, REVIEW_NOTE],
  );
}

async function signIn(app: FastifyInstance, role: 'admin' | 'staff', email: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/auth/${role}`,
    headers: { origin: ownOrigin(app.ctx.config, app.server) },
    payload: { email, password: PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`The ${role} sign-in failed: ${response.statusCode} ${response.body}`);
  return response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

async function bytesOf(app: FastifyInstance, url: string, cookie: string): Promise<{ bytes: number; rows: number }> {
  const response = await app.inject({ method: 'GET', url, headers: { cookie, origin: ownOrigin(app.ctx.config, app.server) } });
  if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
  const body = response.json<{ data: { documents: unknown[] } }>();
  return { bytes: response.rawPayload.byteLength, rows: body.data.documents.length };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'payroll-list-size-'));
  const database = await openDatabase({ dataDir: join(dataDir, 'db') });
  let app: FastifyInstance | undefined;
  try {
    await database.migrate();
    // Two staff members of 30 clients each: a page of 20 rows for the admin and for each of them.
    const company = await seedWeeklyUploads(database, {
      companyName: 'Bench Bureau',
      emailPrefix: 'bench',
      passwordHash: await hashPassword(PASSWORD),
      clients: 60,
      staff: 2,
      weeks: WEEKS + 1,
    });
    await addLiveDetail(database, company.companyId);
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SESSION_SECRET: 'x'.repeat(48), SEED_DEMO: 'false' });
    app = await buildApp({ config, database, logger: false });
    await app.ready();
    const weeks = company.weekStarts.slice(1);
    const lists = [
      { name: 'GET /api/company/weekly-documents', path: '/api/company/weekly-documents', cookie: await signIn(app, 'admin', company.adminEmail) },
      { name: 'GET /api/staff/weekly-documents', path: '/api/staff/weekly-documents', cookie: await signIn(app, 'staff', company.staffEmails[0]) },
    ];
    console.log(`${ROWS} rows a page, one page for each of ${weeks.length} weeks`);
    for (const list of lists) {
      const pages = [];
      for (const week of weeks) pages.push(await bytesOf(app, `${list.path}?weekStart=${week}&limit=${ROWS}`, list.cookie));
      const sizes = pages.map((page) => page.bytes);
      const mean = sizes.reduce((sum, bytes) => sum + bytes, 0) / sizes.length;
      const rows = pages.reduce((sum, page) => sum + page.rows, 0) / pages.length;
      console.log(
        `${list.name.padEnd(34)} mean ${(mean / 1024).toFixed(1)} KB a page (${Math.round(mean)} bytes, ${Math.round(mean / Math.max(rows, 1))} a row; pages ${Math.min(...sizes)}-${Math.max(...sizes)} bytes)`,
      );
    }
  } finally {
    await app?.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
