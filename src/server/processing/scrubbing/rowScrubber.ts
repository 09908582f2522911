/**
 * Scrubbing one consolidated row: text cleaned, names split and capitalised, numbers and dates typed and
 * rounded, the Employee ID normalised, the SSN masked. Problems with a single value (a date that cannot
 * be read, an invalid SSN, text in a number column) become issues. Formula-like text is neutralised by
 * the writer, in every sheet.
 *
 * Sensitive values are masked whatever the column, with an issue saying where (`sensitiveValues`): an
 * SSN-shaped run in any text (the Employee ID's included: the ledger still keys on the ID as read), a
 * nine-digit whole number in an extra column, and every value of an extra column whose header names an
 * SSN, a bank account or a routing number. Text that lost a control character, or holds one the reader
 * could not decode, is reported too.
 */
import { DATE_COLUMNS, HOURS_COLUMNS, MONEY_COLUMNS } from '../table/canonicalColumns';
import { type ConsolidatedLayout, type ScrubbedLayout } from '../table/columnLayout';
import { type CellValue, ExcelDate } from '../types';
import { dayOf, readDate, serialOfDay } from './dates';
import { type IssueRule, ruleIssue } from './issue';
import { capitaliseName, fullName, readWrittenName } from './names';
import { parseAmount, round } from './numbers';
import { type HoursColumn, type MoneyColumn, type ScrubbedRow } from './scrubbedRow';
import {
  type SensitiveColumnKind, isNineDigitInteger, isRoutingNumber, maskCheckedSsnRuns, maskNineDigitInteger, maskSensitiveColumnValue, mayHoldSsn,
  mayBeSsnCopy, mayHoldSsnCounted, maskSsnRuns, sensitiveColumnKind, ssnDigitsKey,
} from './sensitiveValues';
import { maskSsn } from './ssn';
import { CONTROL_CHARACTER, UNREADABLE_CHARACTER, digitsIn, scrubText, textTraits } from './text';

const WEEK_TOLERANCE_DAYS = 14;
const NO_NAME = { split: { first: '', last: '' }, full: '' };

/** What a masking issue says, by what was found. */
const MASKED_MESSAGES: Record<SensitiveColumnKind | 'shaped' | 'routing-like' | 'copy', (column: string) => string> = {
  shaped: (column) => `An SSN-shaped value in column '${column}' was masked.`,
  'routing-like': (column) => `An SSN-shaped value in column '${column}' was masked; it may be a bank routing number.`,
  ssn: (column) => `An SSN in column '${column}' was masked.`,
  copy: (column) => `A copy of the row's SSN in column '${column}' was masked.`,
  'bank-account': (column) => `A bank account number in column '${column}' was masked.`,
  'routing-number': (column) => `A bank routing number in column '${column}' was masked.`,
};
const ID_MASKED = "An SSN-shaped Employee ID was masked; employees are still told apart by their full ID, which is kept in no output.";

/** An extra column: where it sits in the consolidated row and the scrubbed one, its name there, and what its header says it holds. */
interface Extra {
  from: number;
  to: number;
  name: string;
  kind: SensitiveColumnKind | undefined;
}

/** Where a column sits in the consolidated row (`from`) and the scrubbed row (`to`); -1 when absent. */
interface Slot<C extends string = string> {
  name: C;
  from: number;
  to: number;
}

export class RowScrubber {
  private readonly extras: Extra[] = [];
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
  /** The row being scrubbed, and its SSN's digits (`ssnDigitsKey`; '' without one), read when first needed. */
  private row: CellValue[] = [];
  /** The last sheet's name, and the same as a defaulted department (masked). */
  private sheetName = '';
  private sheetDepartment = '';
  private rowSsn: string | undefined;
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
      const to = scrubbed.fromConsolidated[i];
      if (!c.canonical) this.extras.push({ from: i, to, name: to >= 0 ? scrubbed.columns[to].name : c.name, kind: c.sensitive ?? sensitiveColumnKind(c.name) });
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
      employeeKey: '',
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
    this.rowSsn = undefined;
    this.row = row;
    for (let i = 0; i < this.extras.length; i++) {
      const extra = this.extras[i];
      out[extra.to] = this.extraCell(row[extra.from], extra);
    }

    this.employeeId(at(row, this.id));
    put(out, this.id, result.employeeId);

    const written = this.plain(at(row, this.name), 'Employee Name');
    const reading = written ? readWrittenName(written) : NO_NAME;
    const split = reading.split;
    const givenFirst = this.plain(at(row, this.first), 'First Name');
    const givenLast = this.plain(at(row, this.last), 'Last Name');
    const first = givenFirst ? capitaliseName(givenFirst) : split.first;
    const last = givenLast ? capitaliseName(givenLast) : split.last;
    result.employeeName = written ? reading.full : fullName({ first, last });
    put(out, this.name, result.employeeName);
    put(out, this.first, first);
    put(out, this.last, last);

    result.department = this.plain(at(row, this.department), 'Department');
    if (!result.department) {
      // the sheet's name, masked like any text (its own column, Source Sheet, reports the masking)
      if (sheet !== this.sheetName) this.sheetDepartment = maskSsnRuns((this.sheetName = sheet))?.text ?? sheet;
      result.department = this.sheetDepartment;
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
      const text = raw instanceof ExcelDate ? raw.serial : this.cell(raw, slot.name);
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
      const text = this.cell(typeof raw === 'number' ? String(raw) : raw, slot.name);
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

  /**
   * The Employee ID: cleaned, and masked when it is SSN-shaped; `employeeKey` keeps it as read for the
   * ledger (in memory only).
   */
  private employeeId(value: CellValue): void {
    const result = this.result;
    const traits = typeof value === 'string' ? textTraits(value) : 0;
    const key = cleanId(typeof value === 'string' ? scrubText(value) : value === null || value === undefined || value instanceof ExcelDate ? '' : String(value));
    const masked = mayHoldSsn(key) ? maskCheckedSsnRuns(key) : null;
    result.employeeKey = key;
    result.employeeId = masked ? masked.text : key;
    if (masked) addIssue(result, 'sensitive-value-masked', 'Employee ID', masked.text, ID_MASKED);
    if (traits & (CONTROL_CHARACTER | UNREADABLE_CHARACTER)) this.characterIssues(traits, 'Employee ID', result.employeeId);
  }

  /**
   * Whether an extra cell holds the row's SSN, however it was kept (a reference column, without its
   * leading zeros); the row's SSN is read once, for the first cell that could be one.
   */
  private ssnCopy(value: CellValue): boolean {
    this.rowSsn ??= this.ssn.from >= 0 ? ssnDigitsKey(this.row[this.ssn.from]) : '';
    return this.rowSsn !== '' && ssnDigitsKey(value) === this.rowSsn;
  }

  /** A cell of an extra column, scrubbed: text cleaned, sensitive values masked (and reported). */
  private extraCell(value: CellValue, extra: Extra): CellValue {
    if (value === null || value === undefined) return null;
    if (mayBeSsnCopy(value) && this.ssnCopy(value)) {
      const masked = maskSensitiveColumnValue(value, 'ssn') ?? '***-**-****';
      addIssue(this.result, 'sensitive-value-masked', extra.name, masked, MASKED_MESSAGES.copy(extra.name));
      return masked;
    }
    if (extra.kind) {
      const masked = maskSensitiveColumnValue(value, extra.kind);
      if (masked !== null) {
        addIssue(this.result, 'sensitive-value-masked', extra.name, masked, MASKED_MESSAGES[extra.kind](extra.name));
        return masked;
      }
    }
    if (typeof value === 'string') return this.cell(value, extra.name);
    if (typeof value === 'number' && isNineDigitInteger(value)) {
      const masked = maskNineDigitInteger(value);
      const found = isRoutingNumber(String(value)) ? 'routing-like' : 'shaped';
      addIssue(this.result, 'sensitive-value-masked', extra.name, masked, MASKED_MESSAGES[found](extra.name));
      return masked;
    }
    return value;
  }

  /** A cell as it stays when it is not read as a number or a date: text scrubbed (see `text`), blank as null, anything else as it is. */
  private cell(value: CellValue, column: string): CellValue {
    if (typeof value !== 'string') return value;
    const text = this.text(value, column);
    return text === '' ? null : text;
  }

  /** A cell read as text ('' for a blank or a date): scrubbed (see `text`); a number's digits checked like text. */
  private plain(value: CellValue, column: string): string {
    if (value === null || value === undefined || value instanceof ExcelDate) return '';
    if (typeof value === 'string') return this.text(value, column);
    const text = String(value);
    return mayHoldSsn(text) ? this.masked(text, column) : text;
  }

  /**
   * Text scrubbed (`scrubText`), its SSN-shaped runs masked; each masking, a control character removed
   * and a character the reader could not decode raise an issue naming the column.
   */
  private text(value: string, column: string): string {
    const traits = textTraits(value);
    let text = scrubText(value);
    if (mayHoldSsnCounted(text.length, digitsIn(traits))) text = this.masked(text, column);
    if (traits & (CONTROL_CHARACTER | UNREADABLE_CHARACTER)) this.characterIssues(traits, column, text);
    return text;
  }

  /** Text with its SSN-shaped runs masked, and an issue when there were any; for text that passed the cheap test. */
  private masked(text: string, column: string): string {
    const masked = maskCheckedSsnRuns(text);
    if (!masked) return text;
    addIssue(this.result, 'sensitive-value-masked', column, masked.text, MASKED_MESSAGES[masked.mayBeRouting ? 'routing-like' : 'shaped'](column));
    return masked.text;
  }

  private characterIssues(traits: number, column: string, text: string): void {
    const value = text === '' ? null : text;
    if (traits & CONTROL_CHARACTER) {
      addIssue(this.result, 'control-character-removed', column, value, `A control character (an invisible character that is not text) was removed from column '${column}'.`);
    }
    if (traits & UNREADABLE_CHARACTER) {
      addIssue(this.result, 'unreadable-character', column, value, `The text in column '${column}' has a character that could not be read (shown as \uFFFD): check it against the original.`);
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
