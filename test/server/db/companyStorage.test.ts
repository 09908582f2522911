import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { Database, DatabaseHandle, Executor } from '@/server/db/client';
import { clients, companies, companyStorage, consolidatedFiles, fileKinds, requiredDocuments, uploadFiles, uploads } from '@/server/db/schema';
import { storedBytesOf } from '@/server/services/uploads/companyLimits';
import { freshDatabase } from '../../helpers/testDatabase';

/**
 * The bytes a company stores are counted by the database (company_storage, kept by triggers when each
 * transaction commits): whatever a sequence of transactions does to upload files, uploads, clients and
 * the operators' files, each company's count is what adding up its files gives.
 */
describe("the database's count of each company's stored bytes", () => {
  let handle: DatabaseHandle;
  let db: Database;
  const companyIds: string[] = [];

  beforeAll(async () => {
    handle = await freshDatabase();
    db = handle.db;
    for (const name of ['North Payroll', 'South Payroll']) {
      const [company] = await db.insert(companies).values({ name }).returning();
      companyIds.push(company.id);
    }
  });
  afterAll(() => handle.close());

  /** What adding up the company's files gives: the count before the database kept one. */
  async function summed(companyId: string): Promise<number> {
    const result = (await db.execute(sql`
      select coalesce((select sum(f.size_bytes) from upload_files f join uploads u on u.id = f.upload_id where u.company_id = ${companyId}), 0)
           + coalesce((select sum(size_bytes) from consolidated_files where company_id = ${companyId}), 0) as used`)) as unknown as { rows: Array<{ used: string | number }> };
    return Number(result.rows[0].used);
  }

  async function expectCountsRight(): Promise<void> {
    for (const companyId of companyIds) expect(await storedBytesOf(db, companyId)).toBe(await summed(companyId));
  }

  async function newClient(executor: Executor, companyId: string): Promise<{ clientId: string; documentId: string }> {
    const [client] = await executor.insert(clients).values({ companyId, name: `Client ${Math.random()}` }).returning();
    const [document] = await executor.insert(requiredDocuments).values({ clientId: client.id, title: 'Weekly payroll' }).returning();
    return { clientId: client.id, documentId: document.id };
  }

  let weeks = 0;
  /** An upload of a new week for a new client of the company, with files of the sizes given (raw, consolidated, scrubbed). */
  async function addUpload(executor: Executor, companyId: string, sizes: number[]): Promise<string> {
    const { clientId, documentId } = await newClient(executor, companyId);
    const weekStart = new Date(Date.UTC(2026, 0, 5 + 7 * weeks++)).toISOString().slice(0, 10);
    const [upload] = await executor.insert(uploads).values({ companyId, clientId, requiredDocumentId: documentId, uploadedByName: 'Sam', weekStart }).returning();
    if (sizes.length > 0) {
      await executor.insert(uploadFiles).values(sizes.map((sizeBytes, i) => ({ uploadId: upload.id, kind: fileKinds[i], filename: 'week.xlsx', storageKey: `${upload.id}/${i}`, sizeBytes, checksum: 'x' })));
    }
    return upload.id;
  }

  type Command =
    | { kind: 'upload'; company: number; sizes: number[] }
    | { kind: 'resize'; pick: number; size: number }
    | { kind: 'removeFile'; pick: number }
    | { kind: 'removeUpload'; pick: number }
    | { kind: 'removeClient'; pick: number }
    | { kind: 'operatorFile'; company: number; size: number }
    | { kind: 'removeOperatorFile'; pick: number }
    | { kind: 'uploadAndRemoveInOneTransaction'; company: number; sizes: number[] }
    | { kind: 'rolledBack'; company: number; sizes: number[] };

  const size = fc.integer({ min: 0, max: 50_000_000 });
  const sizes = fc.array(size, { minLength: 0, maxLength: 3 });
  const company = fc.integer({ min: 0, max: 1 });
  const pick = fc.nat();
  const command: fc.Arbitrary<Command> = fc.oneof(
    fc.record({ kind: fc.constant('upload' as const), company, sizes }),
    fc.record({ kind: fc.constant('resize' as const), pick, size }),
    fc.record({ kind: fc.constant('removeFile' as const), pick }),
    fc.record({ kind: fc.constant('removeUpload' as const), pick }),
    fc.record({ kind: fc.constant('removeClient' as const), pick }),
    fc.record({ kind: fc.constant('operatorFile' as const), company, size }),
    fc.record({ kind: fc.constant('removeOperatorFile' as const), pick }),
    fc.record({ kind: fc.constant('uploadAndRemoveInOneTransaction' as const), company, sizes }),
    fc.record({ kind: fc.constant('rolledBack' as const), company, sizes }),
  );

  function pickRow<Row>(rows: Row[], at: number): Row | undefined {
    return rows.length === 0 ? undefined : rows[at % rows.length];
  }

  /** Deletes one row of the table (the `at`-th by id, wrapping round), if it has any; what hangs on it goes with it. */
  async function removeOne(table: typeof uploadFiles | typeof uploads | typeof clients | typeof consolidatedFiles, at: number): Promise<void> {
    const row = pickRow(await db.select({ id: table.id }).from(table).orderBy(table.id), at);
    if (row) await db.delete(table).where(eq(table.id, row.id));
  }

  async function run(step: Command): Promise<void> {
    switch (step.kind) {
      case 'upload':
        await addUpload(db, companyIds[step.company], step.sizes);
        return;
      case 'resize': {
        // as an upload's job records a file again: the row of its kind is replaced, with the new size
        const file = pickRow(await db.select().from(uploadFiles).orderBy(uploadFiles.id), step.pick);
        if (!file) return;
        await db
          .insert(uploadFiles)
          .values({ uploadId: file.uploadId, kind: file.kind, filename: file.filename, storageKey: `${file.storageKey}+`, sizeBytes: step.size, checksum: 'y' })
          .onConflictDoUpdate({ target: [uploadFiles.uploadId, uploadFiles.kind], set: { sizeBytes: sql`excluded.size_bytes`, storageKey: sql`excluded.storage_key` } });
        return;
      }
      case 'removeFile':
        await removeOne(uploadFiles, step.pick);
        return;
      case 'removeUpload':
        await removeOne(uploads, step.pick);
        return;
      case 'removeClient':
        await removeOne(clients, step.pick);
        return;
      case 'operatorFile':
        await db.insert(consolidatedFiles).values({
          companyId: companyIds[step.company],
          fileName: 'register.xlsx',
          storageKey: `operators/${Math.random()}`,
          sizeBytes: step.size,
          mimeType: 'application/octet-stream',
          checksum: 'z',
          uploadedByName: 'Operator',
          uploadedByEmail: 'operator@example.com',
        });
        return;
      case 'removeOperatorFile':
        await removeOne(consolidatedFiles, step.pick);
        return;
      case 'uploadAndRemoveInOneTransaction':
        await db.transaction(async (tx) => {
          const uploadId = await addUpload(tx, companyIds[step.company], step.sizes);
          await tx.delete(uploads).where(eq(uploads.id, uploadId));
        });
        return;
      case 'rolledBack':
        await expect(
          db.transaction(async (tx) => {
            await addUpload(tx, companyIds[step.company], step.sizes);
            throw new Error('refused');
          }),
        ).rejects.toThrow('refused');
        return;
    }
  }

  it('equals the sum of the files, after any sequence of transactions', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const step of steps) {
          await run(step);
          await expectCountsRight();
        }
      }),
      { numRuns: 40 },
    );
  });

  it('gives a new company its count at nought, and takes it away with the company', async () => {
    const [company] = await db.insert(companies).values({ name: 'West Payroll' }).returning();
    expect(await db.select().from(companyStorage).where(eq(companyStorage.companyId, company.id))).toEqual([{ companyId: company.id, usedBytes: 0 }]);
    companyIds.push(company.id);
    await addUpload(db, company.id, [1_000, 2_000, 3_000]);
    expect(await storedBytesOf(db, company.id)).toBe(6_000);
    await expectCountsRight();
    await db.delete(companies).where(eq(companies.id, company.id));
    companyIds.pop();
    expect(await db.select().from(companyStorage).where(eq(companyStorage.companyId, company.id))).toEqual([]);
    await expectCountsRight();
  });

  it('counts the files of an upload to its company, whatever the row that is written says', async () => {
    const uploadId = await addUpload(db, companyIds[0], []);
    await db.insert(uploadFiles).values({ uploadId, companyId: companyIds[1], kind: 'raw', filename: 'week.xlsx', storageKey: `${uploadId}/raw`, sizeBytes: 4_096, checksum: 'x' });
    const [file] = await db.select({ companyId: uploadFiles.companyId }).from(uploadFiles).where(eq(uploadFiles.uploadId, uploadId));
    expect(file.companyId).toBe(companyIds[0]);
    await expectCountsRight();
  });
});
