import { mkdtempSync, rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { auditLog, uploads } from '@/server/db/schema';
import { buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { multipart, payrollWorkbook, staffedClient, storedFiles, uploadDocument, XLSX_TYPE } from '../jobs/uploadHarness';
import { cookieOf, listen } from '../realtime/socketClient';

/**
 * An upload the browser cancels (or whose connection drops) part-way through its body: the server
 * keeps nothing of it, neither a row nor a stored file nor the temporary copy a workbook is checked
 * on, and the client's week stays free for the next try.
 */

jest.setTimeout(60_000);

/** Polls until `done` holds, or fails after the time given. */
async function eventually(what: string, done: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('an upload cancelled part-way through its body', () => {
  const systemTmp = process.env.TMPDIR;
  // the server's temporary copies go here, apart from everything else on the machine
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'cancelled-upload-'));
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    process.env.TMPDIR = tmp;
    t = await buildTestApp({}, { queue: true });
    port = Number(new URL(await listen(t)).port);
  });
  afterAll(async () => {
    await t?.close();
    if (systemTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = systemTmp;
    rmSync(tmp, { recursive: true, force: true });
  });

  const incomingCopies = async () => (await readdir(tmp)).filter((name) => name.startsWith('payroll-incoming-'));

  it('stores nothing, leaves no temporary file, and the week takes the next upload', async () => {
    const { agent, clientId } = await staffedClient(t);
    const storageRoot = t.app.ctx.config.storageDir;
    const before = await storedFiles(storageRoot);
    const workbook = await payrollWorkbook({ sheets: 3, rowsPerSheet: 3000, seed: 7 });
    const form = multipart([
      { name: 'clientId', content: clientId },
      { name: 'file', filename: 'week.xlsx', contentType: XLSX_TYPE, content: workbook },
    ]);
    const head = [
      'POST /api/staff/upload-required-document HTTP/1.1',
      'Host: 127.0.0.1',
      `Origin: http://127.0.0.1:${port}`,
      `Cookie: ${cookieOf(agent)}`,
      `Content-Type: ${form.headers['content-type']}`,
      `Content-Length: ${form.payload.length}`,
      '',
      '',
    ].join('\r\n');

    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    const answer: Buffer[] = [];
    socket.on('data', (chunk) => answer.push(chunk));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(head);
    socket.write(form.payload.subarray(0, Math.floor(form.payload.length * 0.6)));
    // the server is storing it: its temporary copy of the workbook exists, or a stored file grew
    await eventually('the server started storing the file', async () => (await incomingCopies()).length > 0 || (await storedFiles(storageRoot)).length > before.length);
    socket.destroy();

    await eventually('the temporary copy and the partly stored file are removed', async () => (await incomingCopies()).length === 0 && (await storedFiles(storageRoot)).length === before.length);
    expect(Buffer.concat(answer).toString()).not.toMatch(/^HTTP\/1\.1 2/);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.clientId, clientId))).toEqual([]);
    expect((await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'upload.create'))).filter((row) => JSON.stringify(row).includes(clientId))).toEqual([]);

    // the week was never taken: the whole file, sent again, is queued
    const response = await uploadDocument(agent, { clientId }, { filename: 'week.xlsx', content: workbook });
    expect(response.statusCode).toBe(202);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.clientId, clientId))).toHaveLength(1);
    expect(await storedFiles(storageRoot)).toHaveLength(before.length + 1);
  });
});
