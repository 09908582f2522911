/** Social security numbers are never written in the clear: ***-**-1234, and never echoed in full. */
import { type CellValue } from '../types';

/** Shared between the rows with the same ending: read, never change. */
export interface MaskedSsn {
  readonly masked: string;
  readonly valid: boolean;
}

/** "123-45-6789", the usual way: recognised without building any intermediate text. */
function isDashedSsn(text: string): boolean {
  if (text.length !== 11 || text.charCodeAt(3) !== 45 || text.charCodeAt(6) !== 45) return false;
  for (let i = 0; i < 11; i++) {
    if (i === 3 || i === 6) continue;
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** The masked form of a valid SSN depends only on its last four digits: each is made once. */
const validByLastFour = new Array<MaskedSsn | undefined>(10_000).fill(undefined);

function validEnding(text: string, from: number): MaskedSsn {
  let lastFour = 0;
  for (let i = from; i < from + 4; i++) lastFour = lastFour * 10 + text.charCodeAt(i) - 48;
  return (validByLastFour[lastFour] ??= { masked: `***-**-${text.slice(from, from + 4)}`, valid: true });
}

export function maskSsn(value: CellValue): MaskedSsn | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && isDashedSsn(value)) return validEnding(value, 7);
  let digits: string;
  let clean = true;
  if (typeof value === 'number') {
    // a sheet that stores an SSN as a number drops its leading zeros (area numbers start at 001,
    // so a real one still has at least seven digits)
    digits = String(value).replace(/\D/g, '');
    if (Number.isInteger(value) && value > 0 && digits.length >= 7) digits = digits.padStart(9, '0');
  } else {
    const text = String(value).trim();
    if (text === '') return null;
    digits = text.replace(/\D/g, '');
    clean = /^[\d\s-]+$/.test(text);
  }
  const valid = clean && digits.length === 9;
  if (valid) return validEnding(digits, 5);
  const tail = digits.length >= 8 ? digits.slice(-4) : '';
  return { masked: tail ? `***-**-${tail}` : '***-**-****', valid };
}
