/**
 * `npm run bench:viewer`: the viewer of an upload, for the 5 MB and the 100 MB generated workbooks of
 * `npm run bench:engine` (same model, seed and file names; generated when missing).
 *
 * 1. The pack build, in this process: the engine writes both workbooks, then `buildUploadPack` stores
 *    every sheet of the three versions as blocks in a fresh embedded database; its wall time, the
 *    blocks' size and this process's peak RSS (the embedded database included) are printed.
 * 2. As a person waits for them, over HTTP against the built server (`node dist/server/main.js all`,
 *    built first when stale; fresh embedded database, demo data): the upload is posted and followed
 *    until its viewer is READY; then the first window (the overview, then the first 100 rows of the
 *    first sheet of each version, one after the other as the dialog asks for them) and windows deep in
 *    the file (100 rows at 90 % of the Scrubbed and raw sheets, and the errors filter half way down),
 *    each BENCH_VIEWER_RUNS times: median and slowest.
 *
 *   BENCH_VIEWER_ONLY=5MB    one workbook only (5MB or 100MB)
 *   BENCH_VIEWER_RUNS=n      repeats of each window (default 7)
 *   BENCH_DIR=path           where the generated inputs are kept (default: the temp folder)
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '@/server/db/client';
import { clients, companies, requiredDocuments, uploads } from '@/server/db/schema';
import { processWorkbook } from '@/server/processing';
import { buildUploadPack } from '@/server/services/review/pack/reviewPack';
import { toUploadSummary } from '@/server/services/uploads/uploadSummary';
import { buildIfStale, startBuiltServer, stopBuiltServer } from './builtServer';
import { BENCH_DIR, denseWorkbook, uploadUntilViewerReady } from './viewerUpload';

const RUNS = Math.max(1, Number(process.env.BENCH_VIEWER_RUNS) || 7);
const CASES = [
  { label: '5MB', rowsPerSheet: 2250 },
  { label: '100MB', rowsPerSheet: 45_000 },
].filter((c) => !process.env.BENCH_VIEWER_ONLY || c.label === process.env.BENCH_VIEWER_ONLY);

/** Peak resident memory of this process, sampled every 50 ms while `work` runs. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  try {
    const result = await work();
    return { result, peakMb: Math.max(peak, process.memoryUsage.rss()) / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

async function packBuild(path: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'payroll-bench-viewer-'));
  const database = await openDatabase({ dataDir: join(dir, 'db') });
  try {
    await database.migrate();
    const { db } = database;
    const [company] = await db.insert(companies).values({ name: 'Bench' }).returning();
    const [client] = await db.insert(clients).values({ companyId: company.id, name: 'Bench client' }).returning();
    const [document] = await db.insert(requiredDocuments).values({ clientId: client.id, title: 'Weekly Payroll' }).returning();
    const [upload] = await db
      .insert(uploads)
      .values({ companyId: company.id, clientId: client.id, requiredDocumentId: document.id, uploadedByName: 'Bench', weekStart: '2025-09-08' })
      .returning();
    const files = { raw: { path, fileName: 'payroll.xlsx' }, consolidated: join(dir, 'consolidated.xlsx'), scrubbed: join(dir, 'scrubbed.xlsx') };
    const engineStart = performance.now();
    const summary = await processWorkbook({ inputPath: path, fileName: 'payroll.xlsx', consolidatedPath: files.consolidated, scrubbedPath: files.scrubbed });
    const engineMs = performance.now() - engineStart;
    const packStart = performance.now();
    const { peakMb } = await withPeakRss(() => buildUploadPack(db, { uploadId: upload.id, jobId: upload.jobId }, files, toUploadSummary(summary)));
    const packMs = performance.now() - packStart;
    const [size] = (await database.executeSql('select count(*)::int as blocks, sum(octet_length(rows))::bigint as bytes from review_blocks')).rows as Array<{ blocks: number; bytes: string }>;
    return `engine ${(engineMs / 1000).toFixed(1)} s, pack build ${(packMs / 1000).toFixed(1)} s (${summary.rowsIn.toLocaleString('en')} rows in), ${size.blocks} blocks, ${(Number(size.bytes) / 1e6).toFixed(1)} MB stored, peak RSS ${peakMb.toFixed(0)} MB`;
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Timed {
  label: string;
  ms: number[];
}

async function timed<T>(into: Timed, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  into.ms.push(performance.now() - start);
  return result;
}

function line({ label, ms }: Timed): string {
  const sorted = [...ms].sort((a, b) => a - b);
  return `  ${label.padEnd(52)} median ${sorted[Math.floor(sorted.length / 2)].toFixed(0).padStart(5)} ms, slowest ${sorted[sorted.length - 1].toFixed(0).padStart(5)} ms`;
}

async function overHttp(baseUrl: string, path: string, label: string): Promise<string[]> {
  const { uploadId, overview, readyMs, admin } = await uploadUntilViewerReady(baseUrl, path, `Viewer bench ${label}`);
  const viewer = `/api/company/uploads/${uploadId}/viewer`;

  const first: Timed = { label: 'first window: overview + 100 rows of each version', ms: [] };
  const parts: Timed[] = [{ label: '  of which the overview', ms: [] }, ...overview.versions.map((v) => ({ label: `  of which ${v.version}, rows 0-99`, ms: [] }))];
  const scrubbedRows = overview.versions.find((v) => v.version === 'scrubbed')?.sheets[0].rowCount ?? 0;
  const rawRows = Math.max(...(overview.versions.find((v) => v.version === 'raw')?.sheets.map((s) => s.rowCount) ?? [0]));
  const rawSheet = overview.versions.find((v) => v.version === 'raw')?.sheets.findIndex((s) => s.rowCount === rawRows) ?? 0;
  const deepAt = Math.floor(scrubbedRows * 0.9);
  const deep: Timed[] = [
    { label: `scrubbed, 100 rows from row ${deepAt.toLocaleString('en')}`, ms: [] },
    { label: `raw, 100 rows from row ${Math.floor(rawRows * 0.9).toLocaleString('en')}`, ms: [] },
    { label: 'scrubbed, errors filter, 100 rows half way down', ms: [] },
  ];
  for (let run = 0; run < RUNS; run++) {
    await timed(first, async () => {
      await timed(parts[0], () => admin(viewer));
      for (const [i, version] of overview.versions.entries()) await timed(parts[i + 1], () => admin(`${viewer}/rows?version=${version.version}&sheet=0&limit=100`));
    });
    await timed(deep[0], () => admin(`${viewer}/rows?version=scrubbed&sheet=0&offset=${deepAt}&limit=100`));
    await timed(deep[1], () => admin(`${viewer}/rows?version=raw&sheet=${rawSheet}&offset=${Math.floor(rawRows * 0.9)}&limit=100`));
    const errors = await admin<{ total: number }>(`${viewer}/rows?version=scrubbed&sheet=0&filter=errors&limit=1`);
    await timed(deep[2], () => admin(`${viewer}/rows?version=scrubbed&sheet=0&filter=errors&offset=${Math.floor(errors.total / 2)}&limit=100`));
  }
  return [`  upload posted -> viewer READY: ${(readyMs / 1000).toFixed(1)} s (engine, files stored, pack built)`, line(first), ...parts.map(line), ...deep.map(line)];
}

async function main(): Promise<void> {
  mkdirSync(BENCH_DIR, { recursive: true });
  const inputs = [];
  for (const c of CASES) inputs.push({ ...c, path: await denseWorkbook(c.label, c.rowsPerSheet) });
  buildIfStale({ web: false });
  const report: string[] = [];
  for (const input of inputs) {
    console.log(`${input.label} (${(statSync(input.path).size / 1e6).toFixed(1)} MB): pack build in process ...`);
    report.push(`${input.label} (${(statSync(input.path).size / 1e6).toFixed(1)} MB)`, `  ${await packBuild(input.path)}`);
    console.log(report.at(-1));
  }
  console.log('starting the built server (embedded database, demo data) ...');
  const server = await startBuiltServer({ dataDirPrefix: 'payroll-bench-viewer-', env: { ACCESS_TOKEN_TTL_SECONDS: '7200' } });
  try {
    for (const input of inputs) {
      console.log(`${input.label}: upload, then windows over HTTP ...`);
      report.push(`${input.label} over HTTP (${RUNS} runs)`, ...(await overHttp(server.baseUrl, input.path, input.label)));
    }
  } catch (error) {
    console.error(server.output());
    throw error;
  } finally {
    await stopBuiltServer(server);
  }
  console.log(`\n${report.join('\n')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
