/** A consolidated row after scrubbing: its output cells and the typed figures the checks and totals use. */
import { HOURS_COLUMNS, MONEY_COLUMNS } from '../table/canonicalColumns';
import { type CellValue } from '../types';
import { type Issue } from './issue';

export type HoursColumn = (typeof HOURS_COLUMNS)[number];
export type MoneyColumn = (typeof MONEY_COLUMNS)[number];

export interface ScrubbedRow {
  cells: CellValue[];
  sheet: string;
  sourceRow: number;
  /** The Employee ID as written in the scrubbed file: masked (***-**-1234) when it is SSN-shaped. */
  employeeId: string;
  /**
   * The Employee ID as read, which the ledger files the row under, so that two people whose masked IDs
   * look alike stay apart; differs from `employeeId` only when that is masked. Kept in memory only:
   * never written to a cell or a summary.
   */
  employeeKey: string;
  /** "First Last", capitalised; '' when the row names nobody. */
  employeeName: string;
  department: string;
  /** True when the row had no department and the sheet name stands in for it. */
  departmentDefaulted: boolean;
  /** Rounded figures by position in HOURS_COLUMNS / MONEY_COLUMNS; undefined when blank. */
  hours: Array<number | undefined>;
  money: Array<number | undefined>;
  issues: Issue[];
}

export const HOUR = Object.fromEntries(HOURS_COLUMNS.map((c, i) => [c, i])) as Record<HoursColumn, number>;
export const MONEY = Object.fromEntries(MONEY_COLUMNS.map((c, i) => [c, i])) as Record<MoneyColumn, number>;
