/** Reading money and hours written in every way people write them, rounding them, and writing them in messages. */
import { type CellValue, ExcelDate } from '../types';

const AMOUNT =
  /^(\()?\s*([+-])?\s*(?:\$|usd|€|£)?\s*([+-])?\s*((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?|\.\d+)\s*(?:hours?|hrs?|h)?\.?\s*(\))?$/i;

/**
 * "$1,234.50" -> 1234.5, "(12.00)" -> -12, "12.5 hrs" -> 12.5, "" -> null (empty);
 * undefined when the value is not a number at all.
 */
export function parseAmount(value: CellValue): number | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return value instanceof ExcelDate ? undefined : undefined;
  const text = value.trim();
  if (text === '') return null;
  const match = AMOUNT.exec(text);
  if (!match) return undefined;
  const [, open, sign1, sign2, digits, close] = match;
  if (Boolean(open) !== Boolean(close) || (sign1 && sign2)) return undefined;
  const magnitude = Number(digits.replace(/,/g, ''));
  if (!Number.isFinite(magnitude)) return undefined;
  const negative = Boolean(open) || sign1 === '-' || sign2 === '-';
  return negative ? -magnitude : magnitude;
}

/** Rounds half away from zero to `decimals` places, immune to binary fractions like 1.005. */
export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const scaled = Math.round(Math.abs(value) * factor * (1 + Number.EPSILON * 4));
  const result = (Math.sign(value) * scaled) / factor;
  return result === 0 ? 0 : result;
}

/** The value in hundredths (cents or 0.01 hours), for exact sums. */
export function hundredths(value: number): number {
  return Math.round(value * 100);
}

/**
 * A number as en-US writes it, with `decimals` places: 1234.5 -> "1,234.50". The same text as
 * Intl.NumberFormat('en-US'), without its start-up cost (ICU's number data) in each new thread: like
 * ICU, it rounds the number's shortest decimal form (1.005, not 1.00499...), half away from zero.
 */
export function formatNumber(value: number, decimals: number): string {
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const shortest = String(Math.abs(value));
  // beyond 1e21 or below 1e-6 String() writes an exponent; no amount or count is either
  let [whole, fraction = ''] = (shortest.includes('e') ? Math.abs(value).toFixed(decimals) : shortest).split('.');
  if (fraction.length > decimals) {
    const up = fraction.charCodeAt(decimals) >= 53; // "5" or more
    fraction = fraction.slice(0, decimals);
    if (up) {
      const units = (BigInt(whole + fraction) + 1n).toString().padStart(decimals + 1, '0');
      whole = units.slice(0, units.length - decimals);
      fraction = units.slice(units.length - decimals);
    }
  }
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return decimals > 0 ? `${sign}${grouped}.${fraction.padEnd(decimals, '0')}` : `${sign}${grouped}`;
}
