import ExcelJS from 'exceljs';

/** The errors the scrub must find that a payroll workbook can be built to carry. */
export type PayrollError = 'missing-id-and-name' | 'negative-hours';

export const PAYROLL_SHEET = 'Harbor Store';
const HEADER = ['Employee ID', 'Employee Name', 'Regular Hours', 'Pay Rate', 'Gross Pay'];

const CLEAN_ROWS = [
  ['E001', 'Ana Lopez', 40, 20, 800],
  ['E002', 'Ben Ortiz', 38, 22, 836],
];
const ERROR_ROWS: Record<PayrollError, (string | number | null)[]> = {
  'missing-id-and-name': [null, null, 36, 20, 720],
  'negative-hours': ['E004', 'Cara Diaz', -4, 20, -80],
};

/**
 * A one-sheet payroll workbook under a title block (a title and a blank row, as a real export has
 * them), clean but for one row per error asked for, those rows after the clean ones in the order given.
 */
export async function payrollWithErrors(errors: readonly PayrollError[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(PAYROLL_SHEET);
  sheet.addRow(['Harbor Foods payroll, weekly export']);
  sheet.addRow([]);
  sheet.addRow(HEADER);
  for (const row of [...CLEAN_ROWS, ...errors.map((error) => ERROR_ROWS[error])]) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
