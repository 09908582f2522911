/**
 * Sensitive values wherever they are, whatever a column was mapped to: SSN-shaped runs of nine digits
 * in any text (partly masked ones that still show more than four digits included), nine-digit whole
 * numbers, and the values of columns whose header names an SSN, a bank account or a routing number.
 * The row scrub masks and reports what it finds; the scrubbed workbook's writer masks whatever is still
 * there as it writes (PROCESSING.md, section 6: masking does not depend on mapping).
 *
 * SSN-shaped: 3-2-4 digits with a separator (- . space, or a dash or no-break space of Unicode) between
 * each group or none at all (123-45-6789, 123.45.6789, 123456789), 2-7 with a dash (an EIN, 12-3456789)
 * and 3-3-3 with dashes (a Canadian SIN), not touching other digits; and 3-2-4 or nine in a row where
 * some places are mask characters (X x * # •) but more than four are digits (XXX-45-6789, 12345XXXX).
 * A value showing at most four digits of the number (***-**-1234, XXXXX1234) is already safe. Left
 * alone on purpose: a ZIP+4 code (62704-1234), phone numbers (ten digits), dates, and amounts written
 * with thousands separators (123,456,789.00).
 */
import { sensitiveKindForNormalised } from '../table/canonicalColumns';
import { normaliseHeader } from '../table/headerText';
import { type CellValue } from '../types';
import { maskSsn } from './ssn';

/** A column whose every value is masked, by its header. */
export type SensitiveColumnKind = 'ssn' | 'bank-account' | 'routing-number';
export type BankNumberKind = Exclude<SensitiveColumnKind, 'ssn'>;

/** A text shorter than this, or with fewer digits, cannot show more than four digits of an SSN. */
const MIN_LENGTH = 9;
const MIN_DIGITS = 5;

/** The cheap test before any pattern: at least nine characters, of which at least five digits. */
export function mayHoldSsn(text: string): boolean {
  const n = text.length;
  if (n < MIN_LENGTH) return false;
  let digits = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c <= 57 && c >= 48 && ++digits === MIN_DIGITS) return true;
  }
  return false;
}

/** Whether a text of `length` characters with `digits` ASCII digits passes `mayHoldSsn` (digits already counted). */
export function mayHoldSsnCounted(length: number, digits: number): boolean {
  return length >= MIN_LENGTH && digits >= MIN_DIGITS;
}

const PLACE = '[0-9Xx*#\u2022]';
const SEPARATOR = '[-. \u00A0\u2010\u2011\u2012\u2013]';
const DASH = '[-\u2010\u2011\u2012\u2013]';
const SHAPED = new RegExp(
  `(?<!${PLACE})(?:${PLACE}{3}${SEPARATOR}${PLACE}{2}${SEPARATOR}${PLACE}{4}|${PLACE}{9})(?!${PLACE})` +
    `|(?<!\\d)(?:\\d{3}${SEPARATOR}\\d{2}${SEPARATOR}\\d{4}|\\d{9}|\\d{2}${DASH}\\d{7}|\\d{3}${DASH}\\d{3}${DASH}\\d{3})(?!\\d)`,
  'g',
);

/** The masked forms by last four digits, each made once; index 10 000 is `***-**-****`. */
const ssnMasks = new Array<string | undefined>(10_001).fill(undefined);

function ssnMask(lastFour: number): string {
  return (ssnMasks[lastFour] ??= lastFour === 10_000 ? '***-**-****' : `***-**-${String(lastFour).padStart(4, '0')}`);
}

/** What the last `maskSsnRuns` found, read by its caller right after (set by `maskRun`). */
let masked = false;
let routingLike = false;

/** One SSN-shaped match: its mask, or the match itself when it shows at most four digits. */
function maskRun(run: string): string {
  let digits = 0;
  let lastFour = 0;
  let places = 0;
  let tailIsDigits = true;
  for (let i = run.length - 1; i >= 0; i--) {
    const c = run.charCodeAt(i);
    const digit = c >= 48 && c <= 57;
    if (digit) digits++;
    if (places < 4 && (digit || c === 88 || c === 120 || c === 42 || c === 35 || c === 0x2022)) {
      if (digit) lastFour += (c - 48) * 10 ** places;
      else tailIsDigits = false;
      places++;
    }
  }
  if (digits < MIN_DIGITS) return run;
  masked = true;
  if (digits === 9 && run.length === 9 && isRoutingNumber(run)) routingLike = true;
  return ssnMask(tailIsDigits ? lastFour : 10_000);
}

/** The text with every SSN-shaped run masked (***-**-1234), and whether one of them may be a routing number; null when nothing needed masking. */
export function maskSsnRuns(text: string): { text: string; mayBeRouting: boolean } | null {
  if (!mayHoldSsn(text)) return null;
  return maskCheckedSsnRuns(text);
}

/** `maskSsnRuns` for a text that passed `mayHoldSsn` already. */
export function maskCheckedSsnRuns(text: string): { text: string; mayBeRouting: boolean } | null {
  masked = false;
  routingLike = false;
  const result = text.replace(SHAPED, maskRun);
  return masked ? { text: result, mayBeRouting: routingLike } : null;
}

/** An integer of nine digits (a number cell that may be an SSN or a routing number). */
export function isNineDigitInteger(value: number): boolean {
  return value >= 100_000_000 && value <= 999_999_999 && Number.isInteger(value);
}

/** A nine-digit integer's mask: ***-**-1234. */
export function maskNineDigitInteger(value: number): string {
  return ssnMask(value % 10_000);
}

/**
 * An ABA routing number: nine digits whose first two are a Federal Reserve routing symbol (00-12,
 * 21-32, 61-72 or 80) and whose weighted sum 3-7-1 is a multiple of ten. One SSN in about twenty-five
 * passes too, so this only names a possibility.
 */
export function isRoutingNumber(digits: string): boolean {
  if (digits.length !== 9) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    sum += d * (i % 3 === 0 ? 3 : i % 3 === 1 ? 7 : 1);
  }
  const prefix = (digits.charCodeAt(0) - 48) * 10 + digits.charCodeAt(1) - 48;
  const symbol = prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
  return symbol && sum % 10 === 0;
}

/** Every ASCII digit of a cell (a whole number's, in full), in order; '' for dates, booleans and blanks. */
function digitsOf(value: CellValue): string {
  if (typeof value === 'string') return value.replace(/\D+/g, '');
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  return (Number.isInteger(value) && Math.abs(value) < 1e21 ? Math.abs(value).toFixed(0) : String(value)).replace(/\D+/g, '');
}

/**
 * A value of a column whose header names it sensitive, masked: a bank account or routing number as
 * ****1234, an SSN as ***-**-1234 (a whole number of seven or eight digits is an SSN that lost its
 * leading zeros). Null when the value shows at most four digits: there is nothing to hide (blank,
 * "N/A", or already masked).
 */
export function maskSensitiveColumnValue(value: CellValue, kind: SensitiveColumnKind): string | null {
  const digits = digitsOf(value);
  if (digits.length < MIN_DIGITS) return null;
  if (kind === 'ssn') return maskSsn(value)?.masked ?? null;
  return `****${digits.slice(-4)}`;
}

const NUMBER_WORDS = ['number', 'no', 'num', 'nbr'];

/**
 * A header naming an SSN or a taxpayer ID, normalised: "SSN", "SS No.", "Soc Sec #", "Social Security
 * Number", "Taxpayer ID", "Tax ID", "TIN". "SS" or "Social Security" alone is left out: in a register
 * it is as often the Social Security tax withheld.
 */
function namesSsn(words: string[]): boolean {
  const has = (word: string) => words.includes(word);
  const numbered = has('id') || words.some((w) => NUMBER_WORDS.includes(w));
  return (
    has('ssn') || has('itin') || has('tin') || has('sin') || (has('tax') && has('id')) || (has('taxpayer') && numbered) ||
    (numbered && ((has('social') && (has('security') || has('sec') || has('insurance'))) || (has('soc') && has('sec')) || words[0] === 'ss'))
  );
}

const ACCOUNT_WORDS = ['account', 'acct', 'acc', 'accts', 'accounts'];
/** Account headers that are not a bank's: ledger and cost accounts, an account's type or name. */
const NOT_BANK_WORDS = ['gl', 'ledger', 'cost', 'expense', 'type', 'name', 'code', 'description', 'desc', 'holder', 'manager', 'rep'];

/**
 * Bank account and routing headers, normalised: "Acct #", "Bank Account", "DD Account 2", "Routing #",
 * "ABA", "Transit No.". An account without a bank word or a number word ("Account", "GL Account") is
 * not taken for one.
 */
function ownBankNumberKind(words: string[]): BankNumberKind | undefined {
  const has = (word: string) => words.includes(word);
  if (has('routing') || has('aba') || has('rtn') || (has('transit') && words.some((w) => NUMBER_WORDS.includes(w)))) return 'routing-number';
  if (has('iban')) return 'bank-account';
  const account = words.some((w) => ACCOUNT_WORDS.includes(w));
  if (!account || words.some((w) => NOT_BANK_WORDS.includes(w))) return undefined;
  const bankWord = has('bank') || has('checking') || has('savings') || has('dd') || has('deposit') || has('direct');
  return bankWord || words.some((w) => NUMBER_WORDS.includes(w)) ? 'bank-account' : undefined;
}

/**
 * The kind of bank number a header names, from its normalised text: the vocabulary's bank headers
 * (sort codes, BSB, institution numbers), else the words above.
 */
function bankNumberKindForNormalised(normalised: string): BankNumberKind | undefined {
  return sensitiveKindForNormalised(normalised) ?? ownBankNumberKind(normalised.split(' '));
}

/** The kind of sensitive value a column holds by its header, or undefined. */
export function sensitiveColumnKind(header: string): SensitiveColumnKind | undefined {
  const normalised = normaliseHeader(header);
  if (normalised === '') return undefined;
  return namesSsn(normalised.split(' ')) ? 'ssn' : bankNumberKindForNormalised(normalised);
}

/**
 * The digits of a value that holds seven to nine digits and nothing else but separators, without
 * leading zeros: the same SSN however a sheet kept it ("046 22 5690", "46225690", the number 46225690);
 * '' for anything else.
 */
export function ssnDigitsKey(value: CellValue): string {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 1_000_000 || value > 999_999_999) return '';
    text = String(value);
  } else if (typeof value === 'string') {
    if (value.length < 7 || value.length > 13 || !SSN_DIGITS_ONLY.test(value)) return '';
    text = value.replace(/\D/g, '');
    if (text.length < 7 || text.length > 9) return '';
  } else return '';
  return text.replace(/^0+/, '');
}
const SSN_DIGITS_ONLY = /^\s*\d[\d\s.-]*\d\s*$/;

/** The cheap test before `ssnDigitsKey`: a whole number of seven to nine digits, or text of 7 to 13 characters starting with a digit. */
export function mayBeSsnCopy(value: CellValue): boolean {
  if (typeof value === 'number') return value >= 1_000_000 && value <= 999_999_999;
  if (typeof value !== 'string' || value.length < 7 || value.length > 13) return false;
  const c = value.charCodeAt(0);
  return (c >= 48 && c <= 57) || c === 32;
}

