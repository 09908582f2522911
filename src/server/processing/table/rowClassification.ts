/**
 * What a row below the header is, tested in this order: blank, repeated header, total, note, data.
 * A header "Total Pay" repeated is a repeated header, not a total; an unlabelled row of sums is data.
 */
import { type CellValue } from '../types';
import { canonicalColumnForNormalised } from './canonicalColumns';
import { cellText, isBlankCell } from './cellText';
import { type SheetHeader } from './headerDetection';
import { headerRowKey, normaliseHeader } from './headerText';

export type RowClass = 'blank' | 'repeatedHeader' | 'total' | 'note' | 'data';

const TOTAL_WORD = /\b(?:sub[\s-]?totals?|grand[\s-]?totals?|totals?|sum)\b/i;

export class RowClassifier {
  private readonly mappedCount: number;
  private readonly idIndex: number;
  private readonly repeatKeys: Set<string>;

  constructor(private readonly header: SheetHeader) {
    this.mappedCount = header.columns.filter((c) => c.canonical).length;
    this.idIndex = header.columns.find((c) => c.canonical === 'Employee ID')?.index ?? -1;
    this.repeatKeys = new Set(header.repeatKeys);
  }

  classify(cells: CellValue[]): RowClass {
    let nonBlank = 0;
    let lastNonBlank: CellValue = null;
    for (let i = 0; i < cells.length; i++) {
      if (!isBlankCell(cells[i])) {
        nonBlank++;
        lastNonBlank = cells[i];
      }
    }
    if (nonBlank === 0) return 'blank';
    if (this.isRepeatedHeader(cells)) return 'repeatedHeader';
    if (this.isTotal(cells)) return 'total';
    if (nonBlank === 1 && typeof lastNonBlank === 'string') return 'note';
    return 'data';
  }

  private isRepeatedHeader(cells: CellValue[]): boolean {
    let textCells = 0;
    for (const column of this.header.columns) {
      const value = cells[column.index];
      if (typeof value === 'string') textCells++;
      else if (column.canonical && !isBlankCell(value)) return false;
    }
    if (textCells < 2) return false;
    let matches = 0;
    for (const column of this.header.columns) {
      if (!column.canonical) continue;
      const value = cells[column.index];
      if (typeof value !== 'string') continue;
      if (canonicalColumnForNormalised(normaliseHeader(value)) === column.canonical) matches++;
    }
    if (matches >= 2 && matches * 2 >= this.mappedCount) return true;
    const texts: string[] = [];
    for (let i = 0; i < cells.length; i++) texts.push(cellText(cells[i]));
    return this.repeatKeys.has(headerRowKey(texts));
  }

  private isTotal(cells: CellValue[]): boolean {
    const id = this.idIndex >= 0 ? cells[this.idIndex] : null;
    const idBlank = isBlankCell(id);
    for (let i = 0; i < cells.length; i++) {
      const value = cells[i];
      if (typeof value !== 'string' || !TOTAL_WORD.test(value)) continue;
      if (idBlank || i === this.idIndex) return true;
    }
    return false;
  }
}
