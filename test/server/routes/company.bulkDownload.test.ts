import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import yauzl from 'yauzl';
import { auditLog, clients, requiredDocuments, uploadFiles, uploads } from '@/server/db/schema';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';

type Kind = 'raw' | 'consolidated' | 'scrubbed';

const WEEK = '2025-09-15';
const NEXT_WEEK = '2025-09-22';
const EMPTY_WEEK = '2025-09-29';

/** Every entry of a zip and its bytes, read with a zip reader that checks sizes and CRCs. */
async function entriesOf(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    archive.on('entry', (entry: yauzl.Entry) => {
      archive.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          archive.readEntry();
        });
      });
    });
    archive.on('end', resolve);
    archive.on('error', reject);
    archive.readEntry();
  });
  return entries;
}

describe("downloading a week's files of one type as a zip", () => {
  let t: TestApp;
  let companyId: string;
  let admin: Agent;
  let staff: Agent;
  let otherAdmin: Agent;
  let staffId: string;
  /** What each download must contain: entry name → the bytes stored for it. */
  const expected: Record<Kind, Map<string, Buffer>> = { raw: new Map(), consolidated: new Map(), scrubbed: new Map() };

  const db = () => t.database.db;

  async function client(ofCompany: string, name: string, status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE') {
    const [row] = await db().insert(clients).values({ companyId: ofCompany, name, status, assignedStaffId: staffId }).returning({ id: clients.id });
    const [document] = await db().insert(requiredDocuments).values({ clientId: row.id, title: 'Weekly Payroll' }).returning({ id: requiredDocuments.id });
    return { id: row.id, companyId: ofCompany, documentId: document.id };
  }

  async function upload(owner: { id: string; companyId: string; documentId: string }, weekStart: string, createdAt: string, attempt = 1) {
    const [row] = await db()
      .insert(uploads)
      .values({
        companyId: owner.companyId,
        clientId: owner.id,
        requiredDocumentId: owner.documentId,
        uploadedByName: 'Staff',
        weekStart,
        attempt,
        status: 'SCRUBBED',
        createdAt: new Date(createdAt),
      })
      .returning({ id: uploads.id });
    return row.id;
  }

  /** Stores random bytes through the storage layer and records them as the upload's file of that kind. */
  async function storedFile(uploadId: string, kind: Kind, filename: string, size = 1000 + Math.floor(Math.random() * 5000)) {
    const content = randomBytes(size);
    const stored = await t.app.ctx.storage.put(Readable.from([content]));
    await db().insert(uploadFiles).values({ uploadId, kind, filename, storageKey: stored.key, sizeBytes: stored.size, checksum: stored.sha256 });
    return { content, storageKey: stored.key };
  }

  /** An upload with a file of each kind; returns their bytes. */
  async function processedUpload(owner: Awaited<ReturnType<typeof client>>, weekStart: string, createdAt: string, rawName: string, attempt = 1) {
    const id = await upload(owner, weekStart, createdAt, attempt);
    const base = rawName.replace(/\.[^.]+$/, '');
    return {
      raw: (await storedFile(id, 'raw', rawName)).content,
      consolidated: (await storedFile(id, 'consolidated', `${base} consolidated.xlsx`)).content,
      scrubbed: (await storedFile(id, 'scrubbed', `${base} scrubbed.xlsx`)).content,
    };
  }

  /** Each file in its client's folder, named as its own download is: `<client> <week start> <type>`, the raw file keeping its extension. */
  function expect3(folder: string, clientName: string, files: Record<Kind, Buffer>, rawExtension = '.xlsx') {
    expected.raw.set(`${folder}/${clientName} ${WEEK} raw${rawExtension}`, files.raw);
    expected.consolidated.set(`${folder}/${clientName} ${WEEK} consolidated.xlsx`, files.consolidated);
    expected.scrubbed.set(`${folder}/${clientName} ${WEEK} scrubbed.xlsx`, files.scrubbed);
  }

  /** The app on a real port, for what only a real connection shows (a download broken off either way). */
  async function listening(): Promise<number> {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    return (t.app.server.address() as AddressInfo).port;
  }

  const cookieOf = (agent: Agent) => [...agent.cookies.entries()].map(([name, { value }]) => `${name}=${value}`).join('; ');

  /** Counts the stored files open at once while `run` goes on; `open` is what is still open shortly after. */
  async function countingOpenFiles(run: () => Promise<void>): Promise<{ calls: number; mostOpen: number; open: number }> {
    const storage = t.app.ctx.storage;
    const get = storage.get.bind(storage);
    const state = { calls: 0, open: 0, mostOpen: 0 };
    const spy = jest.spyOn(storage, 'get').mockImplementation(async (key) => {
      const stream = await get(key);
      state.calls += 1;
      state.open += 1;
      state.mostOpen = Math.max(state.mostOpen, state.open);
      // Read to its end (or closed early): the zip asks for the next file only then. Its descriptor
      // closes a moment later, on the stream's own schedule, which may overlap the next open.
      let done = false;
      const finished = () => {
        if (!done) state.open -= 1;
        done = true;
      };
      stream.once('end', finished);
      stream.once('close', finished);
      return stream;
    });
    try {
      await run();
      // the last file may end just after the response did
      for (let waited = 0; state.open > 0 && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      spy.mockRestore();
    }
    return state;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    companyId = await t.createCompany('Northwind Payroll');
    const adminUser = await t.createUser('ADMIN', { companyId });
    admin = await t.signIn('ADMIN', adminUser.email, adminUser.password);
    const staffUser = await t.createUser('STAFF', { companyId });
    staffId = staffUser.id;
    staff = await t.signIn('STAFF', staffUser.email, staffUser.password);

    // three clients whose names are one folder name once made safe, ignoring case
    const upper = await client(companyId, 'ACME West');
    expect3('ACME West', 'ACME West', await processedUpload(upper, WEEK, '2025-09-16T09:00:00Z', 'week 37.xlsx'));
    const slash = await client(companyId, 'Acme/West');
    expect3('Acme West (2)', 'Acme West', await processedUpload(slash, WEEK, '2025-09-16T09:00:00Z', 'week 37.xlsx'));
    const colon = await client(companyId, 'Acme:West');
    expect3('Acme West (3)', 'Acme West', await processedUpload(colon, WEEK, '2025-09-16T09:00:00Z', 'week 37.xlsx'));

    // uploaded twice: only the newer upload's files; its later-week upload stays out
    const globex = await client(companyId, 'Globex');
    await processedUpload(globex, WEEK, '2025-09-16T08:00:00Z', 'first try.xlsx');
    expect3('Globex', 'Globex', await processedUpload(globex, WEEK, '2025-09-17T08:00:00Z', 'second try.xlsx', 2));
    await processedUpload(globex, NEXT_WEEK, '2025-09-23T08:00:00Z', 'next week.xlsx');

    // its newest upload is still being processed: its raw file only, never the older upload's results
    const initech = await client(companyId, 'Initech');
    await processedUpload(initech, WEEK, '2025-09-16T08:00:00Z', 'old.xlsx');
    const processing = await upload(initech, WEEK, '2025-09-18T08:00:00Z', 2);
    const raw = await storedFile(processing, 'raw', 'Payroll: week 37?.csv');
    expected.raw.set(`Initech/Initech ${WEEK} raw.csv`, raw.content);

    // an inactive client's files count too; a name that would be hidden or refused is made safe
    const hidden = await client(companyId, '..Umbrella <Corp>.', 'INACTIVE');
    expect3('Umbrella Corp', 'Umbrella Corp', await processedUpload(hidden, WEEK, '2025-09-16T10:00:00Z', 'CON.xlsx'));
    // a client whose name is a device name Windows refuses
    const device = await client(companyId, 'CON');
    expect3('_CON', '_CON', await processedUpload(device, WEEK, '2025-09-16T10:00:00Z', 'week.xlsx'));

    // a client without any upload that week is simply absent
    await client(companyId, 'Hooli');

    // another company's upload of the same week
    const otherCompany = await t.createCompany('Contoso');
    const otherAdminUser = await t.createUser('ADMIN', { companyId: otherCompany });
    otherAdmin = await t.signIn('ADMIN', otherAdminUser.email, otherAdminUser.password);
    const contoso = await client(otherCompany, 'Contoso Client');
    await processedUpload(contoso, WEEK, '2025-09-16T08:00:00Z', 'contoso.xlsx');
  });
  afterAll(() => t.close());

  it.each<Kind>(['raw', 'consolidated', 'scrubbed'])('gives the newest %s file of every client of the company, byte for byte', async (kind) => {
    const response = await admin.get(`/api/company/bulk-download?fileType=${kind}&weekStart=${WEEK}&weekEnd=2025-09-21`);
    expect(response.statusCode).toBe(200);
    const entries = await entriesOf(response.rawPayload);
    expect([...entries.keys()].sort()).toEqual([...expected[kind].keys()].sort());
    for (const [name, content] of expected[kind]) expect([name, entries.get(name)?.equals(content)]).toEqual([name, true]);
  });

  it('names the zip after the company, week and type, and sends it as a private attachment', async () => {
    const response = await admin.get(`/api/company/bulk-download?fileType=scrubbed&weekStart=${WEEK}`);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Northwind Payroll ${WEEK} scrubbed files.zip"; filename*=UTF-8''Northwind%20Payroll%20${WEEK}%20scrubbed%20files.zip`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-length']).toBeUndefined();
  });

  it('answers a week without any file of the type with 404 and a message, not an empty zip', async () => {
    const response = await admin.get(`/api/company/bulk-download?fileType=scrubbed&weekStart=${EMPTY_WEEK}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: `No scrubbed files were uploaded for the week of ${EMPTY_WEEK}.`, error: 'NOT_FOUND' });
  });

  it("gives another company's admin only that company's files", async () => {
    const response = await otherAdmin.get(`/api/company/bulk-download?fileType=raw&weekStart=${WEEK}`);
    expect(response.statusCode).toBe(200);
    expect([...(await entriesOf(response.rawPayload)).keys()]).toEqual([`Contoso Client/Contoso Client ${WEEK} raw.xlsx`]);
    const nextWeek = await otherAdmin.get(`/api/company/bulk-download?fileType=raw&weekStart=${NEXT_WEEK}`);
    expect(nextWeek.statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    expect((await staff.get(`/api/company/bulk-download?fileType=raw&weekStart=${WEEK}`)).statusCode).toBe(403);
    expect((await t.agent().get(`/api/company/bulk-download?fileType=raw&weekStart=${WEEK}`)).statusCode).toBe(401);
  });

  it.each([
    ['a type that is not a version', `fileType=pdf&weekStart=${WEEK}`],
    ['no type', `weekStart=${WEEK}`],
    ['a week start that is not a Monday', 'fileType=raw&weekStart=2025-09-16'],
    ['a week end that is not its Sunday', `fileType=raw&weekStart=${WEEK}&weekEnd=2025-09-20`],
    ['a week in the future', 'fileType=raw&weekStart=2099-01-05'],
    ['a date that is not one', 'fileType=raw&weekStart=2025-13-01'],
  ])('refuses %s with 400', async (_case, query) => {
    const response = await admin.get(`/api/company/bulk-download?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().success).toBe(false);
  });

  it('records who downloaded which files', async () => {
    await admin.get(`/api/company/bulk-download?fileType=consolidated&weekStart=${WEEK}`);
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'upload.bulk_download'), eq(auditLog.companyId, companyId)));
    const row = rows.find((candidate) => (candidate.details as { type: string }).type === 'consolidated');
    expect(row).toMatchObject({ actorRole: 'ADMIN', entityType: 'company', entityId: companyId, details: expect.objectContaining({ weekStart: WEEK }) });
    expect((row!.details as { files: unknown[] }).files).toHaveLength(expected.consolidated.size);
  });

  it("says in the audit log which file type was downloaded", async () => {
    expect((await admin.get(`/api/company/bulk-download?fileType=scrubbed&weekStart=${WEEK}`)).statusCode).toBe(200);
    const response = await admin.get('/api/company/audit?action=upload.bulk_download');
    expect(response.statusCode).toBe(200);
    const [newest] = response.json().data.entries as { summary: string }[];
    expect(newest.summary).toBe(`Downloaded week's files for the week of ${WEEK}: scrubbed files`);
  });

  it('opens one stored file at a time', async () => {
    const counted = await countingOpenFiles(async () => {
      expect((await admin.get(`/api/company/bulk-download?fileType=raw&weekStart=${WEEK}`)).statusCode).toBe(200);
    });
    expect(counted).toEqual({ calls: expected.raw.size, mostOpen: 1, open: 0 });
  });

  it('lets go of the file being read when the client goes away half-way', async () => {
    const leaving = await t.createCompany('Leaving Co');
    const leavingAdminUser = await t.createUser('ADMIN', { companyId: leaving });
    const leavingAdmin = await t.signIn('ADMIN', leavingAdminUser.email, leavingAdminUser.password);
    for (const name of ['A', 'B']) await storedFile(await upload(await client(leaving, name), WEEK, '2025-09-16T08:00:00Z'), 'raw', `${name}.xlsx`, 8 * 1024 * 1024);
    const port = await listening();
    const counted = await countingOpenFiles(async () => {
      await new Promise<void>((resolve, reject) => {
        const path = `/api/company/bulk-download?fileType=raw&weekStart=${WEEK}`;
        const request = http.get({ port, host: '127.0.0.1', path, headers: { cookie: cookieOf(leavingAdmin) } }, (response) => {
          let received = 0;
          response.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received < 1024 * 1024 || request.destroyed) return;
            request.destroy();
            resolve();
          });
        });
        request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
      });
    });
    expect(counted).toEqual({ calls: 1, mostOpen: 1, open: 0 });
  });

  it('names the zip, its folders and its files without the invisible characters stored names may hold', async () => {
    // Rows written before names lost them: a right-to-left override would make each read backwards.
    const spoofing = await t.createCompany('Payroll\u202Eexe.piz\u200B Co');
    const spoofingAdminUser = await t.createUser('ADMIN', { companyId: spoofing });
    const spoofingAdmin = await t.signIn('ADMIN', spoofingAdminUser.email, spoofingAdminUser.password);
    const spoofed = await client(spoofing, 'Evil\u202Eslx.exe\u2066 Ltd\u200D');
    const files = await processedUpload(spoofed, WEEK, '2025-09-16T08:00:00Z', 'Invoice\u202Egpj.exe');
    const response = await spoofingAdmin.get(`/api/company/bulk-download?fileType=raw&weekStart=${WEEK}`);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Payrollexe.piz Co ${WEEK} raw files.zip"; filename*=UTF-8''Payrollexe.piz%20Co%20${WEEK}%20raw%20files.zip`,
    );
    const entries = await entriesOf(response.rawPayload);
    const name = `Evilslx.exe Ltd/Evilslx.exe Ltd ${WEEK} raw.exe`;
    expect([...entries.keys()]).toEqual([name]);
    expect(entries.get(name)?.equals(files.raw)).toBe(true);
  });

  it('breaks the download off, rather than sending a truncated zip, when a stored file has gone', async () => {
    const vanishing = await t.createCompany('Vanishing Co');
    const vanishingAdminUser = await t.createUser('ADMIN', { companyId: vanishing });
    const vanishingAdmin = await t.signIn('ADMIN', vanishingAdminUser.email, vanishingAdminUser.password);
    const first = await client(vanishing, 'A first');
    await storedFile(await upload(first, WEEK, '2025-09-16T08:00:00Z'), 'raw', 'a.xlsx', 256 * 1024);
    const second = await client(vanishing, 'B second');
    const gone = await storedFile(await upload(second, WEEK, '2025-09-16T08:00:00Z'), 'raw', 'b.xlsx', 256 * 1024);
    await t.app.ctx.storage.delete(gone.storageKey);

    const port = await listening();
    const cookie = cookieOf(vanishingAdmin);
    const outcome = await new Promise<{ status?: number; completed: boolean; received: number }>((resolve) => {
      const request = http.get({ port, host: '127.0.0.1', path: `/api/company/bulk-download?fileType=raw&weekStart=${WEEK}`, headers: { cookie } }, (response) => {
        let received = 0;
        response.on('data', (chunk: Buffer) => (received += chunk.length));
        response.on('end', () => resolve({ status: response.statusCode, completed: response.complete, received }));
        response.on('error', () => resolve({ status: response.statusCode, completed: false, received }));
      });
      request.on('error', () => resolve({ completed: false, received: 0 }));
    });
    expect(outcome.status).toBe(200);
    expect(outcome.completed).toBe(false);
  });
});
