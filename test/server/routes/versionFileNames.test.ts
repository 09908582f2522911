import yauzl from 'yauzl';
import { processUpload } from '@/server/jobs/processUpload';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { payrollWorkbook, RecordingPublisher, staffedClient, uploadDocument } from '../jobs/uploadHarness';

const WEEK = { weekStart: '2025-09-15', weekEnd: '2025-09-21' };
type Kind = 'raw' | 'consolidated' | 'scrubbed';
const KINDS: Kind[] = ['raw', 'consolidated', 'scrubbed'];

/** The names of a zip's entries. */
async function entryNamesOf(zip: Buffer): Promise<string[]> {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.fromBuffer(zip, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened))));
  const names: string[] = [];
  await new Promise<void>((resolve, reject) => {
    archive.on('entry', (entry: yauzl.Entry) => {
      names.push(entry.fileName);
      archive.readEntry();
    });
    archive.on('end', resolve);
    archive.on('error', reject);
    archive.readEntry();
  });
  return names;
}

/** The name a download is saved under: `filename*` of its Content-Disposition. */
function savedName(header: string | string[] | undefined): string {
  const extended = /filename\*=UTF-8''([^;]+)/.exec(String(header));
  if (!extended) throw new Error(`no file name in ${String(header)}`);
  return decodeURIComponent(extended[1]);
}

describe('one name per file version: its download, its zip entry and the dialogs that list it', () => {
  let t: TestApp;
  let staff: Agent;
  let admin: Agent;
  let uploadId: string;

  beforeAll(async () => {
    t = await buildTestApp({}, { queue: true });
    const owner = await staffedClient(t, { clientName: 'Bäckerei Süd' });
    staff = owner.agent;
    const adminUser = await t.createUser('ADMIN', { companyId: owner.companyId });
    admin = await t.signIn('ADMIN', adminUser.email, adminUser.password);
    const queued = (await uploadDocument(staff, { clientId: owner.clientId, weekStart: WEEK.weekStart }, { filename: 'my payroll (final).xlsx', content: await payrollWorkbook() })).json().data;
    const log = { error: jest.fn(), warn: jest.fn() };
    await processUpload({ db: t.database.db, queue: t.queue!, storage: t.app.ctx.storage, publisher: new RecordingPublisher(), log }, { id: queued.jobId, data: { uploadId: queued.processingId }, expireInSeconds: 60 });
    uploadId = queued.processingId;
    const reviewed = await admin.post(`/api/company/weekly-documents/${uploadId}/review`, { approval_status: 'REJECTED', raw_notes: 'Wrong week' });
    expect(reviewed.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it.each(KINDS)('names the %s file the same way everywhere', async (kind) => {
    const expected = `Bäckerei Süd ${WEEK.weekStart} ${kind}.xlsx`;

    const single = await staff.get(`/api/staff/download/${uploadId}?type=${kind}`);
    expect(savedName(single.headers['content-disposition'])).toBe(expected);
    const asAdmin = await admin.get(`/api/company/download/${uploadId}?type=${kind}`);
    expect(savedName(asAdmin.headers['content-disposition'])).toBe(expected);

    const zip = await admin.get(`/api/company/bulk-download?fileType=${kind}&weekStart=${WEEK.weekStart}`);
    expect(await entryNamesOf(zip.rawPayload)).toEqual([`Bäckerei Süd/${expected}`]);

    const opened = (await admin.get(`/api/company/uploads/${uploadId}`)).json().data.upload;
    expect(opened.file_versions[kind].filename).toBe(expected);

    const review = (await staff.get(`/api/staff/uploads/${uploadId}/review`)).json().data.review;
    expect(review.files[kind].filename).toBe(expected);
  });
});
