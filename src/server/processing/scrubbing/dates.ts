/**
 * Reading dates: Excel serials and date cells, and text in M/D/YYYY, YYYY-MM-DD, D-Mon-YYYY or
 * Mon D YYYY. An impossible date (2/30/2025) or a form that cannot be read for sure stays text.
 */
import { type CellValue, ExcelDate } from '../types';

export type DateReading = { date: ExcelDate } | { problem: 'impossible' | 'unreadable' } | null;

const EPOCH = Date.UTC(1899, 11, 30);
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MAX_SERIAL = 2958466;

function monthNumber(name: string): number {
  const lower = name.toLowerCase().replace(/\.$/, '');
  const index = MONTHS.indexOf(lower.slice(0, 3));
  if (index < 0) return 0;
  const full = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'][index];
  return lower.length === 3 || full.startsWith(lower) || (index === 8 && lower === 'sept') ? index + 1 : 0;
}

function fromParts(year: number, month: number, day: number): DateReading {
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1900 || year > 9999) return { problem: 'impossible' };
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return { problem: 'impossible' };
  return { date: new ExcelDate((ms - EPOCH) / 86400000) };
}

const textCache = new Map<string, DateReading>();
const TEXT_CACHE_SIZE = 1000;

export function readDate(value: CellValue): DateReading {
  if (value === null || value === undefined) return null;
  if (value instanceof ExcelDate) return { date: value };
  if (typeof value === 'number') return value >= 1 && value < MAX_SERIAL ? { date: new ExcelDate(value) } : { problem: 'impossible' };
  if (typeof value !== 'string') return { problem: 'unreadable' };
  // a week's rows carry a handful of distinct dates: each is read once (readings are never changed)
  let reading = textCache.get(value);
  if (reading === undefined) {
    reading = readDateText(value);
    if (textCache.size >= TEXT_CACHE_SIZE) textCache.clear();
    textCache.set(value, reading);
  }
  return reading;
}

function readDateText(value: string): DateReading {
  const text = value.trim();
  if (text === '') return null;
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (m) return fromParts(+m[3], +m[1], +m[2]);
  m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z?)?$/.exec(text);
  if (m) return fromParts(+m[1], +m[2], +m[3]);
  m = /^(\d{1,2})[-\s]([A-Za-z]{3,9}\.?)[-\s,]+(\d{4})$/.exec(text);
  if (m) return monthNumber(m[2]) ? fromParts(+m[3], monthNumber(m[2]), +m[1]) : { problem: 'unreadable' };
  m = /^([A-Za-z]{3,9}\.?)\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/.exec(text);
  if (m) return monthNumber(m[1]) ? fromParts(+m[3], monthNumber(m[1]), +m[2]) : { problem: 'unreadable' };
  return { problem: 'unreadable' };
}

/** The calendar day of a date, as an Excel serial with the time of day dropped. */
export function dayOf(date: ExcelDate): number {
  return Math.floor(date.serial);
}

export function serialOfDay(day: Date): number {
  return Math.floor((Date.UTC(day.getFullYear(), day.getMonth(), day.getDate()) - EPOCH) / 86400000);
}
