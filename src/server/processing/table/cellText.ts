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

const EPOCH_MS = Date.UTC(1899, 11, 30);

/**
 * A header cell's text: as `cellText`, but a date reads as YYYY-MM-DD, so a header of dates (a column
 * per day or per week) names its columns instead of leaving them blank.
 */
export function headerCellText(value: CellValue): string {
  if (!(value instanceof ExcelDate)) return cellText(value);
  if (!Number.isFinite(value.serial)) return '';
  return new Date(EPOCH_MS + Math.round(value.serial * 86400000)).toISOString().slice(0, 10);
}
