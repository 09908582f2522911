/** What a consolidated payroll file may be (spec section 5), checked by the SPA and the server alike. */
import { MAX_UPLOAD_BYTES } from './limits';

export const CONSOLIDATED_FILE_EXTENSIONS = ['.xls', '.xlsx', '.xlsm', '.csv'] as const;

export const CONSOLIDATED_FILE_MIME_TYPES = [
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel.sheet.macroEnabled.12',
  'text/csv',
] as const;

/** The `accept` attribute of the file picker. */
export const CONSOLIDATED_FILE_ACCEPT = CONSOLIDATED_FILE_EXTENSIONS.join(',');

export const CONSOLIDATED_UPLOAD_MESSAGES = {
  missing: 'Please select both a file and a company',
  tooLarge: 'File size must be less than 100MB',
  mimeType: 'Invalid file format. Only Excel files (.xls, .xlsx, .xlsm) and CSV files are allowed',
  extension: 'Invalid file extension. Only Excel files (.xls, .xlsx, .xlsm) and CSV files are allowed',
} as const;

export interface FileFacts {
  name: string;
  size: number;
  /** The MIME type the sender declared. */
  type: string;
}

/** The extension of a file name, lower-cased with its dot ('' when there is none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/**
 * Why a consolidated file is refused, or null when it is acceptable. Checks run in the spec's
 * order: size, then MIME type, then extension.
 */
export function consolidatedFileProblem(file: FileFacts): string | null {
  if (file.size >= MAX_UPLOAD_BYTES) return CONSOLIDATED_UPLOAD_MESSAGES.tooLarge;
  if (!(CONSOLIDATED_FILE_MIME_TYPES as readonly string[]).includes(file.type)) return CONSOLIDATED_UPLOAD_MESSAGES.mimeType;
  if (!(CONSOLIDATED_FILE_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) return CONSOLIDATED_UPLOAD_MESSAGES.extension;
  return null;
}

/**
 * What a client's weekly payroll document may be (spec section 5): the consolidated kinds plus the
 * Excel templates. Checked by the SPA before queueing and by the server again as the file arrives.
 */
export const WEEKLY_DOCUMENT_EXTENSIONS = ['.xls', '.xlsx', '.xlsm', '.xltm', '.xltx', '.csv'] as const;

export const WEEKLY_DOCUMENT_MIME_TYPES = [
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel.sheet.macroEnabled.12',
  'application/vnd.ms-excel.template.macroEnabled.12',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.template',
  'text/csv',
] as const;

/** The `accept` attribute of the weekly upload button: Excel extensions only (the spec's button takes no .csv). */
export const WEEKLY_DOCUMENT_ACCEPT = WEEKLY_DOCUMENT_EXTENSIONS.filter((extension) => extension !== '.csv').join(',');

export const WEEKLY_UPLOAD_MESSAGES = {
  tooLarge: 'File size must be less than 100MB',
  mimeType: 'Invalid file format. Only Excel files (.xls, .xlsx, .xlsm, .xltm, .xltx, .csv) are allowed',
  extension: 'Invalid file extension. Only Excel files (.xls, .xlsx, .xlsm, .xltm, .xltx, .csv) are allowed',
  /** The spec's fallback when a check fails without a message of its own. */
  invalid: 'Invalid file',
} as const;

/** A declared MIME type without parameters, lower-cased ('text/csv; charset=utf-8' -> 'text/csv'). */
export function mimeEssence(type: string): string {
  return type.split(';')[0].trim().toLowerCase();
}

const WEEKLY_MIME_ESSENCES = new Set(WEEKLY_DOCUMENT_MIME_TYPES.map(mimeEssence));

/**
 * Why a weekly document's type is refused (MIME type, then extension), or null. The server runs
 * this before reading the content; the size is only known while the bytes arrive.
 */
export function weeklyDocumentTypeProblem(file: Pick<FileFacts, 'name' | 'type'>): string | null {
  if (!WEEKLY_MIME_ESSENCES.has(mimeEssence(file.type))) return WEEKLY_UPLOAD_MESSAGES.mimeType;
  if (!(WEEKLY_DOCUMENT_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) return WEEKLY_UPLOAD_MESSAGES.extension;
  return null;
}

/** Why a weekly document is refused before queueing, or null: size, then MIME type, then extension. */
export function weeklyDocumentProblem(file: FileFacts): string | null {
  if (file.size >= MAX_UPLOAD_BYTES) return WEEKLY_UPLOAD_MESSAGES.tooLarge;
  return weeklyDocumentTypeProblem(file);
}
