import { cacheLifetimeSeconds } from '@/common/limits';
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
  'Ticket',
  'TicketStatistics',
] as const;

const LIST = 'LIST';

function listTags<T extends (typeof tagTypes)[number]>(type: T, items: { id: string }[] | undefined) {
  return [{ type, id: LIST }, ...(items ?? []).map(({ id }) => ({ type, id }))];
}

/** Everything that counts uploads, so an upload or review refetches them all. */
const uploadViews = [
  { type: 'WeeklyDocument', id: LIST },
  { type: 'WeeklyStats', id: LIST },
  { type: 'Upload', id: LIST },
] as const;

type TagType = (typeof tagTypes)[number];
type Tag = TagType | { type: TagType; id: string };

/** Tags a write changes, invalidated only when it succeeded: a refused write changed nothing. */
function onSuccess<Arg>(tags: (arg: Arg) => Tag[]) {
  return (_result: unknown, error: unknown, arg: Arg): Tag[] => (error ? [] : tags(arg));
}

/** A multipart body with the file in the field `file`, under its own name. */
function fileForm(file: Blob): FormData {
  const form = new FormData();
  form.append('file', file, file instanceof File ? file.name : 'upload');
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
    getMe: { providesTags: ['Me'], keepUnusedDataFor: cacheLifetimeSeconds('userProfile') },

    listCompanies: {
      providesTags: (result) => listTags('Company', result?.data.companies),
      keepUnusedDataFor: cacheLifetimeSeconds('companies'),
    },
    getCompany: {
      providesTags: (_result, _error, { id }) => [{ type: 'Company', id }],
      keepUnusedDataFor: cacheLifetimeSeconds('companies'),
    },
    createCompany: { invalidatesTags: onSuccess(() => [{ type: 'Company', id: LIST }]) },
    updateCompany: {
      invalidatesTags: onSuccess(({ id }) => [{ type: 'Company', id }, { type: 'Company', id: LIST }, { type: 'ConsolidatedFile', id: LIST }]),
    },
    deleteCompany: {
      invalidatesTags: onSuccess(({ id }) => [{ type: 'Company', id }, { type: 'Company', id: LIST }, { type: 'ConsolidatedFile', id: LIST }]),
    },
    listCompanyAdmins: {
      providesTags: (_result, _error, { id }) => [{ type: 'CompanyAdmin', id }],
      keepUnusedDataFor: cacheLifetimeSeconds('companyAdmins'),
    },
    createCompanyAdmin: { invalidatesTags: onSuccess(({ companyId }) => [{ type: 'CompanyAdmin', id: companyId }]) },
    deleteCompanyAdmin: { invalidatesTags: onSuccess(({ companyId }) => [{ type: 'CompanyAdmin', id: companyId }]) },
    listConsolidatedFiles: {
      providesTags: [{ type: 'ConsolidatedFile', id: LIST }],
      keepUnusedDataFor: cacheLifetimeSeconds('consolidatedFiles'),
    },
    uploadConsolidatedFile: {
      // The contract's body is multipart: the file goes as the form field `file`.
      query: ({ companyId, body }) => ({ url: `/system/consolidated-files/${companyId}`, method: 'POST', body: fileForm(body.file) }),
      invalidatesTags: onSuccess(() => [{ type: 'ConsolidatedFile', id: LIST }]),
    },
    getConsolidatedFileContent: noCache,

    getCurrentCompany: { providesTags: ['CurrentCompany'], keepUnusedDataFor: cacheLifetimeSeconds('currentCompany') },
    listCompanyStaff: {
      providesTags: (result) => listTags('CompanyStaff', result?.data.staff),
      keepUnusedDataFor: cacheLifetimeSeconds('companyStaff'),
    },
    createCompanyStaff: { invalidatesTags: [{ type: 'CompanyStaff', id: LIST }, 'CurrentCompany'] },
    deleteCompanyStaff: {
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'CompanyStaff', id },
        { type: 'CompanyStaff', id: LIST },
        'CurrentCompany',
        { type: 'Client', id: LIST },
      ],
    },
    getCompanyWeeklyStats: { providesTags: [{ type: 'WeeklyStats', id: LIST }], keepUnusedDataFor: cacheLifetimeSeconds('weeklyStats') },
    listCompanyFileUploads: { providesTags: [{ type: 'Upload', id: LIST }], keepUnusedDataFor: cacheLifetimeSeconds('companyFileUploads') },
    listCompanyWeeklyDocuments: {
      providesTags: [{ type: 'WeeklyDocument', id: LIST }],
      keepUnusedDataFor: cacheLifetimeSeconds('weeklyDocuments'),
    },
    reviewWeeklyDocument: {
      invalidatesTags: (_result, _error, { fileProcessingId }) => [...uploadViews, { type: 'UploadReview', id: fileProcessingId }],
    },
    downloadCompanyUpload: noCache,
    bulkDownloadCompanyUploads: noCache,

    listClients: {
      providesTags: (result) => listTags('Client', result?.data.clients),
      keepUnusedDataFor: cacheLifetimeSeconds('clients'),
    },
    createClient: { invalidatesTags: [{ type: 'Client', id: LIST }, 'CurrentCompany', ...uploadViews] },
    updateClient: {
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Client', id },
        { type: 'Client', id: LIST },
        { type: 'StaffClient', id },
        { type: 'StaffClient', id: LIST },
        'CurrentCompany',
        ...uploadViews,
      ],
    },
    deleteClient: {
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Client', id }, { type: 'Client', id: LIST }, 'CurrentCompany', ...uploadViews],
    },

    listStaffClients: {
      providesTags: (result) => listTags('StaffClient', result?.data.clients),
      keepUnusedDataFor: cacheLifetimeSeconds('staffClients'),
    },
    getStaffClient: {
      providesTags: (_result, _error, { id }) => [{ type: 'StaffClient', id }],
      keepUnusedDataFor: cacheLifetimeSeconds('clientDetail'),
    },
    listStaffWeeklyDocuments: {
      providesTags: [{ type: 'WeeklyDocument', id: LIST }],
      keepUnusedDataFor: cacheLifetimeSeconds('weeklyDocuments'),
    },
    getStaffWeeklyDocumentsSummary: {
      providesTags: [{ type: 'WeeklyDocument', id: LIST }],
      keepUnusedDataFor: cacheLifetimeSeconds('weeklySummary'),
    },
    listStaffUploads: { providesTags: [{ type: 'Upload', id: LIST }], keepUnusedDataFor: cacheLifetimeSeconds('staffUploads') },
    getStaffUploadReview: {
      providesTags: (_result, _error, { id }) => [{ type: 'UploadReview', id }],
      keepUnusedDataFor: cacheLifetimeSeconds('uploadReview'),
    },
    getStaffWeeklyStats: { providesTags: [{ type: 'WeeklyStats', id: LIST }], keepUnusedDataFor: cacheLifetimeSeconds('weeklyStats') },
    uploadRequiredDocument: { invalidatesTags: [...uploadViews] },
    reuploadRequiredDocument: {
      invalidatesTags: (_result, _error, { fileProcessingId }) => [...uploadViews, { type: 'UploadReview', id: fileProcessingId }],
    },
    downloadStaffUpload: noCache,

    listMyTickets: {
      providesTags: (result) => listTags('Ticket', result?.data.tickets),
      keepUnusedDataFor: cacheLifetimeSeconds('tickets'),
    },
    listAllTickets: {
      providesTags: (result) => listTags('Ticket', result?.data.tickets),
      keepUnusedDataFor: cacheLifetimeSeconds('tickets'),
    },
    getTicketStatistics: { providesTags: ['TicketStatistics'], keepUnusedDataFor: cacheLifetimeSeconds('ticketStatistics') },
    getTicket: {
      providesTags: (_result, _error, { id }) => [{ type: 'Ticket', id }],
      keepUnusedDataFor: cacheLifetimeSeconds('ticketDetail'),
    },
    createTicket: { invalidatesTags: onSuccess(() => [{ type: 'Ticket', id: LIST }, 'TicketStatistics']) },
    updateTicketStatus: {
      invalidatesTags: onSuccess(({ id }) => [{ type: 'Ticket', id }, { type: 'Ticket', id: LIST }, 'TicketStatistics']),
    },
    // The deleted ticket's own entry is left to expire: refetching it could only answer 404.
    deleteTicket: { invalidatesTags: onSuccess(() => [{ type: 'Ticket', id: LIST }, 'TicketStatistics']) },
    addTicketComment: { invalidatesTags: onSuccess(({ id }) => [{ type: 'Ticket', id }]) },
  },
});
