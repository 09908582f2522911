/**
 * The world the wall matrix runs in (two companies, each with an admin, a staff member with an
 * assigned client, a colleague without it, an upload, a ticket and a consolidated file) and, for
 * every operation of the contract, how a caller calls it with that world's real ids.
 */
import { randomUUID } from 'node:crypto';
import type { Role } from '@/server/db/schema';
import type { OperationId } from '@/server/http/operations';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { multipart, type Part, payrollWorkbook, uploadDocument, XLSX_TYPE } from '../jobs/uploadHarness';
import { type TestClient, weeklyFixtures } from '../routes/staff.weeklyFixtures';

/** Who calls, as seen from the company whose records are asked for (the target). */
export const ACTORS = ['anonymous', 'system', 'admin', 'staff', 'colleague', 'foreignAdmin', 'foreignStaff'] as const;
export type Actor = (typeof ACTORS)[number];

export interface Account {
  id: string;
  role: Role;
  email: string;
  password: string;
  /** Signed in once, for the whole matrix. */
  agent: Agent;
}

/** One company and the records only its own people may reach. */
export interface Side {
  name: string;
  companyId: string;
  /** The week of its upload; the two companies upload for different weeks. */
  week: string;
  admin: Account;
  /** Staff member the client is assigned to. */
  staff: Account;
  /** Staff member of the same company without the client. */
  colleague: Account;
  client: TestClient;
  upload: { id: string; jobId: string };
  /** Raised by the staff member. */
  ticketId: string;
  consolidatedFileId: string;
}

export interface MatrixWorld {
  t: TestApp;
  system: Account;
  sides: [Side, Side];
  workbook: Buffer;
  fixtures: ReturnType<typeof weeklyFixtures>;
}

export interface Caller {
  actor: Actor;
  /** Absent for the anonymous caller. */
  account?: Account;
  agent: Agent;
}

/** What one call sends, besides the operation's method and path: the rest is the contract's. */
export interface CallPlan {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  form?: Part[];
  /** A session of its own, for calls that end or rotate the caller's session or open a new one. */
  agent?: Agent;
}

type PlanCall = (world: MatrixWorld, target: Side, caller: Caller) => CallPlan | Promise<CallPlan>;

async function account(t: TestApp, role: Role, companyId: string | null): Promise<Account> {
  const user = await t.createUser(role, { companyId });
  return { ...user, role, agent: await t.signIn(role, user.email, user.password) };
}

/** The app (with its job queue, so uploads are accepted) and both companies, seeded through the API where it can be. */
export async function seedWorld(): Promise<MatrixWorld> {
  const t = await buildTestApp({}, { queue: true });
  const world = {
    t,
    system: await account(t, 'SYSTEM', null),
    workbook: await payrollWorkbook({ sheets: 1, rowsPerSheet: 10 }),
    fixtures: weeklyFixtures(t),
  };
  const sides: [Side, Side] = [await seedSide(world, 'Acme Payroll', '2025-09-08'), await seedSide(world, 'Globex Wages', '2025-09-15')];
  return { ...world, sides };
}

async function seedSide(world: Omit<MatrixWorld, 'sides'>, name: string, week: string): Promise<Side> {
  const { t, system } = world;
  const companyId = await t.createCompany(name);
  const [admin, staff, colleague] = [await account(t, 'ADMIN', companyId), await account(t, 'STAFF', companyId), await account(t, 'STAFF', companyId)];
  const client = await world.fixtures.client(admin.agent, `${name} client`, staff.id);
  const uploaded = await uploadDocument(staff.agent, { clientId: client.id, weekStart: week }, { filename: 'payroll.xlsx', content: world.workbook });
  const ticket = await staff.agent.post('/api/ticket', { title: `${name} ticket`, description: 'Our payroll will not upload' });
  const form = multipart(workbookPart(world.workbook));
  const consolidated = await system.agent.post(`/api/system/consolidated-files/${companyId}`, form.payload, form.headers);
  for (const response of [uploaded, ticket, consolidated]) {
    if (response.statusCode >= 300) throw new Error(`seeding ${name} failed: ${response.statusCode} ${response.body}`);
  }
  return {
    name,
    companyId,
    week,
    admin,
    staff,
    colleague,
    client,
    upload: { id: uploaded.json().data.processingId, jobId: uploaded.json().data.jobId },
    ticketId: ticket.json().data.ticket.id,
    consolidatedFileId: consolidated.json().data.file.id,
  };
}

/** Who calls, as seen from the target: its own people, the other company's, an operator and nobody. */
export function callersOf(world: MatrixWorld, target: Side, other: Side): Caller[] {
  const accounts: Record<Actor, Account | undefined> = {
    anonymous: undefined,
    system: world.system,
    admin: target.admin,
    staff: target.staff,
    colleague: target.colleague,
    foreignAdmin: other.admin,
    foreignStaff: other.staff,
  };
  return ACTORS.map((actor) => ({ actor, account: accounts[actor], agent: accounts[actor]?.agent ?? world.t.agent() }));
}

/**
 * The values of the target's records a caller must never read: another company's people see none
 * of the target's, a colleague none of the assigned staff member's client, upload and ticket.
 */
export function secretsFor(target: Side, actor: Actor): Record<string, string> {
  const assignedStaffOnly = {
    'client id': target.client.id,
    'client name': target.client.name,
    'upload id': target.upload.id,
    'job id': target.upload.jobId,
    'ticket id': target.ticketId,
  };
  if (actor === 'colleague') return assignedStaffOnly;
  if (actor !== 'foreignAdmin' && actor !== 'foreignStaff') return {};
  return {
    ...assignedStaffOnly,
    'company id': target.companyId,
    'company name': target.name,
    'admin id': target.admin.id,
    'staff id': target.staff.id,
    'colleague id': target.colleague.id,
    'consolidated file id': target.consolidatedFileId,
  };
}

function workbookPart(workbook: Buffer): Part[] {
  return [{ name: 'file', filename: 'payroll.xlsx', contentType: XLSX_TYPE, content: workbook }];
}

/** A week's files to match: the world's workbook, under a name that says nothing of its client. */
function matchFilesPart(workbook: Buffer): Part[] {
  return [{ name: 'files', filename: 'payroll.xlsx', contentType: XLSX_TYPE, content: workbook }];
}

/** The caller's own credentials (an unknown email for the anonymous caller), from a browser without a session. */
function signInAs(world: MatrixWorld, _target: Side, caller: Caller): CallPlan {
  const credentials = caller.account ? { email: caller.account.email, password: caller.account.password } : { email: `nobody-${randomUUID()}@example.com`, password: 'secret-pass' };
  return { body: credentials, agent: world.t.agent() };
}

/** A second session of the caller's own, so ending or rotating it leaves the matrix's session alone. */
async function ownSession(world: MatrixWorld, _target: Side, caller: Caller): Promise<CallPlan> {
  const { account: signedIn } = caller;
  return { agent: signedIn ? await world.t.signIn(signedIn.role, signedIn.email, signedIn.password) : world.t.agent() };
}

/**
 * The caller changes their own password (anyone signed in may): from then on the matrix signs in
 * with the new one. The caller's own session stays, so the matrix goes on with it.
 */
function changeOwnPassword(_world: MatrixWorld, _target: Side, caller: Caller): CallPlan {
  const { account: signedIn } = caller;
  if (!signedIn) return { body: { currentPassword: 'secret-pass', newPassword: `changed-${randomUUID()}` } };
  const body = { currentPassword: signedIn.password, newPassword: `changed-${randomUUID()}` };
  signedIn.password = body.newPassword;
  return { body };
}

/** Lists are asked for their largest page, so a record that leaked would be on it, however many calls came before. */
const WHOLE_PAGE = { limit: '100' };

const unique = (what: string) => `${what} ${randomUUID().slice(0, 8)}`;
const newAccount = (what: string) => ({ name: unique(what), email: `${randomUUID()}@example.com`, password: 'a-long-secret-pass' });

/** Records a successful call would destroy or change for good: each call gets its own. */
const fresh = {
  client: (world: MatrixWorld, target: Side) => world.fixtures.client(target.admin.agent, unique('Client'), target.staff.id),
  async upload(world: MatrixWorld, target: Side, week: string, fields: { status: 'SCRUBBED'; approvalStatus?: 'REJECTED'; reviewReadyAt?: Date }) {
    const client = await fresh.client(world, target);
    return world.fixtures.upload(client, { id: target.staff.id, name: 'Staff' }, week, `${week}T09:00:00Z`, fields);
  },
  async ticket(target: Side) {
    const response = await target.staff.agent.post('/api/ticket', { title: unique('Ticket'), description: 'Please help' });
    return response.json().data.ticket.id as string;
  },
};

/** How each operation is called, with the target's ids wherever it takes one. */
export const CALLS: Record<OperationId, PlanCall> = {
  getHealth: () => ({}),
  getReady: () => ({}),

  loginSystem: signInAs,
  loginAdmin: signInAs,
  loginStaff: signInAs,
  refreshSession: ownSession,
  logout: ownSession,
  changeOwnPassword,
  getMe: () => ({}),

  listCompanies: () => ({ query: WHOLE_PAGE }),
  createCompany: () => ({ body: { name: unique('Company') } }),
  getCompany: (_world, target) => ({ params: { id: target.companyId } }),
  updateCompany: async (world) => ({ params: { id: await world.t.createCompany() }, body: { name: unique('Renamed') } }),
  deleteCompany: async (world) => ({ params: { id: await world.t.createCompany() } }),
  listCompanyAdmins: (_world, target) => ({ params: { companyId: target.companyId }, query: WHOLE_PAGE }),
  createCompanyAdmin: (_world, target) => ({ params: { companyId: target.companyId }, body: newAccount('Admin') }),
  deleteCompanyAdmin: async (world, target) => ({
    params: { companyId: target.companyId, adminId: (await world.t.createUser('ADMIN', { companyId: target.companyId })).id },
  }),
  resetCompanyAdminPassword: async (world, target) => ({
    params: { companyId: target.companyId, adminId: (await world.t.createUser('ADMIN', { companyId: target.companyId })).id },
    body: { newPassword: 'a-new-long-secret-pass' },
  }),
  listConsolidatedFiles: (_world, target) => ({ query: { ...WHOLE_PAGE, companyId: target.companyId } }),
  uploadConsolidatedFile: (world, target) => ({ params: { companyId: target.companyId }, form: workbookPart(world.workbook) }),
  getConsolidatedFileContent: (_world, target) => ({ params: { id: target.consolidatedFileId } }),
  getConsolidatedFileViewer: (_world, target) => ({ params: { id: target.consolidatedFileId } }),
  getConsolidatedFileViewerRows: (_world, target) => ({ params: { id: target.consolidatedFileId }, query: { version: 'consolidated', sheet: '0' } }),
  listAuditLog: (_world, target) => ({ query: { companyId: target.companyId } }),
  getAuditLogOptions: (_world, target) => ({ query: { companyId: target.companyId } }),
  exportAuditLog: (_world, target) => ({ query: { companyId: target.companyId } }),

  getCurrentCompany: () => ({}),
  getCompanyStorage: () => ({}),
  listCompanyStaff: () => ({ query: WHOLE_PAGE }),
  createCompanyStaff: () => ({ body: newAccount('Staff') }),
  deleteCompanyStaff: async (world, target) => ({ params: { id: (await world.t.createUser('STAFF', { companyId: target.companyId })).id } }),
  resetCompanyStaffPassword: async (world, target) => ({
    params: { id: (await world.t.createUser('STAFF', { companyId: target.companyId })).id },
    body: { newPassword: 'a-new-long-secret-pass' },
  }),
  getCompanyWeeklyStats: (_world, target) => ({ query: { weekStart: target.week } }),
  listCompanyFileUploads: () => ({ query: WHOLE_PAGE }),
  listCompanyWeeklyDocuments: (_world, target) => ({ query: { ...WHOLE_PAGE, clientId: target.client.id, weekStart: target.week } }),
  reviewWeeklyDocument: async (world, target) => ({
    params: { fileProcessingId: await fresh.upload(world, target, '2025-09-29', { status: 'SCRUBBED' }) },
    body: { approval_status: 'APPROVED' },
  }),
  getCompanyUpload: (_world, target) => ({ params: { uploadId: target.upload.id } }),
  matchCompanyWeeklyUploads: (world) => ({ form: matchFilesPart(world.workbook) }),
  fixUploadMapping: async (world, target) => ({
    // processed, its viewer prepared: awaiting review, so a fix may run it again
    params: { uploadId: await fresh.upload(world, target, '2025-09-29', { status: 'SCRUBBED', reviewReadyAt: new Date() }) },
    body: { sheet: null, header: 'OT Hrs', column: 'Overtime Hours' },
  }),
  downloadCompanyUpload: (_world, target) => ({ params: { uploadId: target.upload.id }, query: { type: 'raw' } }),
  getCompanyUploadViewer: (_world, target) => ({ params: { uploadId: target.upload.id } }),
  getCompanyUploadViewerRows: (_world, target) => ({ params: { uploadId: target.upload.id }, query: { version: 'raw', sheet: '0' } }),
  getCompanyUploadViewerLineage: (_world, target) => ({ params: { uploadId: target.upload.id }, query: { version: 'scrubbed', sheet: '0', row: '0', column: '0' } }),
  bulkDownloadCompanyUploads: (_world, target) => ({ query: { fileType: 'raw', weekStart: target.week } }),
  // The company comes from the session: the call names none, and the target's admin sees its rows.
  listCompanyAuditLog: () => ({ query: { entityType: 'client' } }),
  getCompanyAuditLogOptions: () => ({}),
  exportCompanyAuditLog: () => ({ query: { entityType: 'client' } }),

  listClients: (_world, target) => ({ query: { ...WHOLE_PAGE, assigned_staff_id: target.staff.id } }),
  getClient: (_world, target) => ({ params: { id: target.client.id } }),
  createClient: (_world, target) => ({ body: { name: unique('Client'), assigned_staff_id: target.staff.id } }),
  updateClient: (_world, target) => ({ params: { id: target.client.id }, body: { status: 'ACTIVE' } }),
  deleteClient: async (world, target) => ({ params: { id: (await fresh.client(world, target)).id } }),

  listStaffClients: () => ({ query: WHOLE_PAGE }),
  getStaffClient: (_world, target) => ({ params: { id: target.client.id } }),
  listStaffClientUploads: (_world, target) => ({ params: { id: target.client.id }, query: WHOLE_PAGE }),
  listStaffWeeklyDocuments: (_world, target) => ({ query: { ...WHOLE_PAGE, clientId: target.client.id, weekStart: target.week } }),
  getStaffWeeklyDocumentsSummary: (_world, target) => ({ query: { clientId: target.client.id, weekStart: target.week } }),
  listStaffUploads: () => ({ query: WHOLE_PAGE }),
  getStaffUploadReview: (_world, target) => ({ params: { id: target.upload.id } }),
  getStaffWeeklyStats: (_world, target) => ({ query: { weekStart: target.week } }),
  matchStaffWeeklyUploads: (world) => ({ form: matchFilesPart(world.workbook) }),
  uploadRequiredDocument: async (world, target) => ({
    form: [{ name: 'clientId', content: (await fresh.client(world, target)).id }, ...workbookPart(world.workbook)],
  }),
  reuploadRequiredDocument: async (world, target) => ({
    params: { fileProcessingId: await fresh.upload(world, target, '2025-09-22', { status: 'SCRUBBED', approvalStatus: 'REJECTED' }) },
    form: workbookPart(world.workbook),
  }),
  downloadStaffUpload: (_world, target) => ({ params: { uploadId: target.upload.id }, query: { type: 'raw' } }),
  getStaffUploadViewer: (_world, target) => ({ params: { uploadId: target.upload.id } }),
  getStaffUploadViewerRows: (_world, target) => ({ params: { uploadId: target.upload.id }, query: { version: 'raw', sheet: '0' } }),
  getStaffUploadViewerLineage: (_world, target) => ({ params: { uploadId: target.upload.id }, query: { version: 'scrubbed', sheet: '0', row: '0', column: '0' } }),

  listMyTickets: () => ({ query: WHOLE_PAGE }),
  createTicket: () => ({ body: { title: unique('Ticket'), description: 'Please help' } }),
  listAllTickets: () => ({ query: WHOLE_PAGE }),
  getTicketStatistics: () => ({}),
  getTicket: (_world, target) => ({ params: { id: target.ticketId } }),
  deleteTicket: async (_world, target) => ({ params: { id: await fresh.ticket(target) } }),
  updateTicketStatus: (_world, target) => ({ params: { id: target.ticketId }, body: { status: 'IN_PROGRESS' } }),
  addTicketComment: (_world, target) => ({ params: { id: target.ticketId }, body: { comment: 'Any news?' } }),
};
