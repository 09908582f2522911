import { type CellValue, ExcelDate } from '../types';

/** The text a person sees in a cell, for header matching and row classification ('' when blank). */
export function cellText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (value instanceof ExcelDate) return '';
  return String(value);
}

export function isBlankCell(value: CellValue): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  return false;
}

export function isBlankRow(cells: CellValue[]): boolean {
  for (let i = 0; i < cells.length; i++) if (!isBlankCell(cells[i])) return false;
  return true;
}
