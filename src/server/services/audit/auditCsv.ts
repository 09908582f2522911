import { Readable } from 'node:stream';
import { auditActionLabel, auditRecordTypeLabel } from '@/common/audit';
import { toIsoDate } from '@/common/week';
import type { Executor } from '../../db/client';
import { neutraliseFormula } from '../../processing/writing/formulaText';
import { type AuditRow, toAuditEntryView } from './auditEntryView';
import { type AuditFilters, auditLogRows, type AuditScope } from './auditLog';

const HEADER = ['When', 'Who', 'Role', 'Company', 'Action', 'Record', 'Record ID', 'Summary', 'Before', 'After', 'IP'];

/** Spreadsheet programs read a file that starts with this mark as UTF-8 (names are not all ASCII). */
const BYTE_ORDER_MARK = '\ufeff';

/**
 * Where a spreadsheet program may start a new cell: the comma, the semicolon (the list separator of
 * many locales, where Excel splits a CSV on it), the tab, and a line break.
 */
const CELL_BREAK = /([,;\t\r\n])/;
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * One CSV cell (RFC 4180): text a spreadsheet would run as a formula gets a leading apostrophe (the
 * engine's own check, as in the scrubbed workbook), and so does every part of it that follows a cell
 * break, for a program that splits where this file does not (`Help;=cmd|' /C calc'!A0` reads as
 * `Help;'=cmd|' /C calc'!A0`); then the cell is quoted when it holds a quote or any cell break.
 */
export function csvCell(value: string | number | null): string {
  const parts = neutraliseFormula(value === null ? '' : String(value)).split(CELL_BREAK);
  // Split with the breaks kept: the even parts are the text between them.
  const text = parts.map((part, index) => (index % 2 === 0 ? neutraliseFormula(part) : part)).join('');
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(cells: (string | number | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function who(row: AuditRow): string {
  if (!row.entry.actorId) return 'System';
  return row.actorName ?? 'Removed user';
}

function auditCsvLine(row: AuditRow): string {
  const view = toAuditEntryView(row);
  return csvLine([
    view.at,
    who(row),
    view.actor?.role ?? null,
    view.company ? (view.company.name ?? 'Deleted company') : null,
    auditActionLabel(view.action),
    auditRecordTypeLabel(view.entity_type),
    view.entity_id,
    view.summary,
    view.before ? JSON.stringify(view.before) : null,
    view.after ? JSON.stringify(view.after) : null,
    view.ip,
  ]);
}

async function* auditCsvText(db: Executor, scope: AuditScope, filters: AuditFilters): AsyncGenerator<string> {
  yield BYTE_ORDER_MARK + csvLine(HEADER);
  for await (const row of auditLogRows(db, scope, filters)) yield auditCsvLine(row);
}

/** The export's file name: the day it was made, `audit-log-2026-11-24.csv`. */
export function auditCsvFileName(now: Date = new Date()): string {
  return `audit-log-${toIsoDate(now)}.csv`;
}

/** The filtered log as a CSV stream, read from the database as the client takes it. */
export function auditCsvStream(db: Executor, scope: AuditScope, filters: AuditFilters): Readable {
  return Readable.from(auditCsvText(db, scope, filters));
}
