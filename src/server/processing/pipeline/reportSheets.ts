/** The small sheets written at the end: Sources (consolidated file), Employee Totals and Summary (scrubbed file). */
import { HOURS_COLUMNS } from '../table/canonicalColumns';
import { type ScrubbedLayout } from '../table/columnLayout';
import { type EmployeeTotal, TOTAL_MONEY_COLUMNS } from '../scrubbing/employeeLedger';
import { HOUR, MONEY } from '../scrubbing/scrubbedRow';
import { type CellValue, type MappingSource, type ProcessingSummary, type SheetSourceInfo } from '../types';

export const SOURCES_COLUMNS = [
  'Sheet', 'Table', 'Hidden', 'Status', 'Header Row', 'Rows Read', 'Data Rows', 'Blank Rows Skipped', 'Repeated Headers Skipped',
  'Total Rows Skipped', 'Notes Skipped', 'Column Mapping', 'Unmapped Headers',
];

/** How a mapping was decided, in a reviewer's words. */
export const MAPPING_SOURCE_LABELS: Record<MappingSource, string> = {
  vocabulary: 'by its header',
  content: 'by its values',
  profile: "as in the client's last approved week",
  fix: "by an admin's fix",
};

/** One header's mapping as the Sources sheet shows it: "EmpID -> Employee ID (by its header)". */
export function mappingText(m: SheetSourceInfo['mapping'][number]): string {
  return m.how ? `${m.header} -> ${m.column} (${MAPPING_SOURCE_LABELS[m.how]})` : `${m.header} -> ${m.column}`;
}

export function sourcesRow(info: SheetSourceInfo): CellValue[] {
  return [
    info.name,
    info.table ?? 1,
    info.hidden ? 'Yes' : 'No',
    info.skippedReason ? `Skipped: ${info.skippedReason}` : info.twoRowHeader ? 'Used (two-row header)' : 'Used',
    info.headerRow ?? null,
    info.rowsRead,
    info.dataRows,
    info.skipped.blank,
    info.skipped.repeatedHeader,
    info.skipped.total,
    info.skipped.note,
    info.mapping.map(mappingText).join('; ') || null,
    info.unmappedHeaders.join('; ') || null,
  ];
}

/** The Employee Totals sheet's columns, and its rows filled into one array reused for every employee. */
export function totalsColumns(layout: ScrubbedLayout): { names: string[]; row: (t: EmployeeTotal) => CellValue[] } {
  const hours = HOURS_COLUMNS.filter((c) => layout.index(c) >= 0);
  const money = TOTAL_MONEY_COLUMNS.filter((c) => layout.index(c) >= 0);
  const hourAt = hours.map((c) => HOUR[c]);
  const moneyAt = money.map((c) => MONEY[c]);
  const names = ['Employee ID', 'Employee Name', 'Departments', 'Rows', ...hours, 'Total Hours', ...money];
  const cells = new Array<CellValue>(names.length).fill(null);
  return {
    names,
    row: (t) => {
      cells[0] = t.employeeId || null;
      cells[1] = t.employeeName || null;
      cells[2] = t.departments;
      cells[3] = t.rows;
      let at = 4;
      for (let i = 0; i < hourAt.length; i++) cells[at++] = t.hours[hourAt[i]] / 100;
      let worked = 0;
      for (let i = 0; i < t.hours.length; i++) worked += t.hours[i];
      cells[at++] = worked / 100;
      for (let i = 0; i < moneyAt.length; i++) cells[at++] = t.money[moneyAt[i]] / 100;
      return cells;
    },
  };
}

/** The Summary sheet: counts and totals (the week's facts are not shown, so they may come later). */
export function summaryRows(summary: Omit<ProcessingSummary, 'weekFacts'>): CellValue[][] {
  const used = summary.sheets.filter((s) => !s.skippedReason).length;
  return [
    ['File', summary.fileName],
    ['Format', summary.format],
    ['Rows in', summary.rowsIn],
    ['Rows out', summary.rowsOut],
    ['Duplicate rows removed', summary.duplicatesRemoved],
    ['Employees', summary.employees],
    ...HOURS_COLUMNS.map((c): CellValue[] => [`Total ${c}`, summary.totalHours[c]]),
    ['Total Gross Pay', summary.totalGross],
    ['Errors', summary.issues.error],
    ['Warnings', summary.issues.warning],
    ['Sheets used', used],
    ['Sheets skipped', summary.skippedSheets.map((s) => `${s.name} (${s.reason})`).join('; ') || 0],
    ['Processing time (s)', Math.round(summary.durationMs) / 1000],
  ];
}
