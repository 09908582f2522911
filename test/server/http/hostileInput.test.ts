import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { shiftWeek, toIsoDate, weekContaining, weekToIsoDates } from '@/common/week';
import { allOperations } from '@/server/app';
import { type ContractOperation, loadContract, readContractDocument } from '@/server/http/contract';
import { uploadFiles, uploads } from '@/server/db/schema';
import { processUpload } from '@/server/jobs/processUpload';
import { buildReviewPack } from '@/server/jobs/uploadViewerPack';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { multipart, type Part, payrollWorkbook, queuedPackJob, RecordingPublisher, XLSX_TYPE } from '../jobs/uploadHarness';

/**
 * Input the contract lets through must never reach the database as something it refuses. Every
 * path, query, body and form field of every operation, read from the contract, gets a NUL, a lone
 * surrogate, a `urn:uuid:` id, an out-of-range page or date, as its schema allows, in a request
 * that is otherwise valid (a caller it allows, ids of real records): each answers 400 naming the
 * field, and the request itself, sent as it is, succeeds. A new operation or field is covered as
 * soon as the contract has it; a new operation without a valid request here fails the first test.
 */

jest.setTimeout(120_000);

type Json = Record<string, unknown>;

/** A request an operation accepts: signed in as a caller it allows, with ids of real records. */
interface ValidRequest {
  as: Agent;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Json;
  /** `fileField`: the name of the file's part, `file` unless said (a match takes `files`). */
  form?: { fields: Record<string, string>; file: { filename: string; content: Buffer }; fileField?: string };
}

/** One hostile value in one field of an otherwise valid request, and the field the refusal must name. */
interface Variant {
  label: string;
  field: string;
  request: ValidRequest;
}

const contract = loadContract();
const document = readContractDocument() as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Json }> } }>> };

const week = weekToIsoDates(weekContaining(new Date()));
const weekBefore = (weeks: number) => toIsoDate(shiftWeek(weekContaining(new Date()), -weeks).start);

/** Values for the query parameters many operations share, when the operation's own request does not give one. */
const SHARED_QUERY: Record<string, string> = {
  page: '1',
  limit: '10',
  weekStart: week.weekStart,
  weekEnd: week.weekEnd,
  dateFrom: '2025-09-08',
  dateTo: toIsoDate(new Date()),
};

const NUL = '\u0000';
const LONE_SURROGATE = '\ud800';

function resolve(node: Json | undefined): Json | undefined {
  const ref = node?.$ref;
  return typeof ref === 'string' ? resolve(contract.schemaByName(ref.replace(/#$/, ''))) : node;
}

function propertiesOf(schema: Json | undefined): Record<string, Json> {
  return (resolve(schema)?.properties ?? {}) as Record<string, Json>;
}

/** The operation's multipart form, as the contract describes it (the validator never sees forms). */
function formOf(operation: ContractOperation): Json | undefined {
  return document.paths[operation.path][operation.method.toLowerCase()].requestBody?.content?.['multipart/form-data']?.schema;
}

/** The text fields of an operation's multipart form, not the file itself. */
function formFieldsOf(operation: ContractOperation): string[] {
  return Object.entries(propertiesOf(formOf(operation)))
    .filter(([, schema]) => schema.type === 'string' && schema.format !== 'binary')
    .map(([name]) => name);
}

function takesInput(operation: ContractOperation): boolean {
  const { params, querystring, body } = operation.schema;
  return Boolean(params || querystring || body || formOf(operation));
}

/**
 * Numbers past every integer's bounds: too large to store, too large to be finite (a query reads as
 * Infinity, which the validator's own bounds let through), or below the field's own minimum.
 */
const TOO_LARGE_TO_BE_FINITE = '9'.repeat(400);
const OUT_OF_RANGE = ['1e20', '99999999999', TOO_LARGE_TO_BE_FINITE, 'Infinity', '-1e400'];

function integersOutside(schema: Json): string[] {
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : 0;
  return [...new Set([...OUT_OF_RANGE, String(minimum - 1), '-1'])];
}

/** The hostile values for one field of the given schema; lone surrogates only where JSON can carry them. */
function hostileValues(schema: Json, base: string, inJson: boolean): { label: string; value: string | number }[] {
  const resolved = resolve(schema) ?? {};
  if (resolved.type === 'integer') return integersOutside(resolved).map((value) => ({ label: value, value: inJson ? Number(value) : value }));
  const values: { label: string; value: string | number }[] = [{ label: 'NUL', value: `${base}${NUL}` }];
  if (inJson) values.push({ label: 'lone surrogate', value: `${base}${LONE_SURROGATE}` });
  if (resolved.format === 'uuid') values.push({ label: 'urn:uuid:', value: `urn:uuid:${base}` });
  if (resolved.format === 'date') values.push({ label: '0000-01-01', value: '0000-01-01' }, { label: '9999-12-31', value: '9999-12-31' });
  return values;
}

/** Every hostile value of every field the contract gives the operation, each in the otherwise valid request. */
function variantsOf(operation: ContractOperation, valid: ValidRequest): Variant[] {
  const variants: Variant[] = [];
  for (const [name, schema] of Object.entries(propertiesOf(operation.schema.params))) {
    for (const { label, value } of hostileValues(schema, valid.params?.[name] ?? '', false)) {
      variants.push({ label: `path ${name}: ${label}`, field: name, request: { ...valid, params: { ...valid.params, [name]: String(value) } } });
    }
  }
  const query = queryOf(operation, valid);
  for (const [name, schema] of Object.entries(propertiesOf(operation.schema.querystring))) {
    for (const { label, value } of hostileValues(schema, query[name], false)) {
      variants.push({ label: `query ${name}: ${label}`, field: name, request: { ...valid, query: { ...query, [name]: String(value) } } });
    }
  }
  for (const [name, schema] of Object.entries(propertiesOf(operation.schema.body))) {
    const base = typeof valid.body?.[name] === 'string' ? (valid.body[name] as string) : 'x';
    for (const { label, value } of hostileValues(schema, base, true)) {
      variants.push({ label: `body ${name}: ${label}`, field: name, request: { ...valid, body: { ...valid.body, [name]: value } } });
    }
  }
  if (valid.form) {
    const { fields, file } = valid.form;
    for (const name of formFieldsOf(operation)) {
      const form = { ...valid.form, fields: { ...fields, [name]: `${fields[name] ?? 'x'}${NUL}` } };
      variants.push({ label: `form ${name}: NUL`, field: name, request: { ...valid, form } });
    }
    const form = { ...valid.form, file: { ...file, filename: `payroll${NUL}.xlsx` } };
    variants.push({ label: 'form file name: NUL', field: valid.form.fileField ?? 'file', request: { ...valid, form } });
  }
  return variants;
}

/** Every query parameter of the operation with its valid value: the operation's own, else the shared one. */
function queryOf(operation: ContractOperation, valid: ValidRequest): Record<string, string> {
  const names = Object.keys(propertiesOf(operation.schema.querystring));
  return Object.fromEntries(names.map((name) => [name, valid.query?.[name] ?? SHARED_QUERY[name]]));
}

function send(operation: ContractOperation, request: ValidRequest) {
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(request.params?.[name] ?? ''));
  const search = new URLSearchParams(queryOf(operation, request)).toString();
  const url = `/api${path}${search ? `?${search}` : ''}`;
  if (request.form) {
    const parts: Part[] = Object.entries(request.form.fields).map(([name, content]) => ({ name, content }));
    parts.push({ name: request.form.fileField ?? 'file', filename: request.form.file.filename, contentType: XLSX_TYPE, content: request.form.file.content });
    const { payload, headers } = multipart(parts);
    return request.as.request({ method: operation.method, url, payload, headers });
  }
  return request.as.request({ method: operation.method, url, ...(request.body ? { payload: request.body } : {}) });
}

/** An answer's JSON body; a file (an answer that should have been a refusal) reads as an empty one. */
function jsonOf(text: string): { success?: boolean; error?: string; errors?: { field: string }[] } {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

describe('input the contract refuses answers 400 naming the field, never 500', () => {
  let t: TestApp;
  let validRequests: Record<string, () => Promise<ValidRequest>>;

  beforeAll(async () => {
    t = await buildTestApp({}, { queue: true });
    const companyId = await t.createCompany('Acme Payroll');
    const accounts = { system: await t.createUser('SYSTEM'), admin: await t.createUser('ADMIN', { companyId }), staff: await t.createUser('STAFF', { companyId }) };
    const system = await t.signIn('SYSTEM', accounts.system.email, accounts.system.password);
    const admin = await t.signIn('ADMIN', accounts.admin.email, accounts.admin.password);
    const staff = await t.signIn('STAFF', accounts.staff.email, accounts.staff.password);
    const workbook = await payrollWorkbook({ sheets: 1, rowsPerSheet: 5 });

    /** Posts through the API and answers the new record's id (from `data.<key>.id`, or `data.processingId` for uploads). */
    async function created(agent: Agent, key: string, url: string, payload: unknown, headers?: Record<string, string>): Promise<string> {
      const response = await agent.post(url, payload, headers);
      if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      const { data } = response.json();
      return (key === 'processingId' ? data.processingId : data[key].id) as string;
    }
    const newClient = () => created(admin, 'client', '/api/client', { name: `Client ${randomUUID()}`, assigned_staff_id: accounts.staff.id });
    const newTicket = () => created(staff, 'ticket', '/api/ticket', { title: 'Cannot upload', description: 'The button does nothing' });
    const clientId = await newClient();
    const ticketId = await newTicket();

    // This week's upload awaits review, with all three versions; last week's was rejected.
    const reviewed = await created(staff, 'processingId', '/api/staff/upload-required-document', ...uploadForm({ clientId }, workbook));
    await t.database.db.update(uploads).set({ status: 'SCRUBBED' }).where(eq(uploads.id, reviewed));
    for (const kind of ['consolidated', 'scrubbed'] as const) {
      await t.database.db.insert(uploadFiles).values({ uploadId: reviewed, kind, filename: `${kind}.xlsx`, storageKey: randomUUID(), sizeBytes: 1, checksum: 'x' });
    }
    const rejected = await created(staff, 'processingId', '/api/staff/upload-required-document', ...uploadForm({ clientId, weekStart: weekBefore(1) }, workbook));
    await t.database.db.update(uploads).set({ status: 'SCRUBBED', approvalStatus: 'REJECTED' }).where(eq(uploads.id, rejected));
    // An upload processed for real, so its viewer holds its rows.
    const viewed = await created(staff, 'processingId', '/api/staff/upload-required-document', ...uploadForm({ clientId, weekStart: weekBefore(3) }, workbook));
    const jobDeps = { db: t.database.db, queue: t.queue!, storage: t.app.ctx.storage, publisher: new RecordingPublisher(), log: { error: jest.fn() } };
    await processUpload(jobDeps, { id: 'job', data: { uploadId: viewed }, expireInSeconds: 120 });
    await buildReviewPack(jobDeps, await queuedPackJob(t.database.db, viewed));
    const window = { version: 'scrubbed', sheet: '0', offset: '0', limit: '10', filter: 'all' };
    const cell = { version: 'scrubbed', sheet: '0', row: '0', column: '0' };
    const { headers, payload } = multipart([{ name: 'file', filename: 'Acme.xlsx', contentType: XLSX_TYPE, content: workbook }]);
    const consolidatedFileId = await created(system, 'file', `/api/system/consolidated-files/${companyId}`, payload, headers);
    const file = { filename: 'Week payroll.xlsx', content: workbook };

    validRequests = {
      loginSystem: async () => ({ as: t.agent(), body: { email: accounts.system.email, password: accounts.system.password } }),
      loginAdmin: async () => ({ as: t.agent(), body: { email: accounts.admin.email, password: accounts.admin.password } }),
      loginStaff: async () => ({ as: t.agent(), body: { email: accounts.staff.email, password: accounts.staff.password } }),
      changeOwnPassword: async () => {
        const own = await t.createUser('STAFF', { companyId });
        return { as: await t.signIn('STAFF', own.email, own.password), body: { currentPassword: own.password, newPassword: `changed-${randomUUID()}` } };
      },
      listCompanies: async () => ({ as: system, query: { search: 'Acme' } }),
      createCompany: async () => ({ as: system, body: { name: 'Initech' } }),
      getCompany: async () => ({ as: system, params: { id: companyId } }),
      updateCompany: async () => ({ as: system, params: { id: companyId }, body: { name: 'Acme Payroll Ltd' } }),
      deleteCompany: async () => ({ as: system, params: { id: await t.createCompany() } }),
      listCompanyAdmins: async () => ({ as: system, params: { companyId } }),
      createCompanyAdmin: async () => ({ as: system, params: { companyId }, body: { name: 'Ann Admin', email: 'ann@example.com', password: 'secret-pass' } }),
      deleteCompanyAdmin: async () => ({ as: system, params: { companyId, adminId: (await t.createUser('ADMIN', { companyId })).id } }),
      resetCompanyAdminPassword: async () => ({
        as: system,
        params: { companyId, adminId: (await t.createUser('ADMIN', { companyId })).id },
        body: { newPassword: 'a-new-long-secret-pass' },
      }),
      listConsolidatedFiles: async () => ({ as: system, query: { companyId } }),
      uploadConsolidatedFile: async () => ({ as: system, params: { companyId }, form: { fields: {}, file } }),
      getConsolidatedFileContent: async () => ({ as: system, params: { id: consolidatedFileId } }),
      getConsolidatedFileViewer: async () => ({ as: system, params: { id: consolidatedFileId } }),
      getConsolidatedFileViewerRows: async () => ({ as: system, params: { id: consolidatedFileId }, query: { ...window, version: 'consolidated' } }),
      getCompanyUpload: async () => ({ as: admin, params: { uploadId: viewed } }),
      getCompanyUploadViewer: async () => ({ as: admin, params: { uploadId: viewed } }),
      getCompanyUploadViewerRows: async () => ({ as: admin, params: { uploadId: viewed }, query: window }),
      getCompanyUploadViewerLineage: async () => ({ as: admin, params: { uploadId: viewed }, query: cell }),
      getStaffUploadViewer: async () => ({ as: staff, params: { uploadId: viewed } }),
      getStaffUploadViewerRows: async () => ({ as: staff, params: { uploadId: viewed }, query: window }),
      getStaffUploadViewerLineage: async () => ({ as: staff, params: { uploadId: viewed }, query: cell }),
      listAuditLog: async () => ({ as: system, query: { companyId, actor: accounts.admin.id, action: 'client.update', entityType: 'client', dateFrom: '2025-09-08' } }),
      getAuditLogOptions: async () => ({ as: system, query: { companyId } }),
      exportAuditLog: async () => ({ as: system, query: { companyId, actor: accounts.admin.id, action: 'client.update', entityType: 'client', dateTo: '2099-12-31' } }),
      listCompanyAuditLog: async () => ({ as: admin, query: { actor: accounts.admin.id, action: 'client.update', entityType: 'client', dateFrom: '2025-09-08' } }),
      exportCompanyAuditLog: async () => ({ as: admin, query: { actor: accounts.admin.id, action: 'client.update', entityType: 'client', dateTo: '2099-12-31' } }),
      listCompanyStaff: async () => ({ as: admin, query: { search: 'staff' } }),
      createCompanyStaff: async () => ({ as: admin, body: { name: 'Sid Staff', email: 'sid@example.com', password: 'secret-pass' } }),
      deleteCompanyStaff: async () => ({ as: admin, params: { id: (await t.createUser('STAFF', { companyId })).id } }),
      resetCompanyStaffPassword: async () => ({ as: admin, params: { id: (await t.createUser('STAFF', { companyId })).id }, body: { newPassword: 'a-new-long-secret-pass' } }),
      getCompanyWeeklyStats: async () => ({ as: admin }),
      listCompanyFileUploads: async () => ({ as: admin, query: { status: 'PENDING' } }),
      listCompanyWeeklyDocuments: async () => ({ as: admin, query: { clientId, filter: 'all', sort: 'week_over_week_warnings' } }),
      reviewWeeklyDocument: async () => ({
        as: admin,
        params: { fileProcessingId: reviewed },
        body: { approval_status: 'APPROVED', raw_notes: 'Fine', consolidated_notes: 'Fine', scrubbed_notes: 'Fine' },
      }),
      fixUploadMapping: async () => {
        const awaiting = await created(staff, 'processingId', '/api/staff/upload-required-document', ...uploadForm({ clientId: await newClient() }, workbook));
        await t.database.db.update(uploads).set({ status: 'SCRUBBED', reviewReadyAt: new Date() }).where(eq(uploads.id, awaiting));
        return { as: admin, params: { uploadId: awaiting }, body: { sheet: 'Payroll', header: 'OT Hrs', column: 'Overtime Hours' } };
      },
      downloadCompanyUpload: async () => ({ as: admin, params: { uploadId: reviewed }, query: { type: 'raw' } }),
      bulkDownloadCompanyUploads: async () => ({ as: admin, query: { fileType: 'raw' } }),
      listClients: async () => ({ as: admin, query: { status: 'ACTIVE', assigned_staff_id: accounts.staff.id, search: 'Acme' } }),
      getClient: async () => ({ as: admin, params: { id: clientId } }),
      createClient: async () => ({ as: admin, body: { name: 'Globex', assigned_staff_id: accounts.staff.id, status: 'ACTIVE' } }),
      updateClient: async () => ({ as: admin, params: { id: clientId }, body: { name: 'Acme Bakery', assigned_staff_id: accounts.staff.id, status: 'ACTIVE' } }),
      deleteClient: async () => ({ as: admin, params: { id: await newClient() } }),
      listStaffClients: async () => ({ as: staff, query: { status: 'ACTIVE', search: 'Acme' } }),
      getStaffClient: async () => ({ as: staff, params: { id: clientId } }),
      listStaffClientUploads: async () => ({ as: staff, params: { id: clientId } }),
      listStaffWeeklyDocuments: async () => ({ as: staff, query: { clientId, filter: 'all' } }),
      getStaffWeeklyDocumentsSummary: async () => ({ as: staff, query: { clientId } }),
      listStaffUploads: async () => ({ as: staff }),
      getStaffUploadReview: async () => ({ as: staff, params: { id: reviewed } }),
      getStaffWeeklyStats: async () => ({ as: staff }),
      uploadRequiredDocument: async () => ({ as: staff, form: { fields: { clientId, weekStart: weekBefore(2) }, file } }),
      reuploadRequiredDocument: async () => ({ as: staff, params: { fileProcessingId: rejected }, form: { fields: {}, file } }),
      matchStaffWeeklyUploads: async () => ({ as: staff, form: { fields: { weekStart: weekBefore(2) }, file, fileField: 'files' } }),
      matchCompanyWeeklyUploads: async () => ({ as: admin, form: { fields: { weekStart: weekBefore(2) }, file, fileField: 'files' } }),
      downloadStaffUpload: async () => ({ as: staff, params: { uploadId: reviewed }, query: { type: 'raw' } }),
      listMyTickets: async () => ({ as: staff, query: { status: 'OPEN' } }),
      createTicket: async () => ({ as: staff, body: { title: 'Payroll question', description: 'Which week is this?' } }),
      listAllTickets: async () => ({ as: system, query: { status: 'OPEN' } }),
      getTicket: async () => ({ as: staff, params: { id: ticketId } }),
      deleteTicket: async () => ({ as: system, params: { id: await newTicket() } }),
      updateTicketStatus: async () => ({ as: system, params: { id: ticketId }, body: { status: 'IN_PROGRESS' } }),
      addTicketComment: async () => ({ as: staff, params: { id: ticketId }, body: { comment: 'Any news?' } }),
    };
  });
  afterAll(() => t.close());

  function uploadForm(fields: Record<string, string>, workbook: Buffer): [Buffer, Record<string, string>] {
    const parts: Part[] = Object.entries(fields).map(([name, content]) => ({ name, content }));
    const { payload, headers } = multipart([...parts, { name: 'file', filename: 'Week payroll.xlsx', contentType: XLSX_TYPE, content: workbook }]);
    return [payload, headers];
  }

  const operationsWithInput = contract.operations.filter((operation) => operation.operationId in allOperations && takesInput(operation));

  it('has a valid request for every operation that takes input', () => {
    expect(operationsWithInput.filter((operation) => !(operation.operationId in validRequests)).map((operation) => operation.operationId)).toEqual([]);
  });

  it.each(operationsWithInput.map((operation) => [operation.operationId, operation] as const))(
    '%s: each hostile value answers 400 naming its field, and the request without it succeeds',
    async (_id, operation) => {
      const valid = await validRequests[operation.operationId]();
      expect(Object.values(queryOf(operation, valid)).filter((value) => value === undefined)).toEqual([]);
      const variants = variantsOf(operation, valid);
      const answers = [];
      for (const variant of variants) {
        const response = await send(operation, variant.request);
        const body = jsonOf(response.body);
        answers.push({ variant: variant.label, status: response.statusCode, success: body.success, field: body.errors?.[0]?.field, error: body.error });
      }
      expect(answers).toEqual(variants.map((variant) => ({ variant: variant.label, status: 400, success: false, field: variant.field, error: 'VALIDATION_ERROR' })));

      const response = await send(operation, valid);
      expect(response.statusCode < 300 ? 'succeeded' : response.body).toBe('succeeded');
    },
  );

  const pagedLists = operationsWithInput.filter((operation) => 'page' in propertiesOf(operation.schema.querystring));

  it('finds the paged lists in the contract', () => {
    expect(pagedLists.length).toBeGreaterThanOrEqual(10);
  });

  it.each(pagedLists.map((operation) => [operation.operationId, operation] as const))(
    '%s: a page or limit of 400 digits answers 400 in words, not 500',
    async (_id, operation) => {
      const valid = await validRequests[operation.operationId]();
      const query = queryOf(operation, valid);
      const fields = ['page', 'limit'].filter((field) => field in query);
      const answers = [];
      for (const field of fields) {
        const response = await send(operation, { ...valid, query: { ...query, [field]: TOO_LARGE_TO_BE_FINITE } });
        answers.push({ field, status: response.statusCode, body: response.json() });
      }
      const inWords = (field: string) => expect.stringMatching(new RegExp(`^${field} must be a whole number from 1 to \\d+\\.$`));
      expect(answers).toEqual(
        fields.map((field) => ({
          field,
          status: 400,
          body: { success: false, message: inWords(field), error: 'VALIDATION_ERROR', errors: [{ field, message: inWords(field) }] },
        })),
      );
    },
  );

  const operationById = (id: string) => contract.operations.find((operation) => operation.operationId === id) as ContractOperation;

  it.each<[string, (valid: ValidRequest) => ValidRequest, string, string]>([
    ['createTicket', (valid) => ({ ...valid, body: { ...valid.body, title: `Payroll${NUL}` } }), 'title', 'title contains characters that are not allowed.'],
    ['addTicketComment', (valid) => ({ ...valid, body: { comment: `Any news${LONE_SURROGATE}` } }), 'comment', 'comment contains characters that are not allowed.'],
    ['listCompanyStaff', (valid) => ({ ...valid, query: { ...valid.query, search: `Sam${NUL}` } }), 'search', 'search contains characters that are not allowed.'],
    ['listClients', (valid) => ({ ...valid, query: { ...valid.query, page: '1e20' } }), 'page', 'page must be a whole number from 1 to 100000.'],
    ['listAllTickets', (valid) => ({ ...valid, query: { ...valid.query, limit: '1e400' } }), 'limit', 'limit must be a whole number from 1 to 100.'],
    [
      'listCompanyFileUploads',
      (valid) => ({ ...valid, query: { ...valid.query, dateTo: '9999-12-31' } }),
      'dateTo',
      'dateTo must be a date (YYYY-MM-DD) from 2000-01-01 to 2099-12-31.',
    ],
    ['getTicket', (valid) => ({ ...valid, params: { id: `urn:uuid:${valid.params?.id}` } }), 'id', 'id must be an id such as 3f2b8c1e-5d4a-4b6e-9c7d-0a1b2c3d4e5f.'],
    [
      'uploadRequiredDocument',
      (valid) => ({ ...valid, form: { fields: { clientId: `${valid.form?.fields.clientId}${NUL}` }, file: valid.form!.file } }),
      'clientId',
      'clientId contains characters that are not allowed.',
    ],
    [
      'reuploadRequiredDocument',
      (valid) => ({ ...valid, form: { fields: {}, file: { ...valid.form!.file, filename: `Week${NUL}.xlsx` } } }),
      'file',
      'The file name contains characters that are not allowed.',
    ],
  ])('%s: the refusal names the field in words', async (id, hostile, field, message) => {
    const response = await send(operationById(id), hostile(await validRequests[id]()));
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 400,
      body: { success: false, message, error: 'VALIDATION_ERROR', errors: [{ field, message }] },
    });
  });

  it('keeps what is allowed: a character outside the basic plane, the first and last dates, the last page', async () => {
    const ticket = await validRequests.createTicket();
    const created = await send(operationById('createTicket'), { ...ticket, body: { title: 'Payroll \u{1F600}', description: 'Thanks' } });
    expect({ status: created.statusCode, title: created.json().data?.ticket.title }).toEqual({ status: 201, title: 'Payroll \u{1F600}' });
    const fileUploads = await validRequests.listCompanyFileUploads();
    const anyDay = await send(operationById('listCompanyFileUploads'), { ...fileUploads, query: { ...fileUploads.query, dateFrom: '2000-01-01', dateTo: '2099-12-31' } });
    expect(anyDay.statusCode).toBe(200);
    const clients = await validRequests.listClients();
    const lastPage = await send(operationById('listClients'), { ...clients, query: { ...clients.query, page: '100000', limit: '100' } });
    expect({ status: lastPage.statusCode, page: lastPage.json().data?.pagination.page }).toEqual({ status: 200, page: 100000 });
  });
});
