/** The one error the engine throws: a stable code for programs and a message a person can act on. */

export type ProcessingErrorCode =
  | 'EMPTY'
  | 'INVALID_FORMAT'
  | 'PASSWORD_PROTECTED'
  | 'CORRUPT'
  | 'OLD_FORMAT'
  | 'BINARY_CSV'
  | 'TOO_LARGE'
  | 'NO_PAYROLL_DATA'
  | 'CANCELLED'
  | 'INTERNAL';

/**
 * The one vocabulary of refusals, whether the upload's check finds the problem as the file arrives or
 * the engine while it reads: each names the cause and what to do. INVALID_FORMAT (content that is no
 * spreadsheet at all) is the spec's wording of the weekly upload; the operators' upload answers it in
 * its own form's wording. A name whose extension is not allowed is refused before any of this, with
 * the spec's "Invalid file extension" message.
 */
export const ERROR_MESSAGES: Record<ProcessingErrorCode, string> = {
  EMPTY: 'The file is empty; export the payroll again and upload the new file.',
  INVALID_FORMAT: 'Invalid file format. Only Excel files (.xls, .xlsx, .xlsm, .xltm, .xltx, .csv) are allowed',
  PASSWORD_PROTECTED: 'The file is password protected; remove the password and upload again.',
  CORRUPT: 'The file is damaged or incomplete and cannot be read; open it in Excel, save it again and upload the new file.',
  OLD_FORMAT:
    'The file is an Excel 4.0 (or older) workbook, which cannot be read; open it in Excel, save it as an Excel Workbook (.xlsx) and upload the new file.',
  BINARY_CSV: 'The file is named .csv but does not hold text; export the payroll again as CSV or as an Excel workbook and upload the new file.',
  TOO_LARGE:
    'The file expands to an unreasonable size when opened and cannot be processed; save only the payroll sheets and upload again.',
  NO_PAYROLL_DATA: 'No payroll data found: expected a header row with columns such as Employee ID, Employee Name and Hours.',
  CANCELLED: 'Processing was cancelled.',
  INTERNAL: 'The file could not be processed because of an unexpected problem; please try again or contact support.',
};

export class ProcessingError extends Error {
  readonly code: ProcessingErrorCode;

  constructor(code: ProcessingErrorCode, message: string = ERROR_MESSAGES[code], options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProcessingError';
    this.code = code;
  }
}

/** Wraps anything thrown into a ProcessingError; unexpected errors keep their detail in `cause` only. */
export function toProcessingError(error: unknown): ProcessingError {
  if (error instanceof ProcessingError) return error;
  return new ProcessingError('INTERNAL', ERROR_MESSAGES.INTERNAL, { cause: error });
}
