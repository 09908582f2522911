import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { readFileIdentity } from '@/server/processing/matching/fileIdentity';
import { ProcessingError } from '@/server/processing';

/** What a file says of whose payroll it is, read by the engine's readers and header detection. */
describe('file identity: sheets, title rows, headers and employees of a file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'file-identity-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads the title block, the headers and the employees below them, joining split names and leaving totals out', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Downtown Store');
    sheet.addRow(['Café Olé LLC — Weekly Payroll']);
    sheet.addRow(['Week ending 11/21/2025']);
    sheet.addRow([]);
    sheet.addRow(['Emp #', 'First Name', 'Last Name', 'Reg Hrs', 'Gross Pay']);
    sheet.addRow(['0042', 'Ana', 'López', 40, 800]);
    sheet.addRow(['0043', 'Ben', 'Ortiz', 38, 836]);
    sheet.addRow([null, 'Total', null, 78, 1636]);
    workbook.addWorksheet('Notes').addRow(['Call ext. 204 with questions']);
    const file = path.join(dir, 'book.xlsx');
    await workbook.xlsx.writeFile(file);

    const identity = await readFileIdentity(file, 'book.xlsx');
    expect(identity.sheetNames).toEqual(['Downtown Store', 'Notes']);
    expect(identity.titleTexts).toEqual(expect.arrayContaining(['Café Olé LLC — Weekly Payroll', 'Week ending 11/21/2025', 'Call ext. 204 with questions']));
    expect(identity.employeeIds).toEqual(['0042', '0043']);
    expect(identity.employeeNames).toEqual(['Ana López', 'Ben Ortiz']);
    expect(identity.headers).toEqual(expect.arrayContaining(['employee number', 'first name', 'last name', 'gross pay']));
  });

  it('reads a CSV the same way, and stops at the row limit', async () => {
    const lines = ['Employee ID,Employee Name,Hours', ...Array.from({ length: 50 }, (_, i) => `${1000 + i},Person ${i},40`)];
    const file = path.join(dir, 'export.csv');
    await writeFile(file, lines.join('\n'));
    const identity = await readFileIdentity(file, 'export.csv', { rowsPerSheet: 10, sheets: 12 });
    expect(identity.employeeIds).toHaveLength(10);
    expect(identity.employeeNames[0]).toBe('Person 0');
  });

  it("refuses what the engine refuses, in the engine's words", async () => {
    const file = path.join(dir, 'fake.xlsx');
    await writeFile(file, '<html><body>not a workbook</body></html>');
    await expect(readFileIdentity(file, 'fake.xlsx')).rejects.toBeInstanceOf(ProcessingError);
  });
});
