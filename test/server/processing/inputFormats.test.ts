import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { ERROR_MESSAGES } from '@/server/processing/processingError';
import { oldExcelWorkbook, removeDir, runEngine, tempDir, writeText, writeXlsx } from './engineHarness';

let dir: string;
beforeAll(() => {
  dir = tempDir();
});
afterAll(() => removeDir(dir));

const ROWS = [
  ['Weekly payroll'],
  ['Emp ID', 'Name', 'Hours', 'Gross'],
  ['001', 'Zoë Ángel', 40, 400],
  ['002', 'Bob Stone', 12.5, 125],
];

function csv(delimiter: string): string {
  return ROWS.map((r) => r.map((v) => (String(v).includes(delimiter) ? `"${v}"` : String(v))).join(delimiter)).join('\r\n') + '\r\n';
}

describe('CSV uploads', () => {
  it.each([
    ['comma', ',', 'utf8'],
    ['semicolon', ';', 'utf8'],
    ['tab', '\t', 'utf8'],
    ['pipe', '|', 'utf8'],
  ])('reads a %s-separated file as one sheet named after the file', async (_label, delimiter) => {
    const path = writeText(join(dir, `hours-${delimiter.charCodeAt(0)}.csv`), csv(delimiter));
    const result = await runEngine(dir, path, `Week 10 ${delimiter.charCodeAt(0)}.csv`);
    const [header, first, second] = result.rows('consolidated', 'Consolidated');
    expect(header).toEqual(['Employee ID', 'Employee Name', 'Regular Hours', 'Gross Pay', 'Source Sheet', 'Source Row']);
    expect(first).toEqual(['001', 'Zoë Ángel', 40, 400, `Week 10 ${delimiter.charCodeAt(0)}`, 3]);
    expect(second).toEqual(['002', 'Bob Stone', 12.5, 125, `Week 10 ${delimiter.charCodeAt(0)}`, 4]);
  });

  it.each([
    ['UTF-8 with a BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv(','), 'utf8')])],
    ['UTF-16 LE with a BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv(','), 'utf16le')])],
    ['UTF-16 BE with a BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(csv(','), 'utf16le').swap16()])],
    ['Windows-1252', Buffer.from(csv(','), 'latin1')],
  ])('detects %s', async (label, bytes) => {
    const path = writeText(join(dir, `enc-${label.replace(/\W/g, '')}.csv`), bytes);
    const result = await runEngine(dir, path, 'enc.csv');
    expect(result.rows('consolidated', 'Consolidated')[1].slice(0, 2)).toEqual(['001', 'Zoë Ángel']);
  });

  it('reads a payroll table to the same rows whether separated by commas, pipes, tabs or semicolons', async () => {
    // the other separators appear in cells, quoted or not, and a title line has none
    const table = [
      ['Payroll | week 10; all stores'],
      ['Emp ID', 'Name', 'Dept', 'Hours', 'Gross'],
      ['001', 'Lee, Ann', 'Front; Desk', 40, 400],
      ['002', 'Bob Stone', 'Back|Office', 12.5, 125],
      ['003', 'Cy Tab', 'Dock', 8, 80],
    ];
    const quoted = (value: string | number, delimiter: string) => (String(value).includes(delimiter) ? `"${value}"` : String(value));
    const read = async (delimiter: string) => {
      const path = writeText(join(dir, `same-${delimiter.charCodeAt(0)}.csv`), table.map((row) => row.map((v) => quoted(v, delimiter)).join(delimiter)).join('\r\n') + '\r\n');
      return (await runEngine(dir, path, 'same.csv')).rows('consolidated', 'Consolidated');
    };
    const comma = await read(',');
    expect(comma.slice(1).map((row) => row.slice(0, 5))).toEqual([
      ['001', 'Lee, Ann', 'Front; Desk', 40, 400],
      ['002', 'Bob Stone', 'Back|Office', 12.5, 125],
      ['003', 'Cy Tab', 'Dock', 8, 80],
    ]);
    for (const delimiter of ['|', '\t', ';']) expect([delimiter, await read(delimiter)]).toEqual([delimiter, comma]);
  });

  it('keeps a stray control character in its cell, as read, and drops a NUL', async () => {
    const path = writeText(join(dir, 'control.csv'), 'Emp ID,Name,Hours,Note\r\n1,Ann Lee,40,"late\u0007 twice"\r\n2,Bob\u0000 Stone,12,\u001b\r\n');
    const result = await runEngine(dir, path, 'control.csv');
    expect(result.summary).toMatchObject({ rowsIn: 2, rowsOut: 2 });
    expect(result.records('consolidated', 'Consolidated').map((r) => [r['Employee Name'], r.Note])).toEqual([
      ['Ann Lee', 'late\u0007 twice'],
      ['Bob Stone', '\u001b'],
    ]);
  });

  it.each([
    ['no bytes at all', ''],
    ['a byte-order mark alone', '\ufeff'],
    ['blank lines', '\r\n\r\n   \r\n'],
    ['separators and empty quoted fields', '\ufeff,,,\r\n;;;\r\n"",""\r\n|\t|\r\n'],
    ['a UTF-16 byte-order mark and separators', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(',,,\r\n,,,\r\n', 'utf16le')])],
  ])('fails a CSV of %s as empty', async (label, content) => {
    const path = writeText(join(dir, `empty-${label.replace(/\W/g, '')}.csv`), content);
    await expect(runEngine(dir, path, 'empty.csv')).rejects.toMatchObject({ code: 'EMPTY', message: ERROR_MESSAGES.EMPTY });
  });

  it.each([
    ['binary from its first bytes', Buffer.from(Array.from({ length: 5000 }, (_, index) => (index * 131 + 7) % 256))],
    ['text that turns binary after its first 64 KB', Buffer.concat([Buffer.from(csv(',')), Buffer.alloc(70 * 1024, 'a'), Buffer.from(Array.from({ length: 5000 }, (_, index) => (index * 131 + 7) % 256))])],
    ['UTF-16 without a byte-order mark', Buffer.from(csv(','), 'utf16le')],
  ])('fails a .csv that is %s as not text', async (label, content) => {
    const path = writeText(join(dir, `binary-${label.replace(/\W/g, '')}.csv`), content);
    await expect(runEngine(dir, path, 'binary.csv')).rejects.toMatchObject({ code: 'BINARY_CSV', message: ERROR_MESSAGES.BINARY_CSV });
  });

  it('uses the line number as Source Row, quoted line breaks included', async () => {
    const path = writeText(join(dir, 'multiline.csv'), 'Emp ID,Name,Hours,Notes\n1,Ann Lee,10,"two\nlines"\n\n2,Bob Stone,5,"say ""hi"""\n');
    const result = await runEngine(dir, path, 'multiline.csv');
    const records = result.records('consolidated', 'Consolidated');
    expect(records.map((r) => [r['Source Row'], r.Notes])).toEqual([[2, 'two\nlines'], [5, 'say "hi"']]);
    expect(result.summary.sheets[0].skipped.blank).toBe(1);
  });
});

describe('legacy .xls', () => {
  it.each([['BIFF8', 'xls'], ['BIFF5', 'biff5']] as const)('reads %s through the same pipeline', async (label, bookType) => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(ROWS), 'Crew');
    const path = join(dir, `legacy-${label}.xls`);
    XLSX.writeFile(wb, path, { bookType });
    const result = await runEngine(dir, path, `legacy-${label}.xls`);
    expect(result.summary).toMatchObject({ format: 'xls', rowsIn: 2, rowsOut: 2, employees: 2, totalGross: 525 });
    expect(result.records('scrubbed', 'Scrubbed')[1]).toMatchObject({ 'Employee ID': '002', 'Last Name': 'Stone', 'Regular Hours': 12.5 });
  });
});

describe('Excel 2, 3 and 4 workbooks (bare BIFF streams)', () => {
  it.each(['biff2', 'biff3', 'biff4'] as const)('reads a %s workbook through SheetJS', async (version) => {
    const path = writeText(join(dir, `old-${version}.xls`), oldExcelWorkbook(version, ROWS));
    const result = await runEngine(dir, path, `old-${version}.xls`);
    expect(result.summary).toMatchObject({ format: 'xls', rowsIn: 2, rowsOut: 2, employees: 2, totalGross: 525 });
  });

  it('asks for one SheetJS cannot read to be saved as .xlsx', async () => {
    const path = writeText(join(dir, 'old-cut.xls'), oldExcelWorkbook('biff4', ROWS).subarray(0, 20));
    await expect(runEngine(dir, path, 'old-cut.xls')).rejects.toMatchObject({ code: 'OLD_FORMAT', message: ERROR_MESSAGES.OLD_FORMAT });
  });
});

describe('.xlsx as spreadsheet libraries write it', () => {
  it.each([
    ['stored (not compressed), as SheetJS writes by default', false],
    ['deflated', true],
  ])('reads a workbook whose parts are %s', async (label, compression) => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(ROWS), 'Crew');
    const path = join(dir, `zip-${compression ? 'deflated' : 'stored'}.xlsx`);
    XLSX.writeFile(wb, path, { bookType: 'xlsx', compression });
    const result = await runEngine(dir, path, `${label}.xlsx`);
    expect(result.summary).toMatchObject({ format: 'xlsx', rowsIn: 2, rowsOut: 2, employees: 2, totalGross: 525 });
  });
});

describe('content decides the format', () => {
  it('reads an xlsx container named .xlsm as what it is', async () => {
    const path = await writeXlsx(join(dir, 'macro.xlsm'), [{ name: 'S', rows: ROWS }]);
    const result = await runEngine(dir, path, 'macro.xlsm');
    expect(result.summary.rowsIn).toBe(2);
  });

  it('reads an xlsx uploaded under a .csv name', async () => {
    const path = await writeXlsx(join(dir, 'really-xlsx.csv'), [{ name: 'S', rows: ROWS }]);
    expect((await runEngine(dir, path, 'really-xlsx.csv')).summary.format).toBe('xlsx');
  });

  it.each([
    ['a CSV named .xlsx', 'data.xlsx', csv(',')],
    ['an HTML table named .xls', 'table.xls', '<html><body><table><tr><td>Emp ID</td><td>Name</td></tr></table></body></html>'],
    ['an XML spreadsheet named .xls', 'xml.xls', '<?xml version="1.0"?><Workbook></Workbook>'],
    ['an HTML page named .csv', 'page.csv', '<!DOCTYPE html><html></html>'],
    ['a binary file', 'image.xlsx', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])],
  ])('refuses %s with the invalid-format message', async (_label, name, content) => {
    const path = writeText(join(dir, name), content);
    await expect(runEngine(dir, path, name)).rejects.toMatchObject({
      code: 'INVALID_FORMAT',
      message: 'Invalid file format. Only Excel files (.xls, .xlsx, .xlsm, .xltm, .xltx, .csv) are allowed',
    });
  });
});

describe('no payroll data', () => {
  it('fails with the exact message when no sheet has a payroll header', async () => {
    const path = await writeXlsx(join(dir, 'inventory.xlsx'), [{ name: 'Stock', rows: [['Item', 'Qty'], ['Bolts', 5]] }]);
    await expect(runEngine(dir, path, 'inventory.xlsx')).rejects.toMatchObject({
      code: 'NO_PAYROLL_DATA',
      message: 'No payroll data found: expected a header row with columns such as Employee ID, Employee Name and Hours.',
    });
  });

  it('leaves no output file behind after a failure', async () => {
    const path = await writeXlsx(join(dir, 'nothing.xlsx'), [{ name: 'Stock', rows: [['Item']] }]);
    await expect(runEngine(dir, path, 'nothing.xlsx')).rejects.toMatchObject({ code: 'NO_PAYROLL_DATA' });
    expect(() => readFileSync(join(dir, 'nothing.xlsx.consolidated.xlsx'))).toThrow();
  });
});
