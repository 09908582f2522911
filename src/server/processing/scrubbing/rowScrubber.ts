/**
 * Scrubbing one consolidated row: text cleaned, names split and capitalised, numbers and dates typed and
 * rounded, the Employee ID normalised, the SSN masked, formula-like text neutralised. Problems with a
 * single value (a date that cannot be read, an invalid SSN, text in a number column) become issues.
 */
import { DATE_COLUMNS, HOURS_COLUMNS, MONEY_COLUMNS } from '../table/canonicalColumns';
import { type ConsolidatedLayout, type ScrubbedLayout } from '../table/columnLayout';
import { type CellValue, ExcelDate } from '../types';
import { dayOf, readDate, serialOfDay } from './dates';
import { type Issue } from './issue';
import { capitaliseName, fullName, splitName } from './names';
import { parseAmount, round } from './numbers';
import { type HoursColumn, type MoneyColumn, type ScrubbedRow } from './scrubbedRow';
import { maskSsn } from './ssn';
import { neutraliseFormula, scrubText } from './text';

const WEEK_TOLERANCE_DAYS = 14;

function plainText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return scrubText(value);
  if (value instanceof ExcelDate) return '';
  return String(value);
}

function scrubbedCell(value: CellValue): CellValue {
  if (typeof value !== 'string') return value;
  const text = scrubText(value);
  return text === '' ? null : neutraliseFormula(text);
}

export class RowScrubber {
  private readonly at: (name: string) => number;
  private readonly extras: Array<[number, number]> = [];
  private readonly week?: { first: number; last: number; label: string };

  constructor(
    consolidated: ConsolidatedLayout,
    private readonly scrubbed: ScrubbedLayout,
    weekStart?: Date,
  ) {
    const positions = new Map(consolidated.columns.map((c, i) => [c.name, i]));
    this.at = (name) => positions.get(name) ?? -1;
    consolidated.columns.forEach((c, i) => {
      if (!c.canonical) this.extras.push([i, scrubbed.fromConsolidated[i]]);
    });
    if (weekStart) {
      const first = serialOfDay(weekStart);
      const iso = `${weekStart.getFullYear()}-${String(weekStart.getMonth() + 1).padStart(2, '0')}-${String(weekStart.getDate()).padStart(2, '0')}`;
      this.week = { first, last: first + 6, label: iso };
    }
  }

  scrub(row: CellValue[], sheet: string, sourceRow: number): ScrubbedRow {
    const out: CellValue[] = new Array(this.scrubbed.columns.length).fill(null);
    const issues: Issue[] = [];
    const issue = (severity: Issue['severity'], column: string, value: CellValue, message: string) =>
      issues.push({ severity, sheet, row: sourceRow, column, value, message });
    const put = (name: string, value: CellValue) => {
      const index = this.scrubbed.index(name);
      if (index >= 0) out[index] = value === '' ? null : value;
    };
    for (const [from, to] of this.extras) out[to] = scrubbedCell(row[from]);

    const employeeId = plainText(this.cell(row, 'Employee ID')).replace(/\s+/g, '').replace(/^'+/, '');
    put('Employee ID', employeeId ? neutraliseFormula(employeeId) : null);

    const written = plainText(this.cell(row, 'Employee Name'));
    const split = written ? splitName(written) : { first: '', last: '' };
    const givenFirst = plainText(this.cell(row, 'First Name'));
    const givenLast = plainText(this.cell(row, 'Last Name'));
    const name = { first: givenFirst ? capitaliseName(givenFirst) : split.first, last: givenLast ? capitaliseName(givenLast) : split.last };
    const employeeName = written ? fullName(split) : fullName(name);
    put('Employee Name', neutraliseFormula(employeeName));
    put('First Name', neutraliseFormula(name.first));
    put('Last Name', neutraliseFormula(name.last));

    const department = plainText(this.cell(row, 'Department')) || sheet;
    put('Department', neutraliseFormula(department));

    const hours: ScrubbedRow['hours'] = {};
    for (const column of HOURS_COLUMNS) {
      const value = this.number(row, column, 2, put, issue);
      if (value !== undefined) hours[column as HoursColumn] = value;
    }
    const money: ScrubbedRow['money'] = {};
    for (const column of MONEY_COLUMNS) {
      const value = this.number(row, column, 2, put, issue);
      if (value !== undefined) money[column as MoneyColumn] = value;
    }
    for (const column of DATE_COLUMNS) this.date(row, column, put, issue);

    const ssn = maskSsn(this.cell(row, 'SSN'));
    if (ssn) {
      put('SSN', ssn.masked);
      if (!ssn.valid) issue('warning', 'SSN', ssn.masked, 'Invalid SSN: it is not nine digits.');
    }
    return { cells: out, sheet, sourceRow, employeeId, employeeName, department, hours, money, issues };
  }

  private cell(row: CellValue[], name: string): CellValue {
    const index = this.at(name);
    return index >= 0 ? row[index] : null;
  }

  private number(
    row: CellValue[],
    column: string,
    decimals: number,
    put: (name: string, value: CellValue) => void,
    issue: (severity: Issue['severity'], column: string, value: CellValue, message: string) => void,
  ): number | undefined {
    const raw = this.cell(row, column);
    const parsed = parseAmount(raw);
    if (parsed === null) return undefined;
    if (parsed === undefined) {
      const text = raw instanceof ExcelDate ? raw.serial : scrubbedCell(raw);
      put(column, text);
      issue('warning', column, text, `${column} is not a number.`);
      return undefined;
    }
    const value = round(parsed, decimals);
    put(column, value);
    return value;
  }

  private date(
    row: CellValue[],
    column: string,
    put: (name: string, value: CellValue) => void,
    issue: (severity: Issue['severity'], column: string, value: CellValue, message: string) => void,
  ): void {
    const raw = this.cell(row, column);
    const reading = readDate(raw);
    if (!reading) return;
    if ('problem' in reading) {
      const text = scrubbedCell(typeof raw === 'number' ? String(raw) : raw);
      put(column, text);
      issue('warning', column, text, reading.problem === 'impossible' ? `Impossible date in ${column}.` : `${column} is not a date that can be read for sure (use M/D/YYYY or YYYY-MM-DD).`);
      return;
    }
    put(column, reading.date);
    if (!this.week) return;
    const day = dayOf(reading.date);
    if (day < this.week.first - WEEK_TOLERANCE_DAYS || day > this.week.last + WEEK_TOLERANCE_DAYS) {
      issue('warning', column, reading.date, `${column} is more than 14 days outside the payroll week starting ${this.week.label}.`);
    }
  }
}
