/** A prepared upload as the viewer endpoints answer it: a raw workbook, its Consolidated and Scrubbed versions. */
import nock from 'nock';
import { API_ORIGIN } from '../../../helpers/renderWithProviders';

export const UPLOAD_ID = 'a1b2c3d4-0000-4000-8000-000000000001';
export const VIEWER = `/api/company/uploads/${UPLOAD_ID}/viewer`;

/** Rows of the Scrubbed sheet; row 3 has an error in Regular Hours, row 7 a warning about the row. */
export const SCRUBBED_ROWS = 1000;
const SCRUBBED_COLUMNS = ['Employee ID', 'Employee Name', 'Regular Hours', 'Source Sheet', 'Source Row'];
const ISSUE_COLUMNS = ['Severity', 'Sheet', 'Row', 'Column', 'Value', 'Message'];

export const overview = {
  state: 'READY',
  message: null,
  versions: [
    { version: 'raw', sheets: [{ index: 0, name: 'Cover', kind: 'raw', rowCount: 2, columns: [] }, { index: 1, name: 'Week 1', kind: 'raw', rowCount: 1010, columns: [] }] },
    { version: 'consolidated', sheets: [{ index: 0, name: 'Consolidated', kind: 'data', rowCount: SCRUBBED_ROWS, columns: SCRUBBED_COLUMNS }] },
    {
      version: 'scrubbed',
      sheets: [
        { index: 0, name: 'Scrubbed', kind: 'data', rowCount: SCRUBBED_ROWS, columns: SCRUBBED_COLUMNS },
        { index: 1, name: 'Issues', kind: 'issues', rowCount: 2, columns: ISSUE_COLUMNS },
      ],
    },
  ],
  summary: {
    sheets: [
      { name: 'Cover', hidden: false, used: false, reason: 'No header row was found.', headerRow: null, rowsRead: 2, dataRows: 0 },
      { name: 'Week 1', hidden: false, used: true, reason: null, headerRow: 4, rowsRead: 1006, dataRows: 1000 },
    ],
    rowsIn: 1000,
    rowsOut: 1000,
    duplicatesRemoved: 0,
    employees: 998,
    totalHours: [{ kind: 'Regular', hours: 40250.5 }],
    totalGross: 1234567.89,
    issues: { error: 1, warning: 1 },
    issuesByRule: [
      { rule: 'negative-hours', severity: 'error', label: 'Negative hours', count: 1, firstRow: 3 },
      { rule: 'gross-mismatch', severity: 'warning', label: 'Gross differs from the expected gross', count: 1, firstRow: 7 },
    ],
  },
};

type Row = { index: number; number: number; cells: (string | null)[]; severity: 'error' | 'warning' | null; issues: { column: number | null; severity: string; message: string }[] };

function scrubbedRow(index: number): Row {
  const row: Row = { index, number: index + 2, cells: [`E${index}`, `Name ${index}`, index === 3 ? '-4.00' : '40.00', 'Week 1', String(index + 5)], severity: null, issues: [] };
  if (index === 3) Object.assign(row, { severity: 'error', issues: [{ column: 2, severity: 'error', message: 'Hours cannot be negative.' }] });
  if (index === 7) Object.assign(row, { severity: 'warning', issues: [{ column: null, severity: 'warning', message: 'Gross Pay differs from the expected gross.' }] });
  return row;
}

function rawRow(index: number): Row {
  return { index, number: index + 1, cells: [`raw ${index} A`, `raw ${index} B`, `raw ${index} C`], severity: null, issues: [] };
}

const issueRows: Row[] = [
  { index: 0, number: 2, cells: ['Error', 'Week 1', '8', 'Regular Hours', '-4', 'Hours cannot be negative.'], severity: null, issues: [] },
  { index: 1, number: 3, cells: ['Warning', 'Week 1', '12', 'Gross Pay', '900', 'Gross Pay differs from the expected gross.'], severity: null, issues: [] },
];

/** The rows of a sheet under a filter, as the server holds them. */
function sheetRows(version: string, sheet: number, filter: string): Row[] {
  if (version === 'raw') return sheet === 1 ? Array.from({ length: 1010 }, (_, index) => rawRow(index)) : [rawRow(0), rawRow(1)];
  if (version === 'scrubbed' && sheet === 1) return issueRows;
  const all = Array.from({ length: SCRUBBED_ROWS }, (_, index) => scrubbedRow(index));
  if (filter === 'errors') return all.filter((row) => row.severity === 'error');
  if (filter === 'warnings') return all.filter((row) => row.severity === 'warning');
  return all;
}

export const api = () => nock(API_ORIGIN);

export function answerOverview(data: unknown = overview) {
  return api().get(VIEWER).reply(200, { success: true, data });
}

/** Answers every window asked for, and records what was asked. */
export function answerRows(): Record<string, string>[] {
  const asked: Record<string, string>[] = [];
  api()
    .persist()
    .get(`${VIEWER}/rows`)
    .query(true)
    .reply((uri) => {
      const query = Object.fromEntries(new URL(uri, API_ORIGIN).searchParams);
      asked.push(query);
      const rows = sheetRows(query.version, Number(query.sheet), query.filter ?? 'all');
      const offset = Number(query.offset ?? 0);
      return [200, { success: true, data: { offset, total: rows.length, rows: rows.slice(offset, offset + Number(query.limit ?? 100)) } }];
    });
  return asked;
}

/** The lineage of Scrubbed row 3's Regular Hours: raw sheet Week 1, row index 8, column 2. */
export function answerLineage() {
  return api()
    .get(`${VIEWER}/lineage`)
    .query({ version: 'scrubbed', sheet: '0', row: '3', column: '2' })
    .reply(200, {
      success: true,
      data: { header: 'Regular Hours', value: '-4.00', sourceSheet: 'Week 1', sourceRow: 9, originalHeader: 'Reg Hrs', originalText: '-4', raw: { sheet: 1, row: 8, column: 2 } },
    });
}
