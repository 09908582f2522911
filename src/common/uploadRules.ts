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
