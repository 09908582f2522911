/* Generated from openapi/openapi.yaml by `npm run generate:api`. Do not edit. */
import { emptyApi as api } from "./emptyApi";
export const addTagTypes = [
  "Health",
  "Auth",
  "System",
  "Company",
  "Client",
  "Staff",
  "Ticket",
] as const;
const injectedRtkApi = api
  .enhanceEndpoints({
    addTagTypes,
  })
  .injectEndpoints({
    endpoints: (build) => ({
      getHealth: build.query<GetHealthApiResponse, GetHealthApiArg>({
        query: () => ({ url: `/health` }),
        providesTags: ["Health"],
      }),
      getReady: build.query<GetReadyApiResponse, GetReadyApiArg>({
        query: () => ({ url: `/ready` }),
        providesTags: ["Health"],
      }),
      loginSystem: build.mutation<LoginSystemApiResponse, LoginSystemApiArg>({
        query: (queryArg) => ({
          url: `/auth/system`,
          method: "POST",
          body: queryArg.loginInput,
        }),
        invalidatesTags: ["Auth"],
      }),
      loginAdmin: build.mutation<LoginAdminApiResponse, LoginAdminApiArg>({
        query: (queryArg) => ({
          url: `/auth/admin`,
          method: "POST",
          body: queryArg.loginInput,
        }),
        invalidatesTags: ["Auth"],
      }),
      loginStaff: build.mutation<LoginStaffApiResponse, LoginStaffApiArg>({
        query: (queryArg) => ({
          url: `/auth/staff`,
          method: "POST",
          body: queryArg.loginInput,
        }),
        invalidatesTags: ["Auth"],
      }),
      refreshSession: build.mutation<
        RefreshSessionApiResponse,
        RefreshSessionApiArg
      >({
        query: () => ({ url: `/auth/refresh`, method: "POST" }),
        invalidatesTags: ["Auth"],
      }),
      logout: build.mutation<LogoutApiResponse, LogoutApiArg>({
        query: () => ({ url: `/auth/logout`, method: "POST" }),
        invalidatesTags: ["Auth"],
      }),
      getMe: build.query<GetMeApiResponse, GetMeApiArg>({
        query: () => ({ url: `/auth/me` }),
        providesTags: ["Auth"],
      }),
      changeOwnPassword: build.mutation<
        ChangeOwnPasswordApiResponse,
        ChangeOwnPasswordApiArg
      >({
        query: (queryArg) => ({
          url: `/auth/password`,
          method: "POST",
          body: queryArg.passwordChangeInput,
        }),
        invalidatesTags: ["Auth"],
      }),
      listCompanies: build.query<ListCompaniesApiResponse, ListCompaniesApiArg>(
        {
          query: (queryArg) => ({
            url: `/system/companies`,
            params: {
              page: queryArg.page,
              limit: queryArg.limit,
              search: queryArg.search,
            },
          }),
          providesTags: ["System"],
        },
      ),
      createCompany: build.mutation<
        CreateCompanyApiResponse,
        CreateCompanyApiArg
      >({
        query: (queryArg) => ({
          url: `/system/companies`,
          method: "POST",
          body: queryArg.companyInput,
        }),
        invalidatesTags: ["System"],
      }),
      getCompany: build.query<GetCompanyApiResponse, GetCompanyApiArg>({
        query: (queryArg) => ({ url: `/system/companies/${queryArg.id}` }),
        providesTags: ["System"],
      }),
      updateCompany: build.mutation<
        UpdateCompanyApiResponse,
        UpdateCompanyApiArg
      >({
        query: (queryArg) => ({
          url: `/system/companies/${queryArg.id}`,
          method: "PATCH",
          body: queryArg.companyInput,
        }),
        invalidatesTags: ["System"],
      }),
      deleteCompany: build.mutation<
        DeleteCompanyApiResponse,
        DeleteCompanyApiArg
      >({
        query: (queryArg) => ({
          url: `/system/companies/${queryArg.id}`,
          method: "DELETE",
        }),
        invalidatesTags: ["System"],
      }),
      listCompanyAdmins: build.query<
        ListCompanyAdminsApiResponse,
        ListCompanyAdminsApiArg
      >({
        query: (queryArg) => ({
          url: `/system/companies/${queryArg.companyId}/admins`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
          },
        }),
        providesTags: ["System"],
      }),
      createCompanyAdmin: build.mutation<
        CreateCompanyAdminApiResponse,
        CreateCompanyAdminApiArg
      >({
        query: (queryArg) => ({
          url: `/system/companies/${queryArg.companyId}/admins`,
          method: "POST",
          body: queryArg.adminInput,
        }),
        invalidatesTags: ["System"],
      }),
      deleteCompanyAdmin: build.mutation<
        DeleteCompanyAdminApiResponse,
        DeleteCompanyAdminApiArg
      >({
        query: (queryArg) => ({
          url: `/system/companies/${queryArg.companyId}/admins/${queryArg.adminId}`,
          method: "DELETE",
        }),
        invalidatesTags: ["System"],
      }),
      resetCompanyAdminPassword: build.mutation<
        ResetCompanyAdminPasswordApiResponse,
        ResetCompanyAdminPasswordApiArg
      >({
        query: (queryArg) => ({
          url: `/system/companies/${queryArg.companyId}/admins/${queryArg.adminId}/password`,
          method: "POST",
          body: queryArg.passwordResetInput,
        }),
        invalidatesTags: ["System"],
      }),
      listConsolidatedFiles: build.query<
        ListConsolidatedFilesApiResponse,
        ListConsolidatedFilesApiArg
      >({
        query: (queryArg) => ({
          url: `/system/consolidated-files`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            companyId: queryArg.companyId,
            dateFrom: queryArg.dateFrom,
            dateTo: queryArg.dateTo,
          },
        }),
        providesTags: ["System"],
      }),
      uploadConsolidatedFile: build.mutation<
        UploadConsolidatedFileApiResponse,
        UploadConsolidatedFileApiArg
      >({
        query: (queryArg) => ({
          url: `/system/consolidated-files/${queryArg.companyId}`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["System"],
      }),
      getConsolidatedFileContent: build.query<
        GetConsolidatedFileContentApiResponse,
        GetConsolidatedFileContentApiArg
      >({
        query: (queryArg) => ({
          url: `/system/consolidated-files/${queryArg.id}/content`,
        }),
        providesTags: ["System"],
      }),
      getConsolidatedFileViewer: build.query<
        GetConsolidatedFileViewerApiResponse,
        GetConsolidatedFileViewerApiArg
      >({
        query: (queryArg) => ({
          url: `/system/consolidated-files/${queryArg.id}/viewer`,
        }),
        providesTags: ["System"],
      }),
      getConsolidatedFileViewerRows: build.query<
        GetConsolidatedFileViewerRowsApiResponse,
        GetConsolidatedFileViewerRowsApiArg
      >({
        query: (queryArg) => ({
          url: `/system/consolidated-files/${queryArg.id}/viewer/rows`,
          params: {
            version: queryArg.version,
            sheet: queryArg.sheet,
            offset: queryArg.offset,
            limit: queryArg.limit,
            filter: queryArg.filter,
          },
        }),
        providesTags: ["System"],
      }),
      listAuditLog: build.query<ListAuditLogApiResponse, ListAuditLogApiArg>({
        query: (queryArg) => ({
          url: `/system/audit`,
          params: {
            page: queryArg.page,
            companyId: queryArg.companyId,
            actor: queryArg.actor,
            action: queryArg.action,
            entityType: queryArg.entityType,
            dateFrom: queryArg.dateFrom,
            dateTo: queryArg.dateTo,
          },
        }),
        providesTags: ["System"],
      }),
      getAuditLogOptions: build.query<
        GetAuditLogOptionsApiResponse,
        GetAuditLogOptionsApiArg
      >({
        query: (queryArg) => ({
          url: `/system/audit/options`,
          params: {
            companyId: queryArg.companyId,
          },
        }),
        providesTags: ["System"],
      }),
      exportAuditLog: build.query<
        ExportAuditLogApiResponse,
        ExportAuditLogApiArg
      >({
        query: (queryArg) => ({
          url: `/system/audit/export`,
          params: {
            companyId: queryArg.companyId,
            actor: queryArg.actor,
            action: queryArg.action,
            entityType: queryArg.entityType,
            dateFrom: queryArg.dateFrom,
            dateTo: queryArg.dateTo,
          },
        }),
        providesTags: ["System"],
      }),
      getCurrentCompany: build.query<
        GetCurrentCompanyApiResponse,
        GetCurrentCompanyApiArg
      >({
        query: () => ({ url: `/company/current` }),
        providesTags: ["Company"],
      }),
      getCompanyStorage: build.query<
        GetCompanyStorageApiResponse,
        GetCompanyStorageApiArg
      >({
        query: () => ({ url: `/company/storage` }),
        providesTags: ["Company"],
      }),
      listCompanyStaff: build.query<
        ListCompanyStaffApiResponse,
        ListCompanyStaffApiArg
      >({
        query: (queryArg) => ({
          url: `/company/staff`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            search: queryArg.search,
          },
        }),
        providesTags: ["Company"],
      }),
      createCompanyStaff: build.mutation<
        CreateCompanyStaffApiResponse,
        CreateCompanyStaffApiArg
      >({
        query: (queryArg) => ({
          url: `/company/staff`,
          method: "POST",
          body: queryArg.staffInput,
        }),
        invalidatesTags: ["Company"],
      }),
      deleteCompanyStaff: build.mutation<
        DeleteCompanyStaffApiResponse,
        DeleteCompanyStaffApiArg
      >({
        query: (queryArg) => ({
          url: `/company/staff/${queryArg.id}`,
          method: "DELETE",
        }),
        invalidatesTags: ["Company"],
      }),
      resetCompanyStaffPassword: build.mutation<
        ResetCompanyStaffPasswordApiResponse,
        ResetCompanyStaffPasswordApiArg
      >({
        query: (queryArg) => ({
          url: `/company/staff/${queryArg.id}/password`,
          method: "POST",
          body: queryArg.passwordResetInput,
        }),
        invalidatesTags: ["Company"],
      }),
      getCompanyWeeklyStats: build.query<
        GetCompanyWeeklyStatsApiResponse,
        GetCompanyWeeklyStatsApiArg
      >({
        query: (queryArg) => ({
          url: `/company/weekly-stats`,
          params: {
            weekStart: queryArg.weekStart,
            weekEnd: queryArg.weekEnd,
          },
        }),
        providesTags: ["Company"],
      }),
      listCompanyFileUploads: build.query<
        ListCompanyFileUploadsApiResponse,
        ListCompanyFileUploadsApiArg
      >({
        query: (queryArg) => ({
          url: `/company/file-uploads`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            status: queryArg.status,
            dateFrom: queryArg.dateFrom,
            dateTo: queryArg.dateTo,
          },
        }),
        providesTags: ["Company"],
      }),
      matchCompanyWeeklyUploads: build.mutation<
        MatchCompanyWeeklyUploadsApiResponse,
        MatchCompanyWeeklyUploadsApiArg
      >({
        query: (queryArg) => ({
          url: `/company/weekly-uploads/match`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["Company"],
      }),
      listCompanyWeeklyDocuments: build.query<
        ListCompanyWeeklyDocumentsApiResponse,
        ListCompanyWeeklyDocumentsApiArg
      >({
        query: (queryArg) => ({
          url: `/company/weekly-documents`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            clientId: queryArg.clientId,
            weekStart: queryArg.weekStart,
            weekEnd: queryArg.weekEnd,
            filter: queryArg.filter,
            sort: queryArg.sort,
          },
        }),
        providesTags: ["Company"],
      }),
      reviewWeeklyDocument: build.mutation<
        ReviewWeeklyDocumentApiResponse,
        ReviewWeeklyDocumentApiArg
      >({
        query: (queryArg) => ({
          url: `/company/weekly-documents/${queryArg.fileProcessingId}/review`,
          method: "POST",
          body: queryArg.reviewInput,
        }),
        invalidatesTags: ["Company"],
      }),
      getCompanyUpload: build.query<
        GetCompanyUploadApiResponse,
        GetCompanyUploadApiArg
      >({
        query: (queryArg) => ({ url: `/company/uploads/${queryArg.uploadId}` }),
        providesTags: ["Company"],
      }),
      fixUploadMapping: build.mutation<
        FixUploadMappingApiResponse,
        FixUploadMappingApiArg
      >({
        query: (queryArg) => ({
          url: `/company/uploads/${queryArg.uploadId}/mapping-fixes`,
          method: "POST",
          body: queryArg.mappingFixInput,
        }),
        invalidatesTags: ["Company"],
      }),
      downloadCompanyUpload: build.query<
        DownloadCompanyUploadApiResponse,
        DownloadCompanyUploadApiArg
      >({
        query: (queryArg) => ({
          url: `/company/download/${queryArg.uploadId}`,
          params: {
            type: queryArg["type"],
          },
        }),
        providesTags: ["Company"],
      }),
      getCompanyUploadViewer: build.query<
        GetCompanyUploadViewerApiResponse,
        GetCompanyUploadViewerApiArg
      >({
        query: (queryArg) => ({
          url: `/company/uploads/${queryArg.uploadId}/viewer`,
        }),
        providesTags: ["Company"],
      }),
      getCompanyUploadViewerRows: build.query<
        GetCompanyUploadViewerRowsApiResponse,
        GetCompanyUploadViewerRowsApiArg
      >({
        query: (queryArg) => ({
          url: `/company/uploads/${queryArg.uploadId}/viewer/rows`,
          params: {
            version: queryArg.version,
            sheet: queryArg.sheet,
            offset: queryArg.offset,
            limit: queryArg.limit,
            filter: queryArg.filter,
          },
        }),
        providesTags: ["Company"],
      }),
      getCompanyUploadViewerLineage: build.query<
        GetCompanyUploadViewerLineageApiResponse,
        GetCompanyUploadViewerLineageApiArg
      >({
        query: (queryArg) => ({
          url: `/company/uploads/${queryArg.uploadId}/viewer/lineage`,
          params: {
            version: queryArg.version,
            sheet: queryArg.sheet,
            row: queryArg.row,
            column: queryArg.column,
          },
        }),
        providesTags: ["Company"],
      }),
      bulkDownloadCompanyUploads: build.query<
        BulkDownloadCompanyUploadsApiResponse,
        BulkDownloadCompanyUploadsApiArg
      >({
        query: (queryArg) => ({
          url: `/company/bulk-download`,
          params: {
            fileType: queryArg.fileType,
            weekStart: queryArg.weekStart,
            weekEnd: queryArg.weekEnd,
          },
        }),
        providesTags: ["Company"],
      }),
      listCompanyAuditLog: build.query<
        ListCompanyAuditLogApiResponse,
        ListCompanyAuditLogApiArg
      >({
        query: (queryArg) => ({
          url: `/company/audit`,
          params: {
            page: queryArg.page,
            actor: queryArg.actor,
            action: queryArg.action,
            entityType: queryArg.entityType,
            dateFrom: queryArg.dateFrom,
            dateTo: queryArg.dateTo,
          },
        }),
        providesTags: ["Company"],
      }),
      getCompanyAuditLogOptions: build.query<
        GetCompanyAuditLogOptionsApiResponse,
        GetCompanyAuditLogOptionsApiArg
      >({
        query: () => ({ url: `/company/audit/options` }),
        providesTags: ["Company"],
      }),
      exportCompanyAuditLog: build.query<
        ExportCompanyAuditLogApiResponse,
        ExportCompanyAuditLogApiArg
      >({
        query: (queryArg) => ({
          url: `/company/audit/export`,
          params: {
            actor: queryArg.actor,
            action: queryArg.action,
            entityType: queryArg.entityType,
            dateFrom: queryArg.dateFrom,
            dateTo: queryArg.dateTo,
          },
        }),
        providesTags: ["Company"],
      }),
      listClients: build.query<ListClientsApiResponse, ListClientsApiArg>({
        query: (queryArg) => ({
          url: `/client`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            status: queryArg.status,
            assigned_staff_id: queryArg.assignedStaffId,
            search: queryArg.search,
          },
        }),
        providesTags: ["Client"],
      }),
      createClient: build.mutation<CreateClientApiResponse, CreateClientApiArg>(
        {
          query: (queryArg) => ({
            url: `/client`,
            method: "POST",
            body: queryArg.clientInput,
          }),
          invalidatesTags: ["Client"],
        },
      ),
      getClient: build.query<GetClientApiResponse, GetClientApiArg>({
        query: (queryArg) => ({ url: `/client/${queryArg.id}` }),
        providesTags: ["Client"],
      }),
      updateClient: build.mutation<UpdateClientApiResponse, UpdateClientApiArg>(
        {
          query: (queryArg) => ({
            url: `/client/${queryArg.id}`,
            method: "PUT",
            body: queryArg.clientUpdate,
          }),
          invalidatesTags: ["Client"],
        },
      ),
      deleteClient: build.mutation<DeleteClientApiResponse, DeleteClientApiArg>(
        {
          query: (queryArg) => ({
            url: `/client/${queryArg.id}`,
            method: "DELETE",
          }),
          invalidatesTags: ["Client"],
        },
      ),
      listStaffClients: build.query<
        ListStaffClientsApiResponse,
        ListStaffClientsApiArg
      >({
        query: (queryArg) => ({
          url: `/staff/clients`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            status: queryArg.status,
            search: queryArg.search,
          },
        }),
        providesTags: ["Staff"],
      }),
      getStaffClient: build.query<
        GetStaffClientApiResponse,
        GetStaffClientApiArg
      >({
        query: (queryArg) => ({ url: `/staff/clients/${queryArg.id}` }),
        providesTags: ["Staff"],
      }),
      listStaffClientUploads: build.query<
        ListStaffClientUploadsApiResponse,
        ListStaffClientUploadsApiArg
      >({
        query: (queryArg) => ({
          url: `/staff/clients/${queryArg.id}/uploads`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
          },
        }),
        providesTags: ["Staff"],
      }),
      listStaffWeeklyDocuments: build.query<
        ListStaffWeeklyDocumentsApiResponse,
        ListStaffWeeklyDocumentsApiArg
      >({
        query: (queryArg) => ({
          url: `/staff/weekly-documents`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            clientId: queryArg.clientId,
            weekStart: queryArg.weekStart,
            weekEnd: queryArg.weekEnd,
            filter: queryArg.filter,
          },
        }),
        providesTags: ["Staff"],
      }),
      getStaffWeeklyDocumentsSummary: build.query<
        GetStaffWeeklyDocumentsSummaryApiResponse,
        GetStaffWeeklyDocumentsSummaryApiArg
      >({
        query: (queryArg) => ({
          url: `/staff/weekly-documents-summary`,
          params: {
            clientId: queryArg.clientId,
            weekStart: queryArg.weekStart,
            weekEnd: queryArg.weekEnd,
          },
        }),
        providesTags: ["Staff"],
      }),
      listStaffUploads: build.query<
        ListStaffUploadsApiResponse,
        ListStaffUploadsApiArg
      >({
        query: (queryArg) => ({
          url: `/staff/uploads`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
          },
        }),
        providesTags: ["Staff"],
      }),
      getStaffUploadReview: build.query<
        GetStaffUploadReviewApiResponse,
        GetStaffUploadReviewApiArg
      >({
        query: (queryArg) => ({ url: `/staff/uploads/${queryArg.id}/review` }),
        providesTags: ["Staff"],
      }),
      getStaffWeeklyStats: build.query<
        GetStaffWeeklyStatsApiResponse,
        GetStaffWeeklyStatsApiArg
      >({
        query: (queryArg) => ({
          url: `/staff/weekly-stats`,
          params: {
            weekStart: queryArg.weekStart,
            weekEnd: queryArg.weekEnd,
          },
        }),
        providesTags: ["Staff"],
      }),
      matchStaffWeeklyUploads: build.mutation<
        MatchStaffWeeklyUploadsApiResponse,
        MatchStaffWeeklyUploadsApiArg
      >({
        query: (queryArg) => ({
          url: `/staff/weekly-uploads/match`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["Staff"],
      }),
      uploadRequiredDocument: build.mutation<
        UploadRequiredDocumentApiResponse,
        UploadRequiredDocumentApiArg
      >({
        query: (queryArg) => ({
          url: `/staff/upload-required-document`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["Staff"],
      }),
      reuploadRequiredDocument: build.mutation<
        ReuploadRequiredDocumentApiResponse,
        ReuploadRequiredDocumentApiArg
      >({
        query: (queryArg) => ({
          url: `/staff/reupload-required-document/${queryArg.fileProcessingId}`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["Staff"],
      }),
      downloadStaffUpload: build.query<
        DownloadStaffUploadApiResponse,
        DownloadStaffUploadApiArg
      >({
        query: (queryArg) => ({
          url: `/staff/download/${queryArg.uploadId}`,
          params: {
            type: queryArg["type"],
          },
        }),
        providesTags: ["Staff"],
      }),
      getStaffUploadViewer: build.query<
        GetStaffUploadViewerApiResponse,
        GetStaffUploadViewerApiArg
      >({
        query: (queryArg) => ({
          url: `/staff/uploads/${queryArg.uploadId}/viewer`,
        }),
        providesTags: ["Staff"],
      }),
      getStaffUploadViewerRows: build.query<
        GetStaffUploadViewerRowsApiResponse,
        GetStaffUploadViewerRowsApiArg
      >({
        query: (queryArg) => ({
          url: `/staff/uploads/${queryArg.uploadId}/viewer/rows`,
          params: {
            version: queryArg.version,
            sheet: queryArg.sheet,
            offset: queryArg.offset,
            limit: queryArg.limit,
            filter: queryArg.filter,
          },
        }),
        providesTags: ["Staff"],
      }),
      getStaffUploadViewerLineage: build.query<
        GetStaffUploadViewerLineageApiResponse,
        GetStaffUploadViewerLineageApiArg
      >({
        query: (queryArg) => ({
          url: `/staff/uploads/${queryArg.uploadId}/viewer/lineage`,
          params: {
            version: queryArg.version,
            sheet: queryArg.sheet,
            row: queryArg.row,
            column: queryArg.column,
          },
        }),
        providesTags: ["Staff"],
      }),
      listMyTickets: build.query<ListMyTicketsApiResponse, ListMyTicketsApiArg>(
        {
          query: (queryArg) => ({
            url: `/ticket`,
            params: {
              page: queryArg.page,
              limit: queryArg.limit,
              status: queryArg.status,
            },
          }),
          providesTags: ["Ticket"],
        },
      ),
      createTicket: build.mutation<CreateTicketApiResponse, CreateTicketApiArg>(
        {
          query: (queryArg) => ({
            url: `/ticket`,
            method: "POST",
            body: queryArg.ticketInput,
          }),
          invalidatesTags: ["Ticket"],
        },
      ),
      listAllTickets: build.query<
        ListAllTicketsApiResponse,
        ListAllTicketsApiArg
      >({
        query: (queryArg) => ({
          url: `/ticket/all`,
          params: {
            page: queryArg.page,
            limit: queryArg.limit,
            status: queryArg.status,
          },
        }),
        providesTags: ["Ticket"],
      }),
      getTicketStatistics: build.query<
        GetTicketStatisticsApiResponse,
        GetTicketStatisticsApiArg
      >({
        query: () => ({ url: `/ticket/statistics` }),
        providesTags: ["Ticket"],
      }),
      getTicket: build.query<GetTicketApiResponse, GetTicketApiArg>({
        query: (queryArg) => ({ url: `/ticket/${queryArg.id}` }),
        providesTags: ["Ticket"],
      }),
      deleteTicket: build.mutation<DeleteTicketApiResponse, DeleteTicketApiArg>(
        {
          query: (queryArg) => ({
            url: `/ticket/${queryArg.id}`,
            method: "DELETE",
          }),
          invalidatesTags: ["Ticket"],
        },
      ),
      updateTicketStatus: build.mutation<
        UpdateTicketStatusApiResponse,
        UpdateTicketStatusApiArg
      >({
        query: (queryArg) => ({
          url: `/ticket/${queryArg.id}/status`,
          method: "PUT",
          body: queryArg.body,
        }),
        invalidatesTags: ["Ticket"],
      }),
      addTicketComment: build.mutation<
        AddTicketCommentApiResponse,
        AddTicketCommentApiArg
      >({
        query: (queryArg) => ({
          url: `/ticket/${queryArg.id}/comment`,
          method: "POST",
          body: queryArg.body,
        }),
        invalidatesTags: ["Ticket"],
      }),
    }),
    overrideExisting: false,
  });
export { injectedRtkApi as generatedApi };
export type GetHealthApiResponse =
  /** status 200 The process is up */ HealthResponse;
export type GetHealthApiArg = void;
export type GetReadyApiResponse = /** status 200 Ready */ HealthResponse;
export type GetReadyApiArg = void;
export type LoginSystemApiResponse =
  /** status 200 Signed in; the session cookies are set */ {
    success: boolean;
    message: string;
    data: {
      user: CurrentUser;
    };
  };
export type LoginSystemApiArg = {
  loginInput: LoginInput;
};
export type LoginAdminApiResponse =
  /** status 200 Signed in; the session cookies are set */ {
    success: boolean;
    message: string;
    data: {
      user: CurrentUser;
    };
  };
export type LoginAdminApiArg = {
  loginInput: LoginInput;
};
export type LoginStaffApiResponse =
  /** status 200 Signed in; the session cookies are set */ {
    success: boolean;
    message: string;
    data: {
      user: CurrentUser;
    };
  };
export type LoginStaffApiArg = {
  loginInput: LoginInput;
};
export type RefreshSessionApiResponse = /** status 200 Done */ MessageBody;
export type RefreshSessionApiArg = void;
export type LogoutApiResponse = /** status 200 Done */ MessageBody;
export type LogoutApiArg = void;
export type GetMeApiResponse = /** status 200 The signed-in user */ {
  success: boolean;
  data: CurrentUser;
};
export type GetMeApiArg = void;
export type ChangeOwnPasswordApiResponse = /** status 200 Done */ MessageBody;
export type ChangeOwnPasswordApiArg = {
  passwordChangeInput: PasswordChangeInput;
};
export type ListCompaniesApiResponse = /** status 200 A page of companies */ {
  success: boolean;
  data: {
    companies: Company[];
    pagination: PagePagination;
  };
};
export type ListCompaniesApiArg = {
  /** From 1 to 100000. */
  page?: number;
  /** From 1 to 100. */
  limit?: number;
  search?: string;
};
export type CreateCompanyApiResponse = /** status 201 One company */ {
  success: boolean;
  message?: string;
  data: {
    company: Company;
  };
};
export type CreateCompanyApiArg = {
  companyInput: CompanyInput;
};
export type GetCompanyApiResponse = /** status 200 One company */ {
  success: boolean;
  message?: string;
  data: {
    company: Company;
  };
};
export type GetCompanyApiArg = {
  id: string;
};
export type UpdateCompanyApiResponse = /** status 200 One company */ {
  success: boolean;
  message?: string;
  data: {
    company: Company;
  };
};
export type UpdateCompanyApiArg = {
  id: string;
  companyInput: CompanyInput;
};
export type DeleteCompanyApiResponse = /** status 200 Done */ MessageBody;
export type DeleteCompanyApiArg = {
  id: string;
};
export type ListCompanyAdminsApiResponse =
  /** status 200 A page of the company's admins */ {
    success: boolean;
    data: {
      admins: CompanyAdmin[];
      pagination: PagePagination;
    };
  };
export type ListCompanyAdminsApiArg = {
  companyId: string;
  /** From 1 to 100000. */
  page?: number;
  /** From 1 to 100. */
  limit?: number;
};
export type CreateCompanyAdminApiResponse = /** status 201 The new admin */ {
  success: boolean;
  message?: string;
  data: {
    admin: CompanyAdmin;
  };
};
export type CreateCompanyAdminApiArg = {
  companyId: string;
  adminInput: AdminInput;
};
export type DeleteCompanyAdminApiResponse = /** status 200 Done */ MessageBody;
export type DeleteCompanyAdminApiArg = {
  companyId: string;
  adminId: string;
};
export type ResetCompanyAdminPasswordApiResponse =
  /** status 200 Done */ MessageBody;
export type ResetCompanyAdminPasswordApiArg = {
  companyId: string;
  adminId: string;
  passwordResetInput: PasswordResetInput;
};
export type ListConsolidatedFilesApiResponse =
  /** status 200 A page of consolidated files */ {
    success: boolean;
    data: {
      files: ConsolidatedFile[];
      pagination: PagePagination;
    };
  };
export type ListConsolidatedFilesApiArg = {
  /** From 1 to 100000. */
  page?: number;
  /** From 1 to 100. */
  limit?: number;
  companyId?: string;
  /** The first day (UTC) included, from 2000-01-01 to 2099-12-31. */
  dateFrom?: string;
  /** The last day (UTC) included, to its end, from 2000-01-01 to 2099-12-31. */
  dateTo?: string;
};
export type UploadConsolidatedFileApiResponse = /** status 201 Stored */ {
  success: boolean;
  message?: string;
  data: {
    file: ConsolidatedFile;
    company: CompanyRef;
  };
};
export type UploadConsolidatedFileApiArg = {
  companyId: string;
  body: {
    file: Blob;
  };
};
export type GetConsolidatedFileContentApiResponse =
  /** status 200 The file, with its name in Content-Disposition */ Blob;
export type GetConsolidatedFileContentApiArg = {
  id: string;
};
export type GetConsolidatedFileViewerApiResponse =
  /** status 200 What the viewer holds */ {
    success: boolean;
    message?: string;
    data: ViewerOverview;
  };
export type GetConsolidatedFileViewerApiArg = {
  id: string;
};
export type GetConsolidatedFileViewerRowsApiResponse =
  /** status 200 A window of rows */ {
    success: boolean;
    message?: string;
    data: ViewerRows;
  };
export type GetConsolidatedFileViewerRowsApiArg = {
  id: string;
  version: FileType;
  /** The sheet's index among its version's sheets, from 0. */
  sheet: number;
  /** The first row of the window, counted after the filter, from 0. */
  offset?: number;
  limit?: number;
  /** Only rows with errors, only rows with warnings, or all rows. */
  filter?: "all" | "errors" | "warnings";
};
export type ListAuditLogApiResponse =
  /** status 200 A page of the audit log */ {
    success: boolean;
    data: {
      entries: AuditEntry[];
      pagination: PagePagination;
    };
  };
export type ListAuditLogApiArg = {
  /** From 1 to 100000. */
  page?: number;
  /** Only this company's rows. */
  companyId?: string;
  /** The id of the user who made the change. */
  actor?: string;
  /** An action name, e.g. `client.update`. */
  action?: string;
  /** A record type, e.g. `client`. */
  entityType?: string;
  /** The first day (UTC) included, from 2000-01-01 to 2099-12-31. */
  dateFrom?: string;
  /** The last day (UTC) included, to its end, from 2000-01-01 to 2099-12-31. */
  dateTo?: string;
};
export type GetAuditLogOptionsApiResponse =
  /** status 200 The filters' choices */ {
    success: boolean;
    data: AuditLogOptions;
  };
export type GetAuditLogOptionsApiArg = {
  /** Only this company's rows. */
  companyId?: string;
};
export type ExportAuditLogApiResponse =
  /** status 200 The filtered log as CSV */ Blob;
export type ExportAuditLogApiArg = {
  /** Only this company's rows. */
  companyId?: string;
  /** The id of the user who made the change. */
  actor?: string;
  /** An action name, e.g. `client.update`. */
  action?: string;
  /** A record type, e.g. `client`. */
  entityType?: string;
  /** The first day (UTC) included, from 2000-01-01 to 2099-12-31. */
  dateFrom?: string;
  /** The last day (UTC) included, to its end, from 2000-01-01 to 2099-12-31. */
  dateTo?: string;
};
export type GetCurrentCompanyApiResponse = /** status 200 One company */ {
  success: boolean;
  message?: string;
  data: {
    company: Company;
  };
};
export type GetCurrentCompanyApiArg = void;
export type GetCompanyStorageApiResponse =
  /** status 200 The company's storage */ {
    success: boolean;
    data: {
      storage: CompanyStorage;
    };
  };
export type GetCompanyStorageApiArg = void;
export type ListCompanyStaffApiResponse =
  /** status 200 A page of staff members */ {
    success: boolean;
    data: {
      staff: Staff[];
      pagination: AdminStaffPagination;
    };
  };
export type ListCompanyStaffApiArg = {
  /** From 1 to 100000. */
  page?: number;
  /** From 1 to 100. */
  limit?: number;
  search?: string;
};
export type CreateCompanyStaffApiResponse =
  /** status 201 The new staff member */ {
    success: boolean;
    message?: string;
    data: {
      staff: Staff;
    };
  };
export type CreateCompanyStaffApiArg = {
  staffInput: StaffInput;
};
export type DeleteCompanyStaffApiResponse = /** status 200 Done */ MessageBody;
export type DeleteCompanyStaffApiArg = {
  id: string;
};
export type ResetCompanyStaffPasswordApiResponse =
  /** status 200 Done */ MessageBody;
export type ResetCompanyStaffPasswordApiArg = {
  id: string;
  passwordResetInput: PasswordResetInput;
};
export type GetCompanyWeeklyStatsApiResponse =
  /** status 200 Counts for the week */ {
    success: boolean;
    data: {
      stats: AdminWeeklyStats;
    };
  };
export type GetCompanyWeeklyStatsApiArg = {
  /** ISO date of the Monday (UTC) that starts the week, from 2000-01-01 to 2099-12-31; defaults to the current week. */
  weekStart?: string;
  /** ISO date of the Sunday (UTC) that ends the week, from 2000-01-01 to 2099-12-31. */
  weekEnd?: string;
};
export type ListCompanyFileUploadsApiResponse =
  /** status 200 A page of the company's uploads */ {
    success: boolean;
    data: {
      fileUploads: AdminUploadItem[];
      pagination: AdminUploadsPagination;
    };
  };
export type ListCompanyFileUploadsApiArg = {
  /** From 1 to 100000. */
  page?: number;
  /** The admin's weekly uploads and file uploads show 20 per page (from 1 to 100). */
  limit?: number;
  /** One value. An approval status (PENDING, APPROVED, REJECTED) keeps the uploads with that
    review state (PENDING: not reviewed yet, whatever their processing state); a processing
    status (UPLOADING ... SCRUBBED, FAILED) keeps the uploads in that processing state.
     */
  status?: UploadStatusFilter;
  /** The first day (UTC) included, from 2000-01-01 to 2099-12-31. */
  dateFrom?: string;
  /** The last day (UTC) included, to its end, from 2000-01-01 to 2099-12-31. */
  dateTo?: string;
};
export type MatchCompanyWeeklyUploadsApiResponse =
  /** status 200 Each file with its suggested client */ {
    success: boolean;
    data: {
      weekStart: string;
      threshold: number;
      matches: WeekFileMatch[];
    };
  };
export type MatchCompanyWeeklyUploadsApiArg = {
  body: {
    weekStart?: string;
    files: Blob[];
  };
};
export type ListCompanyWeeklyDocumentsApiResponse =
  /** status 200 One row per client and required document for the week */ {
    success: boolean;
    data: {
      documents: WeeklyDocumentRow[];
      pagination: AdminWeeklyPagination;
    };
  };
export type ListCompanyWeeklyDocumentsApiArg = {
  /** From 1 to 100000. */
  page?: number;
  /** The admin's weekly uploads and file uploads show 20 per page (from 1 to 100). */
  limit?: number;
  clientId?: string;
  /** ISO date of the Monday (UTC) that starts the week, from 2000-01-01 to 2099-12-31; defaults to the current week. */
  weekStart?: string;
  /** ISO date of the Sunday (UTC) that ends the week, from 2000-01-01 to 2099-12-31. */
  weekEnd?: string;
  /** `all` (or absent), `pending`, `approved` and `rejected` as in `GET /staff/weekly-documents`.
    `completed`: the week has an upload that did not fail (the staff `uploaded`); a FAILED one is listed under `all` only.
    `remaining`: the week has no upload at all.
     */
  filter?:
    "all" | "pending" | "approved" | "rejected" | "completed" | "remaining";
  /** `client` (or absent): by client name. `week_over_week_warnings`: rows whose newest upload
    has the most week-over-week warnings first (a row without a processed upload last), then
    by client name, so the admin reviews the unusual weeks first.
     */
  sort?: "client" | "week_over_week_warnings";
};
export type ReviewWeeklyDocumentApiResponse =
  /** status 200 Done */ MessageBody;
export type ReviewWeeklyDocumentApiArg = {
  fileProcessingId: string;
  reviewInput: ReviewInput;
};
export type GetCompanyUploadApiResponse = /** status 200 The upload */ {
  success: boolean;
  data: {
    upload: Upload;
  };
};
export type GetCompanyUploadApiArg = {
  uploadId: string;
};
export type FixUploadMappingApiResponse =
  /** status 202 Stored and queued for processing */ {
    success: boolean;
    message?: string;
    data: QueueResult;
  };
export type FixUploadMappingApiArg = {
  uploadId: string;
  mappingFixInput: MappingFixInput;
};
export type DownloadCompanyUploadApiResponse =
  /** status 200 The file, with its name in Content-Disposition */ Blob;
export type DownloadCompanyUploadApiArg = {
  uploadId: string;
  type: FileType;
};
export type GetCompanyUploadViewerApiResponse =
  /** status 200 What the viewer holds */ {
    success: boolean;
    message?: string;
    data: ViewerOverview;
  };
export type GetCompanyUploadViewerApiArg = {
  uploadId: string;
};
export type GetCompanyUploadViewerRowsApiResponse =
  /** status 200 A window of rows */ {
    success: boolean;
    message?: string;
    data: ViewerRows;
  };
export type GetCompanyUploadViewerRowsApiArg = {
  uploadId: string;
  version: FileType;
  /** The sheet's index among its version's sheets, from 0. */
  sheet: number;
  /** The first row of the window, counted after the filter, from 0. */
  offset?: number;
  limit?: number;
  /** Only rows with errors, only rows with warnings, or all rows. */
  filter?: "all" | "errors" | "warnings";
};
export type GetCompanyUploadViewerLineageApiResponse =
  /** status 200 A cell's source */ {
    success: boolean;
    message?: string;
    data: ViewerLineage;
  };
export type GetCompanyUploadViewerLineageApiArg = {
  uploadId: string;
  version: "consolidated" | "scrubbed";
  /** The sheet's index among its version's sheets, from 0. */
  sheet: number;
  /** The row's index in the sheet (unfiltered), from 0. */
  row: number;
  /** The column's index in the sheet, from 0. */
  column: number;
};
export type BulkDownloadCompanyUploadsApiResponse =
  /** status 200 A zip of every upload's file of that type in the week */ Blob;
export type BulkDownloadCompanyUploadsApiArg = {
  fileType: FileType;
  /** ISO date of the Monday (UTC) that starts the week, from 2000-01-01 to 2099-12-31; defaults to the current week. */
  weekStart?: string;
  /** ISO date of the Sunday (UTC) that ends the week, from 2000-01-01 to 2099-12-31. */
  weekEnd?: string;
};
export type ListCompanyAuditLogApiResponse =
  /** status 200 A page of the audit log */ {
    success: boolean;
    data: {
      entries: AuditEntry[];
      pagination: PagePagination;
    };
  };
export type ListCompanyAuditLogApiArg = {
  /** From 1 to 100000. */
  page?: number;
  /** The id of the user who made the change. */
  actor?: string;
  /** An action name, e.g. `client.update`. */
  action?: string;
  /** A record type, e.g. `client`. */
  entityType?: string;
  /** The first day (UTC) included, from 2000-01-01 to 2099-12-31. */
  dateFrom?: string;
  /** The last day (UTC) included, to its end, from 2000-01-01 to 2099-12-31. */
  dateTo?: string;
};
export type GetCompanyAuditLogOptionsApiResponse =
  /** status 200 The filters' choices */ {
    success: boolean;
    data: AuditLogOptions;
  };
export type GetCompanyAuditLogOptionsApiArg = void;
export type ExportCompanyAuditLogApiResponse =
  /** status 200 The filtered log as CSV */ Blob;
export type ExportCompanyAuditLogApiArg = {
  /** The id of the user who made the change. */
  actor?: string;
  /** An action name, e.g. `client.update`. */
  action?: string;
  /** A record type, e.g. `client`. */
  entityType?: string;
  /** The first day (UTC) included, from 2000-01-01 to 2099-12-31. */
  dateFrom?: string;
  /** The last day (UTC) included, to its end, from 2000-01-01 to 2099-12-31. */
  dateTo?: string;
};
export type ListClientsApiResponse =
  /** status 200 A page of the company's clients */ {
    success: boolean;
    data: {
      clients: Client[];
      pagination: PagePagination;
    };
  };
export type ListClientsApiArg = {
  /** From 1 to 100000. */
  page?: number;
  /** From 1 to 100. */
  limit?: number;
  status?: ClientStatus;
  assignedStaffId?: string;
  /** Only clients whose name contains this text (any case). */
  search?: string;
};
export type CreateClientApiResponse = /** status 201 One client */ {
  success: boolean;
  message?: string;
  data: {
    client: Client;
  };
};
export type CreateClientApiArg = {
  clientInput: ClientInput;
};
export type GetClientApiResponse = /** status 200 One client */ {
  success: boolean;
  message?: string;
  data: {
    client: Client;
  };
};
export type GetClientApiArg = {
  id: string;
};
export type UpdateClientApiResponse = /** status 200 One client */ {
  success: boolean;
  message?: string;
  data: {
    client: Client;
  };
};
export type UpdateClientApiArg = {
  id: string;
  clientUpdate: ClientUpdate;
};
export type DeleteClientApiResponse = /** status 200 Done */ MessageBody;
export type DeleteClientApiArg = {
  id: string;
};
export type ListStaffClientsApiResponse =
  /** status 200 A page of the clients assigned to the caller */ {
    success: boolean;
    data: {
      clients: Client[];
      pagination: StaffPagination;
    };
  };
export type ListStaffClientsApiArg = {
  /** From 1 to 100000. */
  page?: number;
  /** From 1 to 100. */
  limit?: number;
  status?: ClientStatus;
  /** Only clients whose name contains this text (any case). */
  search?: string;
};
export type GetStaffClientApiResponse =
  /** status 200 One assigned client with its required document */ {
    success: boolean;
    data: {
      client: ClientDetail;
    };
  };
export type GetStaffClientApiArg = {
  id: string;
};
export type ListStaffClientUploadsApiResponse =
  /** status 200 The client's document and upload history */ {
    success: boolean;
    data: {
      document: RequiredDocument;
      currentWeek: ClientWeek;
      weeks: ClientWeek[];
      pagination: StaffPagination;
    };
  };
export type ListStaffClientUploadsApiArg = {
  id: string;
  /** From 1 to 100000. */
  page?: number;
  /** From 1 to 100. */
  limit?: number;
};
export type ListStaffWeeklyDocumentsApiResponse =
  /** status 200 One row per assigned client and required document for the week */ {
    success: boolean;
    data: {
      documents: WeeklyDocumentRow[];
      pagination: StaffPagination;
    };
  };
export type ListStaffWeeklyDocumentsApiArg = {
  /** From 1 to 100000. */
  page?: number;
  /** From 1 to 100. */
  limit?: number;
  clientId?: string;
  /** ISO date of the Monday (UTC) that starts the week, from 2000-01-01 to 2099-12-31; defaults to the current week. */
  weekStart?: string;
  /** ISO date of the Sunday (UTC) that ends the week, from 2000-01-01 to 2099-12-31. */
  weekEnd?: string;
  /** `all` (or absent): every row. `pending`: the newest upload finished processing (SCRUBBED)
    and awaits an admin's review; uploads still processing or FAILED are not pending, as there
    is nothing to review yet. `approved` / `rejected`: the newest upload's review (a rejected
    week uploaded again is no longer rejected). `uploaded`: the week has an upload that did not
    fail (processing, awaiting review or reviewed); a FAILED one is listed under `all` only.
     */
  filter?: "all" | "pending" | "approved" | "rejected" | "uploaded";
};
export type GetStaffWeeklyDocumentsSummaryApiResponse =
  /** status 200 Counts of the week's required documents by state */ {
    success: boolean;
    data: {
      summary: WeeklyDocumentsSummary;
    };
  };
export type GetStaffWeeklyDocumentsSummaryApiArg = {
  clientId?: string;
  /** ISO date of the Monday (UTC) that starts the week, from 2000-01-01 to 2099-12-31; defaults to the current week. */
  weekStart?: string;
  /** ISO date of the Sunday (UTC) that ends the week, from 2000-01-01 to 2099-12-31. */
  weekEnd?: string;
};
export type ListStaffUploadsApiResponse =
  /** status 200 A page of the caller's uploads */ {
    success: boolean;
    data: {
      uploads: StaffUploadItem[];
      pagination: StaffPagination;
    };
  };
export type ListStaffUploadsApiArg = {
  /** From 1 to 100000. */
  page?: number;
  /** From 1 to 100. */
  limit?: number;
};
export type GetStaffUploadReviewApiResponse =
  /** status 200 The review of one of the caller's uploads */ {
    success: boolean;
    data: {
      review: UploadReview;
    };
  };
export type GetStaffUploadReviewApiArg = {
  id: string;
};
export type GetStaffWeeklyStatsApiResponse =
  /** status 200 The caller's counts for the week */ {
    success: boolean;
    data: {
      stats: StaffWeeklyStats;
    };
  };
export type GetStaffWeeklyStatsApiArg = {
  /** ISO date of the Monday (UTC) that starts the week, from 2000-01-01 to 2099-12-31; defaults to the current week. */
  weekStart?: string;
  /** ISO date of the Sunday (UTC) that ends the week, from 2000-01-01 to 2099-12-31. */
  weekEnd?: string;
};
export type MatchStaffWeeklyUploadsApiResponse =
  /** status 200 Each file with its suggested client */ {
    success: boolean;
    data: {
      weekStart: string;
      threshold: number;
      matches: WeekFileMatch[];
    };
  };
export type MatchStaffWeeklyUploadsApiArg = {
  body: {
    weekStart?: string;
    files: Blob[];
  };
};
export type UploadRequiredDocumentApiResponse =
  /** status 202 Stored and queued for processing */ {
    success: boolean;
    message?: string;
    data: QueueResult;
  };
export type UploadRequiredDocumentApiArg = {
  body: {
    clientId: string;
    /** The week the upload is for, as a date within it (normally its Monday; any other date means the UTC week that contains it). Default the current UTC week; never a future week nor one before 2025-09-08 (400). */
    weekStart?: string;
    /** Optional, before the file, when the client was chosen from a match (`POST /staff/weekly-uploads/match`): JSON `{"clientId": uuid or null, "confidence": 0 to 1}`, the client suggested for the file. It is recorded in the upload's audit entry with the chosen client (`details.match`: suggestedClientId, chosenClientId, confidence, followed); a malformed value answers 400. */
    matchSuggestion?: string;
    file: Blob;
  };
};
export type ReuploadRequiredDocumentApiResponse =
  /** status 202 Stored and queued for processing */ {
    success: boolean;
    message?: string;
    data: QueueResult;
  };
export type ReuploadRequiredDocumentApiArg = {
  fileProcessingId: string;
  body: {
    file: Blob;
  };
};
export type DownloadStaffUploadApiResponse =
  /** status 200 The file, with its name in Content-Disposition */ Blob;
export type DownloadStaffUploadApiArg = {
  uploadId: string;
  type: FileType;
};
export type GetStaffUploadViewerApiResponse =
  /** status 200 What the viewer holds */ {
    success: boolean;
    message?: string;
    data: ViewerOverview;
  };
export type GetStaffUploadViewerApiArg = {
  uploadId: string;
};
export type GetStaffUploadViewerRowsApiResponse =
  /** status 200 A window of rows */ {
    success: boolean;
    message?: string;
    data: ViewerRows;
  };
export type GetStaffUploadViewerRowsApiArg = {
  uploadId: string;
  version: FileType;
  /** The sheet's index among its version's sheets, from 0. */
  sheet: number;
  /** The first row of the window, counted after the filter, from 0. */
  offset?: number;
  limit?: number;
  /** Only rows with errors, only rows with warnings, or all rows. */
  filter?: "all" | "errors" | "warnings";
};
export type GetStaffUploadViewerLineageApiResponse =
  /** status 200 A cell's source */ {
    success: boolean;
    message?: string;
    data: ViewerLineage;
  };
export type GetStaffUploadViewerLineageApiArg = {
  uploadId: string;
  version: "consolidated" | "scrubbed";
  /** The sheet's index among its version's sheets, from 0. */
  sheet: number;
  /** The row's index in the sheet (unfiltered), from 0. */
  row: number;
  /** The column's index in the sheet, from 0. */
  column: number;
};
export type ListMyTicketsApiResponse = /** status 200 A page of tickets */ {
  success: boolean;
  data: {
    tickets: Ticket[];
    pagination: PagePagination;
  };
};
export type ListMyTicketsApiArg = {
  /** From 1 to 100000. */
  page?: number;
  /** Ticket lists show 12 per page (from 1 to 100). */
  limit?: number;
  status?: TicketStatus;
};
export type CreateTicketApiResponse = /** status 201 The new ticket */ {
  success: boolean;
  message?: string;
  data: {
    ticket: Ticket;
  };
};
export type CreateTicketApiArg = {
  ticketInput: TicketInput;
};
export type ListAllTicketsApiResponse = /** status 200 A page of tickets */ {
  success: boolean;
  data: {
    tickets: Ticket[];
    pagination: PagePagination;
  };
};
export type ListAllTicketsApiArg = {
  /** From 1 to 100000. */
  page?: number;
  /** Ticket lists show 12 per page (from 1 to 100). */
  limit?: number;
  status?: TicketStatus;
};
export type GetTicketStatisticsApiResponse =
  /** status 200 Counts of all tickets by status (SYSTEM) */ {
    success: boolean;
    data: {
      statistics: TicketStatistics;
    };
  };
export type GetTicketStatisticsApiArg = void;
export type GetTicketApiResponse =
  /** status 200 A ticket with its comments */ {
    success: boolean;
    data: {
      ticket: Ticket;
      comments: TicketComment[];
    };
  };
export type GetTicketApiArg = {
  id: string;
};
export type DeleteTicketApiResponse = /** status 200 Done */ MessageBody;
export type DeleteTicketApiArg = {
  id: string;
};
export type UpdateTicketStatusApiResponse =
  /** status 200 The updated ticket */ {
    success: boolean;
    message?: string;
    data: {
      ticket: Ticket;
    };
  };
export type UpdateTicketStatusApiArg = {
  id: string;
  body: {
    status: TicketStatus;
  };
};
export type AddTicketCommentApiResponse = /** status 201 The new comment */ {
  success: boolean;
  message?: string;
  data: {
    comment: TicketComment;
  };
};
export type AddTicketCommentApiArg = {
  id: string;
  body: {
    comment: string;
  };
};
export type HealthResponse = {
  success: boolean;
  status: string;
};
export type ErrorBody = {
  success: false;
  message: string;
  /** Machine code, e.g. TOKEN_EXPIRED, UNAUTHORIZED, VALIDATION_ERROR, NOT_FOUND, FORBIDDEN, CONFLICT, REASON_REQUIRED, RATE_LIMITED, TOO_MANY_UPLOADS, TOO_MANY_FAILED_UPLOADS, STORAGE_QUOTA_EXCEEDED, INTERNAL */
  error?: string;
  errors?: {
    field: string;
    message: string;
  }[];
};
export type Role = "SYSTEM" | "ADMIN" | "STAFF";
export type CurrentUser = {
  id: string;
  name: string;
  email: string;
  role: Role;
  company_id?: string | null;
  company_name?: string | null;
};
export type LoginInput = {
  email: string;
  password: string;
};
export type MessageBody = {
  success: boolean;
  message: string;
};
export type PasswordChangeInput = {
  currentPassword: string;
  newPassword: string;
};
export type Company = {
  id: string;
  name: string;
  staff_count: number;
  active_clients: number;
  created_at?: string;
};
export type PagePagination = {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
  hasPrevPage: boolean;
  hasNextPage: boolean;
};
export type CompanyInput = {
  name: string;
};
export type CompanyAdmin = {
  id: string;
  name: string;
  email: string;
  role: Role;
  created_at?: string;
};
export type AdminInput = {
  name: string;
  email: string;
  password: string;
};
export type PasswordResetInput = {
  newPassword: string;
};
export type CompanyRef = {
  id: string;
  name: string;
};
export type ConsolidatedFile = {
  id: string;
  file_name: string;
  /** The file's storage key */
  drive_file_id: string;
  /** Where View opens the file; the authenticated content endpoint, or CONSOLIDATED_FILE_LINK_TEMPLATE with {id} replaced by drive_file_id */
  view_url: string;
  file_size?: number;
  mime_type?: string;
  upload_date: string;
  company: CompanyRef;
  uploaded_by: {
    name: string;
    email: string;
  };
};
export type FileType = "raw" | "consolidated" | "scrubbed";
export type ViewerSheet = {
  /** The sheet's index among its version's sheets. */
  index: number;
  name: string;
  /** data is the Consolidated or Scrubbed sheet itself; raw a sheet of the uploaded workbook. */
  kind: "data" | "sources" | "issues" | "totals" | "summary" | "raw";
  rowCount: number;
  /** Header labels; a raw sheet has none (its rows are shown as they are). */
  columns: string[];
};
export type ViewerVersion = {
  version: FileType;
  sheets: ViewerSheet[];
};
export type ViewerSeverity = "error" | "warning";
export type ViewerSummary = {
  sheets: {
    name: string;
    hidden: boolean;
    used: boolean;
    /** Why the sheet was skipped. */
    reason: string | null;
    /** The header's row number in the sheet. */
    headerRow: number | null;
    rowsRead: number;
    dataRows: number;
    /** The table's number in its sheet, from 2 for a table stacked below the first (absent for the first). */
    table?: number;
    /** How the run mapped the sheet's headers (none for a skipped sheet): each header as written and the column it became, a canonical column or, kept as an extra column, its own name. */
    mapping: {
      header: string;
      column: string;
      /** How the mapping was decided: the header's words (vocabulary), the column's values (content), the client's last approved week (profile) or an admin's fix. */
      how?: "vocabulary" | "content" | "profile" | "fix";
    }[];
  }[];
  rowsIn: number;
  rowsOut: number;
  duplicatesRemoved: number;
  employees: number;
  totalHours: {
    kind: string;
    hours: number;
  }[];
  totalGross: number;
  issues: {
    error: number;
    warning: number;
  };
  issuesByRule: {
    /** A stable id, e.g. negative-hours. */
    rule: string;
    severity: ViewerSeverity;
    label: string;
    count: number;
    /** Index of the first row it flags in the Scrubbed sheet. */
    firstRow: number | null;
  }[];
};
export type ViewerOverview = {
  state: "READY" | "PREPARING" | "UNAVAILABLE";
  /** Why there is nothing to view. */
  message: string | null;
  versions: ViewerVersion[];
  summary: ViewerSummary | null;
};
export type ViewerRow = {
  /** The row's index in the sheet, unfiltered. */
  index: number;
  /** The row number shown. */
  number: number;
  cells: (string | null)[];
  severity: ViewerSeverity | null;
  issues: {
    column: number | null;
    severity: ViewerSeverity;
    message: string;
  }[];
};
export type ViewerRows = {
  offset: number;
  /** Rows in the sheet after the filter. */
  total: number;
  rows: ViewerRow[];
};
export type AuditEntry = {
  id: number;
  at: string;
  /** Who did it (`name` null once the user is removed); null for the system itself. */
  actor: {
    id: string;
    name: string | null;
    role: string | null;
  } | null;
  /** The company the change belongs to (`name` null once it is deleted); null for the operators' own records. */
  company: {
    id: string;
    name: string | null;
  } | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  /** One readable line, e.g. "Changed client Acme Bakery: status Active -> Inactive". */
  summary: string;
  before: {
    [key: string]: any;
  } | null;
  after: {
    [key: string]: any;
  } | null;
  ip: string | null;
};
export type AuditPerson = {
  id: string;
  /** Null once the user is removed. */
  name: string | null;
  role: string | null;
};
export type AuditLogOptions = {
  people: AuditPerson[];
  actions: string[];
};
export type CompanyStorage = {
  /** Bytes of the company's stored files. */
  usedBytes: number;
  /** Bytes the company may keep; uploads that would pass it are refused. */
  quotaBytes: number;
};
export type Staff = {
  id: string;
  name: string;
  email: string;
  created_at: string;
};
export type AdminStaffPagination = {
  page: number;
  totalPages: number;
  totalCount: number;
  hasPrev: boolean;
  hasNext: boolean;
};
export type StaffInput = {
  name: string;
  email: string;
  password: string;
};
export type AdminWeeklyStats = {
  /** Newest upload SCRUBBED and awaiting review (filter pending). */
  pendingReviews: number;
  /** Newest upload rejected, not yet uploaded again (filter rejected). */
  rejectedUploads: number;
  /** Newest upload approved (filter approved). */
  approvedUploads: number;
  /** Newest upload FAILED in processing: the staff member has to upload it again; it cannot be reviewed. */
  failedUploads: number;
  /** Newest upload still queued or processing. */
  processingUploads: number;
  /** Rows with no upload at all that week (filter remaining): the active clients yet to upload. */
  remainingUploads: number;
  /** Rows with an upload that week that did not fail: awaiting review, reviewed or still processing (filter completed). Uploads made, not weeks finished (see clientsCompleted). */
  completedUploads: number;
  /** Active clients with an upload that week that did not fail. */
  clientsWithUploads: number;
  /** Active clients whose week is completed: the newest upload of each of their required documents is approved. */
  clientsCompleted: number;
  /** Active clients of the company. */
  totalClients: number;
};
export type ProcessingStatus =
  | "UPLOADING"
  | "QUEUED"
  | "CONSOLIDATING"
  | "CONSOLIDATED"
  | "SCRUBBING"
  | "SCRUBBED"
  | "FAILED";
export type ApprovalStatus = "PENDING" | "APPROVED" | "REJECTED";
export type AdminUploadItem = {
  id: string;
  filename: string;
  upload_date: string;
  status: ProcessingStatus;
  approval_status: ApprovalStatus;
  user: {
    name: string;
    email: string;
  };
  client: {
    id?: string;
    name: string;
  };
  /** As in WeeklyUpload: true while its interrupted processing is being taken up again ("Resuming after an interruption"). */
  resuming?: boolean;
};
export type AdminUploadsPagination = {
  page: number;
  totalCount: number;
  totalPages: number;
  hasPrev: boolean;
  hasNext: boolean;
};
export type UploadStatusFilter =
  | "PENDING"
  | "APPROVED"
  | "REJECTED"
  | "UPLOADING"
  | "QUEUED"
  | "CONSOLIDATING"
  | "CONSOLIDATED"
  | "SCRUBBING"
  | "SCRUBBED"
  | "FAILED";
export type WeekFileMatch = {
  fileName: string;
  clientId: string | null;
  clientName: string | null;
  confidence: number;
  reasons: {
    signal: "employees" | "name" | "layout" | "fileName" | "sameClient";
    text: string;
  }[];
  alreadyUploaded: boolean;
  refusal: string | null;
};
export type RequiredDocument = {
  id: string;
  title: string;
  created_at: string;
};
export type WeeklyUpload = {
  upload_id: string;
  status: ProcessingStatus;
  approval_status: ApprovalStatus;
  upload_date: string;
  error_message: string | null;
  uploaded_by: {
    name: string;
  };
  reviewed_by: {
    name: string;
    reviewed_at: string;
  } | null;
  /** Why it was approved although its scrub found errors; null otherwise. */
  override_reason: string | null;
  /** As in Upload: the week-over-week warnings its processing raised; null before it is processed. */
  week_over_week_warnings: number | null;
  /** As in Upload: what the scrub found, by severity; null before it is processed. */
  scrub_issues: {
    errors: number;
    warnings: number;
  } | null;
  /** The file versions stored for it, in the order raw, consolidated, scrubbed. */
  versions: FileType[];
  /** The first non-blank line of the reviewer's first note (raw, then consolidated, then scrubbed); null when there is none. */
  first_note: string | null;
  /** True while its processing, interrupted (a restart, a worker that stopped), waits to be taken up again or is being taken up again: the row says "Resuming after an interruption". Absent or false otherwise. */
  resuming?: boolean;
};
export type WeeklyDocumentRow = {
  client: CompanyRef;
  document: RequiredDocument;
  weekStatus:
    "NO_UPLOAD" | "PROCESSING" | "FAILED" | "PENDING" | "APPROVED" | "REJECTED";
  upload: WeeklyUpload | null;
};
export type AdminWeeklyPagination = {
  page: number;
  limit: number;
  totalCount: number;
  totalPages: number;
  hasPrev: boolean;
  hasNext: boolean;
};
export type ReviewInput = {
  approval_status: "APPROVED" | "REJECTED";
  raw_notes?: string;
  consolidated_notes?: string;
  scrubbed_notes?: string;
  /** Why an upload whose scrub found errors is approved anyway; required to approve such an
    upload, trimmed and at least 10 characters. Ignored (not stored) on a rejection or for an
    upload without errors.
     */
  override_reason?: string;
};
export type FileVersion = {
  filename: string;
  file_size_mb: number;
  notes?: string | null;
};
export type Upload = {
  upload_id: string;
  status: ProcessingStatus;
  approval_status: ApprovalStatus;
  upload_date: string;
  error_message?: string | null;
  uploaded_by: {
    name: string;
  };
  reviewed_by: {
    name: string;
    reviewed_at: string;
  } | null;
  /** Why it was approved although its scrub found errors; null otherwise. */
  override_reason: string | null;
  /** How many week-over-week warnings (changes since the client's last approved week: mapping, employees, pay, totals) its processing raised; null before it is processed. */
  week_over_week_warnings: number | null;
  /** What the scrub found in its rows, counted by severity (errors need an override reason to approve; warnings do not); null before it is processed. */
  scrub_issues: {
    errors: number;
    warnings: number;
  } | null;
  file_versions: {
    raw?: FileVersion;
    consolidated?: FileVersion;
    scrubbed?: FileVersion;
  };
};
export type QueueResult = {
  processingId: string;
  jobId: string;
};
export type MappingFixInput = {
  /** The sheet the fix is for, as named in the workbook; null for every sheet of the client. */
  sheet: string | null;
  /** The header as written in the workbook. */
  header: string;
  /** The canonical column the header maps to (the consolidated payroll's columns, in output order), or null to keep it as an extra column. */
  column:
    | (
        | "Employee ID"
        | "Employee Name"
        | "First Name"
        | "Last Name"
        | "Department"
        | "Pay Rate"
        | "Regular Hours"
        | "Overtime Hours"
        | "Double Time Hours"
        | "PTO Hours"
        | "Holiday Hours"
        | "Sick Hours"
        | "Tips"
        | "Bonus"
        | "Commission"
        | "Reimbursement"
        | "Gross Pay"
        | "Deductions"
        | "Net Pay"
        | "Pay Date"
        | "Period Start"
        | "Period End"
        | "SSN"
        | null
      )
    | null;
};
export type ViewerLineage = {
  /** The cell's column header. */
  header: string;
  /** The cell as shown. */
  value: string | null;
  sourceSheet: string;
  sourceRow: number;
  /** The raw header the column came from; null when no raw column fed it. */
  originalHeader: string | null;
  /** The raw cell's text before scrubbing. */
  originalText: string | null;
  raw: {
    /** The sheet's index among the raw version's sheets. */
    sheet: number;
    /** The row's index in that sheet. */
    row: number;
    column: number | null;
  };
};
export type ClientStatus = "ACTIVE" | "INACTIVE";
export type Client = {
  id: string;
  name: string;
  status: ClientStatus;
  assigned_staff_id: string | null;
  assigned_staff_name: string | null;
  organization_name: string;
  created_at: string;
};
export type ClientInput = {
  name: string;
  assigned_staff_id: string;
  status?: ClientStatus;
  /** Save even if another client of the company is already called the same (see createClient). */
  allow_duplicate_name?: boolean;
};
export type ClientUpdate = {
  name?: string;
  assigned_staff_id?: string;
  status?: ClientStatus;
  /** Rename even if another client of the company is already called the same (see createClient). */
  allow_duplicate_name?: boolean;
};
export type StaffPagination = {
  currentPage: number;
  totalPages: number;
  totalCount: number;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
};
export type ClientDetail = Client & {
  required_documents: RequiredDocument[];
};
export type ClientWeek = {
  weekStart: string;
  weekEnd: string;
  weekStatus:
    "NO_UPLOAD" | "PROCESSING" | "FAILED" | "PENDING" | "APPROVED" | "REJECTED";
  upload: Upload | null;
  earlierVersions: Upload[];
};
export type WeeklyDocumentsSummary = {
  /** Every row (required document of an active assigned client). */
  total: number;
  /** Rows with an upload that week that did not fail: awaiting review, reviewed or still processing (filter uploaded). */
  uploaded: number;
  /** Newest upload SCRUBBED and awaiting review (filter pending). */
  pending: number;
  /** Newest upload approved (filter approved): the row is done for the week. */
  approved: number;
  /** Newest upload rejected, not yet uploaded again (filter rejected). */
  rejected: number;
  /** Newest upload FAILED in processing: it has to be uploaded again and cannot be reviewed. */
  failed: number;
  /** Newest upload still queued or processing. */
  processing: number;
  /** Rows with no upload at all that week (missing). */
  remaining: number;
};
export type StaffUploadItem = {
  id: string;
  filename: string;
  file_size_mb: number;
  upload_date: string;
  status: ProcessingStatus;
  approval_status: ApprovalStatus;
  document_title: string;
  client: {
    id?: string;
    name: string;
  };
  /** As in WeeklyUpload: true while its interrupted processing is being taken up again ("Resuming after an interruption"). */
  resuming?: boolean;
};
export type ReviewFile = {
  filename: string;
  notes?: string | null;
};
export type UploadReview = {
  upload_id: string;
  upload_date: string;
  status: ProcessingStatus;
  approval_status: ApprovalStatus;
  reviewed_by: string | null;
  reviewed_at: string | null;
  /** Why it was approved although its scrub found errors; null otherwise. */
  override_reason: string | null;
  /** As in Upload: the week-over-week warnings its processing raised; null before it is processed. */
  week_over_week_warnings: number | null;
  /** As in Upload: what the scrub found, by severity; null before it is processed. */
  scrub_issues: {
    errors: number;
    warnings: number;
  } | null;
  client: CompanyRef;
  document: {
    id: string;
    title: string;
  };
  files: {
    raw?: ReviewFile;
    consolidated?: ReviewFile;
    scrubbed?: ReviewFile;
  };
};
export type StaffWeeklyStats = {
  /** Rows with an upload that week that did not fail: awaiting review, reviewed or still processing (filter uploaded). */
  totalUploaded: number;
  /** Newest upload SCRUBBED and awaiting review (filter pending). */
  uploadsPendingReview: number;
  /** Newest upload approved (filter approved). */
  approvedUploads: number;
  /** Newest upload rejected, not yet uploaded again (filter rejected). */
  rejectedUploads: number;
  /** Newest upload FAILED in processing: it has to be uploaded again; it cannot be reviewed. */
  failedUploads: number;
  /** Newest upload still queued or processing. */
  processingUploads: number;
  /** Rows with no upload at all that week (missing). */
  remainingUploads: number;
  /** Active assigned clients with an upload that week that did not fail. */
  clientsWithUploads: number;
  /** Active assigned clients whose week is completed: the newest upload of each of their required documents is approved. */
  clientsCompleted: number;
  /** Active clients assigned to the caller. */
  totalAssignedClients: number;
  /** clientsCompleted / totalAssignedClients * 100, rounded to one decimal; 0 when there are no assigned clients. */
  completionPercentage: number;
};
export type TicketStatus = "OPEN" | "IN_PROGRESS" | "COMPLETED" | "CLOSED";
export type Ticket = {
  id: string;
  title: string;
  description: string;
  status: TicketStatus;
  created_at: string;
  updated_at: string;
  created_by_name: string;
  created_by_role: Role;
  company_name?: string | null;
};
export type TicketInput = {
  title: string;
  description: string;
};
export type TicketStatistics = {
  total_tickets: number;
  open_tickets: number;
  in_progress_tickets: number;
  completed_tickets: number;
  closed_tickets: number;
};
export type TicketComment = {
  id: string;
  comment: string;
  added_by_name: string;
  added_by_role: Role;
  company_name?: string | null;
  added_at: string;
};
export const {
  useGetHealthQuery,
  useGetReadyQuery,
  useLoginSystemMutation,
  useLoginAdminMutation,
  useLoginStaffMutation,
  useRefreshSessionMutation,
  useLogoutMutation,
  useGetMeQuery,
  useChangeOwnPasswordMutation,
  useListCompaniesQuery,
  useCreateCompanyMutation,
  useGetCompanyQuery,
  useUpdateCompanyMutation,
  useDeleteCompanyMutation,
  useListCompanyAdminsQuery,
  useCreateCompanyAdminMutation,
  useDeleteCompanyAdminMutation,
  useResetCompanyAdminPasswordMutation,
  useListConsolidatedFilesQuery,
  useUploadConsolidatedFileMutation,
  useGetConsolidatedFileContentQuery,
  useGetConsolidatedFileViewerQuery,
  useGetConsolidatedFileViewerRowsQuery,
  useListAuditLogQuery,
  useGetAuditLogOptionsQuery,
  useExportAuditLogQuery,
  useGetCurrentCompanyQuery,
  useGetCompanyStorageQuery,
  useListCompanyStaffQuery,
  useCreateCompanyStaffMutation,
  useDeleteCompanyStaffMutation,
  useResetCompanyStaffPasswordMutation,
  useGetCompanyWeeklyStatsQuery,
  useListCompanyFileUploadsQuery,
  useMatchCompanyWeeklyUploadsMutation,
  useListCompanyWeeklyDocumentsQuery,
  useReviewWeeklyDocumentMutation,
  useGetCompanyUploadQuery,
  useFixUploadMappingMutation,
  useDownloadCompanyUploadQuery,
  useGetCompanyUploadViewerQuery,
  useGetCompanyUploadViewerRowsQuery,
  useGetCompanyUploadViewerLineageQuery,
  useBulkDownloadCompanyUploadsQuery,
  useListCompanyAuditLogQuery,
  useGetCompanyAuditLogOptionsQuery,
  useExportCompanyAuditLogQuery,
  useListClientsQuery,
  useCreateClientMutation,
  useGetClientQuery,
  useUpdateClientMutation,
  useDeleteClientMutation,
  useListStaffClientsQuery,
  useGetStaffClientQuery,
  useListStaffClientUploadsQuery,
  useListStaffWeeklyDocumentsQuery,
  useGetStaffWeeklyDocumentsSummaryQuery,
  useListStaffUploadsQuery,
  useGetStaffUploadReviewQuery,
  useGetStaffWeeklyStatsQuery,
  useMatchStaffWeeklyUploadsMutation,
  useUploadRequiredDocumentMutation,
  useReuploadRequiredDocumentMutation,
  useDownloadStaffUploadQuery,
  useGetStaffUploadViewerQuery,
  useGetStaffUploadViewerRowsQuery,
  useGetStaffUploadViewerLineageQuery,
  useListMyTicketsQuery,
  useCreateTicketMutation,
  useListAllTicketsQuery,
  useGetTicketStatisticsQuery,
  useGetTicketQuery,
  useDeleteTicketMutation,
  useUpdateTicketStatusMutation,
  useAddTicketCommentMutation,
} = injectedRtkApi;
