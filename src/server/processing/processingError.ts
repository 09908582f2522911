/** The one error the engine throws: a stable code for programs and a message a person can act on. */

export type ProcessingErrorCode =
  | 'EMPTY'
  | 'INVALID_FORMAT'
  | 'PASSWORD_PROTECTED'
  | 'CORRUPT'
  | 'TOO_LARGE'
  | 'NO_PAYROLL_DATA'
  | 'CANCELLED'
  | 'INTERNAL';

export const ERROR_MESSAGES: Record<ProcessingErrorCode, string> = {
  EMPTY: 'The file is empty; export the payroll again and upload the new file.',
  INVALID_FORMAT: 'Invalid file format. Only Excel files (.xls, .xlsx, .xlsm, .xltm, .xltx, .csv) are allowed',
  PASSWORD_PROTECTED: 'The file is password protected; remove the password and upload again.',
  CORRUPT: 'The file is damaged and cannot be read; open it in Excel, save it again and upload the new file.',
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
