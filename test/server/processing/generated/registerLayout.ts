/**
 * Lays a sheet's tables out as rows of cells, as a register prints them: title block, the header row
 * (or two), data rows with blank rows, notes and a repeated header among them, a total row, and the
 * next table below a blank line or a title. Records where each table, header and data row landed.
 */
import { type HoursField, type MoneyField } from './payrollModel';
import { type RegisterCell, type SheetSpec, type TableSpec } from './registerSpec';

export interface TablePlacement {
  table: TableSpec;
  /** 0-based indexes into the sheet's rows. */
  headerRow: number;
  upperRow: number | null;
  /** 0-based sheet column of each of the table's columns. */
  columnAt: number[];
  /** 0-based sheet row of each data row (one per employee). */
  dataRows: number[];
}

export interface SheetLayout {
  sheet: SheetSpec;
  rows: RegisterCell[][];
  /** 0-based, inclusive: first row, first column, last row, last column. */
  merges: Array<[number, number, number, number]>;
  tables: TablePlacement[];
}

/** The text a header cell spells, a grouped label over it included. */
export function upperOf(table: TableSpec, column: number): string | null {
  const group = table.groups.find((g) => g.from <= column && column <= g.to);
  return group ? group.label : table.columns[column].upper;
}

const HOURS: Record<string, HoursField> = { reg: 'reg', ot: 'ot', dt: 'dt', pto: 'pto', hol: 'hol', sick: 'sick' };
const MONEY: Record<string, MoneyField> = { tips: 'tips', bonus: 'bonus', commission: 'commission', reimb: 'reimb' };

function totalRow(table: TableSpec, width: number): RegisterCell[] {
  const row: RegisterCell[] = new Array(width).fill(null);
  const sum = (f: (i: number) => number) => Math.round(table.employees.reduce((s, _, i) => s + f(i), 0) * 100) / 100;
  table.columns.forEach((column, j) => {
    const c = table.leftOffset + j;
    const hours = HOURS[column.field];
    const money = MONEY[column.field];
    if (hours) row[c] = sum((i) => table.employees[i].hours[hours]);
    else if (money) row[c] = sum((i) => table.employees[i].money[money]);
    else if (column.field === 'gross') row[c] = sum((i) => table.employees[i].gross);
    else if (column.field === 'net') row[c] = sum((i) => table.employees[i].net);
    else if (column.field === 'deductions') row[c] = sum((i) => table.employees[i].deductions);
  });
  const idAt = table.columns.findIndex((c) => c.field === 'id');
  const nameAt = table.columns.findIndex((c) => c.field === 'name' || c.field === 'first' || c.field === 'last');
  const labelAt = table.total!.inIdColumn && idAt >= 0 ? idAt : nameAt >= 0 ? nameAt : 0;
  row[table.leftOffset + labelAt] = table.total!.label;
  return row;
}

export function layoutSheet(sheet: SheetSpec): SheetLayout {
  const rows: RegisterCell[][] = [];
  const merges: SheetLayout['merges'] = [];
  const tables: TablePlacement[] = [];
  const line = (cells: RegisterCell[]) => rows.push(cells);
  sheet.tables.forEach((table, t) => {
    const width = table.leftOffset + table.columns.length;
    const single = (text: string, at = 0) => {
      const row: RegisterCell[] = new Array(at + 1).fill(null);
      row[at] = text;
      line(row);
    };
    if (t === 0) {
      table.titles.forEach((title, i) => single(title, i % 3 === 2 ? Math.min(2, width - 1) : 0));
      if (table.titles.length > 0) line([]);
    } else {
      line([]);
      for (const title of table.titles) single(title);
    }
    const cells = (f: (j: number) => RegisterCell): RegisterCell[] => [...new Array(table.leftOffset).fill(null), ...table.columns.map((_, j) => f(j))];
    let upperRow: number | null = null;
    if (table.headerStyle !== 'single row') {
      upperRow = rows.length;
      line(cells((j) => table.groups.find((g) => g.from === j)?.label ?? (table.groups.some((g) => g.from < j && j <= g.to) ? null : table.columns[j].upper)));
      for (const g of table.groups) if (g.to > g.from) merges.push([upperRow, table.leftOffset + g.from, upperRow, table.leftOffset + g.to]);
    }
    const headerRow = rows.length;
    const header = cells((j) => table.columns[j].header);
    line(header);
    const dataRows: number[] = [];
    table.employees.forEach((_, i) => {
      dataRows.push(rows.length);
      line(cells((j) => table.columns[j].values[i]));
      for (const note of table.notesAfter.filter((n) => n.at === i)) single(note.text);
      if (table.blankAfter.includes(i)) line([]);
      if (table.repeatHeaderAfter === i) line([...header]);
    });
    if (table.total) line(totalRow(table, width));
    tables.push({ table, headerRow, upperRow, columnAt: table.columns.map((_, j) => table.leftOffset + j), dataRows });
  });
  return { sheet, rows, merges, tables };
}

/** A cell's value as a person reads it (dates as M/D/YYYY, formulas as their result). */
export function cellText(cell: RegisterCell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return `${cell.getUTCMonth() + 1}/${cell.getUTCDate()}/${cell.getUTCFullYear()}`;
  if (typeof cell === 'object') return 'richText' in cell ? cell.richText : `=${cell.formula} (${cell.result})`;
  return String(cell);
}
