/**
 * Scrubbing one consolidated row: text cleaned, names split and capitalised, numbers and dates typed and
 * rounded, the Employee ID normalised, the SSN masked. Problems with a single value (a date that cannot
 * be read, an invalid SSN, text in a number column) become issues. Formula-like text is neutralised by
 * the writer, in every sheet.
 */
import { DATE_COLUMNS, HOURS_COLUMNS, MONEY_COLUMNS } from '../table/canonicalColumns';
import { type ConsolidatedLayout, type ScrubbedLayout } from '../table/columnLayout';
import { type CellValue, ExcelDate } from '../types';
import { dayOf, readDate, serialOfDay } from './dates';
import { type IssueRule, ruleIssue } from './issue';
import { capitaliseName, fullName, readWrittenName } from './names';
import { parseAmount, round } from './numbers';
import { type HoursColumn, type MoneyColumn, type ScrubbedRow } from './scrubbedRow';
import { maskSsn } from './ssn';
import { scrubText } from './text';

const WEEK_TOLERANCE_DAYS = 14;
const NO_NAME = { split: { first: '', last: '' }, full: '' };

function plainText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return scrubText(value);
  if (value instanceof ExcelDate) return '';
  return String(value);
}

function scrubbedCell(value: CellValue): CellValue {
  if (typeof value !== 'string') return value;
  const text = scrubText(value);
  return text === '' ? null : text;
}

/** Where a column sits in the consolidated row (`from`) and the scrubbed row (`to`); -1 when absent. */
interface Slot<C extends string = string> {
  name: C;
  from: number;
  to: number;
}

export class RowScrubber {
  private readonly extras: Array<[number, number]> = [];
  private readonly hours: Array<Slot<HoursColumn> & { position: number }>;
  private readonly money: Array<Slot<MoneyColumn> & { position: number }>;
  private readonly dates: Slot[];
  private readonly slot: (name: string) => Slot;
  private readonly id: Slot;
  private readonly name: Slot;
  private readonly first: Slot;
  private readonly last: Slot;
  private readonly department: Slot;
  private readonly ssn: Slot;
  private readonly week?: { first: number; last: number; label: string };
  private readonly result: ScrubbedRow;

  constructor(
    consolidated: ConsolidatedLayout,
    private readonly scrubbed: ScrubbedLayout,
    weekStart?: Date,
  ) {
    const positions = new Map(consolidated.columns.map((c, i) => [c.name, i]));
    this.slot = <C extends string>(name: C): Slot<C> => ({ name, from: positions.get(name) ?? -1, to: scrubbed.index(name) });
    consolidated.columns.forEach((c, i) => {
      if (!c.canonical) this.extras.push([i, scrubbed.fromConsolidated[i]]);
    });
    const present = <S extends Slot>(s: S) => s.from >= 0;
    this.hours = HOURS_COLUMNS.map((c, position) => ({ ...(this.slot(c) as Slot<HoursColumn>), position })).filter(present);
    this.money = MONEY_COLUMNS.map((c, position) => ({ ...(this.slot(c) as Slot<MoneyColumn>), position })).filter(present);
    this.dates = DATE_COLUMNS.map((c) => this.slot(c)).filter(present);
    [this.id, this.name, this.first, this.last, this.department, this.ssn] = ['Employee ID', 'Employee Name', 'First Name', 'Last Name', 'Department', 'SSN'].map(this.slot);
    this.result = {
      cells: new Array<CellValue>(scrubbed.columns.length).fill(null),
      sheet: '',
      sourceRow: 0,
      employeeId: '',
      employeeName: '',
      department: '',
      departmentDefaulted: false,
      hours: new Array<number | undefined>(HOURS_COLUMNS.length).fill(undefined),
      money: new Array<number | undefined>(MONEY_COLUMNS.length).fill(undefined),
      issues: [],
    };
    if (weekStart) {
      const first = serialOfDay(weekStart);
      const iso = `${weekStart.getFullYear()}-${String(weekStart.getMonth() + 1).padStart(2, '0')}-${String(weekStart.getDate()).padStart(2, '0')}`;
      this.week = { first, last: first + 6, label: iso };
    }
  }

  /**
   * Scrubs one row. The result (and its arrays) is reused by the next call: use it before scrubbing
   * another row.
   */
  scrub(row: CellValue[], sheet: string, sourceRow: number): ScrubbedRow {
    const result = this.result;
    const out = result.cells.fill(null);
    result.hours.fill(undefined);
    result.money.fill(undefined);
    result.sheet = sheet;
    result.sourceRow = sourceRow;
    result.departmentDefaulted = false;
    result.issues.length = 0;
    for (let i = 0; i < this.extras.length; i++) out[this.extras[i][1]] = scrubbedCell(row[this.extras[i][0]]);

    const employeeId = cleanId(plainText(at(row, this.id)));
    result.employeeId = employeeId;
    put(out, this.id, employeeId);

    const written = plainText(at(row, this.name));
    const reading = written ? readWrittenName(written) : NO_NAME;
    const split = reading.split;
    const givenFirst = plainText(at(row, this.first));
    const givenLast = plainText(at(row, this.last));
    const first = givenFirst ? capitaliseName(givenFirst) : split.first;
    const last = givenLast ? capitaliseName(givenLast) : split.last;
    result.employeeName = written ? reading.full : fullName({ first, last });
    put(out, this.name, result.employeeName);
    put(out, this.first, first);
    put(out, this.last, last);

    result.department = plainText(at(row, this.department));
    if (!result.department) {
      result.department = sheet;
      result.departmentDefaulted = true;
    }
    put(out, this.department, result.department);

    for (const slot of this.hours) {
      const value = this.number(row, out, slot, result);
      if (value !== undefined) result.hours[slot.position] = value;
    }
    for (const slot of this.money) {
      const value = this.number(row, out, slot, result);
      if (value !== undefined) result.money[slot.position] = value;
    }
    for (const slot of this.dates) this.date(row, out, slot, result);

    const ssn = maskSsn(at(row, this.ssn));
    if (ssn) {
      put(out, this.ssn, ssn.masked);
      if (!ssn.valid) addIssue(result, 'invalid-ssn', 'SSN', ssn.masked, 'Invalid SSN: it is not nine digits.');
    }
    return result;
  }

  private number(row: CellValue[], out: CellValue[], slot: Slot, result: ScrubbedRow): number | undefined {
    const raw = row[slot.from];
    const parsed = parseAmount(raw);
    if (parsed === null) return undefined;
    if (parsed === undefined) {
      const text = raw instanceof ExcelDate ? raw.serial : scrubbedCell(raw);
      put(out, slot, text);
      addIssue(result, 'not-a-number', slot.name, text, `${slot.name} is not a number.`);
      return undefined;
    }
    const value = round(parsed, 2);
    put(out, slot, value);
    return value;
  }

  private date(row: CellValue[], out: CellValue[], slot: Slot, result: ScrubbedRow): void {
    const raw = row[slot.from];
    const reading = readDate(raw);
    if (!reading) return;
    if ('problem' in reading) {
      const text = scrubbedCell(typeof raw === 'number' ? String(raw) : raw);
      put(out, slot, text);
      if (reading.problem === 'impossible') addIssue(result, 'impossible-date', slot.name, text, `Impossible date in ${slot.name}.`);
      else addIssue(result, 'unreadable-date', slot.name, text, `${slot.name} is not a date that can be read for sure (use M/D/YYYY or YYYY-MM-DD).`);
      return;
    }
    put(out, slot, reading.date);
    if (!this.week) return;
    const day = dayOf(reading.date);
    if (day < this.week.first - WEEK_TOLERANCE_DAYS || day > this.week.last + WEEK_TOLERANCE_DAYS) {
      addIssue(result, 'date-outside-week', slot.name, reading.date, `${slot.name} is more than 14 days outside the payroll week starting ${this.week.label}.`);
    }
  }
}

/** An Employee ID without spaces or the apostrophe that made a spreadsheet keep it as text. */
function cleanId(text: string): string {
  return NO_ID_CLEANING.test(text) ? text : text.replace(/\s+/g, '').replace(/^'+/, '');
}
const NO_ID_CLEANING = /^[^\s']*$/;

function at(row: CellValue[], slot: Slot): CellValue {
  return slot.from >= 0 ? row[slot.from] : null;
}

function put(out: CellValue[], slot: Slot, value: CellValue): void {
  if (slot.to >= 0) out[slot.to] = value === '' ? null : value;
}

function addIssue(row: ScrubbedRow, rule: IssueRule, column: string, value: CellValue, message: string): void {
  row.issues.push(ruleIssue(rule, row.sheet, row.sourceRow, column, value, message));
}
