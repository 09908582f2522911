import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const roles = ['SYSTEM', 'ADMIN', 'STAFF'] as const;
export type Role = (typeof roles)[number];

export const companies = pgTable('companies', {
  id: id(),
  name: text('name').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The bytes of every stored file of a company (its uploads' raw, consolidated and scrubbed files and
 * the operators' files for it), kept by the database itself: a row per company, made with the company,
 * and changed by triggers on `upload_files` and `consolidated_files` when each transaction that adds,
 * resizes or removes one of their rows commits (migration 0013). The storage limit reads one row
 * instead of adding up the company's whole history on every upload.
 */
export const companyStorage = pgTable('company_storage', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
});

/** Every person who signs in. SYSTEM users belong to no company; emails are stored lower-cased. */
export const users = pgTable(
  'users',
  {
    id: id(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role', { enum: roles }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    index('users_company_role_idx').on(table.companyId, table.role),
  ],
);

/** A signed-in browser. Revoking it ends every token issued to it. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * Refresh tokens rotate: each is used once; a second use revokes its session, unless it comes within
 * REFRESH_REUSE_GRACE_SECONDS of the first (see services/people/sessions.ts `refresh`). Only hashes are kept.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('refresh_tokens_hash_unique').on(table.tokenHash), index('refresh_tokens_session_idx').on(table.sessionId)],
);

/**
 * Sign-in attempts, each written before its password is checked and deleted when it succeeds: what
 * is left are the failures (and the attempts under way), counted to hold back guessing.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    /** The known device the attempt came from (its token's hash), or null. */
    device: text('device'),
    createdAt: createdAt(),
  },
  (table) => [
    index('login_failures_email_idx').on(table.email, table.createdAt),
    index('login_failures_ip_idx').on(table.ip, table.createdAt),
    index('login_failures_created_idx').on(table.createdAt),
  ],
);

/**
 * Browsers that signed in to an account: a random token in a cookie, kept here hashed, one row per
 * account it signed in to. They may keep trying that account while unknown devices are held back.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    tokenHash: text('token_hash').notNull(),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.tokenHash, table.email] }), index('known_devices_expires_idx').on(table.expiresAt)],
);

export const clientStatuses = ['ACTIVE', 'INACTIVE'] as const;

export const clients = pgTable(
  'clients',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    status: text('status', { enum: clientStatuses }).notNull().default('ACTIVE'),
    assignedStaffId: uuid('assigned_staff_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // A company's clients in a state, in the order every list shows them (name, then id): a week's rows
    // are read in order from the index.
    index('clients_company_name_idx').on(table.companyId, table.status, sql`lower(${table.name})`, table.id),
    index('clients_staff_idx').on(table.assignedStaffId),
  ],
);

/** The document a client owes each week: one per client, shown as '{client} Weekly Document' after its current name. */
export const requiredDocuments = pgTable(
  'required_documents',
  {
    id: id(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    createdAt: createdAt(),
  },
  // A client's documents in the order a week's rows list them.
  (table) => [index('required_documents_client_created_idx').on(table.clientId, table.createdAt, table.id)],
);

export const processingStatuses = ['UPLOADING', 'QUEUED', 'CONSOLIDATING', 'CONSOLIDATED', 'SCRUBBING', 'SCRUBBED', 'FAILED'] as const;
export const approvalStatuses = ['PENDING', 'APPROVED', 'REJECTED'] as const;

/** One weekly upload of a client's required document, tracked through processing and review. */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    requiredDocumentId: uuid('required_document_id')
      .notNull()
      .references(() => requiredDocuments.id, { onDelete: 'cascade' }),
    uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    uploadedByName: text('uploaded_by_name').notNull(),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    status: text('status', { enum: processingStatuses }).notNull().default('QUEUED'),
    approvalStatus: text('approval_status', { enum: approvalStatuses }).notNull().default('PENDING'),
    errorMessage: text('error_message'),
    jobId: text('job_id'),
    attempt: integer('attempt').notNull().default(1),
    reviewedById: uuid('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedByName: text('reviewed_by_name'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Why the reviewer approved it although its scrub found errors; null for every other review. */
    overrideReason: text('override_reason'),
    summary: jsonb('summary'),
    /** When the viewer's rows of this upload were all stored (review_sheets); null while they are not. */
    reviewReadyAt: timestamp('review_ready_at', { withTimezone: true }),
    /**
     * When the last build of those rows failed (the upload itself stays SCRUBBED); null otherwise. A
     * SCRUBBED upload with neither stamp has its rows still being built.
     */
    reviewFailedAt: timestamp('review_failed_at', { withTimezone: true }),
    /**
     * When the upload's job was last handed back to the queue because the process running it stopped
     * (a restart, a worker whose lease lapsed); null when its processing was never interrupted. The
     * run that takes it up again says "Resuming after an interruption".
     */
    resumedAt: timestamp('resumed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('uploads_company_week_idx').on(table.companyId, table.weekStart),
    // A client's week, newest upload first (in the order of NEWEST_UPLOAD_FIRST, nulls first as
    // ORDER BY ... DESC puts them), with the state the weekly filters and figures read: the newest
    // upload of a client-week is the first entry, read from the index alone.
    index('uploads_client_week_newest_idx').on(
      table.clientId,
      table.weekStart,
      table.requiredDocumentId,
      table.createdAt.desc().nullsFirst(),
      table.attempt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
      table.status,
      table.approvalStatus,
    ),
    index('uploads_uploader_idx').on(table.uploadedById),
    // A socket following an upload by its job (`job-<jobId>`, until the first update names the upload).
    index('uploads_job_idx').on(table.jobId),
  ],
);

/**
 * A client's mapping profile: per sheet, header -> column as its last approved upload mapped them
 * (written only on approval), and the admin's mapping fixes (written by a fix, used from the next run
 * on). The engine compares each new upload of the client with it. Shapes: ClientHistory in the engine.
 */
export const clientProfiles = pgTable('client_profiles', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  /** The week of the approved upload whose mapping `sheets` holds; null while only fixes are known. */
  weekStart: date('week_start', { mode: 'string' }),
  sheets: jsonb('sheets').notNull().default([]),
  fixes: jsonb('fixes').notNull().default([]),
  updatedAt: updatedAt(),
});

/**
 * What an approved upload's week looked like (its employees, their gross pay and rates, the totals):
 * the engine's week-over-week checks compare the client's next week with it. Written only on approval,
 * one row per approved upload; a client's history is the newest of an earlier week.
 */
export const clientWeekFacts = pgTable(
  'client_week_facts',
  {
    uploadId: uuid('upload_id')
      .primaryKey()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    facts: jsonb('facts').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('client_week_facts_client_week_idx').on(table.clientId, table.weekStart.desc(), table.createdAt.desc())],
);

/**
 * A compact fingerprint of an approved client-week, for routing a new file to its client by what it
 * holds: short hashes of the employees' folded IDs and names (no name is kept in clear), the tables'
 * normalised headers, the sheet names and the file's name. Written only on approval, one row per
 * approved upload; shapes: WeekFingerprint in services/weekly/weekFingerprints.ts.
 */
export const clientWeekFingerprints = pgTable(
  'client_week_fingerprints',
  {
    uploadId: uuid('upload_id')
      .primaryKey()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    employeeIds: jsonb('employee_ids').$type<string[]>().notNull().default([]),
    employeeNames: jsonb('employee_names').$type<string[]>().notNull().default([]),
    headers: jsonb('headers').$type<string[]>().notNull().default([]),
    sheetNames: jsonb('sheet_names').$type<string[]>().notNull().default([]),
    fileName: text('file_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [index('client_week_fingerprints_company_week_idx').on(table.companyId, table.weekStart.desc())],
);

export const fileKinds = ['raw', 'consolidated', 'scrubbed'] as const;

/** The stored versions of an upload: raw (as uploaded), consolidated and scrubbed. */
export const uploadFiles = pgTable(
  'upload_files',
  {
    id: id(),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    /**
     * The upload's company, written by the database from the upload when the row is (a trigger,
     * migration 0013; not null there): the file's bytes are counted to it (company_storage) also when the
     * upload goes in the same transaction. Optional here for that reason; a row written in the same
     * statement as its upload gives it, since the statement cannot see the upload yet.
     */
    companyId: uuid('company_id'),
    kind: text('kind', { enum: fileKinds }).notNull(),
    filename: text('filename').notNull(),
    storageKey: text('storage_key').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    checksum: text('checksum').notNull(),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('upload_files_upload_kind_unique').on(table.uploadId, table.kind)],
);

/** Files the operators upload per company. */
export const consolidatedFiles = pgTable(
  'consolidated_files',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    mimeType: text('mime_type').notNull(),
    checksum: text('checksum').notNull(),
    uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    uploadedByName: text('uploaded_by_name').notNull(),
    uploadedByEmail: text('uploaded_by_email').notNull(),
    /** When the viewer's rows of this file were all stored (review_sheets); null while they are not. */
    reviewReadyAt: timestamp('review_ready_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('consolidated_files_company_idx').on(table.companyId, table.createdAt)],
);

/** Binary data, as PostgreSQL's bytea and a Buffer in JavaScript. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

export const reviewVersions = ['raw', 'consolidated', 'scrubbed'] as const;
export const reviewSheetKinds = ['data', 'sources', 'issues', 'totals', 'summary', 'raw'] as const;

/**
 * One sheet of one version of an upload (or of an operator's consolidated file), as the viewer shows
 * it: its header labels and row count, and for the Scrubbed sheet the indexes of the rows with errors
 * and with warnings (gzip of JSON arrays). Its rows are in review_blocks. Deleted with its owner.
 */
export const reviewSheets = pgTable(
  'review_sheets',
  {
    id: id(),
    uploadId: uuid('upload_id').references(() => uploads.id, { onDelete: 'cascade' }),
    consolidatedFileId: uuid('consolidated_file_id').references(() => consolidatedFiles.id, { onDelete: 'cascade' }),
    version: text('version', { enum: reviewVersions }).notNull(),
    sheetIndex: integer('sheet_index').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: reviewSheetKinds }).notNull(),
    columns: jsonb('columns').$type<string[]>().notNull(),
    rowCount: integer('row_count').notNull(),
    errorRows: bytea('error_rows'),
    warningRows: bytea('warning_rows'),
  },
  (table) => [
    uniqueIndex('review_sheets_upload_unique').on(table.uploadId, table.version, table.sheetIndex),
    uniqueIndex('review_sheets_consolidated_file_unique').on(table.consolidatedFileId, table.version, table.sheetIndex),
    check('review_sheets_one_owner', sql`(${table.uploadId} is null) <> (${table.consolidatedFileId} is null)`),
  ],
);

/** Rows of a review sheet, REVIEW_BLOCK_ROWS to a block, as gzip of JSON (see services/review/pack/blocks.ts). */
export const reviewBlocks = pgTable(
  'review_blocks',
  {
    sheetId: uuid('sheet_id')
      .notNull()
      .references(() => reviewSheets.id, { onDelete: 'cascade' }),
    blockNo: integer('block_no').notNull(),
    rows: bytea('rows').notNull(),
  },
  (table) => [primaryKey({ columns: [table.sheetId, table.blockNo] })],
);

export const ticketStatuses = ['OPEN', 'IN_PROGRESS', 'COMPLETED', 'CLOSED'] as const;

export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: ticketStatuses }).notNull().default('OPEN'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('tickets_creator_idx').on(table.createdById, table.createdAt), index('tickets_status_idx').on(table.status)],
);

export const ticketComments = pgTable(
  'ticket_comments',
  {
    id: id(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('ticket_comments_ticket_idx').on(table.ticketId, table.createdAt)],
);

/** Who did what, when, in which company. Kept when the actor or company is deleted. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorRole: text('actor_role'),
    companyId: uuid('company_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details'),
    ip: text('ip'),
  },
  // The audit screen reads newest first: over every company (operators), within one company, or by
  // one person or one action; the record-type filter rides on these (there are only a few types).
  (table) => [
    index('audit_log_company_idx').on(table.companyId, table.at),
    index('audit_log_entity_idx').on(table.entityType, table.entityId),
    index('audit_log_at_idx').on(table.at, table.id),
    index('audit_log_actor_idx').on(table.actorId, table.at),
    index('audit_log_action_idx').on(table.action, table.at),
  ],
);

/**
 * The processes that take queue jobs, each with its lease: a worker renews `renewed_at` every few
 * seconds while it lives, and one whose lease has lapsed (config WORKER_LEASE_SECONDS) is taken for
 * dead: the jobs it held are handed back to the queue (jobs/workerLeases.ts). A process records its
 * start here, in the transaction that hands back the jobs a previous embedded process left running.
 */
export const queueWorkers = pgTable('queue_workers', {
  id: uuid('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  renewedAt: timestamp('renewed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which worker runs each active queue job (pg-boss's `pgboss.job` id); the row goes when the run ends. */
export const queueJobHolders = pgTable(
  'queue_job_holders',
  {
    jobId: uuid('job_id').primaryKey(),
    queue: text('queue').notNull(),
    workerId: uuid('worker_id')
      .notNull()
      .references(() => queueWorkers.id, { onDelete: 'cascade' }),
    heldSince: timestamp('held_since', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('queue_job_holders_worker_idx').on(table.workerId)],
);
