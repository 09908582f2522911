/** What the upload, worker and download suites share: a staffed client, real workbooks, forms and a recording publisher. */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { writeModelXlsx } from '../../../scripts/bench/payrollFiles';
import { payrollModel } from '../../../scripts/bench/payrollModel';
import type { Database } from '@/server/db/client';
import { clients, requiredDocuments, uploads } from '@/server/db/schema';
import { QUEUE_SCHEMA, REVIEW_PACK_QUEUE } from '@/server/jobs/queue';
import type { QueuedJob } from '@/server/jobs/queueWorker';
import type { ReviewPackJob } from '@/server/jobs/uploadViewerPack';
import type { ProcessingUpdate } from '@/server/realtime/processingUpdates';
import type { Agent, TestApp } from '../../helpers/buildTestApp';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const XLS_TYPE = 'application/vnd.ms-excel';

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  content: Buffer | string;
}

/** A multipart/form-data body, as a browser's FormData would send it (parts in the order given). */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----form${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface UploadFile {
  filename: string;
  contentType?: string;
  content: Buffer | string;
}

/** POST /staff/upload-required-document with clientId (and weekStart when given) before the file. */
export function uploadDocument(agent: Agent, fields: { clientId?: string; weekStart?: string }, file?: UploadFile) {
  const parts: Part[] = [];
  if (fields.clientId !== undefined) parts.push({ name: 'clientId', content: fields.clientId });
  if (fields.weekStart !== undefined) parts.push({ name: 'weekStart', content: fields.weekStart });
  if (file) parts.push({ name: 'file', filename: file.filename, contentType: file.contentType ?? XLSX_TYPE, content: file.content });
  const { payload, headers } = multipart(parts);
  return agent.post('/api/staff/upload-required-document', payload, headers);
}

export function reuploadDocument(agent: Agent, uploadId: string, file: UploadFile) {
  const { payload, headers } = multipart([{ name: 'file', filename: file.filename, contentType: file.contentType ?? XLSX_TYPE, content: file.content }]);
  return agent.post(`/api/staff/reupload-required-document/${uploadId}`, payload, headers);
}

/** A company with a staff member, signed in, and a client assigned to them with its weekly document. */
export async function staffedClient(t: TestApp, options: { companyId?: string; clientName?: string } = {}) {
  const companyId = options.companyId ?? (await t.createCompany());
  const staff = await t.createUser('STAFF', { companyId });
  const agent = await t.signIn('STAFF', staff.email, staff.password);
  const clientId = await addClient(t.database.db, companyId, staff.id, options.clientName ?? `Client ${randomUUID().slice(0, 6)}`);
  return { companyId, staffId: staff.id, agent, clientId };
}

export async function addClient(db: Database, companyId: string, staffId: string, name: string): Promise<string> {
  const [client] = await db.insert(clients).values({ companyId, name, assignedStaffId: staffId }).returning({ id: clients.id });
  await db.insert(requiredDocuments).values({ clientId: client.id, title: 'Weekly Payroll' });
  return client.id;
}

/** A real-looking payroll workbook of a few sheets (title block, varied headers, subtotals), small. */
export async function payrollWorkbook(options: { sheets?: number; rowsPerSheet?: number; seed?: number } = {}): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'payroll-workbook-'));
  try {
    const file = path.join(dir, 'payroll.xlsx');
    await writeModelXlsx(payrollModel({ sheets: options.sheets ?? 3, rowsPerSheet: options.rowsPerSheet ?? 30, seed: options.seed ?? 7 }), file);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Every update published, in order. */
export class RecordingPublisher {
  readonly updates: (ProcessingUpdate & { at: number })[] = [];

  publish(update: ProcessingUpdate): void {
    this.updates.push({ ...update, at: Date.now() });
  }

  of(processingId: string) {
    return this.updates.filter((update) => update.processingId === processingId);
  }
}

/** Polls until the upload reaches one of the statuses (or the time runs out). */
export async function statusReached(db: Database, uploadId: string, statuses: string[], timeoutMs = 20_000): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.select({ status: uploads.status }).from(uploads).where(eq(uploads.id, uploadId));
    if (!row || statuses.includes(row.status) || Date.now() > deadline) return row?.status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every file under the storage root (temporary ones included). */
export async function storedFiles(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** Temporary working folders an upload's job left behind. */
export async function leftoverWorkDirs(uploadId: string, tmp = os.tmpdir()): Promise<string[]> {
  return (await readdir(tmp)).filter((name) => name.startsWith(`payroll-upload-${uploadId}-`));
}

/** The review pack jobs queued for an upload, as the queue holds them (oldest first). */
export async function packJobsOf(db: Database, uploadId: string): Promise<Array<{ id: string; state: string; data: ReviewPackJob }>> {
  const result = (await db.execute(sql`
    select id::text as id, state::text as state, data from ${sql.identifier(QUEUE_SCHEMA)}.job
    where name = ${REVIEW_PACK_QUEUE} and data ->> 'uploadId' = ${uploadId}
    order by created_on
  `)) as unknown as { rows: Array<{ id: string; state: string; data: ReviewPackJob }> };
  return result.rows;
}

/** The one review pack job queued for an upload's current run, as the queue hands it out (the queue itself is left alone). */
export async function queuedPackJob(db: Database, uploadId: string, expireInSeconds = 60): Promise<QueuedJob<ReviewPackJob>> {
  const [upload] = await db.select({ jobId: uploads.jobId }).from(uploads).where(eq(uploads.id, uploadId));
  const jobs = (await packJobsOf(db, uploadId)).filter((job) => job.data.runId === upload?.jobId);
  if (jobs.length !== 1) throw new Error(`upload ${uploadId} has ${jobs.length} review pack jobs queued for its run, not one`);
  return { id: jobs[0].id, data: jobs[0].data, expireInSeconds };
}
