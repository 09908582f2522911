import { and, asc, count, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { components } from '../../api-types';
import type { Executor } from '../../db/client';
import { auditLog, companies, users } from '../../db/schema';
import { type AuditEntryView, type AuditRow, toAuditEntryView } from './auditEntryView';
import { withinDays } from '../shared/dayRange';
import { offsetOf, type PagePagination, pagePagination, type PageRequest } from '../shared/pagination';

export type AuditLogOptions = components['schemas']['AuditLogOptions'];

/**
 * Whose rows a caller reads: an operator every company's (or one company's, when they ask), an admin
 * only their own company's, which the route takes from the session.
 */
export interface AuditScope {
  companyId?: string;
}

/** The filters of the audit screen and its export; dates are whole UTC days, both included. */
export interface AuditFilters {
  actor?: string;
  action?: string;
  entityType?: string;
  dateFrom?: string;
  dateTo?: string;
}

const NEWEST_FIRST = [desc(auditLog.at), desc(auditLog.id)];

function scopeOf(scope: AuditScope): SQL | undefined {
  return scope.companyId ? eq(auditLog.companyId, scope.companyId) : undefined;
}

function whereOf(scope: AuditScope, filters: AuditFilters): SQL | undefined {
  return and(
    scopeOf(scope),
    filters.actor ? eq(auditLog.actorId, filters.actor) : undefined,
    filters.action ? eq(auditLog.action, filters.action) : undefined,
    filters.entityType ? eq(auditLog.entityType, filters.entityType) : undefined,
    ...withinDays(auditLog.at, filters.dateFrom, filters.dateTo),
  );
}

/** Rows with the names of their actor and company (null once those are deleted; the rows stay). */
function selectRows<Extra extends Record<string, SQL>>(db: Executor, extra: Extra) {
  return db
    .select({ entry: auditLog, actorName: users.name, companyName: companies.name, ...extra })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(companies, eq(companies.id, auditLog.companyId));
}

/** A page of the log, newest first. */
export async function listAuditLog(
  db: Executor,
  scope: AuditScope,
  filters: AuditFilters,
  page: PageRequest,
): Promise<{ entries: AuditEntryView[]; pagination: PagePagination }> {
  const where = whereOf(scope, filters);
  const [rows, [{ total }]] = await Promise.all([
    selectRows(db, {})
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(page.limit)
      .offset(offsetOf(page)),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { entries: rows.map(toAuditEntryView), pagination: pagePagination(page, total) };
}

/** The people (by name; removed people last) and the actions that occur in the scope's log, for its filters. */
export async function auditLogOptions(db: Executor, scope: AuditScope): Promise<AuditLogOptions> {
  const where = scopeOf(scope);
  const [people, actions] = await Promise.all([
    db
      .select({ id: sql<string>`${auditLog.actorId}`, name: users.name, role: auditLog.actorRole })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(and(where, isNotNull(auditLog.actorId)))
      .groupBy(auditLog.actorId, users.name, auditLog.actorRole)
      .orderBy(sql`${users.name} asc nulls last`, asc(auditLog.actorId), asc(auditLog.actorRole)),
    db.select({ action: auditLog.action }).from(auditLog).where(where).groupBy(auditLog.action).orderBy(asc(auditLog.action)),
  ]);
  return { people, actions: actions.map((row) => row.action) };
}

/** How many rows an export reads at a time: the whole log is never held in memory. */
export const EXPORT_BATCH_ROWS = 500;

/**
 * Every row the filters select, newest first, read in batches by keyset (the last row's time and
 * id), so an export of any size takes the same memory and no batch skips or repeats a row. The time
 * is carried as the database's own text: a JavaScript Date would lose its microseconds.
 */
export async function* auditLogRows(db: Executor, scope: AuditScope, filters: AuditFilters, batchRows = EXPORT_BATCH_ROWS): AsyncGenerator<AuditRow> {
  const where = whereOf(scope, filters);
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const keyset: SQL | undefined = after ? sql`(${auditLog.at}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id})` : undefined;
    const batch: (AuditRow & { atText: string })[] = await selectRows(db, { atText: sql<string>`${auditLog.at}::text` })
      .where(and(where, keyset))
      .orderBy(...NEWEST_FIRST)
      .limit(batchRows);
    yield* batch;
    if (batch.length < batchRows) return;
    const last = batch[batch.length - 1];
    after = { at: last.atText, id: last.entry.id };
  }
}
