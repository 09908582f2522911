/**
 * What a column's values look like, from the data rows read while the header was searched for: how
 * many are SSN-shaped, ID-like, dates, numbers (and hours within a week), names or other text, and
 * how many differ. Content confirms a header's mapping, decides it where the header says nothing,
 * and settles two headers that name the same column (`contentMapping`).
 */
import { readDate } from '../scrubbing/dates';
import { parseAmount } from '../scrubbing/numbers';
import { type CellValue, ExcelDate, type SheetRow } from '../types';
import { isBlankCell } from './cellText';

export interface ColumnProfile {
  filled: number;
  /** SSN-shaped: 123-45-6789, nine digits; and (`ssnLoose`) seven or eight digits, an SSN that lost its leading zeros. */
  ssn: number;
  ssnLoose: number;
  /** Short codes without spaces that hold a digit (or whole numbers): what an employee ID looks like. */
  idLike: number;
  distinct: number;
  numbers: number;
  /** Numbers from 0 to 168, the hours in a week. */
  weekHours: number;
  dates: number;
  /** Text of two to four words of letters, or "Last, First". */
  names: number;
  text: number;
}

/** 123-45-6789, 123 45 6789, 123.45.6789 or nine digits. */
const SSN_TEXT = /^\d{3}([-. ]?)\d{2}\1\d{4}$/;
/** Seven or eight digits: an SSN whose leading zeros a sheet dropped, or just a number. */
const SHORT_DIGITS = /^\d{7,8}$/;
const ID_TEXT = /^(?=.*\d)[A-Za-z0-9][A-Za-z0-9_/-]{0,11}$/;
const NAME_TEXT = /^(?:[\p{L}'.-]+,\s*[\p{L}'.-]+(?:\s+[\p{L}'.-]+)?|[\p{L}'.-]+(?:\s+[\p{L}'.-]+){1,3})$/u;
const DISTINCT_CAP = 1000;
/** What a date written as text looks like: 3/7/2025, 2025-03-07, 7-Mar-2025, Mar 7 2025, March 7, 2025. */
const DATE_LIKE = /^\s*(?:\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}|\d{1,2}[- ][A-Za-z]{3,9}\.?[- ]\d{2,4}|[A-Za-z]{3,9}\.? \d{1,2},? \d{4})\s*$/;

/** 2 for an SSN-shaped value, 1 for seven or eight digits, 0 for anything else. */
function ssnShape(value: CellValue): number {
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 1_000_000 || value > 999_999_999) return 0;
    return value >= 100_000_000 ? 2 : 1;
  }
  if (typeof value !== 'string') return 0;
  const text = value.trim();
  return SSN_TEXT.test(text) ? 2 : SHORT_DIGITS.test(text) ? 1 : 0;
}

function isIdLike(value: CellValue): boolean {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 && value < 1e12;
  return typeof value === 'string' && ID_TEXT.test(value.trim().replace(/^'/, ''));
}

function isDate(value: CellValue): boolean {
  if (value instanceof ExcelDate) return true;
  if (typeof value !== 'string' || !DATE_LIKE.test(value)) return false;
  const reading = readDate(value);
  return reading !== null && 'date' in reading;
}

export class ColumnProfiles {
  private readonly profiles = new Map<number, ColumnProfile>();
  private readonly values = new Map<number, Set<CellValue>>();
  rows = 0;

  /**
   * `settled` marks the columns whose values nothing asks about (0-based; a column past its end is
   * profiled): most of a register's columns are mapped by their header and contested by no other.
   */
  constructor(private readonly settled: Uint8Array = new Uint8Array(0)) {}

  /** Counts one data row's cells. */
  add(row: SheetRow): void {
    this.rows++;
    const cells = row.cells;
    const settled = this.settled;
    for (let i = 0; i < cells.length; i++) {
      if (i < settled.length && settled[i] === 1) continue;
      const value = cells[i];
      if (isBlankCell(value)) continue;
      let profile = this.profiles.get(i);
      if (!profile) {
        profile = { filled: 0, ssn: 0, ssnLoose: 0, idLike: 0, distinct: 0, numbers: 0, weekHours: 0, dates: 0, names: 0, text: 0 };
        this.profiles.set(i, profile);
        this.values.set(i, new Set());
      }
      profile.filled++;
      const seen = this.values.get(i) as Set<CellValue>;
      const key = value instanceof ExcelDate ? value.serial : typeof value === 'string' ? value.trim() : value;
      if (seen.size < DISTINCT_CAP && !seen.has(key)) {
        seen.add(key);
        profile.distinct++;
      }
      const shape = ssnShape(value);
      if (shape === 2) profile.ssn++;
      else if (shape === 1) profile.ssnLoose++;
      if (isIdLike(value)) profile.idLike++;
      if (isDate(value)) {
        profile.dates++;
        continue;
      }
      const amount = parseAmount(value);
      if (typeof amount === 'number') {
        profile.numbers++;
        if (amount >= 0 && amount <= 168) profile.weekHours++;
      } else if (typeof value === 'string') {
        profile.text++;
        if (NAME_TEXT.test(value.trim())) profile.names++;
      }
    }
  }

  of(index: number): ColumnProfile | undefined {
    return this.profiles.get(index);
  }

  /** The columns that hold data in the rows profiled. */
  columns(): number[] {
    return [...this.profiles.keys()].sort((a, b) => a - b);
  }
}

/**
 * Whether a column holds SSNs: at least one SSN-shaped value, and four in five of its values SSN-shaped
 * or seven or eight digits, few of them dates.
 */
export function holdsSsns(profile: ColumnProfile | undefined): boolean {
  return !!profile && profile.ssn > 0 && share(profile, (p) => p.ssn + p.ssnLoose) >= 0.8 && share(profile, (p) => p.dates) < 0.5;
}

/** The share of a column's values that have a property (0 for an empty column). */
export function share(profile: ColumnProfile | undefined, count: (p: ColumnProfile) => number): number {
  return profile && profile.filled > 0 ? count(profile) / profile.filled : 0;
}
