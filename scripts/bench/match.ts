/**
 * Routing a week's files to their clients (`POST /staff/weekly-uploads/match`), on the embedded
 * default (PGlite): 40 clients of one staff member (600 people each, clientPayrolls.ts), each with an
 * approved earlier week's fingerprint, then this week's 40 files matched at once, at about 50 KB and about 5 MB each (the engine bench's
 * sizes: dense 12-sheet workbooks). The work timed is the endpoint's, in process: each file read from
 * its bytes by the engine's readers (readMatchFile: type check, temporary copy, header detection,
 * identity columns) and the 40 compared with the clients (matchWeekFiles). Prints the time per
 * set against the goal (40 x 50 KB under 5 s) and the share of files routed to their own client.
 *
 * The files are made once in BENCH_DIR (default: the system's temporary folder) and reused.
 * BENCH_MATCH_SIZES=50KB runs one size. Exits 1 when the 50 KB goal is missed or a file is misrouted.
 */
import { createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shiftWeek, toIsoDate, weekContaining } from '@/common/week';
import { openDatabase } from '@/server/db/client';
import { clients, clientWeekFingerprints, companies, requiredDocuments, uploads, users } from '@/server/db/schema';
import { readFileIdentity } from '@/server/processing/matching/fileIdentity';
import { employeeIdHash, employeeNameHash, hashesOf } from '@/server/services/weekly/weekFingerprints';
import { type FileReading, readMatchFile } from '@/server/services/weekly/weekMatchFiles';
import { matchWeekFiles } from '@/server/services/weekly/weekMatching';
import { clientPayrollModel } from './clientPayrolls';
import { writeModelXlsx } from './payrollFiles';

const CLIENTS = 40;
const SHEETS = 12;
const GOAL_50KB_MS = 5000;
const BENCH_DIR = join(process.env.BENCH_DIR ?? tmpdir(), 'payroll-match-bench');
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SIZES = [
  { label: '50KB', rowsPerSheet: 18 },
  { label: '5MB', rowsPerSheet: 2250 },
].filter((size) => !process.env.BENCH_MATCH_SIZES || process.env.BENCH_MATCH_SIZES.split(',').includes(size.label));

/** A client's week as a dense workbook, made once. */
async function clientFile(label: string, rowsPerSheet: number, client: number, week: number): Promise<string> {
  const path = join(BENCH_DIR, `${label}-client${client}-week${week}.xlsx`);
  if (!existsSync(path)) await writeModelXlsx(clientPayrollModel({ sheets: SHEETS, rowsPerSheet, client, week, seed: 2025, dense: true }), path, true);
  return path;
}

async function main(): Promise<void> {
  mkdirSync(BENCH_DIR, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'payroll-match-db-'));
  const handle = await openDatabase({ dataDir });
  try {
    await handle.migrate();
    const { db } = handle;
    const thisWeek = toIsoDate(weekContaining(new Date()).start);
    const lastWeek = toIsoDate(shiftWeek(weekContaining(new Date()), -1).start);
    const [company] = await db.insert(companies).values({ name: 'Bench Payroll' }).returning({ id: companies.id });
    const [staff] = await db
      .insert(users)
      .values({ companyId: company.id, role: 'STAFF', name: 'Bench Staff', email: 'bench-staff@example.com', passwordHash: 'x' })
      .returning({ id: users.id });
    const clientIds: string[] = [];
    process.stdout.write(`Preparing ${CLIENTS} clients with an approved earlier week in ${BENCH_DIR} ...\n`);
    for (let c = 0; c < CLIENTS; c++) {
      const [client] = await db.insert(clients).values({ companyId: company.id, name: `Client ${c + 1}`, assignedStaffId: staff.id }).returning({ id: clients.id });
      const [document] = await db.insert(requiredDocuments).values({ clientId: client.id, title: 'Weekly Payroll' }).returning({ id: requiredDocuments.id });
      const [upload] = await db
        .insert(uploads)
        .values({ companyId: company.id, clientId: client.id, requiredDocumentId: document.id, uploadedByName: 'Bench Staff', weekStart: lastWeek, status: 'SCRUBBED', approvalStatus: 'APPROVED' })
        .returning({ id: uploads.id });
      // the earlier week's fingerprint, as an approval keeps it from the week's employees: here from
      // every row of the client's large file of that week (the small files hold some of the same people)
      const identity = await readFileIdentity(await clientFile('5MB', 2250, c, 0), 'payroll.xlsx', { rowsPerSheet: Number.MAX_SAFE_INTEGER, sheets: SHEETS });
      await db.insert(clientWeekFingerprints).values({
        uploadId: upload.id,
        companyId: company.id,
        clientId: client.id,
        weekStart: lastWeek,
        employeeIds: hashesOf(identity.employeeIds, employeeIdHash),
        employeeNames: hashesOf(identity.employeeNames, employeeNameHash),
        headers: [...new Set(identity.headers)],
        sheetNames: identity.sheetNames,
        fileName: 'payroll.xlsx',
      });
      clientIds.push(client.id);
    }
    const viewer = { companyId: company.id, userId: staff.id, role: 'STAFF' as const };
    let missed = false;
    for (const { label, rowsPerSheet } of SIZES) {
      process.stdout.write(`Making this week's ${CLIENTS} files of ${label} ...\n`);
      const paths: string[] = [];
      for (let c = 0; c < CLIENTS; c++) paths.push(await clientFile(label, rowsPerSheet, c, 1));
      const bytes = paths.reduce((sum, path) => sum + statSync(path).size, 0);
      const started = performance.now();
      const readings: FileReading[] = [];
      for (const path of paths) {
        const content = createReadStream(path);
        readings.push(await readMatchFile({ filename: 'payroll.xlsx', mimetype: XLSX_TYPE, content, truncated: () => false }, 100 * 1024 * 1024));
      }
      const matches = await matchWeekFiles(db, viewer, thisWeek, readings);
      const ms = performance.now() - started;
      const right = matches.filter((match, index) => match.clientId === clientIds[index]).length;
      const goal = label === '50KB' ? ` (goal: under ${GOAL_50KB_MS / 1000} s: ${ms < GOAL_50KB_MS ? 'met' : 'MISSED'})` : '';
      console.log(
        `${label}: ${CLIENTS} files, ${(bytes / CLIENTS / 1e6).toFixed(2)} MB each on average: matched in ${(ms / 1000).toFixed(2)} s${goal}; ` +
          `${right} of ${CLIENTS} routed to their own client (${Math.round((100 * right) / CLIENTS)}%)`,
      );
      if ((label === '50KB' && ms >= GOAL_50KB_MS) || right < CLIENTS) missed = true;
    }
    if (missed) process.exitCode = 1;
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
