/** A consolidated row after scrubbing: its output cells and the typed figures the checks and totals use. */
import { type HOURS_COLUMNS, type MONEY_COLUMNS } from '../table/canonicalColumns';
import { type CellValue } from '../types';
import { type Issue } from './issue';

export type HoursColumn = (typeof HOURS_COLUMNS)[number];
export type MoneyColumn = (typeof MONEY_COLUMNS)[number];

export interface ScrubbedRow {
  cells: CellValue[];
  sheet: string;
  sourceRow: number;
  employeeId: string;
  /** "First Last", capitalised; '' when the row names nobody. */
  employeeName: string;
  department: string;
  hours: Partial<Record<HoursColumn, number>>;
  money: Partial<Record<MoneyColumn, number>>;
  issues: Issue[];
}
