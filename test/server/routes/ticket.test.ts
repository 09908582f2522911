import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { auditLog, ticketComments, tickets } from '@/server/db/schema';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';

jest.setTimeout(30_000);

const NOT_FOUND = { success: false, message: 'Ticket not found', error: 'NOT_FOUND' };
const FORBIDDEN = { success: false, message: 'You do not have access to this resource.', error: 'FORBIDDEN' };

describe('support tickets', () => {
  let t: TestApp;
  let system: Agent;
  let acmeAdmin: Agent;
  let acmeStaff: Agent;
  let acmeOtherStaff: Agent;
  let globexAdmin: Agent;

  async function raise(agent: Agent, title = 'Cannot upload', description = 'The upload button does nothing') {
    const response = await agent.post('/api/ticket', { title, description });
    expect(response.statusCode).toBe(201);
    return response.json().data.ticket as { id: string; status: string; updated_at: string };
  }

  async function auditOf(action: string, entityId: string) {
    return t.app.ctx.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));
  }

  beforeAll(async () => {
    t = await buildTestApp();
    const acmeId = await t.createCompany('Acme Payroll');
    const globexId = await t.createCompany('Globex');
    const accounts = {
      system: await t.createUser('SYSTEM', { name: 'Olga Operator' }),
      acmeAdmin: await t.createUser('ADMIN', { companyId: acmeId, name: 'Ada Admin' }),
      acmeStaff: await t.createUser('STAFF', { companyId: acmeId, name: 'Sam Staff' }),
      acmeOtherStaff: await t.createUser('STAFF', { companyId: acmeId, name: 'Sue Staff' }),
      globexAdmin: await t.createUser('ADMIN', { companyId: globexId, name: 'Gus Admin' }),
    };
    system = await t.signIn('SYSTEM', accounts.system.email, accounts.system.password);
    acmeAdmin = await t.signIn('ADMIN', accounts.acmeAdmin.email, accounts.acmeAdmin.password);
    acmeStaff = await t.signIn('STAFF', accounts.acmeStaff.email, accounts.acmeStaff.password);
    acmeOtherStaff = await t.signIn('STAFF', accounts.acmeOtherStaff.email, accounts.acmeOtherStaff.password);
    globexAdmin = await t.signIn('ADMIN', accounts.globexAdmin.email, accounts.globexAdmin.password);
  });
  afterAll(() => t.close());

  describe('who may call', () => {
    it('refuses an anonymous caller every ticket call with 401', async () => {
      const id = randomUUID();
      const anonymous = t.agent();
      for (const response of [
        await anonymous.get('/api/ticket'),
        await anonymous.get('/api/ticket/all'),
        await anonymous.get('/api/ticket/statistics'),
        await anonymous.post('/api/ticket', { title: 'x', description: 'y' }),
        await anonymous.get(`/api/ticket/${id}`),
        await anonymous.post(`/api/ticket/${id}/comment`, { comment: 'hi' }),
        await anonymous.put(`/api/ticket/${id}/status`, { status: 'CLOSED' }),
        await anonymous.delete(`/api/ticket/${id}`),
      ]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ success: false, error: 'UNAUTHORIZED' });
      }
    });

    it('keeps the all-tickets list, the statistics, status changes and deletion for operators', async () => {
      const ticket = await raise(acmeAdmin);
      for (const agent of [acmeAdmin, acmeStaff]) {
        for (const response of [
          await agent.get('/api/ticket/all'),
          await agent.get('/api/ticket/statistics'),
          await agent.put(`/api/ticket/${ticket.id}/status`, { status: 'CLOSED' }),
          await agent.delete(`/api/ticket/${ticket.id}`),
        ]) {
          expect(response.statusCode).toBe(403);
          expect(response.json()).toEqual(FORBIDDEN);
        }
      }
      const { data } = (await system.get(`/api/ticket/${ticket.id}`)).json();
      expect(data.ticket.status).toBe('OPEN');
    });

    it('gives operators no own-ticket list and no ticket creation', async () => {
      expect((await system.get('/api/ticket')).statusCode).toBe(403);
      expect((await system.post('/api/ticket', { title: 'x', description: 'y' })).statusCode).toBe(403);
    });
  });

  describe('raising a ticket', () => {
    it('records the creator, their role and company, trims the text, and writes an audit row', async () => {
      const response = await acmeStaff.post('/api/ticket', { title: '  Wrong totals  ', description: ' Week 3 totals are off ' });
      expect(response.statusCode).toBe(201);
      const { ticket } = response.json().data;
      expect(ticket).toEqual({
        id: expect.any(String),
        title: 'Wrong totals',
        description: 'Week 3 totals are off',
        status: 'OPEN',
        created_at: expect.any(String),
        updated_at: expect.any(String),
        created_by_name: 'Sam Staff',
        created_by_role: 'STAFF',
        company_name: 'Acme Payroll',
      });
      const [audit] = await auditOf('ticket.create', ticket.id);
      expect(audit).toMatchObject({ actorRole: 'STAFF', entityType: 'ticket' });
      expect(audit.companyId).toEqual(expect.any(String));
    });

    it.each([
      [{ description: 'd' }, 'Title is required'],
      [{ title: '', description: 'd' }, 'Title is required'],
      [{ title: '   ', description: 'd' }, 'Title is required'],
      [{ title: 't'.repeat(256), description: 'd' }, 'Title too long'],
      [{ title: 't' }, 'Description is required'],
      [{ title: 't', description: '' }, 'Description is required'],
      [{ title: 't', description: ' \n ' }, 'Description is required'],
    ])('refuses %j with "%s"', async (body, message) => {
      const response = await acmeAdmin.post('/api/ticket', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message, error: 'VALIDATION_ERROR' });
    });

    it('takes the company from the session, never from the request', async () => {
      const response = await globexAdmin.post('/api/ticket', { title: 'Mine', description: 'd', company_id: randomUUID() });
      // Unknown fields are dropped by the contract; the ticket lands in the caller's own company.
      expect(response.statusCode).toBe(201);
      expect(response.json().data.ticket.company_name).toBe('Globex');
    });
  });

  describe('reading tickets', () => {
    it("shows a staff member only their own tickets, never a colleague's", async () => {
      const mine = await raise(acmeOtherStaff, 'Sue only');
      const colleague = await raise(acmeStaff, 'Sam only');
      const listed = (await acmeOtherStaff.get('/api/ticket')).json().data.tickets.map((ticket: { id: string }) => ticket.id);
      expect(listed).toContain(mine.id);
      expect(listed).not.toContain(colleague.id);
      const response = await acmeOtherStaff.get(`/api/ticket/${colleague.id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    });

    it("shows an admin every ticket raised in their company, their staff's included, and lets them answer", async () => {
      const staffTicket = await raise(acmeStaff, 'Staff asks');
      const ownTicket = await raise(acmeAdmin, 'Admin asks');
      const foreignTicket = await raise(globexAdmin, 'Globex asks');
      const listed = (await acmeAdmin.get('/api/ticket?limit=100')).json().data.tickets.map((ticket: { id: string }) => ticket.id);
      expect(listed).toEqual(expect.arrayContaining([staffTicket.id, ownTicket.id]));
      expect(listed).not.toContain(foreignTicket.id);

      const read = await acmeAdmin.get(`/api/ticket/${staffTicket.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json().data.ticket).toMatchObject({ id: staffTicket.id, created_by_name: 'Sam Staff', created_by_role: 'STAFF', company_name: 'Acme Payroll' });

      const answer = await acmeAdmin.post(`/api/ticket/${staffTicket.id}/comment`, { comment: 'I will check with the client' });
      expect(answer.statusCode).toBe(201);
      expect(answer.json().data.comment).toMatchObject({ added_by_name: 'Ada Admin', added_by_role: 'ADMIN', company_name: 'Acme Payroll' });
      const [audit] = await auditOf('ticket.comment', answer.json().data.comment.id);
      expect(audit).toMatchObject({ actorRole: 'ADMIN', details: { ticketId: staffTicket.id } });
      // The staff member who raised it sees the answer in their own thread.
      expect((await acmeStaff.get(`/api/ticket/${staffTicket.id}`)).json().data.comments).toEqual([
        expect.objectContaining({ comment: 'I will check with the client', added_by_role: 'ADMIN' }),
      ]);
    });

    it("still shows a staff member neither their admin's tickets nor a colleague's", async () => {
      const adminTicket = await raise(acmeAdmin, 'Admin only');
      const listed = (await acmeStaff.get('/api/ticket?limit=100')).json().data.tickets.map((ticket: { id: string }) => ticket.id);
      expect(listed).not.toContain(adminTicket.id);
      expect((await acmeStaff.get(`/api/ticket/${adminTicket.id}`)).json()).toEqual(NOT_FOUND);
      expect((await acmeStaff.post(`/api/ticket/${adminTicket.id}/comment`, { comment: 'me too' })).json()).toEqual(NOT_FOUND);
    });

    it("does not let an admin comment on another company's ticket", async () => {
      const foreign = await raise(acmeStaff, 'Acme staff only');
      const response = await globexAdmin.post(`/api/ticket/${foreign.id}/comment`, { comment: 'hello' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
      expect(await t.app.ctx.db.select().from(ticketComments).where(eq(ticketComments.ticketId, foreign.id))).toEqual([]);
    });

    it("does not let an admin read another company's ticket, answering exactly as for a missing one", async () => {
      const foreign = await raise(acmeAdmin, 'Acme secret');
      const foreignAnswer = await globexAdmin.get(`/api/ticket/${foreign.id}`);
      const missingAnswer = await globexAdmin.get(`/api/ticket/${randomUUID()}`);
      expect(foreignAnswer.statusCode).toBe(404);
      expect(foreignAnswer.json()).toEqual(NOT_FOUND);
      expect(missingAnswer.json()).toEqual(foreignAnswer.json());
      const listed = (await globexAdmin.get('/api/ticket')).json().data.tickets.map((ticket: { title: string }) => ticket.title);
      expect(listed).not.toContain('Acme secret');
    });

    it('lets an operator read any ticket with its comments, oldest first', async () => {
      const ticket = await raise(acmeAdmin, 'Thread');
      await acmeAdmin.post(`/api/ticket/${ticket.id}/comment`, { comment: 'first' });
      await system.post(`/api/ticket/${ticket.id}/comment`, { comment: 'second' });
      await acmeAdmin.post(`/api/ticket/${ticket.id}/comment`, { comment: 'third' });
      for (const agent of [system, acmeAdmin]) {
        const response = await agent.get(`/api/ticket/${ticket.id}`);
        expect(response.statusCode).toBe(200);
        const { data } = response.json();
        expect(data.ticket).toMatchObject({ id: ticket.id, title: 'Thread', created_by_name: 'Ada Admin', created_by_role: 'ADMIN', company_name: 'Acme Payroll' });
        expect(data.comments).toEqual([
          { id: expect.any(String), comment: 'first', added_by_name: 'Ada Admin', added_by_role: 'ADMIN', company_name: 'Acme Payroll', added_at: expect.any(String) },
          { id: expect.any(String), comment: 'second', added_by_name: 'Olga Operator', added_by_role: 'SYSTEM', company_name: null, added_at: expect.any(String) },
          { id: expect.any(String), comment: 'third', added_by_name: 'Ada Admin', added_by_role: 'ADMIN', company_name: 'Acme Payroll', added_at: expect.any(String) },
        ]);
      }
    });
  });

  describe('commenting', () => {
    it('lets the creator comment on their own ticket, with an audit row', async () => {
      const ticket = await raise(acmeStaff, 'Needs a reply');
      const response = await acmeStaff.post(`/api/ticket/${ticket.id}/comment`, { comment: '  Any news?  ' });
      expect(response.statusCode).toBe(201);
      const { comment } = response.json().data;
      expect(comment).toMatchObject({ comment: 'Any news?', added_by_name: 'Sam Staff', added_by_role: 'STAFF', company_name: 'Acme Payroll' });
      const [audit] = await auditOf('ticket.comment', comment.id);
      expect(audit).toMatchObject({ actorRole: 'STAFF', entityType: 'ticket_comment', details: { ticketId: ticket.id } });
    });

    it("refuses comments on someone else's ticket as not found, and writes nothing", async () => {
      const acmeTicket = await raise(acmeStaff, 'Private thread');
      for (const agent of [globexAdmin, acmeOtherStaff]) {
        const response = await agent.post(`/api/ticket/${acmeTicket.id}/comment`, { comment: 'sneaky' });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(NOT_FOUND);
      }
      const comments = await t.app.ctx.db.select().from(ticketComments).where(eq(ticketComments.ticketId, acmeTicket.id));
      expect(comments).toEqual([]);
    });

    it('lets an operator comment on any ticket', async () => {
      const ticket = await raise(globexAdmin, 'Globex question');
      const response = await system.post(`/api/ticket/${ticket.id}/comment`, { comment: 'Looking into it' });
      expect(response.statusCode).toBe(201);
      expect(response.json().data.comment).toMatchObject({ added_by_role: 'SYSTEM', added_by_name: 'Olga Operator', company_name: null });
    });

    it.each([[{}], [{ comment: '' }], [{ comment: '   ' }]])('refuses the comment %j with "Comment is required"', async (body) => {
      const ticket = await raise(acmeAdmin);
      const response = await acmeAdmin.post(`/api/ticket/${ticket.id}/comment`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, message: 'Comment is required', error: 'VALIDATION_ERROR' });
    });

    it('answers 404 for a comment on a ticket that does not exist', async () => {
      const response = await system.post(`/api/ticket/${randomUUID()}/comment`, { comment: 'hello?' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    });
  });

  describe('status and deletion (operators)', () => {
    it.each(['IN_PROGRESS', 'COMPLETED', 'CLOSED', 'OPEN'])('sets any status, here %s, recording the status before and after', async (status) => {
      const ticket = await raise(acmeAdmin);
      await t.app.ctx.db.update(tickets).set({ status: status === 'OPEN' ? 'CLOSED' : 'OPEN', updatedAt: new Date('2025-09-08T00:00:00Z') }).where(eq(tickets.id, ticket.id));
      const response = await system.put(`/api/ticket/${ticket.id}/status`, { status });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true, data: { ticket: { id: ticket.id, status, created_by_name: 'Ada Admin' } } });
      expect(response.json().data.ticket.updated_at).not.toBe('2025-09-08T00:00:00.000Z');
      expect((await acmeAdmin.get(`/api/ticket/${ticket.id}`)).json().data.ticket.status).toBe(status);
      const [audit] = await auditOf('ticket.status', ticket.id);
      expect(audit).toMatchObject({ actorRole: 'SYSTEM', details: { before: { status: status === 'OPEN' ? 'CLOSED' : 'OPEN' }, after: { status } } });
    });

    it('refuses an unknown status and an unknown ticket', async () => {
      const ticket = await raise(acmeAdmin);
      expect((await system.put(`/api/ticket/${ticket.id}/status`, { status: 'DONE' })).statusCode).toBe(400);
      const missing = await system.put(`/api/ticket/${randomUUID()}/status`, { status: 'CLOSED' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(NOT_FOUND);
    });

    it('deletes a ticket with its comments, then answers 404 for it', async () => {
      const ticket = await raise(acmeStaff, 'To be removed');
      await acmeStaff.post(`/api/ticket/${ticket.id}/comment`, { comment: 'one' });
      const response = await system.delete(`/api/ticket/${ticket.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'Ticket deleted successfully' });
      expect((await acmeStaff.get(`/api/ticket/${ticket.id}`)).statusCode).toBe(404);
      expect(await t.app.ctx.db.select().from(ticketComments).where(eq(ticketComments.ticketId, ticket.id))).toEqual([]);
      const [audit] = await auditOf('ticket.delete', ticket.id);
      expect(audit).toMatchObject({ actorRole: 'SYSTEM', details: { title: 'To be removed' } });
      expect((await system.delete(`/api/ticket/${ticket.id}`)).json()).toEqual(NOT_FOUND);
    });
  });
});

describe('ticket lists and statistics', () => {
  let t: TestApp;
  let system: Agent;
  let admin: Agent;
  let staff: Agent;

  beforeAll(async () => {
    t = await buildTestApp();
    const companyId = await t.createCompany('Paging Co');
    const otherId = await t.createCompany('Other Co');
    const accounts = {
      system: await t.createUser('SYSTEM'),
      admin: await t.createUser('ADMIN', { companyId }),
      staff: await t.createUser('STAFF', { companyId: otherId }),
    };
    system = await t.signIn('SYSTEM', accounts.system.email, accounts.system.password);
    admin = await t.signIn('ADMIN', accounts.admin.email, accounts.admin.password);
    staff = await t.signIn('STAFF', accounts.staff.email, accounts.staff.password);
    for (let index = 1; index <= 14; index += 1) {
      expect((await admin.post('/api/ticket', { title: `Admin ticket ${index}`, description: 'd' })).statusCode).toBe(201);
    }
    for (let index = 1; index <= 3; index += 1) {
      expect((await staff.post('/api/ticket', { title: `Staff ticket ${index}`, description: 'd' })).statusCode).toBe(201);
    }
    // Spread creation times so "newest first" has one right answer.
    const rows = await t.app.ctx.db.select({ id: tickets.id, title: tickets.title }).from(tickets);
    for (const row of rows) {
      const number = Number(row.title.split(' ').pop());
      const offsetMinutes = row.title.startsWith('Admin') ? number : 100 + number;
      await t.app.ctx.db.update(tickets).set({ createdAt: new Date(Date.UTC(2025, 8, 8, 0, offsetMinutes)) }).where(eq(tickets.id, row.id));
    }
    const statuses = ['IN_PROGRESS', 'IN_PROGRESS', 'COMPLETED', 'CLOSED'];
    const adminTickets = (await admin.get('/api/ticket?limit=4')).json().data.tickets as { id: string }[];
    for (const [index, ticket] of adminTickets.entries()) {
      expect((await system.put(`/api/ticket/${ticket.id}/status`, { status: statuses[index] })).statusCode).toBe(200);
    }
  });
  afterAll(() => t.close());

  it("pages the caller's own tickets twelve at a time, newest first", async () => {
    const first = (await admin.get('/api/ticket')).json().data;
    expect(first.tickets).toHaveLength(12);
    expect(first.tickets[0].title).toBe('Admin ticket 14');
    expect(first.tickets[11].title).toBe('Admin ticket 3');
    expect(first.pagination).toEqual({ page: 1, limit: 12, total: 14, totalPages: 2, hasPrevPage: false, hasNextPage: true });
    const second = (await admin.get('/api/ticket?page=2')).json().data;
    expect(second.tickets.map((ticket: { title: string }) => ticket.title)).toEqual(['Admin ticket 2', 'Admin ticket 1']);
    expect(second.pagination).toEqual({ page: 2, limit: 12, total: 14, totalPages: 2, hasPrevPage: true, hasNextPage: false });
  });

  it('filters own tickets by status', async () => {
    const inProgress = (await admin.get('/api/ticket?status=IN_PROGRESS')).json().data;
    expect(inProgress.tickets.map((ticket: { title: string }) => ticket.title)).toEqual(['Admin ticket 14', 'Admin ticket 13']);
    expect(inProgress.pagination).toMatchObject({ total: 2, totalPages: 1 });
    expect((await staff.get('/api/ticket?status=CLOSED')).json().data.tickets).toEqual([]);
    expect((await admin.get('/api/ticket?status=SOLVED')).statusCode).toBe(400);
  });

  it('lists every ticket of every company for operators, twelve per page, newest first', async () => {
    const first = (await system.get('/api/ticket/all')).json().data;
    expect(first.pagination).toEqual({ page: 1, limit: 12, total: 17, totalPages: 2, hasPrevPage: false, hasNextPage: true });
    expect(first.tickets.slice(0, 3).map((ticket: { title: string; company_name: string }) => [ticket.title, ticket.company_name])).toEqual([
      ['Staff ticket 3', 'Other Co'],
      ['Staff ticket 2', 'Other Co'],
      ['Staff ticket 1', 'Other Co'],
    ]);
    const open = (await system.get('/api/ticket/all?status=OPEN&limit=100')).json().data;
    expect(open.pagination.total).toBe(13);
    expect(open.tickets.every((ticket: { status: string }) => ticket.status === 'OPEN')).toBe(true);
  });

  it('counts all tickets by status', async () => {
    const response = await system.get('/api/ticket/statistics');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: { statistics: { total_tickets: 17, open_tickets: 13, in_progress_tickets: 2, completed_tickets: 1, closed_tickets: 1 } },
    });
  });
});
