/** Serialising cells to worksheet XML. Values only, never a formula; text as inline strings. */
import { type CellValue, ExcelDate } from '../types';

export const enum OutputStyle { Default = 0, Date = 1, DateTime = 2, Time = 3, Header = 4 }

const columnNames: string[] = [];

export function columnName(index: number): string {
  let name = columnNames[index];
  if (name !== undefined) return name;
  name = '';
  let n = index + 1;
  while (n > 0) {
    const rem = (n - 1) % 26;
    name = String.fromCharCode(65 + rem) + name;
    n = Math.floor((n - 1) / 26);
  }
  columnNames[index] = name;
  return name;
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NEEDS_ESCAPE = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|_x[0-9a-fA-F]{4}_/;

/** Escapes text for XML; characters XML cannot hold become Excel's _xHHHH_ form. */
export function escapeText(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text
    .replace(/_(x[0-9a-fA-F]{4}_)/g, '_x005F_$1')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`);
}

function dateStyle(serial: number): OutputStyle {
  if (serial < 1) return OutputStyle.Time;
  return serial % 1 === 0 ? OutputStyle.Date : OutputStyle.DateTime;
}

/** One row's XML; `rowNumber` is 1-based. Blank values are left out. */
export function rowXml(rowNumber: number, cells: readonly CellValue[], header = false): string {
  const r = String(rowNumber);
  let xml = `<row r="${r}">`;
  for (let i = 0; i < cells.length; i++) {
    const value = cells[i];
    if (value === null || value === undefined || value === '') continue;
    const ref = columnName(i) + r;
    if (typeof value === 'number') {
      xml += Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : textCell(ref, String(value), header);
    } else if (typeof value === 'string') {
      xml += textCell(ref, value, header);
    } else if (typeof value === 'boolean') {
      xml += `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
    } else if (value instanceof ExcelDate) {
      xml += `<c r="${ref}" s="${dateStyle(value.serial)}"><v>${value.serial}</v></c>`;
    }
  }
  return xml + '</row>';
}

function textCell(ref: string, text: string, header: boolean): string {
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  const space = first <= 32 || last <= 32 ? ' xml:space="preserve"' : '';
  const style = header ? ` s="${OutputStyle.Header}"` : '';
  return `<c r="${ref}"${style} t="inlineStr"><is><t${space}>${escapeText(text)}</t></is></c>`;
}
