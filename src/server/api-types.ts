/* Generated from openapi/openapi.yaml by `npm run generate:api`. Do not edit. */
export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness (database, queue and file storage reachable; 503 naming the first that is not) */
        get: operations["getReady"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/system": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["loginSystem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["loginAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/staff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["loginStaff"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["refreshSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Changes the signed-in user's own password (every role). The current password is checked and
         *     counted against the sign-in throttle (a wrong one answers 400 naming `currentPassword`; too many
         *     answer 429). The new password follows the sign-up rules (4 to 100 characters), must differ from
         *     the current one and must not be one of the most common passwords. Every other session of the
         *     user ends (their open sockets are closed); this one stays signed in.
         */
        post: operations["changeOwnPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/system/companies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listCompanies"];
        put?: never;
        post: operations["createCompany"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/system/companies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        get: operations["getCompany"];
        put?: never;
        post?: never;
        /** Deletes the company and everything it owns (users, clients, uploads, files, tickets) in one transaction */
        delete: operations["deleteCompany"];
        options?: never;
        head?: never;
        patch: operations["updateCompany"];
        trace?: never;
    };
    "/system/companies/{companyId}/admins": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                companyId: components["parameters"]["CompanyIdPath"];
            };
            cookie?: never;
        };
        get: operations["listCompanyAdmins"];
        put?: never;
        post: operations["createCompanyAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/system/companies/{companyId}/admins/{adminId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                companyId: components["parameters"]["CompanyIdPath"];
                adminId: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteCompanyAdmin"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/system/companies/{companyId}/admins/{adminId}/password": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                companyId: components["parameters"]["CompanyIdPath"];
                adminId: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Sets a new password for an admin of the company (any other user is not found) and ends every
         *     session of theirs at once. The new password must be at least 4 characters (at most 100) and must
         *     not be one of the most common passwords.
         */
        post: operations["resetCompanyAdminPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/system/consolidated-files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listConsolidatedFiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/system/consolidated-files/{companyId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                companyId: components["parameters"]["CompanyIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Multipart field `file` (.xls, .xlsx, .xlsm or .csv, under 100 MB). */
        post: operations["uploadConsolidatedFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/system/consolidated-files/{id}/content": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        get: operations["getConsolidatedFileContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/system/consolidated-files/{id}/viewer": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        /** @description A consolidated file stored by an operator (its one version, `consolidated`). What the viewer holds for it: its versions with their sheets, and the summary of the engine's run. PREPARING while the worker is still preparing it; UNAVAILABLE (with the reason in `message`) when there is nothing to view. */
        get: operations["getConsolidatedFileViewer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/system/consolidated-files/{id}/viewer/rows": {
        parameters: {
            query: {
                version: components["parameters"]["ViewerVersionQuery"];
                /** @description The sheet's index among its version's sheets, from 0. */
                sheet: components["parameters"]["ViewerSheetQuery"];
                /** @description The first row of the window, counted after the filter, from 0. */
                offset?: components["parameters"]["ViewerOffsetQuery"];
                limit?: components["parameters"]["ViewerLimitQuery"];
                /** @description Only rows with errors, only rows with warnings, or all rows. */
                filter?: components["parameters"]["ViewerFilterQuery"];
            };
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        /** @description A window of `limit` rows of one sheet from `offset` (counted after the filter). An offset past the end answers no rows and the total. A version or sheet the viewer does not hold answers 404; the errors and warnings filters apply only to the Scrubbed data sheet (400 elsewhere); 409 while the viewer is not ready. */
        get: operations["getConsolidatedFileViewerRows"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/system/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Every audit row of the platform (every company, and the operators' own),
         *     newest first, 50 a page. `actor` is a user id, `action` an action name (`client.update`),
         *     `entityType` a record type (`client`); `dateFrom` and `dateTo` are whole UTC days, both included. `before` and `after` are the record's fields before and after the change,
         *     where the change has them (a creation only an `after`, a deletion only a `before`).
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/system/audit/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The people and the actions that occur in the same log, for its filters (people by name). */
        get: operations["getAuditLogOptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/system/audit/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Every row the same filters select, newest first, as CSV (UTF-8 with a byte-order mark, a header line, then When, Who, Role, Company, Action, Record, Record ID, Summary, Before, After, IP), streamed as it is read (so without a content-length) and named `audit-log-<today>.csv`. A cell that a spreadsheet would run as a formula (it starts with = + - @, a tab or a carriage return) gets a leading apostrophe. */
        get: operations["exportAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/company/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getCurrentCompany"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/company/storage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description How much of its storage the caller's company uses: the bytes of every stored file of its uploads
         *     (raw, consolidated and scrubbed; older failed versions of a week keep no files) and of the
         *     operators' files for it, and its quota (setting COMPANY_STORAGE_QUOTA_BYTES). Past the quota new
         *     uploads are refused (413).
         */
        get: operations["getCompanyStorage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/company/staff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The company's staff members, oldest first; `search` matches name or email (any case), for pickers that search as you type. */
        get: operations["listCompanyStaff"];
        put?: never;
        post: operations["createCompanyStaff"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/company/staff/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * @description Removes a staff member of the caller's company and ends their sessions at once. A member who
         *     still has clients assigned is refused (409) with a message naming how many clients to reassign
         *     first, so no client is ever left without someone to upload its payroll.
         */
        delete: operations["deleteCompanyStaff"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/company/staff/{id}/password": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Sets a new password for a staff member of the caller's company (anyone else is not found) and
         *     ends every session of theirs at once. The new password follows the sign-up rules (4 to 100
         *     characters) and must not be one of the most common passwords.
         */
        post: operations["resetCompanyStaffPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/company/weekly-stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Counts over the same rows as `GET /company/weekly-documents` for the week (same week rules
         *     and refusals as `GET /staff/weekly-documents`): one row per required document of each ACTIVE
         *     client of the caller's company. See AdminWeeklyStats for what each figure counts.
         */
        get: operations["getCompanyWeeklyStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/company/file-uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Every upload (every version, every week) of the caller's company's clients, whatever the
         *     client's status, newest first. `filename` is the raw file's, as uploaded; `user` is the
         *     uploader's name as recorded with the upload and their account's email (empty once the account
         *     is removed). `dateFrom` and `dateTo` are whole UTC days of the upload time, both included.
         *     20 a page.
         */
        get: operations["listCompanyFileUploads"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/company/weekly-uploads/match": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Routes a week's files to their clients by what they hold. Multipart: optional `weekStart` (as for an upload) and one or more `files` (up to 100, each within the upload size limit). Each file is read by the engine's readers (the top of each sheet and its identity columns only; nothing is stored) and compared with the company's clients on the employees of their recent approved weeks, the client's name in title rows, sheet names or the file name, and their remembered columns and file names. The answer lists the files in the order sent: `clientId` null when no client reaches the threshold; `reasons` name the signals; `alreadyUploaded` when the client already has a live upload that week; `refusal` when the file cannot be read (in the words an upload of it would get), for that file only. Two files suggested for one client both say so in their reasons. */
        post: operations["matchCompanyWeeklyUploads"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/company/weekly-documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description As `GET /staff/weekly-documents` (rows, newest upload, week rules and refusals), over every
         *     ACTIVE client of the caller's company (one of them with `clientId`; a client of another
         *     company or not active gives no rows). 20 rows a page.
         */
        get: operations["listCompanyWeeklyDocuments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/company/weekly-documents/{fileProcessingId}/review": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                fileProcessingId: components["parameters"]["FileProcessingIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Approves or rejects an upload of the caller's company. Another company's upload answers 404
         *     "Upload not found or you don't have access to this upload.", like a missing one. Only the
         *     newest version of its client-week, processed (SCRUBBED) and not yet reviewed, can be reviewed;
         *     otherwise 409 with a message saying why (already approved, already rejected, still
         *     processing, processing failed, a newer version exists). Of two admins reviewing at once, one
         *     succeeds and the other is refused. Each note is trimmed and stored on its file version;
         *     empty or blank notes are not stored, and a note for a version the upload does not have is
         *     refused (400). The reviewer and the time are recorded. Approving an upload whose scrub found
         *     errors needs `override_reason` (trimmed, at least 10 characters, else 400): without it 409
         *     REASON_REQUIRED "This upload has N errors. Give a reason to approve it anyway." The reason is stored on the
         *     upload and in the review's audit row; warnings never need one, and a reason sent with a
         *     rejection or for an upload without errors is ignored. Answers 'Document approved
         *     successfully' or 'Document rejected successfully'.
         */
        post: operations["reviewWeeklyDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/company/uploads/{uploadId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uploadId: components["parameters"]["UploadIdPath"];
            };
            cookie?: never;
        };
        /**
         * @description Any upload (any version) of the caller's company, in full: what a weekly row shows of it and
         *     each stored file version with its download name, size and the reviewer's notes, read when the
         *     admin opens the row (`GET /company/weekly-documents` carries only the summary). Another
         *     company's upload answers 404 "Upload not found or you don't have access to this upload.",
         *     like a missing one.
         */
        get: operations["getCompanyUpload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/company/uploads/{uploadId}/mapping-fixes": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uploadId: components["parameters"]["UploadIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Fixes how a header of the upload's client is mapped: from the next run on, `header` (as
         *     written, in `sheet`, or in every sheet when `sheet` is null) maps to `column`, a canonical
         *     column, or is kept as an extra column when `column` is null. The fix is stored in the
         *     client's mapping profile (created if the client has none; a fix for the same sheet and
         *     header replaces the earlier one), audited as `client.mapping_fix` with the profile's fixes
         *     before and after, and the same upload is processed again with it: a new processing run
         *     (status back to QUEUED, progress over the socket as for a new upload, its files and review
         *     pack replaced); its review stays PENDING. Another company's upload answers 404 like a
         *     missing one; an upload still processing, or already approved or rejected, answers 409.
         *     Answers 202 with the run's job.
         */
        post: operations["fixUploadMapping"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/company/download/{uploadId}": {
        parameters: {
            query: {
                type: components["parameters"]["FileTypeQuery"];
            };
            header?: never;
            path: {
                uploadId: components["parameters"]["UploadIdPath"];
            };
            cookie?: never;
        };
        /** @description As `GET /staff/download/{uploadId}`, for any upload of the admin's company. */
        get: operations["downloadCompanyUpload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/company/uploads/{uploadId}/viewer": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uploadId: components["parameters"]["UploadIdPath"];
            };
            cookie?: never;
        };
        /** @description As `GET /staff/uploads/{uploadId}/viewer`, for any upload of the admin's company. What the viewer holds for it: its versions with their sheets, and the summary of the engine's run. PREPARING while the worker is still preparing it; UNAVAILABLE (with the reason in `message`) when there is nothing to view. */
        get: operations["getCompanyUploadViewer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/company/uploads/{uploadId}/viewer/rows": {
        parameters: {
            query: {
                version: components["parameters"]["ViewerVersionQuery"];
                /** @description The sheet's index among its version's sheets, from 0. */
                sheet: components["parameters"]["ViewerSheetQuery"];
                /** @description The first row of the window, counted after the filter, from 0. */
                offset?: components["parameters"]["ViewerOffsetQuery"];
                limit?: components["parameters"]["ViewerLimitQuery"];
                /** @description Only rows with errors, only rows with warnings, or all rows. */
                filter?: components["parameters"]["ViewerFilterQuery"];
            };
            header?: never;
            path: {
                uploadId: components["parameters"]["UploadIdPath"];
            };
            cookie?: never;
        };
        /** @description A window of `limit` rows of one sheet from `offset` (counted after the filter). An offset past the end answers no rows and the total. A version or sheet the viewer does not hold answers 404; the errors and warnings filters apply only to the Scrubbed data sheet (400 elsewhere); 409 while the viewer is not ready. */
        get: operations["getCompanyUploadViewerRows"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/company/uploads/{uploadId}/viewer/lineage": {
        parameters: {
            query: {
                version: components["parameters"]["ViewerLineageVersionQuery"];
                /** @description The sheet's index among its version's sheets, from 0. */
                sheet: components["parameters"]["ViewerSheetQuery"];
                /** @description The row's index in the sheet (unfiltered), from 0. */
                row: components["parameters"]["ViewerRowQuery"];
                /** @description The column's index in the sheet, from 0. */
                column: components["parameters"]["ViewerColumnQuery"];
            };
            header?: never;
            path: {
                uploadId: components["parameters"]["UploadIdPath"];
            };
            cookie?: never;
        };
        /** @description Where a cell of the Consolidated or Scrubbed data sheet came from: its Source Sheet and Source Row, the header and text of the raw cell, and where that cell is in the raw version. A sheet other than the data sheet, or a lineage column (Source Sheet, Source Row), answers 400; a row or column outside the sheet 404; 409 while the viewer is not ready. */
        get: operations["getCompanyUploadViewerLineage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/company/bulk-download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description A zip, streamed as it is built (so without a content-length), holding for each client of the admin's company (active or not) the file of that type of the client's newest upload of the week, when that upload has one. Entries are `<client>/<file name>`: the raw file keeps the name it was uploaded with, the consolidated and scrubbed files their produced names; both parts are made safe for any file system, and clients whose names clash get `Name`, `Name (2)`. The zip is named `<company> <week start> <type> files.zip`. A week without any such file answers 404 ('No scrubbed files were uploaded for the week of 2026-11-23.') rather than an empty zip. A stored file that cannot be read breaks the download off (the connection is closed) rather than sending an incomplete zip. */
        get: operations["bulkDownloadCompanyUploads"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/company/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description The audit rows of the admin's own company (the company comes from the session),
         *     newest first, 50 a page. `actor` is a user id, `action` an action name (`client.update`),
         *     `entityType` a record type (`client`); `dateFrom` and `dateTo` are whole UTC days, both included. `before` and `after` are the record's fields before and after the change,
         *     where the change has them (a creation only an `after`, a deletion only a `before`).
         */
        get: operations["listCompanyAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/company/audit/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description The people and the actions that occur in the same log, for its filters (people by name). */
        get: operations["getCompanyAuditLogOptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/company/audit/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Every row the same filters select, newest first, as CSV (UTF-8 with a byte-order mark, a header line, then When, Who, Role, Company, Action, Record, Record ID, Summary, Before, After, IP), streamed as it is read (so without a content-length) and named `audit-log-<today>.csv`. A cell that a spreadsheet would run as a formula (it starts with = + - @, a tab or a carriage return) gets a leading apostrophe. */
        get: operations["exportCompanyAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listClients"];
        put?: never;
        /**
         * @description A name another client of the company already has (compared ignoring case, accents and spacing)
         *     answers 409 with `error: DUPLICATE_CLIENT_NAME` and the message 'Another client is already called
         *     {name}.', unless `allow_duplicate_name` is true: the admin is warned and may go on.
         */
        post: operations["createClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/client/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        /** @description One client of the caller's company (ADMIN); any other id answers 404. */
        get: operations["getClient"];
        /**
         * @description ADMIN may change any field; STAFF may change only `status` of a client assigned to them. A new
         *     name another client of the company already has answers 409 `DUPLICATE_CLIENT_NAME`, as a create does.
         */
        put: operations["updateClient"];
        post?: never;
        delete: operations["deleteClient"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["listStaffClients"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/clients/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        get: operations["getStaffClient"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/clients/{id}/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        /**
         * @description An assigned client's required document, its state this week, and its history of weekly
         *     uploads: one row per week, newest first, with the newest version of that week's upload and
         *     the earlier versions (rejected uploads that were uploaded again) newest first.
         */
        get: operations["listStaffClientUploads"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/weekly-documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description One row per required document of each ACTIVE client assigned to the caller (one of them with
         *     `clientId`; a client that is not theirs or not active gives no rows), for one UTC week,
         *     ordered by client name. An upload belongs to the week it was uploaded for (its `weekStart`),
         *     whenever it arrived; the row's `upload` is the newest version of that week (upload time,
         *     then attempt), with `error_message` when it FAILED, or null. `weekStatus` and the filter
         *     both read that newest version. 10 rows a page. The row carries a summary of the upload
         *     (`WeeklyUpload`); its versions' files and notes are read when the row is opened
         *     (`GET /staff/uploads/{id}/review`).
         *
         *     The week defaults to the current one. `weekStart` must be a Monday, not before 2025-09-08 and
         *     not after the current week; `weekEnd`, when given, must be its Sunday (and needs `weekStart`).
         *     A refusal is 400 with a message naming the field.
         */
        get: operations["listStaffWeeklyDocuments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/weekly-documents-summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Counts over the same rows as `GET /staff/weekly-documents` for the same `clientId` and week
         *     (same week rules and refusals). See WeeklyDocumentsSummary for what each figure counts.
         */
        get: operations["getStaffWeeklyDocumentsSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description The uploads the caller made, newest first, of the clients assigned to them now (a client
         *     reassigned to a colleague takes its history along), every version and week, whatever the
         *     client's status. `filename` and `file_size_mb` are the raw file's, as uploaded. 10 a page.
         */
        get: operations["listStaffUploads"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/uploads/{id}/review": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        /**
         * @description Any upload (any version) of a client assigned to the caller, by its processing id: who
         *     reviewed it and when (null until reviewed), and the notes on each file version that is
         *     stored. Any other upload answers 404 "Upload not found or you don't have access to this
         *     upload.", whether it exists elsewhere or not at all.
         */
        get: operations["getStaffUploadReview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/weekly-stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getStaffWeeklyStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/weekly-uploads/match": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Routes a week's files to their clients by what they hold. Multipart: optional `weekStart` (as for an upload) and one or more `files` (up to 100, each within the upload size limit). Each file is read by the engine's readers (the top of each sheet and its identity columns only; nothing is stored) and compared with the clients assigned to the caller on the employees of their recent approved weeks, the client's name in title rows, sheet names or the file name, and their remembered columns and file names. The answer lists the files in the order sent: `clientId` null when no client reaches the threshold; `reasons` name the signals; `alreadyUploaded` when the client already has a live upload that week; `refusal` when the file cannot be read (in the words an upload of it would get), for that file only. Two files suggested for one client both say so in their reasons. */
        post: operations["matchStaffWeeklyUploads"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/upload-required-document": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Multipart fields `clientId` and optional `weekStart` (both before the file), then `file` (.xls, .xlsx, .xlsm, .xltm, .xltx or .csv, under 100 MB). The client must be assigned to the caller (404 otherwise). The file is stored and queued in one step (202); its processing is followed by `processingUpdate` events. A week holds one upload per client: a week whose newest upload did not fail answers 409 (a rejected one is re-uploaded instead). The company's limits answer, with a message saying which limit was reached and what to do: 429 `TOO_MANY_UPLOADS` when the company already has COMPANY_MAX_QUEUED_UPLOADS uploads waiting or being processed; 429 `TOO_MANY_FAILED_UPLOADS` when the client's week failed processing CLIENT_WEEK_FAILED_UPLOADS_PER_DAY times in the last 24 hours; 413 `STORAGE_QUOTA_EXCEEDED` when the company's stored files would outgrow its quota (see `GET /company/storage`). Uploads are processed in fair turns between companies. */
        post: operations["uploadRequiredDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/reupload-required-document/{fileProcessingId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                fileProcessingId: components["parameters"]["FileProcessingIdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description A new version of a rejected upload of a client assigned to the caller, for the same week; the rejected version, its files and its review notes stay as history. Only the newest version of its week, once REJECTED, can be re-uploaded (409 otherwise); another staff member's upload answers 404. The company's limits on uploads waiting (429 `TOO_MANY_UPLOADS`) and on storage (413 `STORAGE_QUOTA_EXCEEDED`) apply as to `POST /staff/upload-required-document`. */
        post: operations["reuploadRequiredDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/download/{uploadId}": {
        parameters: {
            query: {
                type: components["parameters"]["FileTypeQuery"];
            };
            header?: never;
            path: {
                uploadId: components["parameters"]["UploadIdPath"];
            };
            cookie?: never;
        };
        /** @description A version of an upload of a client assigned to the caller, as an attachment named `<client> <week start> <type>.xlsx` (the raw version keeps its own extension). A version not produced yet answers 409; an upload the caller may not see answers 404, like a missing one. */
        get: operations["downloadStaffUpload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/uploads/{uploadId}/viewer": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uploadId: components["parameters"]["UploadIdPath"];
            };
            cookie?: never;
        };
        /** @description An upload of a client assigned to the caller; one the caller may not see answers 404, like a missing one. What the viewer holds for it: its versions with their sheets, and the summary of the engine's run. PREPARING while the worker is still preparing it; UNAVAILABLE (with the reason in `message`) when there is nothing to view. */
        get: operations["getStaffUploadViewer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/uploads/{uploadId}/viewer/rows": {
        parameters: {
            query: {
                version: components["parameters"]["ViewerVersionQuery"];
                /** @description The sheet's index among its version's sheets, from 0. */
                sheet: components["parameters"]["ViewerSheetQuery"];
                /** @description The first row of the window, counted after the filter, from 0. */
                offset?: components["parameters"]["ViewerOffsetQuery"];
                limit?: components["parameters"]["ViewerLimitQuery"];
                /** @description Only rows with errors, only rows with warnings, or all rows. */
                filter?: components["parameters"]["ViewerFilterQuery"];
            };
            header?: never;
            path: {
                uploadId: components["parameters"]["UploadIdPath"];
            };
            cookie?: never;
        };
        /** @description A window of `limit` rows of one sheet from `offset` (counted after the filter). An offset past the end answers no rows and the total. A version or sheet the viewer does not hold answers 404; the errors and warnings filters apply only to the Scrubbed data sheet (400 elsewhere); 409 while the viewer is not ready. */
        get: operations["getStaffUploadViewerRows"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/staff/uploads/{uploadId}/viewer/lineage": {
        parameters: {
            query: {
                version: components["parameters"]["ViewerLineageVersionQuery"];
                /** @description The sheet's index among its version's sheets, from 0. */
                sheet: components["parameters"]["ViewerSheetQuery"];
                /** @description The row's index in the sheet (unfiltered), from 0. */
                row: components["parameters"]["ViewerRowQuery"];
                /** @description The column's index in the sheet, from 0. */
                column: components["parameters"]["ViewerColumnQuery"];
            };
            header?: never;
            path: {
                uploadId: components["parameters"]["UploadIdPath"];
            };
            cookie?: never;
        };
        /** @description Where a cell of the Consolidated or Scrubbed data sheet came from: its Source Sheet and Source Row, the header and text of the raw cell, and where that cell is in the raw version. A sheet other than the data sheet, or a lineage column (Source Sheet, Source Row), answers 400; a row or column outside the sheet 404; 409 while the viewer is not ready. */
        get: operations["getStaffUploadViewerLineage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ticket": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description STAFF: the tickets they created. ADMIN: every ticket raised in their company (theirs and their staff's). */
        get: operations["listMyTickets"];
        put?: never;
        post: operations["createTicket"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ticket/all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Every ticket on the platform (SYSTEM). */
        get: operations["listAllTickets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ticket/statistics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getTicketStatistics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ticket/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        get: operations["getTicket"];
        put?: never;
        post?: never;
        delete: operations["deleteTicket"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ticket/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put: operations["updateTicketStatus"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ticket/{id}/comment": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["addTicketComment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        WeekFileMatch: {
            fileName: string;
            /** Format: uuid */
            clientId: string | null;
            clientName: string | null;
            confidence: number;
            reasons: {
                /** @enum {string} */
                signal: "employees" | "name" | "layout" | "fileName" | "sameClient";
                text: string;
            }[];
            alreadyUploaded: boolean;
            refusal: string | null;
        };
        ErrorBody: {
            /** @enum {boolean} */
            success: false;
            message: string;
            /** @description Machine code, e.g. TOKEN_EXPIRED, UNAUTHORIZED, VALIDATION_ERROR, NOT_FOUND, FORBIDDEN, CONFLICT, REASON_REQUIRED, RATE_LIMITED, TOO_MANY_UPLOADS, TOO_MANY_FAILED_UPLOADS, STORAGE_QUOTA_EXCEEDED, INTERNAL */
            error?: string;
            errors?: {
                field: string;
                message: string;
            }[];
        };
        MessageBody: {
            success: boolean;
            message: string;
        };
        HealthResponse: {
            success: boolean;
            status: string;
        };
        /** @enum {string} */
        Role: "SYSTEM" | "ADMIN" | "STAFF";
        LoginInput: {
            /** Format: email */
            email: string;
            password: string;
        };
        CurrentUser: {
            /** Format: uuid */
            id: string;
            name: string;
            email: string;
            role: components["schemas"]["Role"];
            /** Format: uuid */
            company_id?: string | null;
            company_name?: string | null;
        };
        /** @description Tickets, admin clients, companies, company admins, consolidated files and the audit log */
        PagePagination: {
            page: number;
            limit: number;
            total: number;
            totalPages: number;
            hasPrevPage: boolean;
            hasNextPage: boolean;
        };
        AdminStaffPagination: {
            page: number;
            totalPages: number;
            totalCount: number;
            hasPrev: boolean;
            hasNext: boolean;
        };
        /** @description Staff assigned clients, staff uploads and staff weekly documents */
        StaffPagination: {
            currentPage: number;
            totalPages: number;
            totalCount: number;
            hasPreviousPage: boolean;
            hasNextPage: boolean;
        };
        AdminWeeklyPagination: {
            page: number;
            limit: number;
            totalCount: number;
            totalPages: number;
            hasPrev: boolean;
            hasNext: boolean;
        };
        AdminUploadsPagination: {
            page: number;
            totalCount: number;
            totalPages: number;
            hasPrev: boolean;
            hasNext: boolean;
        };
        CompanyRef: {
            /** Format: uuid */
            id: string;
            name: string;
        };
        Company: {
            /** Format: uuid */
            id: string;
            name: string;
            staff_count: number;
            active_clients: number;
            /** Format: date-time */
            created_at?: string;
        };
        CompanyInput: {
            name: string;
        };
        CompanyAdmin: {
            /** Format: uuid */
            id: string;
            name: string;
            email: string;
            role: components["schemas"]["Role"];
            /** Format: date-time */
            created_at?: string;
        };
        AdminInput: {
            name: string;
            /** Format: email */
            email: string;
            password: string;
        };
        Staff: {
            /** Format: uuid */
            id: string;
            name: string;
            email: string;
            /** Format: date-time */
            created_at: string;
        };
        StaffInput: {
            name: string;
            /** Format: email */
            email: string;
            password: string;
        };
        PasswordChangeInput: {
            currentPassword: string;
            newPassword: string;
        };
        PasswordResetInput: {
            newPassword: string;
        };
        /** @enum {string} */
        ClientStatus: "ACTIVE" | "INACTIVE";
        Client: {
            /** Format: uuid */
            id: string;
            name: string;
            status: components["schemas"]["ClientStatus"];
            /** Format: uuid */
            assigned_staff_id: string | null;
            assigned_staff_name: string | null;
            organization_name: string;
            /** Format: date-time */
            created_at: string;
        };
        ClientDetail: components["schemas"]["Client"] & {
            required_documents: components["schemas"]["RequiredDocument"][];
        };
        ClientInput: {
            name: string;
            /** Format: uuid */
            assigned_staff_id: string;
            status?: components["schemas"]["ClientStatus"];
            /** @description Save even if another client of the company is already called the same (see createClient). */
            allow_duplicate_name?: boolean;
        };
        ClientUpdate: {
            name?: string;
            /** Format: uuid */
            assigned_staff_id?: string;
            status?: components["schemas"]["ClientStatus"];
            /** @description Rename even if another client of the company is already called the same (see createClient). */
            allow_duplicate_name?: boolean;
        };
        RequiredDocument: {
            /** Format: uuid */
            id: string;
            title: string;
            /** Format: date-time */
            created_at: string;
        };
        /** @enum {string} */
        ProcessingStatus: "UPLOADING" | "QUEUED" | "CONSOLIDATING" | "CONSOLIDATED" | "SCRUBBING" | "SCRUBBED" | "FAILED";
        /** @enum {string} */
        ApprovalStatus: "PENDING" | "APPROVED" | "REJECTED";
        /** @enum {string} */
        UploadStatusFilter: "PENDING" | "APPROVED" | "REJECTED" | "UPLOADING" | "QUEUED" | "CONSOLIDATING" | "CONSOLIDATED" | "SCRUBBING" | "SCRUBBED" | "FAILED";
        /** @enum {string} */
        FileType: "raw" | "consolidated" | "scrubbed";
        FileVersion: {
            filename: string;
            file_size_mb: number;
            notes?: string | null;
        };
        Upload: {
            /** Format: uuid */
            upload_id: string;
            status: components["schemas"]["ProcessingStatus"];
            approval_status: components["schemas"]["ApprovalStatus"];
            /** Format: date-time */
            upload_date: string;
            error_message?: string | null;
            uploaded_by: {
                name: string;
            };
            reviewed_by: {
                name: string;
                /** Format: date-time */
                reviewed_at: string;
            } | null;
            /** @description Why it was approved although its scrub found errors; null otherwise. */
            override_reason: string | null;
            /** @description How many week-over-week warnings (changes since the client's last approved week: mapping, employees, pay, totals) its processing raised; null before it is processed. */
            week_over_week_warnings: number | null;
            /** @description What the scrub found in its rows, counted by severity (errors need an override reason to approve; warnings do not); null before it is processed. */
            scrub_issues: {
                errors: number;
                warnings: number;
            } | null;
            file_versions: {
                raw?: components["schemas"]["FileVersion"];
                consolidated?: components["schemas"]["FileVersion"];
                scrubbed?: components["schemas"]["FileVersion"];
            };
        };
        WeeklyDocumentRow: {
            client: components["schemas"]["CompanyRef"];
            document: components["schemas"]["RequiredDocument"];
            /** @enum {string} */
            weekStatus: "NO_UPLOAD" | "PROCESSING" | "FAILED" | "PENDING" | "APPROVED" | "REJECTED";
            upload: components["schemas"]["WeeklyUpload"] | null;
        };
        /**
         * @description The newest upload of a weekly row as the row shows it: its state, who uploaded and reviewed
         *     it, what processing found, which versions are stored and the first line of the reviewer's
         *     notes. The versions' files, sizes and whole notes are read when the row is opened
         *     (`GET /company/uploads/{uploadId}`, `GET /staff/uploads/{id}/review`).
         */
        WeeklyUpload: {
            /** Format: uuid */
            upload_id: string;
            status: components["schemas"]["ProcessingStatus"];
            approval_status: components["schemas"]["ApprovalStatus"];
            /** Format: date-time */
            upload_date: string;
            error_message: string | null;
            uploaded_by: {
                name: string;
            };
            reviewed_by: {
                name: string;
                /** Format: date-time */
                reviewed_at: string;
            } | null;
            /** @description Why it was approved although its scrub found errors; null otherwise. */
            override_reason: string | null;
            /** @description As in Upload: the week-over-week warnings its processing raised; null before it is processed. */
            week_over_week_warnings: number | null;
            /** @description As in Upload: what the scrub found, by severity; null before it is processed. */
            scrub_issues: {
                errors: number;
                warnings: number;
            } | null;
            /** @description The file versions stored for it, in the order raw, consolidated, scrubbed. */
            versions: components["schemas"]["FileType"][];
            /** @description The first non-blank line of the reviewer's first note (raw, then consolidated, then scrubbed); null when there is none. */
            first_note: string | null;
            /** @description True while its processing, interrupted (a restart, a worker that stopped), waits to be taken up again or is being taken up again: the row says "Resuming after an interruption". Absent or false otherwise. */
            resuming?: boolean;
        };
        /** @description One UTC week of a client's required document; `upload` is the newest version, or null when nothing was uploaded. */
        ClientWeek: {
            /** Format: date */
            weekStart: string;
            /** Format: date */
            weekEnd: string;
            /** @enum {string} */
            weekStatus: "NO_UPLOAD" | "PROCESSING" | "FAILED" | "PENDING" | "APPROVED" | "REJECTED";
            upload: components["schemas"]["Upload"] | null;
            earlierVersions: components["schemas"]["Upload"][];
        };
        /**
         * @description Figures over a week's rows, each read from the row's newest upload of the week, as the
         *     filters of `GET /staff/weekly-documents` read it. Each row is in exactly one of `pending`,
         *     `approved`, `rejected`, `failed`, `processing` and `remaining`, which add up to `total`;
         *     `uploaded` is `pending + approved + rejected + processing` (a FAILED upload is not counted as
         *     uploaded). Only `approved` rows are done for the week.
         */
        WeeklyDocumentsSummary: {
            /** @description Every row (required document of an active assigned client). */
            total: number;
            /** @description Rows with an upload that week that did not fail: awaiting review, reviewed or still processing (filter uploaded). */
            uploaded: number;
            /** @description Newest upload SCRUBBED and awaiting review (filter pending). */
            pending: number;
            /** @description Newest upload approved (filter approved): the row is done for the week. */
            approved: number;
            /** @description Newest upload rejected, not yet uploaded again (filter rejected). */
            rejected: number;
            /** @description Newest upload FAILED in processing: it has to be uploaded again and cannot be reviewed. */
            failed: number;
            /** @description Newest upload still queued or processing. */
            processing: number;
            /** @description Rows with no upload at all that week (missing). */
            remaining: number;
        };
        /** @description A company's stored files against its quota, in bytes. */
        CompanyStorage: {
            /** @description Bytes of the company's stored files. */
            usedBytes: number;
            /** @description Bytes the company may keep; uploads that would pass it are refused. */
            quotaBytes: number;
        };
        /**
         * @description Figures of one week over the rows of `GET /company/weekly-documents` (one per required
         *     document of each ACTIVE client of the company; a client has one), each read from the row's
         *     newest upload of the week as that list's filters read it. Uploads belong to the week they
         *     were uploaded for. Each row is in exactly one of `pendingReviews`, `approvedUploads`,
         *     `rejectedUploads`, `failedUploads`, `processingUploads` and `remainingUploads`;
         *     `completedUploads` (the spec's name for the week's total uploads) is every one of them but
         *     `failedUploads` and `remainingUploads`. A client's week is completed only when it is approved
         *     (`clientsCompleted`).
         *     Inactive clients and other companies' clients are not counted.
         */
        AdminWeeklyStats: {
            /** @description Newest upload SCRUBBED and awaiting review (filter pending). */
            pendingReviews: number;
            /** @description Newest upload rejected, not yet uploaded again (filter rejected). */
            rejectedUploads: number;
            /** @description Newest upload approved (filter approved). */
            approvedUploads: number;
            /** @description Newest upload FAILED in processing: the staff member has to upload it again; it cannot be reviewed. */
            failedUploads: number;
            /** @description Newest upload still queued or processing. */
            processingUploads: number;
            /** @description Rows with no upload at all that week (filter remaining): the active clients yet to upload. */
            remainingUploads: number;
            /** @description Rows with an upload that week that did not fail: awaiting review, reviewed or still processing (filter completed). Uploads made, not weeks finished (see clientsCompleted). */
            completedUploads: number;
            /** @description Active clients with an upload that week that did not fail. */
            clientsWithUploads: number;
            /** @description Active clients whose week is completed: the newest upload of each of their required documents is approved. */
            clientsCompleted: number;
            /** @description Active clients of the company. */
            totalClients: number;
        };
        /**
         * @description Figures of one week over the rows of `GET /staff/weekly-documents` (one per required document
         *     of each ACTIVE client assigned to the caller), each read from the row's newest upload of the
         *     week as that list's filters read it. Uploads belong to the week they were uploaded for.
         *     Each row is in exactly one of `uploadsPendingReview`, `approvedUploads`, `rejectedUploads`,
         *     `failedUploads`, `processingUploads` and `remainingUploads`; `totalUploaded` is every one of
         *     them but `failedUploads` and `remainingUploads`. A client's week is completed only when it is approved
         *     (`clientsCompleted`, behind the spec's 'X of Y clients completed').
         *     Inactive clients and clients assigned to others are not counted.
         */
        StaffWeeklyStats: {
            /** @description Rows with an upload that week that did not fail: awaiting review, reviewed or still processing (filter uploaded). */
            totalUploaded: number;
            /** @description Newest upload SCRUBBED and awaiting review (filter pending). */
            uploadsPendingReview: number;
            /** @description Newest upload approved (filter approved). */
            approvedUploads: number;
            /** @description Newest upload rejected, not yet uploaded again (filter rejected). */
            rejectedUploads: number;
            /** @description Newest upload FAILED in processing: it has to be uploaded again; it cannot be reviewed. */
            failedUploads: number;
            /** @description Newest upload still queued or processing. */
            processingUploads: number;
            /** @description Rows with no upload at all that week (missing). */
            remainingUploads: number;
            /** @description Active assigned clients with an upload that week that did not fail. */
            clientsWithUploads: number;
            /** @description Active assigned clients whose week is completed: the newest upload of each of their required documents is approved. */
            clientsCompleted: number;
            /** @description Active clients assigned to the caller. */
            totalAssignedClients: number;
            /** @description clientsCompleted / totalAssignedClients * 100, rounded to one decimal; 0 when there are no assigned clients. */
            completionPercentage: number;
        };
        AdminUploadItem: {
            /** Format: uuid */
            id: string;
            filename: string;
            /** Format: date-time */
            upload_date: string;
            status: components["schemas"]["ProcessingStatus"];
            approval_status: components["schemas"]["ApprovalStatus"];
            user: {
                name: string;
                email: string;
            };
            client: {
                /** Format: uuid */
                id?: string;
                name: string;
            };
            /** @description As in WeeklyUpload: true while its interrupted processing is being taken up again ("Resuming after an interruption"). */
            resuming?: boolean;
        };
        StaffUploadItem: {
            /** Format: uuid */
            id: string;
            filename: string;
            file_size_mb: number;
            /** Format: date-time */
            upload_date: string;
            status: components["schemas"]["ProcessingStatus"];
            approval_status: components["schemas"]["ApprovalStatus"];
            document_title: string;
            client: {
                /** Format: uuid */
                id?: string;
                name: string;
            };
            /** @description As in WeeklyUpload: true while its interrupted processing is being taken up again ("Resuming after an interruption"). */
            resuming?: boolean;
        };
        ReviewFile: {
            filename: string;
            notes?: string | null;
        };
        UploadReview: {
            /** Format: uuid */
            upload_id: string;
            /** Format: date-time */
            upload_date: string;
            status: components["schemas"]["ProcessingStatus"];
            approval_status: components["schemas"]["ApprovalStatus"];
            reviewed_by: string | null;
            /** Format: date-time */
            reviewed_at: string | null;
            /** @description Why it was approved although its scrub found errors; null otherwise. */
            override_reason: string | null;
            /** @description As in Upload: the week-over-week warnings its processing raised; null before it is processed. */
            week_over_week_warnings: number | null;
            /** @description As in Upload: what the scrub found, by severity; null before it is processed. */
            scrub_issues: {
                errors: number;
                warnings: number;
            } | null;
            client: components["schemas"]["CompanyRef"];
            document: {
                /** Format: uuid */
                id: string;
                title: string;
            };
            files: {
                raw?: components["schemas"]["ReviewFile"];
                consolidated?: components["schemas"]["ReviewFile"];
                scrubbed?: components["schemas"]["ReviewFile"];
            };
        };
        ReviewInput: {
            /** @enum {string} */
            approval_status: "APPROVED" | "REJECTED";
            raw_notes?: string;
            consolidated_notes?: string;
            scrubbed_notes?: string;
            /**
             * @description Why an upload whose scrub found errors is approved anyway; required to approve such an
             *     upload, trimmed and at least 10 characters. Ignored (not stored) on a rejection or for an
             *     upload without errors.
             */
            override_reason?: string;
        };
        MappingFixInput: {
            /** @description The sheet the fix is for, as named in the workbook; null for every sheet of the client. */
            sheet: string | null;
            /** @description The header as written in the workbook. */
            header: string;
            /**
             * @description The canonical column the header maps to (the consolidated payroll's columns, in output order), or null to keep it as an extra column.
             * @enum {string|null}
             */
            column: "Employee ID" | "Employee Name" | "First Name" | "Last Name" | "Department" | "Pay Rate" | "Regular Hours" | "Overtime Hours" | "Double Time Hours" | "PTO Hours" | "Holiday Hours" | "Sick Hours" | "Tips" | "Bonus" | "Commission" | "Reimbursement" | "Gross Pay" | "Deductions" | "Net Pay" | "Pay Date" | "Period Start" | "Period End" | "SSN" | null;
        };
        ViewerSheet: {
            /** @description The sheet's index among its version's sheets. */
            index: number;
            name: string;
            /**
             * @description data is the Consolidated or Scrubbed sheet itself; raw a sheet of the uploaded workbook.
             * @enum {string}
             */
            kind: "data" | "sources" | "issues" | "totals" | "summary" | "raw";
            rowCount: number;
            /** @description Header labels; a raw sheet has none (its rows are shown as they are). */
            columns: string[];
        };
        ViewerVersion: {
            version: components["schemas"]["FileType"];
            sheets: components["schemas"]["ViewerSheet"][];
        };
        /** @description The engine's summary of the run. */
        ViewerSummary: {
            sheets: {
                name: string;
                hidden: boolean;
                used: boolean;
                /** @description Why the sheet was skipped. */
                reason: string | null;
                /** @description The header's row number in the sheet. */
                headerRow: number | null;
                rowsRead: number;
                dataRows: number;
                /** @description The table's number in its sheet, from 2 for a table stacked below the first (absent for the first). */
                table?: number;
                /** @description How the run mapped the sheet's headers (none for a skipped sheet): each header as written and the column it became, a canonical column or, kept as an extra column, its own name. */
                mapping: {
                    header: string;
                    column: string;
                    /**
                     * @description How the mapping was decided: the header's words (vocabulary), the column's values (content), the client's last approved week (profile) or an admin's fix.
                     * @enum {string}
                     */
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
                /** @description A stable id, e.g. negative-hours. */
                rule: string;
                severity: components["schemas"]["ViewerSeverity"];
                label: string;
                count: number;
                /** @description Index of the first row it flags in the Scrubbed sheet. */
                firstRow: number | null;
            }[];
        };
        ViewerOverview: {
            /** @enum {string} */
            state: "READY" | "PREPARING" | "UNAVAILABLE";
            /** @description Why there is nothing to view. */
            message: string | null;
            versions: components["schemas"]["ViewerVersion"][];
            summary: components["schemas"]["ViewerSummary"] | null;
        };
        /** @enum {string} */
        ViewerSeverity: "error" | "warning";
        ViewerRow: {
            /** @description The row's index in the sheet, unfiltered. */
            index: number;
            /** @description The row number shown. */
            number: number;
            cells: (string | null)[];
            severity: (string & components["schemas"]["ViewerSeverity"]) | null;
            issues: {
                column: number | null;
                severity: components["schemas"]["ViewerSeverity"];
                message: string;
            }[];
        };
        ViewerRows: {
            offset: number;
            /** @description Rows in the sheet after the filter. */
            total: number;
            rows: components["schemas"]["ViewerRow"][];
        };
        ViewerLineage: {
            /** @description The cell's column header. */
            header: string;
            /** @description The cell as shown. */
            value: string | null;
            sourceSheet: string;
            sourceRow: number;
            /** @description The raw header the column came from; null when no raw column fed it. */
            originalHeader: string | null;
            /** @description The raw cell's text before scrubbing. */
            originalText: string | null;
            raw: {
                /** @description The sheet's index among the raw version's sheets. */
                sheet: number;
                /** @description The row's index in that sheet. */
                row: number;
                column: number | null;
            };
        };
        QueueResult: {
            /** Format: uuid */
            processingId: string;
            jobId: string;
        };
        /** @description One change (or access to personal data) as the audit log shows it. */
        AuditEntry: {
            id: number;
            /** Format: date-time */
            at: string;
            /** @description Who did it (`name` null once the user is removed); null for the system itself. */
            actor: {
                /** Format: uuid */
                id: string;
                name: string | null;
                role: string | null;
            } | null;
            /** @description The company the change belongs to (`name` null once it is deleted); null for the operators' own records. */
            company: {
                /** Format: uuid */
                id: string;
                name: string | null;
            } | null;
            action: string;
            entity_type: string;
            entity_id: string | null;
            /** @description One readable line, e.g. "Changed client Acme Bakery: status Active -> Inactive". */
            summary: string;
            before: {
                [key: string]: unknown;
            } | null;
            after: {
                [key: string]: unknown;
            } | null;
            ip: string | null;
        };
        /** @description Someone who appears in the audit log. */
        AuditPerson: {
            /** Format: uuid */
            id: string;
            /** @description Null once the user is removed. */
            name: string | null;
            role: string | null;
        };
        AuditLogOptions: {
            people: components["schemas"]["AuditPerson"][];
            actions: string[];
        };
        ConsolidatedFile: {
            /** Format: uuid */
            id: string;
            file_name: string;
            /** @description The file's storage key */
            drive_file_id: string;
            /** @description Where View opens the file; the authenticated content endpoint, or CONSOLIDATED_FILE_LINK_TEMPLATE with {id} replaced by drive_file_id */
            view_url: string;
            file_size?: number;
            mime_type?: string;
            /** Format: date-time */
            upload_date: string;
            company: components["schemas"]["CompanyRef"];
            uploaded_by: {
                name: string;
                email: string;
            };
        };
        /** @enum {string} */
        TicketStatus: "OPEN" | "IN_PROGRESS" | "COMPLETED" | "CLOSED";
        Ticket: {
            /** Format: uuid */
            id: string;
            title: string;
            description: string;
            status: components["schemas"]["TicketStatus"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            created_by_name: string;
            created_by_role: components["schemas"]["Role"];
            company_name?: string | null;
        };
        TicketInput: {
            title: string;
            description: string;
        };
        TicketComment: {
            /** Format: uuid */
            id: string;
            comment: string;
            added_by_name: string;
            added_by_role: components["schemas"]["Role"];
            company_name?: string | null;
            /** Format: date-time */
            added_at: string;
        };
        TicketStatistics: {
            total_tickets: number;
            open_tickets: number;
            in_progress_tickets: number;
            completed_tickets: number;
            closed_tickets: number;
        };
    };
    responses: {
        /** @description A failure a person can act on */
        Error: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorBody"];
            };
        };
        /** @description Done */
        Message: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["MessageBody"];
            };
        };
        /** @description Signed in; the session cookies are set */
        Login: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    success: boolean;
                    message: string;
                    data: {
                        user: components["schemas"]["CurrentUser"];
                    };
                };
            };
        };
        /** @description One company */
        CompanyResult: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    success: boolean;
                    message?: string;
                    data: {
                        company: components["schemas"]["Company"];
                    };
                };
            };
        };
        /** @description One client */
        ClientResult: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    success: boolean;
                    message?: string;
                    data: {
                        client: components["schemas"]["Client"];
                    };
                };
            };
        };
        /** @description Each file with its suggested client */
        WeekFileMatches: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    success: boolean;
                    data: {
                        /** Format: date */
                        weekStart: string;
                        threshold: number;
                        matches: components["schemas"]["WeekFileMatch"][];
                    };
                };
            };
        };
        /** @description Stored and queued for processing */
        Queued: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    success: boolean;
                    message?: string;
                    data: components["schemas"]["QueueResult"];
                };
            };
        };
        /** @description A page of tickets */
        TicketPage: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    success: boolean;
                    data: {
                        tickets: components["schemas"]["Ticket"][];
                        pagination: components["schemas"]["PagePagination"];
                    };
                };
            };
        };
        /** @description What the viewer holds */
        ViewerOverviewResult: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    success: boolean;
                    message?: string;
                    data: components["schemas"]["ViewerOverview"];
                };
            };
        };
        /** @description A window of rows */
        ViewerRowsResult: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    success: boolean;
                    message?: string;
                    data: components["schemas"]["ViewerRows"];
                };
            };
        };
        /** @description A cell's source */
        ViewerLineageResult: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    success: boolean;
                    message?: string;
                    data: components["schemas"]["ViewerLineage"];
                };
            };
        };
        /** @description The file, with its name in Content-Disposition */
        FileContent: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/octet-stream": string;
            };
        };
    };
    parameters: {
        /** @description From 1 to 100000. */
        Page: number;
        /** @description From 1 to 100. */
        Limit: number;
        /** @description The admin's weekly uploads and file uploads show 20 per page (from 1 to 100). */
        AdminUploadsLimit: number;
        /** @description Ticket lists show 12 per page (from 1 to 100). */
        TicketLimit: number;
        IdPath: string;
        CompanyIdPath: string;
        FileProcessingIdPath: string;
        UploadIdPath: string;
        ClientIdQuery: string;
        /** @description ISO date of the Monday (UTC) that starts the week, from 2000-01-01 to 2099-12-31; defaults to the current week. */
        WeekStart: string;
        /** @description ISO date of the Sunday (UTC) that ends the week, from 2000-01-01 to 2099-12-31. */
        WeekEnd: string;
        /** @description The first day (UTC) included, from 2000-01-01 to 2099-12-31. */
        DateFrom: string;
        /** @description The last day (UTC) included, to its end, from 2000-01-01 to 2099-12-31. */
        DateTo: string;
        /** @description The id of the user who made the change. */
        AuditActorQuery: string;
        /** @description An action name, e.g. `client.update`. */
        AuditActionQuery: string;
        /** @description A record type, e.g. `client`. */
        AuditEntityTypeQuery: string;
        FileTypeQuery: components["schemas"]["FileType"];
        ViewerVersionQuery: components["schemas"]["FileType"];
        ViewerLineageVersionQuery: "consolidated" | "scrubbed";
        /** @description The sheet's index among its version's sheets, from 0. */
        ViewerSheetQuery: number;
        /** @description The first row of the window, counted after the filter, from 0. */
        ViewerOffsetQuery: number;
        ViewerLimitQuery: number;
        /** @description Only rows with errors, only rows with warnings, or all rows. */
        ViewerFilterQuery: "all" | "errors" | "warnings";
        /** @description The row's index in the sheet (unfiltered), from 0. */
        ViewerRowQuery: number;
        /** @description The column's index in the sheet, from 0. */
        ViewerColumnQuery: number;
        TicketStatusQuery: components["schemas"]["TicketStatus"];
    };
    requestBodies: {
        Login: {
            content: {
                "application/json": components["schemas"]["LoginInput"];
            };
        };
    };
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is up */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthResponse"];
                };
            };
        };
    };
    getReady: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HealthResponse"];
                };
            };
            503: components["responses"]["Error"];
        };
    };
    loginSystem: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["Login"];
        responses: {
            200: components["responses"]["Login"];
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            429: components["responses"]["Error"];
        };
    };
    loginAdmin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["Login"];
        responses: {
            200: components["responses"]["Login"];
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            429: components["responses"]["Error"];
        };
    };
    loginStaff: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["Login"];
        responses: {
            200: components["responses"]["Login"];
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            429: components["responses"]["Error"];
        };
    };
    refreshSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Message"];
            401: components["responses"]["Error"];
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Message"];
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed-in user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: components["schemas"]["CurrentUser"];
                    };
                };
            };
            401: components["responses"]["Error"];
        };
    };
    changeOwnPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordChangeInput"];
            };
        };
        responses: {
            200: components["responses"]["Message"];
            default: components["responses"]["Error"];
        };
    };
    listCompanies: {
        parameters: {
            query?: {
                /** @description From 1 to 100000. */
                page?: components["parameters"]["Page"];
                /** @description From 1 to 100. */
                limit?: components["parameters"]["Limit"];
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of companies */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            companies: components["schemas"]["Company"][];
                            pagination: components["schemas"]["PagePagination"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    createCompany: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompanyInput"];
            };
        };
        responses: {
            201: components["responses"]["CompanyResult"];
            default: components["responses"]["Error"];
        };
    };
    getCompany: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["CompanyResult"];
            default: components["responses"]["Error"];
        };
    };
    deleteCompany: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Message"];
            default: components["responses"]["Error"];
        };
    };
    updateCompany: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CompanyInput"];
            };
        };
        responses: {
            200: components["responses"]["CompanyResult"];
            default: components["responses"]["Error"];
        };
    };
    listCompanyAdmins: {
        parameters: {
            query?: {
                /** @description From 1 to 100000. */
                page?: components["parameters"]["Page"];
                /** @description From 1 to 100. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path: {
                companyId: components["parameters"]["CompanyIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the company's admins */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            admins: components["schemas"]["CompanyAdmin"][];
                            pagination: components["schemas"]["PagePagination"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    createCompanyAdmin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                companyId: components["parameters"]["CompanyIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdminInput"];
            };
        };
        responses: {
            /** @description The new admin */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message?: string;
                        data: {
                            admin: components["schemas"]["CompanyAdmin"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    deleteCompanyAdmin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                companyId: components["parameters"]["CompanyIdPath"];
                adminId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Message"];
            default: components["responses"]["Error"];
        };
    };
    resetCompanyAdminPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                companyId: components["parameters"]["CompanyIdPath"];
                adminId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordResetInput"];
            };
        };
        responses: {
            200: components["responses"]["Message"];
            default: components["responses"]["Error"];
        };
    };
    listConsolidatedFiles: {
        parameters: {
            query?: {
                /** @description From 1 to 100000. */
                page?: components["parameters"]["Page"];
                /** @description From 1 to 100. */
                limit?: components["parameters"]["Limit"];
                companyId?: string;
                /** @description The first day (UTC) included, from 2000-01-01 to 2099-12-31. */
                dateFrom?: components["parameters"]["DateFrom"];
                /** @description The last day (UTC) included, to its end, from 2000-01-01 to 2099-12-31. */
                dateTo?: components["parameters"]["DateTo"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of consolidated files */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            files: components["schemas"]["ConsolidatedFile"][];
                            pagination: components["schemas"]["PagePagination"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    uploadConsolidatedFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                companyId: components["parameters"]["CompanyIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Stored */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message?: string;
                        data: {
                            file: components["schemas"]["ConsolidatedFile"];
                            company: components["schemas"]["CompanyRef"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getConsolidatedFileContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["FileContent"];
            default: components["responses"]["Error"];
        };
    };
    getConsolidatedFileViewer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ViewerOverviewResult"];
            default: components["responses"]["Error"];
        };
    };
    getConsolidatedFileViewerRows: {
        parameters: {
            query: {
                version: components["parameters"]["ViewerVersionQuery"];
                /** @description The sheet's index among its version's sheets, from 0. */
                sheet: components["parameters"]["ViewerSheetQuery"];
                /** @description The first row of the window, counted after the filter, from 0. */
                offset?: components["parameters"]["ViewerOffsetQuery"];
                limit?: components["parameters"]["ViewerLimitQuery"];
                /** @description Only rows with errors, only rows with warnings, or all rows. */
                filter?: components["parameters"]["ViewerFilterQuery"];
            };
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ViewerRowsResult"];
            default: components["responses"]["Error"];
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                /** @description From 1 to 100000. */
                page?: components["parameters"]["Page"];
                /** @description Only this company's rows. */
                companyId?: string;
                /** @description The id of the user who made the change. */
                actor?: components["parameters"]["AuditActorQuery"];
                /** @description An action name, e.g. `client.update`. */
                action?: components["parameters"]["AuditActionQuery"];
                /** @description A record type, e.g. `client`. */
                entityType?: components["parameters"]["AuditEntityTypeQuery"];
                /** @description The first day (UTC) included, from 2000-01-01 to 2099-12-31. */
                dateFrom?: components["parameters"]["DateFrom"];
                /** @description The last day (UTC) included, to its end, from 2000-01-01 to 2099-12-31. */
                dateTo?: components["parameters"]["DateTo"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the audit log */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            entries: components["schemas"]["AuditEntry"][];
                            pagination: components["schemas"]["PagePagination"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getAuditLogOptions: {
        parameters: {
            query?: {
                /** @description Only this company's rows. */
                companyId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The filters' choices */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: components["schemas"]["AuditLogOptions"];
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    exportAuditLog: {
        parameters: {
            query?: {
                /** @description Only this company's rows. */
                companyId?: string;
                /** @description The id of the user who made the change. */
                actor?: components["parameters"]["AuditActorQuery"];
                /** @description An action name, e.g. `client.update`. */
                action?: components["parameters"]["AuditActionQuery"];
                /** @description A record type, e.g. `client`. */
                entityType?: components["parameters"]["AuditEntityTypeQuery"];
                /** @description The first day (UTC) included, from 2000-01-01 to 2099-12-31. */
                dateFrom?: components["parameters"]["DateFrom"];
                /** @description The last day (UTC) included, to its end, from 2000-01-01 to 2099-12-31. */
                dateTo?: components["parameters"]["DateTo"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The filtered log as CSV */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getCurrentCompany: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["CompanyResult"];
            default: components["responses"]["Error"];
        };
    };
    getCompanyStorage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The company's storage */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            storage: components["schemas"]["CompanyStorage"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    listCompanyStaff: {
        parameters: {
            query?: {
                /** @description From 1 to 100000. */
                page?: components["parameters"]["Page"];
                /** @description From 1 to 100. */
                limit?: components["parameters"]["Limit"];
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of staff members */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            staff: components["schemas"]["Staff"][];
                            pagination: components["schemas"]["AdminStaffPagination"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    createCompanyStaff: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StaffInput"];
            };
        };
        responses: {
            /** @description The new staff member */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message?: string;
                        data: {
                            staff: components["schemas"]["Staff"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    deleteCompanyStaff: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Message"];
            default: components["responses"]["Error"];
        };
    };
    resetCompanyStaffPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasswordResetInput"];
            };
        };
        responses: {
            200: components["responses"]["Message"];
            default: components["responses"]["Error"];
        };
    };
    getCompanyWeeklyStats: {
        parameters: {
            query?: {
                /** @description ISO date of the Monday (UTC) that starts the week, from 2000-01-01 to 2099-12-31; defaults to the current week. */
                weekStart?: components["parameters"]["WeekStart"];
                /** @description ISO date of the Sunday (UTC) that ends the week, from 2000-01-01 to 2099-12-31. */
                weekEnd?: components["parameters"]["WeekEnd"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Counts for the week */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            stats: components["schemas"]["AdminWeeklyStats"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    listCompanyFileUploads: {
        parameters: {
            query?: {
                /** @description From 1 to 100000. */
                page?: components["parameters"]["Page"];
                /** @description The admin's weekly uploads and file uploads show 20 per page (from 1 to 100). */
                limit?: components["parameters"]["AdminUploadsLimit"];
                /**
                 * @description One value. An approval status (PENDING, APPROVED, REJECTED) keeps the uploads with that
                 *     review state (PENDING: not reviewed yet, whatever their processing state); a processing
                 *     status (UPLOADING ... SCRUBBED, FAILED) keeps the uploads in that processing state.
                 */
                status?: components["schemas"]["UploadStatusFilter"];
                /** @description The first day (UTC) included, from 2000-01-01 to 2099-12-31. */
                dateFrom?: components["parameters"]["DateFrom"];
                /** @description The last day (UTC) included, to its end, from 2000-01-01 to 2099-12-31. */
                dateTo?: components["parameters"]["DateTo"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the company's uploads */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            fileUploads: components["schemas"]["AdminUploadItem"][];
                            pagination: components["schemas"]["AdminUploadsPagination"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    matchCompanyWeeklyUploads: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: date */
                    weekStart?: string;
                    files: string[];
                };
            };
        };
        responses: {
            200: components["responses"]["WeekFileMatches"];
            default: components["responses"]["Error"];
        };
    };
    listCompanyWeeklyDocuments: {
        parameters: {
            query?: {
                /** @description From 1 to 100000. */
                page?: components["parameters"]["Page"];
                /** @description The admin's weekly uploads and file uploads show 20 per page (from 1 to 100). */
                limit?: components["parameters"]["AdminUploadsLimit"];
                clientId?: components["parameters"]["ClientIdQuery"];
                /** @description ISO date of the Monday (UTC) that starts the week, from 2000-01-01 to 2099-12-31; defaults to the current week. */
                weekStart?: components["parameters"]["WeekStart"];
                /** @description ISO date of the Sunday (UTC) that ends the week, from 2000-01-01 to 2099-12-31. */
                weekEnd?: components["parameters"]["WeekEnd"];
                /**
                 * @description `all` (or absent), `pending`, `approved` and `rejected` as in `GET /staff/weekly-documents`.
                 *     `completed`: the week has an upload that did not fail (the staff `uploaded`); a FAILED one is listed under `all` only.
                 *     `remaining`: the week has no upload at all.
                 */
                filter?: "all" | "pending" | "approved" | "rejected" | "completed" | "remaining";
                /**
                 * @description `client` (or absent): by client name. `week_over_week_warnings`: rows whose newest upload
                 *     has the most week-over-week warnings first (a row without a processed upload last), then
                 *     by client name, so the admin reviews the unusual weeks first.
                 */
                sort?: "client" | "week_over_week_warnings";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One row per client and required document for the week */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            documents: components["schemas"]["WeeklyDocumentRow"][];
                            pagination: components["schemas"]["AdminWeeklyPagination"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    reviewWeeklyDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                fileProcessingId: components["parameters"]["FileProcessingIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReviewInput"];
            };
        };
        responses: {
            200: components["responses"]["Message"];
            default: components["responses"]["Error"];
        };
    };
    getCompanyUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uploadId: components["parameters"]["UploadIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The upload */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            upload: components["schemas"]["Upload"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    fixUploadMapping: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uploadId: components["parameters"]["UploadIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MappingFixInput"];
            };
        };
        responses: {
            202: components["responses"]["Queued"];
            default: components["responses"]["Error"];
        };
    };
    downloadCompanyUpload: {
        parameters: {
            query: {
                type: components["parameters"]["FileTypeQuery"];
            };
            header?: never;
            path: {
                uploadId: components["parameters"]["UploadIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["FileContent"];
            default: components["responses"]["Error"];
        };
    };
    getCompanyUploadViewer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uploadId: components["parameters"]["UploadIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ViewerOverviewResult"];
            default: components["responses"]["Error"];
        };
    };
    getCompanyUploadViewerRows: {
        parameters: {
            query: {
                version: components["parameters"]["ViewerVersionQuery"];
                /** @description The sheet's index among its version's sheets, from 0. */
                sheet: components["parameters"]["ViewerSheetQuery"];
                /** @description The first row of the window, counted after the filter, from 0. */
                offset?: components["parameters"]["ViewerOffsetQuery"];
                limit?: components["parameters"]["ViewerLimitQuery"];
                /** @description Only rows with errors, only rows with warnings, or all rows. */
                filter?: components["parameters"]["ViewerFilterQuery"];
            };
            header?: never;
            path: {
                uploadId: components["parameters"]["UploadIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ViewerRowsResult"];
            default: components["responses"]["Error"];
        };
    };
    getCompanyUploadViewerLineage: {
        parameters: {
            query: {
                version: components["parameters"]["ViewerLineageVersionQuery"];
                /** @description The sheet's index among its version's sheets, from 0. */
                sheet: components["parameters"]["ViewerSheetQuery"];
                /** @description The row's index in the sheet (unfiltered), from 0. */
                row: components["parameters"]["ViewerRowQuery"];
                /** @description The column's index in the sheet, from 0. */
                column: components["parameters"]["ViewerColumnQuery"];
            };
            header?: never;
            path: {
                uploadId: components["parameters"]["UploadIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ViewerLineageResult"];
            default: components["responses"]["Error"];
        };
    };
    bulkDownloadCompanyUploads: {
        parameters: {
            query: {
                fileType: components["schemas"]["FileType"];
                /** @description ISO date of the Monday (UTC) that starts the week, from 2000-01-01 to 2099-12-31; defaults to the current week. */
                weekStart?: components["parameters"]["WeekStart"];
                /** @description ISO date of the Sunday (UTC) that ends the week, from 2000-01-01 to 2099-12-31. */
                weekEnd?: components["parameters"]["WeekEnd"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A zip of every upload's file of that type in the week */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            default: components["responses"]["Error"];
        };
    };
    listCompanyAuditLog: {
        parameters: {
            query?: {
                /** @description From 1 to 100000. */
                page?: components["parameters"]["Page"];
                /** @description The id of the user who made the change. */
                actor?: components["parameters"]["AuditActorQuery"];
                /** @description An action name, e.g. `client.update`. */
                action?: components["parameters"]["AuditActionQuery"];
                /** @description A record type, e.g. `client`. */
                entityType?: components["parameters"]["AuditEntityTypeQuery"];
                /** @description The first day (UTC) included, from 2000-01-01 to 2099-12-31. */
                dateFrom?: components["parameters"]["DateFrom"];
                /** @description The last day (UTC) included, to its end, from 2000-01-01 to 2099-12-31. */
                dateTo?: components["parameters"]["DateTo"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the audit log */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            entries: components["schemas"]["AuditEntry"][];
                            pagination: components["schemas"]["PagePagination"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getCompanyAuditLogOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The filters' choices */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: components["schemas"]["AuditLogOptions"];
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    exportCompanyAuditLog: {
        parameters: {
            query?: {
                /** @description The id of the user who made the change. */
                actor?: components["parameters"]["AuditActorQuery"];
                /** @description An action name, e.g. `client.update`. */
                action?: components["parameters"]["AuditActionQuery"];
                /** @description A record type, e.g. `client`. */
                entityType?: components["parameters"]["AuditEntityTypeQuery"];
                /** @description The first day (UTC) included, from 2000-01-01 to 2099-12-31. */
                dateFrom?: components["parameters"]["DateFrom"];
                /** @description The last day (UTC) included, to its end, from 2000-01-01 to 2099-12-31. */
                dateTo?: components["parameters"]["DateTo"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The filtered log as CSV */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            default: components["responses"]["Error"];
        };
    };
    listClients: {
        parameters: {
            query?: {
                /** @description From 1 to 100000. */
                page?: components["parameters"]["Page"];
                /** @description From 1 to 100. */
                limit?: components["parameters"]["Limit"];
                status?: components["schemas"]["ClientStatus"];
                assigned_staff_id?: string;
                /** @description Only clients whose name contains this text (any case). */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the company's clients */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            clients: components["schemas"]["Client"][];
                            pagination: components["schemas"]["PagePagination"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    createClient: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClientInput"];
            };
        };
        responses: {
            201: components["responses"]["ClientResult"];
            default: components["responses"]["Error"];
        };
    };
    getClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ClientResult"];
            default: components["responses"]["Error"];
        };
    };
    updateClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ClientUpdate"];
            };
        };
        responses: {
            200: components["responses"]["ClientResult"];
            default: components["responses"]["Error"];
        };
    };
    deleteClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Message"];
            default: components["responses"]["Error"];
        };
    };
    listStaffClients: {
        parameters: {
            query?: {
                /** @description From 1 to 100000. */
                page?: components["parameters"]["Page"];
                /** @description From 1 to 100. */
                limit?: components["parameters"]["Limit"];
                status?: components["schemas"]["ClientStatus"];
                /** @description Only clients whose name contains this text (any case). */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the clients assigned to the caller */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            clients: components["schemas"]["Client"][];
                            pagination: components["schemas"]["StaffPagination"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getStaffClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One assigned client with its required document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            client: components["schemas"]["ClientDetail"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    listStaffClientUploads: {
        parameters: {
            query?: {
                /** @description From 1 to 100000. */
                page?: components["parameters"]["Page"];
                /** @description From 1 to 100. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client's document and upload history */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            document: components["schemas"]["RequiredDocument"];
                            currentWeek: components["schemas"]["ClientWeek"];
                            weeks: components["schemas"]["ClientWeek"][];
                            pagination: components["schemas"]["StaffPagination"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    listStaffWeeklyDocuments: {
        parameters: {
            query?: {
                /** @description From 1 to 100000. */
                page?: components["parameters"]["Page"];
                /** @description From 1 to 100. */
                limit?: components["parameters"]["Limit"];
                clientId?: components["parameters"]["ClientIdQuery"];
                /** @description ISO date of the Monday (UTC) that starts the week, from 2000-01-01 to 2099-12-31; defaults to the current week. */
                weekStart?: components["parameters"]["WeekStart"];
                /** @description ISO date of the Sunday (UTC) that ends the week, from 2000-01-01 to 2099-12-31. */
                weekEnd?: components["parameters"]["WeekEnd"];
                /**
                 * @description `all` (or absent): every row. `pending`: the newest upload finished processing (SCRUBBED)
                 *     and awaits an admin's review; uploads still processing or FAILED are not pending, as there
                 *     is nothing to review yet. `approved` / `rejected`: the newest upload's review (a rejected
                 *     week uploaded again is no longer rejected). `uploaded`: the week has an upload that did not
                 *     fail (processing, awaiting review or reviewed); a FAILED one is listed under `all` only.
                 */
                filter?: "all" | "pending" | "approved" | "rejected" | "uploaded";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One row per assigned client and required document for the week */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            documents: components["schemas"]["WeeklyDocumentRow"][];
                            pagination: components["schemas"]["StaffPagination"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getStaffWeeklyDocumentsSummary: {
        parameters: {
            query?: {
                clientId?: components["parameters"]["ClientIdQuery"];
                /** @description ISO date of the Monday (UTC) that starts the week, from 2000-01-01 to 2099-12-31; defaults to the current week. */
                weekStart?: components["parameters"]["WeekStart"];
                /** @description ISO date of the Sunday (UTC) that ends the week, from 2000-01-01 to 2099-12-31. */
                weekEnd?: components["parameters"]["WeekEnd"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Counts of the week's required documents by state */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            summary: components["schemas"]["WeeklyDocumentsSummary"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    listStaffUploads: {
        parameters: {
            query?: {
                /** @description From 1 to 100000. */
                page?: components["parameters"]["Page"];
                /** @description From 1 to 100. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the caller's uploads */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            uploads: components["schemas"]["StaffUploadItem"][];
                            pagination: components["schemas"]["StaffPagination"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getStaffUploadReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The review of one of the caller's uploads */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            review: components["schemas"]["UploadReview"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getStaffWeeklyStats: {
        parameters: {
            query?: {
                /** @description ISO date of the Monday (UTC) that starts the week, from 2000-01-01 to 2099-12-31; defaults to the current week. */
                weekStart?: components["parameters"]["WeekStart"];
                /** @description ISO date of the Sunday (UTC) that ends the week, from 2000-01-01 to 2099-12-31. */
                weekEnd?: components["parameters"]["WeekEnd"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's counts for the week */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            stats: components["schemas"]["StaffWeeklyStats"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    matchStaffWeeklyUploads: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: date */
                    weekStart?: string;
                    files: string[];
                };
            };
        };
        responses: {
            200: components["responses"]["WeekFileMatches"];
            default: components["responses"]["Error"];
        };
    };
    uploadRequiredDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: uuid */
                    clientId: string;
                    /**
                     * Format: date
                     * @description The week the upload is for, as a date within it (normally its Monday; any other date means the UTC week that contains it). Default the current UTC week; never a future week nor one before 2025-09-08 (400).
                     */
                    weekStart?: string;
                    /** @description Optional, before the file, when the client was chosen from a match (`POST /staff/weekly-uploads/match`): JSON `{"clientId": uuid or null, "confidence": 0 to 1}`, the client suggested for the file. It is recorded in the upload's audit entry with the chosen client (`details.match`: suggestedClientId, chosenClientId, confidence, followed); a malformed value answers 400. */
                    matchSuggestion?: string;
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            202: components["responses"]["Queued"];
            default: components["responses"]["Error"];
        };
    };
    reuploadRequiredDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                fileProcessingId: components["parameters"]["FileProcessingIdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                };
            };
        };
        responses: {
            202: components["responses"]["Queued"];
            default: components["responses"]["Error"];
        };
    };
    downloadStaffUpload: {
        parameters: {
            query: {
                type: components["parameters"]["FileTypeQuery"];
            };
            header?: never;
            path: {
                uploadId: components["parameters"]["UploadIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["FileContent"];
            default: components["responses"]["Error"];
        };
    };
    getStaffUploadViewer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uploadId: components["parameters"]["UploadIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ViewerOverviewResult"];
            default: components["responses"]["Error"];
        };
    };
    getStaffUploadViewerRows: {
        parameters: {
            query: {
                version: components["parameters"]["ViewerVersionQuery"];
                /** @description The sheet's index among its version's sheets, from 0. */
                sheet: components["parameters"]["ViewerSheetQuery"];
                /** @description The first row of the window, counted after the filter, from 0. */
                offset?: components["parameters"]["ViewerOffsetQuery"];
                limit?: components["parameters"]["ViewerLimitQuery"];
                /** @description Only rows with errors, only rows with warnings, or all rows. */
                filter?: components["parameters"]["ViewerFilterQuery"];
            };
            header?: never;
            path: {
                uploadId: components["parameters"]["UploadIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ViewerRowsResult"];
            default: components["responses"]["Error"];
        };
    };
    getStaffUploadViewerLineage: {
        parameters: {
            query: {
                version: components["parameters"]["ViewerLineageVersionQuery"];
                /** @description The sheet's index among its version's sheets, from 0. */
                sheet: components["parameters"]["ViewerSheetQuery"];
                /** @description The row's index in the sheet (unfiltered), from 0. */
                row: components["parameters"]["ViewerRowQuery"];
                /** @description The column's index in the sheet, from 0. */
                column: components["parameters"]["ViewerColumnQuery"];
            };
            header?: never;
            path: {
                uploadId: components["parameters"]["UploadIdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ViewerLineageResult"];
            default: components["responses"]["Error"];
        };
    };
    listMyTickets: {
        parameters: {
            query?: {
                /** @description From 1 to 100000. */
                page?: components["parameters"]["Page"];
                /** @description Ticket lists show 12 per page (from 1 to 100). */
                limit?: components["parameters"]["TicketLimit"];
                status?: components["parameters"]["TicketStatusQuery"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["TicketPage"];
            default: components["responses"]["Error"];
        };
    };
    createTicket: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TicketInput"];
            };
        };
        responses: {
            /** @description The new ticket */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message?: string;
                        data: {
                            ticket: components["schemas"]["Ticket"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    listAllTickets: {
        parameters: {
            query?: {
                /** @description From 1 to 100000. */
                page?: components["parameters"]["Page"];
                /** @description Ticket lists show 12 per page (from 1 to 100). */
                limit?: components["parameters"]["TicketLimit"];
                status?: components["parameters"]["TicketStatusQuery"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["TicketPage"];
            default: components["responses"]["Error"];
        };
    };
    getTicketStatistics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Counts of all tickets by status (SYSTEM) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            statistics: components["schemas"]["TicketStatistics"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getTicket: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A ticket with its comments */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        data: {
                            ticket: components["schemas"]["Ticket"];
                            comments: components["schemas"]["TicketComment"][];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    deleteTicket: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Message"];
            default: components["responses"]["Error"];
        };
    };
    updateTicketStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    status: components["schemas"]["TicketStatus"];
                };
            };
        };
        responses: {
            /** @description The updated ticket */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message?: string;
                        data: {
                            ticket: components["schemas"]["Ticket"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    addTicketComment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["IdPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    comment: string;
                };
            };
        };
        responses: {
            /** @description The new comment */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        message?: string;
                        data: {
                            comment: components["schemas"]["TicketComment"];
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
}
