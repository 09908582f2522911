/**
 * What a generated payroll file holds, before it is written: sheets, the tables stacked in each,
 * every column with the header it was given, the canonical column a person would map it to, its
 * values row by row and the sensitive numbers they carry. The checks read the same description.
 */
import { type CanonicalColumn } from '@/common/canonicalColumns';
import { type Employee, type PayWeek } from './payrollModel';

/** A cell as written: text written as rich text (an inline string in xlsx) and formulas with a cached result included. */
export type RegisterCell = string | number | Date | null | { richText: string } | { formula: string; result: number };

export type Field =
  | 'id' | 'name' | 'first' | 'last' | 'dept' | 'rate' | 'reg' | 'ot' | 'dt' | 'pto' | 'hol' | 'sick' | 'tips' | 'bonus'
  | 'commission' | 'reimb' | 'gross' | 'deductions' | 'net' | 'payDate' | 'periodStart' | 'periodEnd' | 'ssn'
  | 'account' | 'routing' | 'notes' | 'unknown' | 'extra' | 'weekly';

export const FIELD_CANONICAL: Partial<Record<Field, CanonicalColumn>> = {
  id: 'Employee ID', name: 'Employee Name', first: 'First Name', last: 'Last Name', dept: 'Department', rate: 'Pay Rate',
  reg: 'Regular Hours', ot: 'Overtime Hours', dt: 'Double Time Hours', pto: 'PTO Hours', hol: 'Holiday Hours',
  sick: 'Sick Hours', tips: 'Tips', bonus: 'Bonus', commission: 'Commission', reimb: 'Reimbursement', gross: 'Gross Pay',
  deductions: 'Deductions', net: 'Net Pay', payDate: 'Pay Date', periodStart: 'Period Start', periodEnd: 'Period End',
  ssn: 'SSN',
};

/** Optional columns of a register and how often (percent) a table has each. */
export const OPTIONAL_FIELDS = {
  dept: 45, rate: 75, reg: 90, ot: 55, dt: 15, pto: 25, hol: 15, sick: 15, tips: 15, bonus: 15, commission: 8, reimb: 8,
  gross: 85, deductions: 35, net: 40, payDate: 35, periodStart: 25, periodEnd: 35, ssn: 50, account: 15, routing: 15,
  notes: 20, unknown: 10,
} as const satisfies Partial<Record<Field, number>>;
export type OptionalField = keyof typeof OPTIONAL_FIELDS;

/** The columns whose recognition is asserted: who the row is, the hours and the gross. */
export const RECOGNITION_ASSERTED: readonly CanonicalColumn[] = [
  'Employee ID', 'Employee Name', 'First Name', 'Last Name', 'Regular Hours', 'Overtime Hours', 'Double Time Hours',
  'PTO Hours', 'Holiday Hours', 'Sick Hours', 'Gross Pay',
];

export interface Secret {
  kind: 'SSN' | 'bank account' | 'routing number';
  /** The digits, without separators. */
  digits: string;
  /** As the cell wrote it. */
  written: string;
}

export interface ColumnSpec {
  field: Field;
  /** The canonical column a person would map it to; null for a column kept under its own header. */
  canonical: CanonicalColumn | null;
  /** The header cell (the lower one of a two-row header). */
  header: string;
  /** The cell above it in a two-row header (a group's label is written once, over the whole group). */
  upper: string | null;
  /** The spelling the header was made from, before case, separators and units were varied. */
  spelling: string;
  /** How the header was varied ("UPPER", "line break"...), or the two-row style. */
  variant: string;
  /** How values are written ("$1,234.50 text", "number"...). */
  valueStyle: string;
  /** One per data row. */
  values: RegisterCell[];
  /** The sensitive numbers of each data row's cell. */
  secrets: Secret[][];
}

export interface TableSpec {
  kind: 'register' | 'weekly';
  headerStyle: 'single row' | 'two rows, split' | 'two rows, grouped';
  department: string;
  employees: Employee[];
  columns: ColumnSpec[];
  /** Spans of a grouped upper row: first and last column (indexes into `columns`) and the label. */
  groups: Array<{ from: number; to: number; label: string }>;
  /** Title lines above the first table of a sheet; a stacked table's single title line. */
  titles: string[];
  /** Between a stacked table and the one above it. */
  separator: 'blank line' | 'title line';
  /** Data row indexes after which a blank row, a note, a repeated header come. */
  blankAfter: number[];
  notesAfter: Array<{ at: number; text: string }>;
  repeatHeaderAfter: number | null;
  total: { label: string; inIdColumn: boolean } | null;
  /** Empty columns left of the table. */
  leftOffset: number;
}

export interface SheetSpec {
  name: string;
  hidden: boolean;
  tables: TableSpec[];
}

export interface RegisterFile {
  format: 'xlsx' | 'csv';
  fileName: string;
  csv: { separator: ',' | ';' | '\t' | '|'; bom: boolean; eol: '\n' | '\r\n'; padRows: boolean } | null;
  /** Without shared strings, text is written in the cells: every other one as inline rich text, the rest as `str` cells. */
  xlsx: { sharedStrings: boolean } | null;
  week: PayWeek;
  sheets: SheetSpec[];
  /** A sheet with no payroll table (instructions, a chart's data): skipped by the engine and reported. */
  otherSheet: string | null;
}

/** Every table of the file with the sheet it is on. */
export function tablesOf(file: RegisterFile): Array<{ sheet: SheetSpec; table: TableSpec; index: number }> {
  return file.sheets.flatMap((sheet) => sheet.tables.map((table, index) => ({ sheet, table, index })));
}
