/** Social security numbers are never written in the clear: ***-**-1234, and never echoed in full. */
import { type CellValue } from '../types';

export interface MaskedSsn {
  masked: string;
  valid: boolean;
}

export function maskSsn(value: CellValue): MaskedSsn | null {
  if (value === null || value === undefined) return null;
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
  const tail = digits.length >= 8 ? digits.slice(-4) : '';
  return { masked: tail ? `***-**-${tail}` : '***-**-****', valid };
}
