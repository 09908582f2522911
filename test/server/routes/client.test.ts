import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { auditLog, clients, requiredDocuments } from '@/server/db/schema';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { answersTo, callsOf } from '../../helpers/contractCalls';

const FORBIDDEN = { success: false, message: 'You do not have access to this resource.', error: 'FORBIDDEN' };
const CLIENT_NOT_FOUND = { success: false, message: "Client not found or you don't have access to this client.", error: 'NOT_FOUND' };
const CHOOSE_STAFF = {
  success: false,
  message: 'Choose a staff member of your company.',
  error: 'VALIDATION_ERROR',
  errors: [{ field: 'assigned_staff_id', message: 'Choose a staff member of your company.' }],
};

interface ClientBody {
  id: string;
  name: string;
  status: string;
  assigned_staff_id: string | null;
  assigned_staff_name: string | null;
}

describe('clients of a company', () => {
  let t: TestApp;
  let db: TestApp['app']['ctx']['db'];
  let acmeId: string;
  let globexId: string;
  let acmeAdmin: Agent;
  let acmeStaff: Agent;
  let acmeColleague: Agent;
  let globexAdmin: Agent;
  let system: Agent;
  const ids = { acmeAdmin: '', sam: '', priya: '', globexStaff: '' };

  async function createClient(agent: Agent, body: object): Promise<ClientBody> {
    const response = await agent.post('/api/client', body);
    expect(response.statusCode).toBe(201);
    return response.json().data.client;
  }

  async function auditOf(action: string, entityId: string) {
    return db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));
  }

  async function storedClient(id: string) {
    const [row] = await db.select().from(clients).where(eq(clients.id, id));
    return row;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    db = t.app.ctx.db;
    acmeId = await t.createCompany('Acme Payroll');
    globexId = await t.createCompany('Globex');
    const accounts = {
      acmeAdmin: await t.createUser('ADMIN', { companyId: acmeId, name: 'Ada Admin' }),
      sam: await t.createUser('STAFF', { companyId: acmeId, name: 'Sam Ortega' }),
      priya: await t.createUser('STAFF', { companyId: acmeId, name: 'Priya Nair' }),
      globexAdmin: await t.createUser('ADMIN', { companyId: globexId, name: 'Gus Admin' }),
      globexStaff: await t.createUser('STAFF', { companyId: globexId, name: 'Gina Globex' }),
      system: await t.createUser('SYSTEM'),
    };
    Object.assign(ids, { acmeAdmin: accounts.acmeAdmin.id, sam: accounts.sam.id, priya: accounts.priya.id, globexStaff: accounts.globexStaff.id });
    acmeAdmin = await t.signIn('ADMIN', accounts.acmeAdmin.email, accounts.acmeAdmin.password);
    acmeStaff = await t.signIn('STAFF', accounts.sam.email, accounts.sam.password);
    acmeColleague = await t.signIn('STAFF', accounts.priya.email, accounts.priya.password);
    globexAdmin = await t.signIn('ADMIN', accounts.globexAdmin.email, accounts.globexAdmin.password);
    system = await t.signIn('SYSTEM', accounts.system.email, accounts.system.password);
  });
  afterAll(() => t.close());

  describe('who may call', () => {
    const bodies = { createClient: { name: 'Intruder Inc', assigned_staff_id: randomUUID() }, updateClient: { status: 'INACTIVE' } };

    it('refuses an operator every /client call with 403', async () => {
      const calls = callsOf(['listClients', 'createClient', 'updateClient', 'deleteClient'], bodies);
      for (const answer of await answersTo(system, calls)) expect(answer).toEqual({ call: answer.call, status: 403, body: FORBIDDEN });
    });

    it('refuses staff the admin calls: listing, creating and deleting clients', async () => {
      const calls = callsOf(['listClients', 'createClient', 'deleteClient'], bodies);
      for (const answer of await answersTo(acmeStaff, calls)) expect(answer).toEqual({ call: answer.call, status: 403, body: FORBIDDEN });
      expect(await db.select().from(clients).where(eq(clients.name, 'Intruder Inc'))).toEqual([]);
    });

    it('refuses an anonymous caller every /client call with 401', async () => {
      const calls = callsOf(['listClients', 'createClient', 'updateClient', 'deleteClient'], bodies);
      for (const answer of await answersTo(t.agent(), calls)) expect(answer).toMatchObject({ status: 401, body: { error: 'UNAUTHORIZED' } });
    });
  });

  describe('creating a client', () => {
    it('creates an active client of the caller’s company with its one required document and an audit row', async () => {
      const response = await acmeAdmin.post('/api/client', { name: '  Harbor Diner ', assigned_staff_id: ids.sam });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        success: true,
        message: 'Client created successfully',
        data: {
          client: {
            id: expect.any(String),
            name: 'Harbor Diner',
            status: 'ACTIVE',
            assigned_staff_id: ids.sam,
            assigned_staff_name: 'Sam Ortega',
            organization_name: 'Acme Payroll',
            created_at: expect.any(String),
          },
        },
      });
      const { client } = response.json().data;
      const documents = await db.select().from(requiredDocuments).where(eq(requiredDocuments.clientId, client.id));
      expect(documents).toEqual([expect.objectContaining({ title: 'Weekly Payroll' })]);
      expect(await auditOf('client.create', client.id)).toEqual([
        expect.objectContaining({
          companyId: acmeId,
          actorId: ids.acmeAdmin,
          actorRole: 'ADMIN',
          details: { name: 'Harbor Diner', status: 'ACTIVE', assignedStaffId: ids.sam, assignedStaffName: 'Sam Ortega', requiredDocumentId: documents[0].id },
        }),
      ]);
    });

    it('honours a status given on creation and takes the company from the session', async () => {
      const client = await createClient(acmeAdmin, { name: 'Dormant Dental', assigned_staff_id: ids.priya, status: 'INACTIVE', company_id: globexId });
      expect(client).toMatchObject({ status: 'INACTIVE', assigned_staff_name: 'Priya Nair' });
      expect((await storedClient(client.id)).companyId).toBe(acmeId);
    });

    it.each([
      [{ assigned_staff_id: 'SAM' }, 'Client name is required'],
      [{ name: '', assigned_staff_id: 'SAM' }, 'Client name is required'],
      [{ name: '   ', assigned_staff_id: 'SAM' }, 'Client name is required'],
      [{ name: 'c'.repeat(256), assigned_staff_id: 'SAM' }, 'Client name too long'],
      [{ name: 'No Staff Ltd' }, 'Staff assignment is required'],
      [{ name: 'No Staff Ltd', assigned_staff_id: '' }, 'Staff assignment is required'],
      [{ name: 'No Staff Ltd', assigned_staff_id: 'sam' }, 'Staff assignment is required'],
    ])('refuses %j with "%s"', async (body, message) => {
      // 'SAM' stands for a real staff member, whose id exists only once the suite has started.
      const payload = { ...body, ...('assigned_staff_id' in body && body.assigned_staff_id === 'SAM' ? { assigned_staff_id: ids.sam } : {}) };
      const response = await acmeAdmin.post('/api/client', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message, error: 'VALIDATION_ERROR' });
    });

    it('refuses an unknown status', async () => {
      const response = await acmeAdmin.post('/api/client', { name: 'Odd Status', assigned_staff_id: ids.sam, status: 'PAUSED' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: 'VALIDATION_ERROR', errors: [expect.objectContaining({ field: 'status' })] });
    });

    it('accepts a name of exactly 255 characters', async () => {
      expect((await acmeAdmin.post('/api/client', { name: 'c'.repeat(255), assigned_staff_id: ids.sam })).statusCode).toBe(201);
    });

    it("refuses to assign a client to another company's staff member, an admin or nobody, naming the field", async () => {
      for (const staffId of [ids.globexStaff, ids.acmeAdmin, randomUUID()]) {
        const response = await acmeAdmin.post('/api/client', { name: 'Misassigned Ltd', assigned_staff_id: staffId });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual(CHOOSE_STAFF);
      }
      expect(await db.select().from(clients).where(eq(clients.name, 'Misassigned Ltd'))).toEqual([]);
    });
  });

  describe('listing clients', () => {
    let listingAdmin: Agent;
    const staffOf = { kim: '', lou: '' };

    beforeAll(async () => {
      const companyId = await t.createCompany('Listing Co');
      const admin = await t.createUser('ADMIN', { companyId });
      staffOf.kim = (await t.createUser('STAFF', { companyId, name: 'Kim' })).id;
      staffOf.lou = (await t.createUser('STAFF', { companyId, name: 'Lou' })).id;
      listingAdmin = await t.signIn('ADMIN', admin.email, admin.password);
      const names = ['delta', 'Alpha', 'charlie', 'Bravo', 'echo', 'Foxtrot', 'golf', 'Hotel', 'india', 'Juliet', 'kilo', 'Lima'];
      for (const [index, name] of names.entries()) {
        await createClient(listingAdmin, { name, assigned_staff_id: index % 3 === 0 ? staffOf.lou : staffOf.kim, status: index % 4 === 0 ? 'INACTIVE' : 'ACTIVE' });
      }
    });

    it('pages ten at a time by name, any case, with the page pagination, and only the company’s own clients', async () => {
      const first = await listingAdmin.get('/api/client');
      expect(first.statusCode).toBe(200);
      const { clients: page, pagination } = first.json().data;
      expect(page.map((client: ClientBody) => client.name)).toEqual(['Alpha', 'Bravo', 'charlie', 'delta', 'echo', 'Foxtrot', 'golf', 'Hotel', 'india', 'Juliet']);
      expect(page[0]).toEqual({
        id: expect.any(String),
        name: 'Alpha',
        status: 'ACTIVE',
        assigned_staff_id: staffOf.kim,
        assigned_staff_name: 'Kim',
        organization_name: 'Listing Co',
        created_at: expect.any(String),
      });
      expect(pagination).toEqual({ page: 1, limit: 10, total: 12, totalPages: 2, hasPrevPage: false, hasNextPage: true });
      const second = (await listingAdmin.get('/api/client?page=2')).json().data;
      expect(second.clients.map((client: ClientBody) => client.name)).toEqual(['kilo', 'Lima']);
      expect(second.pagination).toEqual({ page: 2, limit: 10, total: 12, totalPages: 2, hasPrevPage: true, hasNextPage: false });
    });

    it('filters by status and by assigned staff member', async () => {
      const inactive = (await listingAdmin.get('/api/client?status=INACTIVE')).json().data;
      expect(inactive.clients.map((client: ClientBody) => client.name)).toEqual(['delta', 'echo', 'india']);
      expect(inactive.pagination).toEqual({ page: 1, limit: 10, total: 3, totalPages: 1, hasPrevPage: false, hasNextPage: false });
      const lous = (await listingAdmin.get(`/api/client?assigned_staff_id=${staffOf.lou}&limit=100`)).json().data.clients;
      expect(lous.map((client: ClientBody) => client.name)).toEqual(['Bravo', 'delta', 'golf', 'Juliet']);
      const lousActive = (await listingAdmin.get(`/api/client?assigned_staff_id=${staffOf.lou}&status=ACTIVE`)).json().data;
      expect(lousActive.clients.map((client: ClientBody) => client.name)).toEqual(['Bravo', 'golf', 'Juliet']);
      expect((await listingAdmin.get('/api/client?status=active')).statusCode).toBe(400);
    });

    it("shows nothing of another company, even filtered by that company's staff member", async () => {
      const foreign = (await acmeAdmin.get(`/api/client?assigned_staff_id=${staffOf.kim}`)).json().data;
      expect(foreign).toEqual({ clients: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0, hasPrevPage: false, hasNextPage: false } });
      const globexNames = (await globexAdmin.get('/api/client?limit=100')).json().data.clients.map((client: ClientBody) => client.name);
      expect(globexNames).not.toContain('Alpha');
      expect(globexNames).not.toContain('Harbor Diner');
    });
  });

  describe('changing a client (admin)', () => {
    it('renames, toggles and reassigns a client, recording before and after', async () => {
      const client = await createClient(acmeAdmin, { name: 'Maple Street', assigned_staff_id: ids.sam });
      const response = await acmeAdmin.put(`/api/client/${client.id}`, { name: ' Maple Street Dental ', status: 'INACTIVE', assigned_staff_id: ids.priya });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: 'Client updated successfully',
        data: {
          client: {
            ...client,
            name: 'Maple Street Dental',
            status: 'INACTIVE',
            assigned_staff_id: ids.priya,
            assigned_staff_name: 'Priya Nair',
          },
        },
      });
      expect(await auditOf('client.update', client.id)).toEqual([
        expect.objectContaining({
          companyId: acmeId,
          actorRole: 'ADMIN',
          details: {
            before: { name: 'Maple Street', status: 'ACTIVE', assignedStaffId: ids.sam, assignedStaffName: 'Sam Ortega' },
            after: { name: 'Maple Street Dental', status: 'INACTIVE', assignedStaffId: ids.priya, assignedStaffName: 'Priya Nair' },
          },
        }),
      ]);
    });

    it('changes only the fields given', async () => {
      const client = await createClient(acmeAdmin, { name: 'Summit Fitness', assigned_staff_id: ids.sam });
      const response = await acmeAdmin.put(`/api/client/${client.id}`, { status: 'INACTIVE' });
      expect(response.json().data.client).toEqual({ ...client, status: 'INACTIVE' });
    });

    it.each([
      [{ name: '  ' }, 'Client name is required'],
      [{ name: 'c'.repeat(256) }, 'Client name too long'],
      [{ assigned_staff_id: 'someone' }, 'Staff assignment is required'],
    ])('refuses the change %j with "%s"', async (body, message) => {
      // each case adds its own client of the same name
      const client = await createClient(acmeAdmin, { name: 'Steady Ltd', assigned_staff_id: ids.sam, allow_duplicate_name: true });
      const response = await acmeAdmin.put(`/api/client/${client.id}`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message, error: 'VALIDATION_ERROR' });
      expect((await storedClient(client.id)).name).toBe('Steady Ltd');
    });

    it("refuses to reassign a client to another company's staff member", async () => {
      const client = await createClient(acmeAdmin, { name: 'Loyal Ltd', assigned_staff_id: ids.sam });
      const response = await acmeAdmin.put(`/api/client/${client.id}`, { assigned_staff_id: ids.globexStaff, name: 'Renamed Anyway' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(CHOOSE_STAFF);
      expect(await storedClient(client.id)).toMatchObject({ name: 'Loyal Ltd', assignedStaffId: ids.sam });
    });

    it("answers another company's client exactly like a missing one and changes nothing", async () => {
      const client = await createClient(acmeAdmin, { name: 'Private Ltd', assigned_staff_id: ids.sam });
      const foreign = await globexAdmin.put(`/api/client/${client.id}`, { name: 'Stolen', status: 'INACTIVE' });
      const missing = await globexAdmin.put(`/api/client/${randomUUID()}`, { name: 'Stolen', status: 'INACTIVE' });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual(CLIENT_NOT_FOUND);
      expect(missing.json()).toEqual(foreign.json());
      expect(await storedClient(client.id)).toMatchObject({ name: 'Private Ltd', status: 'ACTIVE' });
    });
  });

  describe('changing a client (staff)', () => {
    it('lets staff toggle the status of a client assigned to them, with an audit row in their name', async () => {
      const client = await createClient(acmeAdmin, { name: 'Toggle Bakery', assigned_staff_id: ids.sam });
      const off = await acmeStaff.put(`/api/client/${client.id}`, { status: 'INACTIVE' });
      expect(off.statusCode).toBe(200);
      expect(off.json().data.client).toEqual({ ...client, status: 'INACTIVE' });
      expect((await acmeStaff.put(`/api/client/${client.id}`, { status: 'ACTIVE' })).json().data.client.status).toBe('ACTIVE');
      const audits = await auditOf('client.update', client.id);
      expect(audits).toHaveLength(2);
      expect(audits[0]).toMatchObject({ actorId: ids.sam, actorRole: 'STAFF', details: { before: { status: 'ACTIVE' }, after: { status: 'INACTIVE' } } });
    });

    it.each([[{ name: 'Renamed' }], [{ assigned_staff_id: 'PRIYA' }], [{ status: 'INACTIVE', name: 'Renamed' }]])(
      'refuses staff any change but the status: %j',
      async (body) => {
        // each case adds its own client of the same name
        const client = await createClient(acmeAdmin, { name: 'Fixed Name Ltd', assigned_staff_id: ids.sam, allow_duplicate_name: true });
        const payload = 'assigned_staff_id' in body ? { assigned_staff_id: ids.priya } : body;
        const response = await acmeStaff.put(`/api/client/${client.id}`, payload);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ success: false, message: 'Staff members can only change the status of a client.', error: 'FORBIDDEN' });
        expect(await storedClient(client.id)).toMatchObject({ name: 'Fixed Name Ltd', status: 'ACTIVE', assignedStaffId: ids.sam });
      },
    );

    it("answers a colleague's or another company's client exactly like a missing one", async () => {
      const colleagues = await createClient(acmeAdmin, { name: 'Colleague Client', assigned_staff_id: ids.priya });
      const foreign = await createClient(globexAdmin, { name: 'Globex Client', assigned_staff_id: ids.globexStaff });
      for (const id of [colleagues.id, foreign.id, randomUUID()]) {
        const response = await acmeStaff.put(`/api/client/${id}`, { status: 'INACTIVE' });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(CLIENT_NOT_FOUND);
      }
      expect((await storedClient(colleagues.id)).status).toBe('ACTIVE');
      expect((await storedClient(foreign.id)).status).toBe('ACTIVE');
      expect((await acmeColleague.put(`/api/client/${colleagues.id}`, { status: 'INACTIVE' })).statusCode).toBe(200);
    });
  });
});
