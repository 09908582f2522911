import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';

interface ClientBody {
  id: string;
  name: string;
}

const namesOf = (response: { json: () => { data: { clients: ClientBody[] } } }) => response.json().data.clients.map((client) => client.name);

describe("clients by name: the weekly pages' picker and the warning for a name already taken", () => {
  let t: TestApp;
  let admin: Agent;
  let staff: Agent;
  let colleague: Agent;
  let globexAdmin: Agent;
  const ids = { sam: '', priya: '', globexStaff: '' };
  const clientIds: Record<string, string> = {};

  async function created(agent: Agent, name: string, staffId: string): Promise<ClientBody> {
    const response = await agent.post('/api/client', { name, assigned_staff_id: staffId });
    expect(response.statusCode).toBe(201);
    return response.json().data.client;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const acme = await t.createCompany('Acme Payroll');
    const globex = await t.createCompany('Globex');
    const accounts = {
      admin: await t.createUser('ADMIN', { companyId: acme }),
      sam: await t.createUser('STAFF', { companyId: acme }),
      priya: await t.createUser('STAFF', { companyId: acme }),
      globexAdmin: await t.createUser('ADMIN', { companyId: globex }),
      globexStaff: await t.createUser('STAFF', { companyId: globex }),
    };
    Object.assign(ids, { sam: accounts.sam.id, priya: accounts.priya.id, globexStaff: accounts.globexStaff.id });
    admin = await t.signIn('ADMIN', accounts.admin.email, accounts.admin.password);
    staff = await t.signIn('STAFF', accounts.sam.email, accounts.sam.password);
    colleague = await t.signIn('STAFF', accounts.priya.email, accounts.priya.password);
    globexAdmin = await t.signIn('ADMIN', accounts.globexAdmin.email, accounts.globexAdmin.password);
    clientIds.bakery = (await created(admin, 'Corner Bakery', ids.sam)).id;
    clientIds.bistro = (await created(admin, 'Bakery Bistro', ids.priya)).id;
    clientIds.dental = (await created(admin, 'Dental 50%', ids.sam)).id;
    clientIds.globex = (await created(globexAdmin, 'Globex Bakery', ids.globexStaff)).id;
  });
  afterAll(() => t.close());

  describe('searching by name', () => {
    it("lists an admin their company's clients whose name contains the text, in any case, and no other company's", async () => {
      const response = await admin.get('/api/client?search=bAKERY');
      expect(response.statusCode).toBe(200);
      expect(namesOf(response)).toEqual(['Bakery Bistro', 'Corner Bakery']);
    });

    it('lists a staff member only their assigned clients that match', async () => {
      expect(namesOf(await staff.get('/api/staff/clients?search=bakery'))).toEqual(['Corner Bakery']);
      expect(namesOf(await colleague.get('/api/staff/clients?search=bakery'))).toEqual(['Bakery Bistro']);
    });

    it('reads % and _ as themselves, not as wildcards', async () => {
      expect(namesOf(await admin.get('/api/client?search=50%25'))).toEqual(['Dental 50%']);
      expect(namesOf(await admin.get('/api/client?search=_'))).toEqual([]);
    });
  });

  describe('one client by id, for the chip naming the client a list is narrowed to', () => {
    it("answers an admin their company's client", async () => {
      const response = await admin.get(`/api/client/${clientIds.bistro}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().data.client).toMatchObject({ id: clientIds.bistro, name: 'Bakery Bistro' });
    });

    it("answers another company's client as not found, and staff are refused", async () => {
      expect((await globexAdmin.get(`/api/client/${clientIds.bistro}`)).statusCode).toBe(404);
      expect((await admin.get(`/api/client/${clientIds.globex}`)).statusCode).toBe(404);
      expect((await staff.get(`/api/client/${clientIds.bakery}`)).statusCode).toBe(403);
    });
  });

  describe('a name another client of the company already has', () => {
    it('is refused with a warning naming that client, whatever the case, accents or spacing', async () => {
      for (const name of ['corner bakery', '  Córner   Bakery ', 'CORNER BAKERY']) {
        const response = await admin.post('/api/client', { name, assigned_staff_id: ids.sam });
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({ success: false, error: 'DUPLICATE_CLIENT_NAME', message: 'Another client is already called Corner Bakery.' });
      }
      expect(namesOf(await admin.get('/api/client?search=corner'))).toEqual(['Corner Bakery']);
    });

    it('is saved when the admin goes on', async () => {
      const response = await admin.post('/api/client', { name: 'Corner bakery', assigned_staff_id: ids.priya, allow_duplicate_name: true });
      expect(response.statusCode).toBe(201);
      expect(response.json().data.client).not.toHaveProperty('allow_duplicate_name');
      expect(namesOf(await admin.get('/api/client?search=corner')).sort()).toEqual(['Corner Bakery', 'Corner bakery']);
    });

    it('warns on a rename too, but not when a client keeps its own name or another company has it', async () => {
      const renamed = await admin.put(`/api/client/${clientIds.bistro}`, { name: 'DENTAL 50%' });
      expect(renamed.statusCode).toBe(409);
      expect(renamed.json().message).toBe('Another client is already called Dental 50%.');
      expect((await admin.put(`/api/client/${clientIds.dental}`, { name: 'dental 50%' })).statusCode).toBe(200);
      expect((await admin.put(`/api/client/${clientIds.bistro}`, { name: 'DENTAL 50%', allow_duplicate_name: true })).statusCode).toBe(200);
      expect((await globexAdmin.post('/api/client', { name: 'Corner Bakery', assigned_staff_id: ids.globexStaff })).statusCode).toBe(201);
    });

    it("does not hold up a staff member's status toggle", async () => {
      expect((await staff.put(`/api/client/${clientIds.bakery}`, { status: 'INACTIVE' })).statusCode).toBe(200);
    });
  });
});
