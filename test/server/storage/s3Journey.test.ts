import { DeleteObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import yauzl from 'yauzl';
import { uploadFiles } from '@/server/db/schema';
import { processUpload } from '@/server/jobs/processUpload';
import { buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { payrollWorkbook, RecordingPublisher, staffedClient, uploadDocument } from '../jobs/uploadHarness';
import { startS3Server, type TestS3Server } from './s3Server';

const WEEK = '2025-09-15';
const BUCKET = 'payroll-journey';

async function zipEntryNames(zip: Buffer): Promise<string[]> {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  const names: string[] = [];
  await new Promise<void>((resolve, reject) => {
    archive.on('entry', (entry: yauzl.Entry) => {
      names.push(entry.fileName);
      archive.readEntry();
    });
    archive.on('end', () => resolve());
    archive.on('error', reject);
    archive.readEntry();
  });
  return names;
}

describe('an upload kept in an S3 bucket', () => {
  let s3: TestS3Server;
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof staffedClient>>;
  let workbook: Buffer;
  let processingId: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    await s3.createBucket(BUCKET);
    t = await buildTestApp(s3.env(BUCKET), { queue: true });
    workbook = await payrollWorkbook();
    owner = await staffedClient(t, { clientName: 'Initech' });
    const uploaded = await uploadDocument(owner.agent, { clientId: owner.clientId, weekStart: WEEK }, { filename: 'Week 37.xlsx', content: workbook });
    expect(uploaded.statusCode).toBe(202);
    const { jobId } = uploaded.json().data as { processingId: string; jobId: string };
    processingId = uploaded.json().data.processingId;
    const log = { error: jest.fn(), warn: jest.fn() };
    await processUpload({ db: t.database.db, queue: t.queue!, storage: t.app.ctx.storage, publisher: new RecordingPublisher(), log }, { id: jobId, data: { uploadId: processingId }, expireInSeconds: 60 });
    expect(log.error).not.toHaveBeenCalled();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  it('is stored in the bucket: the raw file and both produced workbooks, nothing on the side', async () => {
    const rows = await t.database.db.select().from(uploadFiles).where(eq(uploadFiles.uploadId, processingId));
    expect(rows.map((row) => row.kind).sort()).toEqual(['consolidated', 'raw', 'scrubbed']);
    const listing = await s3.client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
    expect((listing.Contents ?? []).map((object) => object.Key).sort()).toEqual(rows.map((row) => row.storageKey).sort());
  });

  it('downloads the raw file byte for byte and the scrubbed workbook from the bucket', async () => {
    const raw = await owner.agent.get(`/api/staff/download/${processingId}?type=raw`);
    expect(raw.statusCode).toBe(200);
    expect(raw.rawPayload.equals(workbook)).toBe(true);
    const scrubbed = await owner.agent.get(`/api/staff/download/${processingId}?type=scrubbed`);
    expect(scrubbed.statusCode).toBe(200);
    expect(scrubbed.rawPayload.subarray(0, 4).toString('hex')).toBe('504b0304');
  });

  it('zips the week from the bucket', async () => {
    const adminUser = await t.createUser('ADMIN', { companyId: owner.companyId });
    const admin = await t.signIn('ADMIN', adminUser.email, adminUser.password);
    const response = await admin.get(`/api/company/bulk-download?fileType=scrubbed&weekStart=${WEEK}`);
    expect(response.statusCode).toBe(200);
    expect(await zipEntryNames(response.rawPayload)).toHaveLength(1);
  });

  it('answers 404 for a file that has gone from the bucket', async () => {
    const rows = await t.database.db.select().from(uploadFiles).where(eq(uploadFiles.uploadId, processingId));
    const consolidated = rows.find((row) => row.kind === 'consolidated');
    await s3.client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: consolidated?.storageKey }));
    const response = await owner.agent.get(`/api/staff/download/${processingId}?type=consolidated`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, message: 'The consolidated file could not be found.', error: 'NOT_FOUND' });
  });
});
