import { type CacheKind, cacheFreshnessSeconds, cacheLifetimeSeconds } from '@/common/limits';
import { generatedApi } from './generated';

/**
 * The generated endpoints with what the contract cannot say: cache tags with ids (so a write
 * refetches exactly the reads it changes) and how long unused entries stay (spec section 9).
 */
export const tagTypes = [
  'Me',
  'Company',
  'CompanyAdmin',
  'ConsolidatedFile',
  'CurrentCompany',
  'CompanyStaff',
  'Client',
  'StaffClient',
  'WeeklyDocument',
  'WeeklyStats',
  'Upload',
  'UploadReview',
  'UploadViewer',
  'Ticket',
  'TicketStatistics',
] as const;

const LIST = 'LIST';

function listTags<T extends (typeof tagTypes)[number]>(type: T, items: { id: string }[] | undefined) {
  return [{ type, id: LIST }, ...(items ?? []).map(({ id }) => ({ type, id }))];
}

/** Everything that counts uploads, so an upload or review refetches them all. */
export const uploadViews = [
  { type: 'WeeklyDocument', id: LIST },
  { type: 'WeeklyStats', id: LIST },
  { type: 'Upload', id: LIST },
] as const;

type TagType = (typeof tagTypes)[number];
type Tag = TagType | { type: TagType; id: string };

/** Whether a write failed because what it names is gone (deleted by someone else meanwhile). */
function isGone(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404;
}

/**
 * Tags a write changes, invalidated only when it succeeded: a refused write changed nothing. A write
 * refused because its row is gone ('Company not found') invalidates `gone` instead, so the list that
 * still shows the row refetches and the stale row disappears.
 */
function onSuccess<Arg>(tags: (arg: Arg) => Tag[], gone?: (arg: Arg) => Tag[]) {
  return (_result: unknown, error: unknown, arg: Arg): Tag[] => {
    if (!error) return tags(arg);
    return gone && isGone(error) ? gone(arg) : [];
  };
}

/**
 * The cache settings of a kind of read (spec section 9): how long an unused entry is kept, and how
 * long data stays fresh. A screen that mounts, or asks with new arguments, after the freshness
 * window refetches instead of showing what it cached; within the window the cache answers.
 */
function cached(kind: CacheKind) {
  const freshMs = cacheFreshnessSeconds(kind) * 1000;
  return {
    keepUnusedDataFor: cacheLifetimeSeconds(kind),
    forceRefetch: ({ endpointState }: { endpointState?: { fulfilledTimeStamp?: number } }) =>
      endpointState?.fulfilledTimeStamp !== undefined && Date.now() - endpointState.fulfilledTimeStamp >= freshMs,
  };
}

/** A multipart body with the file in the field `file`, under its own name. */
function fileForm(file: Blob): FormData {
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'upload');
  return form;
}

/** A match request's body: the week, then each file as a `files` part under its own name. */
function matchForm(body: { weekStart?: string; files: Blob[] }): FormData {
  const form = new FormData();
  if (body.weekStart) form.append('weekStart', body.weekStart);
  for (const file of body.files) form.append('files', file, file instanceof File ? file.name : 'upload');
  return form;
}

/** Reads of files are fetched on demand and never kept. */
const noCache = { providesTags: [], keepUnusedDataFor: 0 } as const;

export const api = generatedApi.enhanceEndpoints({
  addTagTypes: tagTypes,
  endpoints: {
    loginSystem: { invalidatesTags: ['Me'] },
    loginAdmin: { invalidatesTags: ['Me'] },
    loginStaff: { invalidatesTags: ['Me'] },
    refreshSession: { invalidatesTags: [] },
    logout: { invalidatesTags: [] },
    // A new password changes nothing any screen reads.
    changeOwnPassword: { invalidatesTags: [] },
    getMe: { providesTags: ['Me'], ...cached('userProfile') },

    listCompanies: {
      providesTags: (result) => listTags('Company', result?.data.companies),
      ...cached('companies'),
    },
    getCompany: {
      providesTags: (_result, _error, { id }) => [{ type: 'Company', id }],
      ...cached('companies'),
    },
    createCompany: { invalidatesTags: onSuccess(() => [{ type: 'Company', id: LIST }]) },
    updateCompany: {
      invalidatesTags: onSuccess(
        ({ id }) => [{ type: 'Company', id }, { type: 'Company', id: LIST }, { type: 'ConsolidatedFile', id: LIST }],
        () => [{ type: 'Company', id: LIST }],
      ),
    },
    deleteCompany: {
      invalidatesTags: onSuccess(
        ({ id }) => [{ type: 'Company', id }, { type: 'Company', id: LIST }, { type: 'ConsolidatedFile', id: LIST }],
        () => [{ type: 'Company', id: LIST }],
      ),
    },
    listCompanyAdmins: {
      providesTags: (_result, _error, { companyId }) => [{ type: 'CompanyAdmin', id: companyId }],
      ...cached('companyAdmins'),
    },
    // A reset changes nothing a list shows; one refused because the admin is gone refreshes the list.
    resetCompanyAdminPassword: { invalidatesTags: onSuccess(() => [], ({ companyId }) => [{ type: 'CompanyAdmin', id: companyId }]) },
    createCompanyAdmin: { invalidatesTags: onSuccess(({ companyId }) => [{ type: 'CompanyAdmin', id: companyId }, { type: 'Company', id: companyId }]) },
    deleteCompanyAdmin: {
      invalidatesTags: onSuccess(
        ({ companyId }) => [{ type: 'CompanyAdmin', id: companyId }],
        ({ companyId }) => [{ type: 'CompanyAdmin', id: companyId }, { type: 'Company', id: companyId }],
      ),
    },
    listConsolidatedFiles: {
      providesTags: [{ type: 'ConsolidatedFile', id: LIST }],
      ...cached('consolidatedFiles'),
    },
    uploadConsolidatedFile: {
      // The contract's body is multipart: the file goes as the form field `file`.
      query: ({ companyId, body }) => ({ url: `/system/consolidated-files/${companyId}`, method: 'POST', body: fileForm(body.file) }),
      invalidatesTags: onSuccess(() => [{ type: 'ConsolidatedFile', id: LIST }]),
    },
    getConsolidatedFileContent: noCache,
    // The audit log is only read here; its freshness window keeps it close to the changes it lists.
    listAuditLog: { providesTags: [], ...cached('auditLog') },
    getAuditLogOptions: { providesTags: [], ...cached('auditLog') },
    exportAuditLog: noCache,
    // The viewer keeps the windows of rows it needs itself, and forgets those far from view.
    getConsolidatedFileViewerRows: noCache,

    getCurrentCompany: { providesTags: ['CurrentCompany'], ...cached('currentCompany') },
    // stored files change with every upload and its processing, as the upload lists do
    getCompanyStorage: { providesTags: [{ type: 'Upload', id: LIST }], ...cached('companyStorage') },
    listCompanyStaff: {
      providesTags: (result) => listTags('CompanyStaff', result?.data.staff),
      ...cached('companyStaff'),
    },
    resetCompanyStaffPassword: { invalidatesTags: onSuccess(() => [], () => [{ type: 'CompanyStaff', id: LIST }, 'CurrentCompany']) },
    createCompanyStaff: { invalidatesTags: onSuccess(() => [{ type: 'CompanyStaff', id: LIST }, 'CurrentCompany']) },
    deleteCompanyStaff: {
      invalidatesTags: onSuccess(
        ({ id }) => [{ type: 'CompanyStaff', id }, { type: 'CompanyStaff', id: LIST }, 'CurrentCompany', { type: 'Client', id: LIST }],
        () => [{ type: 'CompanyStaff', id: LIST }, 'CurrentCompany'],
      ),
    },
    getCompanyWeeklyStats: { providesTags: [{ type: 'WeeklyStats', id: LIST }], ...cached('weeklyStats') },
    listCompanyFileUploads: { providesTags: [{ type: 'Upload', id: LIST }], ...cached('companyFileUploads') },
    listCompanyWeeklyDocuments: {
      providesTags: [{ type: 'WeeklyDocument', id: LIST }],
      ...cached('weeklyDocuments'),
    },
    reviewWeeklyDocument: {
      invalidatesTags: onSuccess(
        ({ fileProcessingId }) => [...uploadViews, { type: 'UploadReview', id: fileProcessingId }],
        () => [...uploadViews],
      ),
    },
    // The upload of an opened row (the review dialog): a decision, a new stage or the end of its processing refetches it.
    getCompanyUpload: {
      providesTags: (_result, _error, { uploadId }) => [{ type: 'UploadReview', id: uploadId }],
      ...cached('uploadReview'),
    },
    // A mapping fix processes the upload again: its viewer (being prepared anew) and the lists change.
    fixUploadMapping: { invalidatesTags: onSuccess(({ uploadId }) => [...uploadViews, { type: 'UploadReview', id: uploadId }, { type: 'UploadViewer', id: uploadId }]) },
    downloadCompanyUpload: noCache,
    getCompanyUploadViewer: { providesTags: (_result, _error, { uploadId }) => [{ type: 'UploadViewer', id: uploadId }] },
    getCompanyUploadViewerRows: noCache,
    bulkDownloadCompanyUploads: noCache,
    listCompanyAuditLog: { providesTags: [], ...cached('auditLog') },
    getCompanyAuditLogOptions: { providesTags: [], ...cached('auditLog') },
    exportCompanyAuditLog: noCache,

    listClients: {
      providesTags: (result) => listTags('Client', result?.data.clients),
      ...cached('clients'),
    },
    getClient: {
      providesTags: (_result, _error, { id }) => [{ type: 'Client', id }],
      ...cached('clientDetail'),
    },
    createClient: { invalidatesTags: onSuccess(() => [{ type: 'Client', id: LIST }, 'CurrentCompany', ...uploadViews]) },
    updateClient: {
      invalidatesTags: onSuccess(
        ({ id }) => [
          { type: 'Client', id },
          { type: 'Client', id: LIST },
          { type: 'StaffClient', id },
          { type: 'StaffClient', id: LIST },
          'CurrentCompany',
          ...uploadViews,
        ],
        ({ id }) => [{ type: 'Client', id: LIST }, { type: 'StaffClient', id }, { type: 'StaffClient', id: LIST }],
      ),
    },
    deleteClient: {
      invalidatesTags: onSuccess(
        ({ id }) => [{ type: 'Client', id }, { type: 'Client', id: LIST }, 'CurrentCompany', ...uploadViews],
        () => [{ type: 'Client', id: LIST }, 'CurrentCompany'],
      ),
    },

    listStaffClients: {
      providesTags: (result) => listTags('StaffClient', result?.data.clients),
      ...cached('staffClients'),
    },
    getStaffClient: {
      providesTags: (_result, _error, { id }) => [{ type: 'StaffClient', id }],
      ...cached('clientDetail'),
    },
    listStaffClientUploads: {
      providesTags: (_result, _error, { id }) => [{ type: 'StaffClient', id }, { type: 'Upload', id: LIST }],
      ...cached('staffUploads'),
    },
    listStaffWeeklyDocuments: {
      providesTags: [{ type: 'WeeklyDocument', id: LIST }],
      ...cached('weeklyDocuments'),
    },
    getStaffWeeklyDocumentsSummary: {
      providesTags: [{ type: 'WeeklyDocument', id: LIST }],
      ...cached('weeklySummary'),
    },
    listStaffUploads: { providesTags: [{ type: 'Upload', id: LIST }], ...cached('staffUploads') },
    getStaffUploadReview: {
      providesTags: (_result, _error, { id }) => [{ type: 'UploadReview', id }],
      ...cached('uploadReview'),
    },
    getStaffWeeklyStats: { providesTags: [{ type: 'WeeklyStats', id: LIST }], ...cached('weeklyStats') },
    uploadRequiredDocument: {
      // Multipart, with the client and week before the file: the server reads them before the file streams in.
      query: ({ body }) => {
        const form = new FormData();
        form.append('clientId', body.clientId);
        if (body.weekStart) form.append('weekStart', body.weekStart);
        if (body.matchSuggestion) form.append('matchSuggestion', body.matchSuggestion);
        form.append('file', body.file, body.file instanceof File ? body.file.name : 'upload');
        return { url: '/staff/upload-required-document', method: 'POST', body: form };
      },
      invalidatesTags: onSuccess(() => [...uploadViews]),
    },
    // A week's files to match: the week first, then every file as a `files` part. It changes nothing.
    matchStaffWeeklyUploads: { query: ({ body }) => ({ url: '/staff/weekly-uploads/match', method: 'POST', body: matchForm(body) }), invalidatesTags: [] },
    matchCompanyWeeklyUploads: { query: ({ body }) => ({ url: '/company/weekly-uploads/match', method: 'POST', body: matchForm(body) }), invalidatesTags: [] },
    reuploadRequiredDocument: {
      query: ({ fileProcessingId, body }) => ({ url: `/staff/reupload-required-document/${fileProcessingId}`, method: 'POST', body: fileForm(body.file) }),
      invalidatesTags: onSuccess(({ fileProcessingId }) => [...uploadViews, { type: 'UploadReview', id: fileProcessingId }]),
    },
    downloadStaffUpload: noCache,
    getStaffUploadViewerRows: noCache,

    listMyTickets: {
      providesTags: (result) => listTags('Ticket', result?.data.tickets),
      ...cached('tickets'),
    },
    listAllTickets: {
      providesTags: (result) => listTags('Ticket', result?.data.tickets),
      ...cached('tickets'),
    },
    getTicketStatistics: { providesTags: ['TicketStatistics'], ...cached('ticketStatistics') },
    getTicket: {
      providesTags: (_result, _error, { id }) => [{ type: 'Ticket', id }],
      ...cached('ticketDetail'),
    },
    createTicket: { invalidatesTags: onSuccess(() => [{ type: 'Ticket', id: LIST }, 'TicketStatistics']) },
    updateTicketStatus: {
      invalidatesTags: onSuccess(
        ({ id }) => [{ type: 'Ticket', id }, { type: 'Ticket', id: LIST }, 'TicketStatistics'],
        ({ id }) => [{ type: 'Ticket', id }, { type: 'Ticket', id: LIST }, 'TicketStatistics'],
      ),
    },
    // The deleted ticket's own entry is left to expire: refetching it could only answer 404.
    deleteTicket: {
      invalidatesTags: onSuccess(
        () => [{ type: 'Ticket', id: LIST }, 'TicketStatistics'],
        () => [{ type: 'Ticket', id: LIST }, 'TicketStatistics'],
      ),
    },
    addTicketComment: { invalidatesTags: onSuccess(({ id }) => [{ type: 'Ticket', id }], ({ id }) => [{ type: 'Ticket', id }, { type: 'Ticket', id: LIST }]) },
  },
});
