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
    // a number lost its leading zeros when the sheet stored it as a number
    digits = Number.isInteger(value) && value >= 0 ? String(value).padStart(9, '0') : String(value).replace(/\D/g, '');
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
