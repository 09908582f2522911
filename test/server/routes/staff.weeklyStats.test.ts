import { uploadWeek } from '@/server/services/uploads/uploadTargets';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { type TestClient, weeklyFixtures } from './staff.weeklyFixtures';

const FORBIDDEN = { success: false, message: 'You do not have access to this resource.', error: 'FORBIDDEN' };
const NOTHING = {
  totalUploaded: 0,
  uploadsPendingReview: 0,
  approvedUploads: 0,
  rejectedUploads: 0,
  failedUploads: 0,
  processingUploads: 0,
  remainingUploads: 0,
  clientsWithUploads: 0,
  clientsCompleted: 0,
  totalAssignedClients: 0,
  completionPercentage: 0,
};

describe("staff: the week's figures of their assigned clients", () => {
  let t: TestApp;
  let fixtures: ReturnType<typeof weeklyFixtures>;
  let acmeId: string;
  let globexId: string;
  let admin: Agent;
  let globexAdmin: Agent;

  async function staffMember(companyId: string, name: string) {
    const account = await t.createUser('STAFF', { companyId, name });
    return { id: account.id, name, agent: await t.signIn('STAFF', account.email, account.password) };
  }

  async function stats(agent: Agent, query = '') {
    const response = await agent.get(`/api/staff/weekly-stats${query}`);
    expect(response.statusCode).toBe(200);
    return response.json().data.stats as Record<string, number>;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    fixtures = weeklyFixtures(t);
    acmeId = await t.createCompany('Acme Payroll');
    globexId = await t.createCompany('Globex');
    const adminAccount = await t.createUser('ADMIN', { companyId: acmeId });
    admin = await t.signIn('ADMIN', adminAccount.email, adminAccount.password);
    const globexAccount = await t.createUser('ADMIN', { companyId: globexId });
    globexAdmin = await t.signIn('ADMIN', globexAccount.email, globexAccount.password);
  });
  afterAll(() => t.close());

  it.each(['SYSTEM', 'ADMIN'] as const)('refuses a signed-in %s with 403', async (role) => {
    const user = await t.createUser(role, { companyId: role === 'SYSTEM' ? null : acmeId });
    const agent = await t.signIn(role, user.email, user.password);
    const response = await agent.get('/api/staff/weekly-stats');
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 403, body: FORBIDDEN });
  });

  it('refuses a week that is not one, naming the field', async () => {
    const { agent } = await staffMember(acmeId, 'Wes Week');
    const response = await agent.get('/api/staff/weekly-stats?weekStart=2025-09-08&weekEnd=2025-09-15');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'weekEnd must be the Sunday six days after weekStart.', errors: [{ field: 'weekEnd' }] });
  });

  describe('one seeded week', () => {
    const week = '?weekStart=2025-09-22&weekEnd=2025-09-28';
    let fay: Awaited<ReturnType<typeof staffMember>>;
    let priya: Awaited<ReturnType<typeof staffMember>>;
    let gus: Awaited<ReturnType<typeof staffMember>>;

    beforeAll(async () => {
      fay = await staffMember(acmeId, 'Fay Fischer');
      priya = await staffMember(acmeId, 'Priya Nair');
      gus = await staffMember(globexId, 'Gus Globex');
      const made: Record<string, TestClient> = {};
      for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel']) made[name] = await fixtures.client(admin, name, fay.id);
      made.India = await fixtures.client(admin, 'India', fay.id, 'INACTIVE');
      made.Priyas = await fixtures.client(admin, 'Priyas', priya.id);
      made.Globex = await fixtures.client(globexAdmin, 'Globex Goods', gus.id);
      const by = { id: fay.id, name: fay.name };
      const up = (name: string, fields = {}, createdAt = '2025-09-23T09:00:00Z') => fixtures.upload(made[name], by, '2025-09-22', createdAt, fields);
      const review = { status: 'SCRUBBED' as const, reviewedByName: 'Ada Admin', reviewedAt: new Date('2025-09-25T10:00:00Z') };
      await up('Bravo', { status: 'QUEUED' });
      await up('Charlie', { status: 'FAILED' });
      await up('Delta', { status: 'SCRUBBED' });
      await up('Echo', { ...review, approvalStatus: 'APPROVED' });
      await up('Foxtrot', { ...review, approvalStatus: 'REJECTED' });
      // Rejected, then uploaded again: one client, one row, and the newer version counts.
      await up('Golf', { ...review, approvalStatus: 'REJECTED' });
      await up('Golf', { status: 'SCRUBBED', attempt: 2 }, '2025-09-26T09:00:00Z');
      // Hotel only the week before; India is inactive; Priya's and Globex's clients are not Fay's.
      await fixtures.upload(made.Hotel, by, '2025-09-15', '2025-09-16T09:00:00Z', { ...review, approvalStatus: 'APPROVED' });
      await up('India', { ...review, approvalStatus: 'APPROVED' });
      await fixtures.upload(made.Priyas, { id: priya.id, name: priya.name }, '2025-09-22', '2025-09-23T09:00:00Z', { ...review, approvalStatus: 'REJECTED' });
      await fixtures.upload(made.Globex, { id: gus.id, name: gus.name }, '2025-09-22', '2025-09-23T09:00:00Z', { status: 'SCRUBBED' });
    });

    it('counts every figure over their active assigned clients only, each state apart, and only approved weeks as completed', async () => {
      // Charlie's failed upload is counted as failed, not as uploaded.
      expect(await stats(fay.agent, week)).toEqual({
        totalUploaded: 5,
        uploadsPendingReview: 2,
        approvedUploads: 1,
        rejectedUploads: 1,
        failedUploads: 1,
        processingUploads: 1,
        remainingUploads: 2,
        clientsWithUploads: 5,
        clientsCompleted: 1,
        totalAssignedClients: 8,
        completionPercentage: 12.5,
      });
      expect(await stats(fay.agent, '?weekStart=2025-09-15')).toEqual({
        ...NOTHING,
        totalUploaded: 1,
        approvedUploads: 1,
        remainingUploads: 7,
        clientsWithUploads: 1,
        clientsCompleted: 1,
        totalAssignedClients: 8,
        completionPercentage: 12.5,
      });
    });

    it("keeps a colleague's clients and another company's out of each other's figures", async () => {
      // A rejected week and one awaiting review are uploaded, not completed.
      expect(await stats(priya.agent, week)).toEqual({ ...NOTHING, totalUploaded: 1, rejectedUploads: 1, clientsWithUploads: 1, totalAssignedClients: 1, completionPercentage: 0 });
      expect(await stats(gus.agent, week)).toEqual({ ...NOTHING, totalUploaded: 1, uploadsPendingReview: 1, clientsWithUploads: 1, totalAssignedClients: 1, completionPercentage: 0 });
    });

    it('rounds the completion to one decimal, and answers 0 for a member without clients', async () => {
      const kim = await staffMember(acmeId, 'Kim Three');
      const three = [await fixtures.client(admin, 'Kilo', kim.id), await fixtures.client(admin, 'Lima', kim.id), await fixtures.client(admin, 'Mike', kim.id)];
      const approved = { status: 'SCRUBBED' as const, approvalStatus: 'APPROVED' as const };
      for (const client of three.slice(0, 2)) await fixtures.upload(client, { id: kim.id, name: kim.name }, '2025-09-22', '2025-09-23T09:00:00Z', approved);
      expect(await stats(kim.agent, week)).toMatchObject({ clientsCompleted: 2, totalAssignedClients: 3, completionPercentage: 66.7 });
      expect(await stats((await staffMember(acmeId, 'Nobody Yet')).agent, week)).toEqual(NOTHING);
    });
  });

  it('counts an upload of Sunday 23:59:59.999 UTC and one of the next Monday 00:00 UTC in different weeks', async () => {
    const lee = await staffMember(acmeId, 'Lee Edge');
    const by = { id: lee.id, name: lee.name };
    // Uploads made with no week named: each belongs to the UTC week of its upload time.
    for (const [name, instant] of [
      ['Sunday Late', '2025-10-05T23:59:59.999Z'],
      ['Monday Early', '2025-10-06T00:00:00.000Z'],
    ]) {
      const client = await fixtures.client(admin, name, lee.id);
      await fixtures.upload(client, by, uploadWeek(undefined, new Date(instant)), instant, { status: 'SCRUBBED' });
    }
    const onlyOne = { ...NOTHING, totalUploaded: 1, uploadsPendingReview: 1, remainingUploads: 1, clientsWithUploads: 1, totalAssignedClients: 2 };
    expect(await stats(lee.agent, '?weekStart=2025-09-29&weekEnd=2025-10-05')).toEqual(onlyOne);
    expect(await stats(lee.agent, '?weekStart=2025-10-06&weekEnd=2025-10-12')).toEqual(onlyOne);
    // The current week, the default, has neither.
    expect(await stats(lee.agent)).toEqual({ ...NOTHING, remainingUploads: 2, totalAssignedClients: 2 });
  });
});
