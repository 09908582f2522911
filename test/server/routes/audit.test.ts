import { sql } from 'drizzle-orm';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';

interface Entry {
  id: number;
  at: string;
  actor: { id: string; name: string | null; role: string | null } | null;
  company: { id: string; name: string | null } | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
}

interface Page {
  entries: Entry[];
  pagination: { page: number; limit: number; total: number; totalPages: number; hasPrevPage: boolean; hasNextPage: boolean };
}

/** RFC 4180 rows: quoted cells may hold separators, quotes ("") and line breaks; the separator is the reader's locale's. */
function parseCsv(text: string, separator = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === separator) {
      row.push(cell);
      cell = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += character;
  }
  return rows;
}

const TODAY = new Date().toISOString().slice(0, 10);

describe('the audit log: who changed what, for operators (every company) and admins (their own)', () => {
  let t: TestApp;
  let system: Agent;
  let admin: Agent;
  let staff: Agent;
  let globexAdmin: Agent;
  const ids: Record<string, string> = {};

  async function page(agent: Agent, url: string): Promise<Page> {
    const response = await agent.get(url);
    expect(response.statusCode).toBe(200);
    return response.json().data as Page;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    ids.acme = await t.createCompany('Acme Payroll');
    ids.globex = await t.createCompany('Globex');
    ids.initech = await t.createCompany('Initech');
    const operator = await t.createUser('SYSTEM', { name: 'Olga Operator' });
    const acmeAdmin = await t.createUser('ADMIN', { companyId: ids.acme, name: 'Ada Admin' });
    const fay = await t.createUser('STAFF', { companyId: ids.acme, name: 'Fay Fischer' });
    const priya = await t.createUser('STAFF', { companyId: ids.acme, name: 'Priya Nair' });
    const globex = await t.createUser('ADMIN', { companyId: ids.globex, name: 'Gil Globex' });
    const gus = await t.createUser('STAFF', { companyId: ids.globex, name: 'Gus Globex' });
    Object.assign(ids, { operator: operator.id, acmeAdmin: acmeAdmin.id, fay: fay.id, priya: priya.id, gus: gus.id });
    system = await t.signIn('SYSTEM', operator.email, operator.password);
    admin = await t.signIn('ADMIN', acmeAdmin.email, acmeAdmin.password);
    staff = await t.signIn('STAFF', fay.email, fay.password);
    globexAdmin = await t.signIn('ADMIN', globex.email, globex.password);

    const created = await admin.post('/api/client', { name: 'Alpha Bakery', assigned_staff_id: fay.id });
    ids.alpha = created.json().data.client.id;
    const changed = await admin.put(`/api/client/${ids.alpha}`, { name: 'Alpha Bakes', status: 'INACTIVE', assigned_staff_id: priya.id });
    const globexClient = await globexAdmin.post('/api/client', { name: 'Globex Secret Client', assigned_staff_id: gus.id });
    const renamed = await system.patch(`/api/system/companies/${ids.acme}`, { name: 'Acme Payroll Ltd' });
    for (const response of [created, changed, globexClient, renamed]) expect(response.statusCode).toBeLessThan(300);
  });
  afterAll(() => t.close());

  it("shows an admin their company's client change with its before, after and a readable summary", async () => {
    const { entries } = await page(admin, '/api/company/audit?action=client.update');
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({
      actor: { id: ids.acmeAdmin, name: 'Ada Admin', role: 'ADMIN' },
      company: { id: ids.acme, name: 'Acme Payroll Ltd' },
      entity_type: 'client',
      entity_id: ids.alpha,
      before: { name: 'Alpha Bakery', status: 'ACTIVE', assignedStaffName: 'Fay Fischer' },
      after: { name: 'Alpha Bakes', status: 'INACTIVE', assignedStaffName: 'Priya Nair' },
    });
    expect(entry.summary).toBe('Changed client Alpha Bakes: name Alpha Bakery -> Alpha Bakes; status ACTIVE -> INACTIVE; assigned staff Fay Fischer -> Priya Nair');
    expect(entry.ip).toEqual(expect.any(String));
  });

  it("shows an operator's company rename in that company's log, to operators and to its admin", async () => {
    const expected = { action: 'company.update', before: { name: 'Acme Payroll' }, after: { name: 'Acme Payroll Ltd' }, actor: { name: 'Olga Operator', role: 'SYSTEM' } };
    const forOperator = await page(system, `/api/system/audit?action=company.update&companyId=${ids.acme}`);
    expect(forOperator.entries).toMatchObject([expected]);
    const forAdmin = await page(admin, '/api/company/audit?action=company.update');
    expect(forAdmin.entries).toMatchObject([expected]);
    expect(forAdmin.entries[0].summary).toBe('Changed company Acme Payroll Ltd: name Acme Payroll -> Acme Payroll Ltd');
  });

  it('records a staff member added and deleted, naming them', async () => {
    const added = await admin.post('/api/company/staff', { name: 'Sid Short', email: 'sid@acme.example', password: 'secret-pass' });
    const removed = await admin.delete(`/api/company/staff/${added.json().data.staff.id}`);
    expect(removed.statusCode).toBe(200);
    const { entries } = await page(admin, `/api/company/audit?entityType=user&actor=${ids.acmeAdmin}`);
    expect(entries.map((entry) => entry.summary)).toEqual(['Deleted user Sid Short', 'Added user Sid Short']);
    expect(entries[0].before).toMatchObject({ role: 'STAFF', email: 'sid@acme.example' });
    expect(entries[1].after).toMatchObject({ role: 'STAFF', email: 'sid@acme.example' });
  });

  it('filters by person, action, record type and whole UTC days', async () => {
    const byFay = await page(admin, `/api/company/audit?actor=${ids.fay}`);
    expect(byFay.entries.length).toBeGreaterThan(0);
    expect(byFay.entries.every((entry) => entry.actor?.id === ids.fay)).toBe(true);

    const clientRows = await page(admin, '/api/company/audit?entityType=client');
    expect(clientRows.entries.map((entry) => entry.action).sort()).toEqual(['client.create', 'client.update']);

    expect((await page(admin, `/api/company/audit?dateFrom=${TODAY}&dateTo=${TODAY}&entityType=client`)).entries).toHaveLength(2);
    expect((await page(admin, '/api/company/audit?dateTo=2025-01-01')).entries).toEqual([]);
    expect((await page(admin, '/api/company/audit?dateFrom=2099-12-31')).pagination.total).toBe(0);
  });

  it('offers the people and actions that occur in the log as filter choices, within the caller\'s scope', async () => {
    const response = await admin.get('/api/company/audit/options');
    expect(response.statusCode).toBe(200);
    const { people, actions } = response.json().data as { people: { id: string; name: string }[]; actions: string[] };
    expect(people.map((person) => person.name)).toEqual(expect.arrayContaining(['Ada Admin', 'Fay Fischer', 'Olga Operator']));
    expect(people.map((person) => person.name)).not.toContain('Gil Globex');
    expect(actions).toEqual(expect.arrayContaining(['auth.login', 'client.create', 'client.update', 'company.update']));
    expect(actions).toEqual([...actions].sort());

    const everyone = (await system.get('/api/system/audit/options')).json().data.people.map((person: { name: string }) => person.name);
    expect(everyone).toEqual(expect.arrayContaining(['Ada Admin', 'Gil Globex', 'Olga Operator']));
  });

  it('pages 50 rows at a time, newest first, without overlaps', async () => {
    await t.database.db.execute(sql`
      insert into audit_log (at, company_id, action, entity_type, entity_id, details)
      select now() - n * interval '1 minute', ${ids.initech}, 'ticket.create', 'ticket', 'row-' || n, jsonb_build_object('title', 'Row ' || n)
      from generate_series(1, 120) n`);
    const pages = [1, 2, 3].map((number) => page(system, `/api/system/audit?companyId=${ids.initech}&page=${number}`));
    const [first, second, third] = await Promise.all(pages);
    expect(first.pagination).toEqual({ page: 1, limit: 50, total: 120, totalPages: 3, hasPrevPage: false, hasNextPage: true });
    expect([first.entries.length, second.entries.length, third.entries.length]).toEqual([50, 50, 20]);
    const order = [...first.entries, ...second.entries, ...third.entries].map((entry) => entry.entity_id);
    expect(order).toEqual(Array.from({ length: 120 }, (_, index) => `row-${index + 1}`));
    expect(first.entries[0]).toMatchObject({ actor: null, company: { name: 'Initech' }, summary: 'Opened ticket Row 1' });
  });

  describe('tenancy', () => {
    it("never shows an admin another company's rows, whatever the query asks", async () => {
      for (const url of ['/api/company/audit', `/api/company/audit?companyId=${ids.acme}`]) {
        const response = await globexAdmin.get(url);
        if (response.statusCode === 200) {
          const { entries } = response.json().data as Page;
          expect(entries.length).toBeGreaterThan(0);
          expect(entries.every((entry) => entry.company?.id === ids.globex)).toBe(true);
        } else expect(response.statusCode).toBe(400);
        expect(response.body).not.toContain('Alpha');
        expect(response.body).not.toContain(ids.acme);
      }
      const acmeView = await admin.get('/api/company/audit');
      expect(acmeView.body).not.toContain('Globex Secret Client');
      const exported = await globexAdmin.get('/api/company/audit/export');
      expect(exported.statusCode).toBe(200);
      expect(exported.body).toContain('Globex Secret Client');
      expect(exported.body).not.toContain('Alpha');
      expect(exported.body).not.toContain(ids.acme);
    });

    it('shows operators every company, and one company when they ask', async () => {
      const everyone = await page(system, '/api/system/audit?entityType=client');
      expect(everyone.entries.map((entry) => entry.company?.name).sort()).toEqual(['Acme Payroll Ltd', 'Acme Payroll Ltd', 'Globex']);
      const globexOnly = await page(system, `/api/system/audit?entityType=client&companyId=${ids.globex}`);
      expect(globexOnly.entries.map((entry) => entry.summary)).toEqual(['Added client Globex Secret Client']);
    });

    it.each([
      ['/api/company/audit', 403],
      ['/api/company/audit/options', 403],
      ['/api/company/audit/export', 403],
      ['/api/system/audit', 403],
      ['/api/system/audit/options', 403],
      ['/api/system/audit/export', 403],
    ])('refuses staff %s with %i, in the error shape', async (url, status) => {
      const response = await staff.get(url);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ success: false, message: expect.any(String), error: 'FORBIDDEN' });
    });

    it('refuses admins the operators\' log, operators the admin\'s, and everyone without a session', async () => {
      expect((await admin.get('/api/system/audit')).statusCode).toBe(403);
      expect((await admin.get('/api/system/audit/export')).statusCode).toBe(403);
      expect((await system.get('/api/company/audit')).statusCode).toBe(403);
      for (const url of ['/api/system/audit', '/api/company/audit', '/api/system/audit/export', '/api/company/audit/export', '/api/company/audit/options']) {
        const response = await t.agent().get(url);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ success: false, error: 'UNAUTHORIZED' });
      }
    });

    it('refuses a filter that is no action, record type, person or date, naming it', async () => {
      for (const query of ['action=DROP%20TABLE', 'entityType=client%3B', 'actor=someone', 'dateFrom=2025-02-30']) {
        const response = await admin.get(`/api/company/audit?${query}`);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ success: false, error: 'VALIDATION_ERROR', message: expect.stringContaining(query.split('=')[0]) });
      }
    });
  });

  describe('the CSV export', () => {
    it('answers the filtered log as a named attachment, a header line first', async () => {
      const response = await admin.get('/api/company/audit/export?entityType=client');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="audit-log-${TODAY}.csv"; filename*=UTF-8''audit-log-${TODAY}.csv`);
      expect(response.headers['content-length']).toBeUndefined();
      expect(response.body.startsWith('\ufeff')).toBe(true);
      const [header, ...rows] = parseCsv(response.body.slice(1));
      expect(header).toEqual(['When', 'Who', 'Role', 'Company', 'Action', 'Record', 'Record ID', 'Summary', 'Before', 'After', 'IP']);
      expect(rows.map((row) => row[4])).toEqual(['Changed client', 'Added client']);
      expect(rows[0]).toEqual(expect.arrayContaining(['Ada Admin', 'ADMIN', 'Acme Payroll Ltd', 'Client', ids.alpha]));
      expect(JSON.parse(rows[0][8])).toMatchObject({ name: 'Alpha Bakery' });
    });

    it('puts an apostrophe before every cell a spreadsheet would run as a formula', async () => {
      // A company and people named like formulas: their names are cells of their own in the export.
      const company = '=HYPERLINK("http://evil.example","Open")';
      const created = await system.post('/api/system/companies', { name: company });
      const companyId = created.json().data.company.id as string;
      const names = ['+1+cmd', '-2+3', '@SUM(A1:A9)', '\tTabbed', '\rReturned', ' =SPACED()'];
      for (const name of names) {
        const user = await t.createUser('ADMIN', { companyId, name });
        await t.signIn('ADMIN', user.email, user.password);
      }
      const response = await system.get(`/api/system/audit/export?companyId=${companyId}&action=auth.login`);
      const rows = parseCsv(response.body.slice(1)).slice(1);
      expect(rows.map((row) => row[1]).sort()).toEqual(names.map((name) => `'${name}`).sort());
      expect(new Set(rows.map((row) => row[3]))).toEqual(new Set([`'${company}`]));
      const unsafe = rows.flat().filter((cell) => /^\s*[=+\-@]|^[\t\r]/.test(cell));
      expect(unsafe).toEqual([]);
    });

    it('quotes a cell holding any locale\'s separator and neutralises a formula after each separator in it', async () => {
      // The assessment's title, for Excel where the list separator is a semicolon, and one mixing separators.
      const titles: Record<string, string> = {
        [`Help;=cmd|' /C calc'!A0;x`]: `Help;'=cmd|' /C calc'!A0;x`,
        [`Help;=cmd|' /C calc'!A0;x,+SUM(1); @A1`]: `Help;'=cmd|' /C calc'!A0;x,'+SUM(1);' @A1`,
      };
      for (const title of Object.keys(titles)) expect((await staff.post('/api/ticket', { title, description: 'Please look' })).statusCode).toBe(201);
      const response = await admin.get('/api/company/audit/export?action=ticket.create');
      const text = response.body.slice(1);
      // Read as written (commas), each title is there, each formula behind an apostrophe.
      for (const guarded of Object.values(titles)) expect(parseCsv(text).flat()).toContain(`Opened ticket ${guarded}`);
      // Read where the list separator is a semicolon or a tab, no cell starts a formula.
      const startsFormula = (cell: string) => /^\s*[=+\-@]|^[\t\r]/.test(cell);
      for (const separator of [';', '\t']) expect(parseCsv(text, separator).flat().filter(startsFormula)).toEqual([]);
      // Nor does any piece between separators, for a reader that ignores the quotes.
      const pieces = text.split(/[,;\t\r\n]/).map((piece) => piece.replace(/^"/, ''));
      expect(pieces.filter(startsFormula)).toEqual([]);
    });

    it('streams a log of thousands of rows whole: every row once, newest first, across equal times', async () => {
      const company = await t.createCompany('Umbrella');
      // Rows 1..3000 in blocks of 7 that share one time to the microsecond, so batches split ties.
      await t.database.db.execute(sql`
        insert into audit_log (at, company_id, action, entity_type, entity_id, details)
        select timestamptz '2026-03-02 12:00:00.123456+00' - (n / 7) * interval '1 microsecond', ${company}, 'ticket.delete', 'ticket', lpad(n::text, 5, '0'),
               jsonb_build_object('title', 'Ticket ' || n)
        from generate_series(0, 2999) n`);
      const response = await system.get(`/api/system/audit/export?companyId=${company}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-length']).toBeUndefined();
      const rows = parseCsv(response.body.slice(1)).slice(1);
      expect(rows).toHaveLength(3000);
      const recordIds = rows.map((row) => row[6]);
      expect(new Set(recordIds).size).toBe(3000);
      const times = rows.map((row) => row[0]);
      expect([...times].sort().reverse()).toEqual(times);
    });
  });
});
