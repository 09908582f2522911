import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { payrollWorkbook, staffedClient, uploadDocument } from '../jobs/uploadHarness';
import { connect, cookieOf, listen, nextUpdate, type TestSocket } from './socketClient';

describe("realtime: a new upload is announced to its company's admins", () => {
  let t: TestApp;
  let baseUrl: string;
  let workbook: Buffer;
  const open: TestSocket[] = [];

  async function socketOf(agent: Agent): Promise<TestSocket> {
    const socket = await connect(baseUrl, { cookie: cookieOf(agent) });
    open.push(socket);
    return socket;
  }

  async function adminOf(companyId: string): Promise<Agent> {
    const account = await t.createUser('ADMIN', { companyId });
    return t.signIn('ADMIN', account.email, account.password);
  }

  beforeAll(async () => {
    t = await buildTestApp({}, { queue: true });
    baseUrl = await listen(t);
    workbook = await payrollWorkbook();
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => t.close());

  it("delivers the QUEUED update of a staff upload to every admin of the company, without a join, and to nobody else's", async () => {
    const uploader = await staffedClient(t);
    const colleague = await staffedClient(t, { companyId: uploader.companyId });
    const stranger = await staffedClient(t);
    const admins = [await socketOf(await adminOf(uploader.companyId)), await socketOf(await adminOf(uploader.companyId))];
    const outsiders = [await socketOf(await adminOf(stranger.companyId)), await socketOf(colleague.agent), await socketOf(stranger.agent)];

    const arriving = admins.map((socket) => nextUpdate(socket));
    const response = await uploadDocument(uploader.agent, { clientId: uploader.clientId }, { filename: 'week.xlsx', content: workbook });
    expect(response.statusCode).toBe(202);
    const { processingId, jobId } = response.json().data;
    for (const update of await Promise.all(arriving)) {
      expect(update).toEqual({ processingId, jobId, status: 'QUEUED', message: 'Queued for processing', error: null });
    }
    for (const outsider of outsiders) {
      await outsider.settle();
      expect(outsider.updates).toEqual([]);
    }
  });

  it("does not let a browser join the company admins' room by naming it", async () => {
    const uploader = await staffedClient(t);
    const stranger = await socketOf(await adminOf((await staffedClient(t)).companyId));
    for (const room of [`company-admins:${uploader.companyId}`, `job-company-admins:${uploader.companyId}`]) {
      expect(await stranger.join(room)).toEqual({ ok: false, message: "This upload was not found or you don't have access to it." });
    }
    const response = await uploadDocument(uploader.agent, { clientId: uploader.clientId }, { filename: 'week.xlsx', content: workbook });
    expect(response.statusCode).toBe(202);
    await stranger.settle();
    expect(stranger.updates).toEqual([]);
  });
});
