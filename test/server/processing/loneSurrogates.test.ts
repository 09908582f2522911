/**
 * Half of a surrogate pair without its other half (`&#xD800;` in a workbook's XML, `_xD800_`, a lone
 * code unit in an .xls or a UTF-16 CSV) is no character: PostgreSQL refuses it in jsonb, so an upload
 * carrying one failed when its summary or facts were stored. The readers read it as U+FFFD, the mark
 * of a character that could not be read, and the upload processes as any other.
 */
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import type { ProcessingSummary } from '@/server/processing';
import { zipOf } from '../../helpers/zipPackages';
import { removeDir, runEngine, tempDir, writeText } from './engineHarness';

let dir: string;
beforeAll(() => {
  dir = tempDir();
});
afterAll(() => removeDir(dir));

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A one-sheet workbook written as XML by hand, so its text can hold what no library would write. */
function handWrittenWorkbook(sheet: { name: string; sharedStrings: string[]; rows: string[] }): Promise<Buffer> {
  const types =
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
    '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>';
  return zipOf({
    '[Content_Types].xml': types,
    '_rels/.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="${sheet.name}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels':
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    'xl/sharedStrings.xml': `<sst xmlns="${MAIN}">${sheet.sharedStrings.map((text) => `<si><t>${text}</t></si>`).join('')}</sst>`,
    'xl/worksheets/sheet1.xml': `<worksheet xmlns="${MAIN}"><sheetData>${sheet.rows.map((cells, index) => `<row r="${index + 1}">${cells}</row>`).join('')}</sheetData></worksheet>`,
  });
}

const shared = (ref: string, index: number) => `<c r="${ref}" t="s"><v>${index}</v></c>`;
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const number = (ref: string, value: number) => `<c r="${ref}"><v>${value}</v></c>`;

/** The texts of a value, however deep. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(textsOf);
}

/** Every text the summary holds (sheet names, headers, the week's facts) is text PostgreSQL's jsonb can hold. */
function expectStorable(summary: ProcessingSummary): void {
  expect(textsOf(summary).filter((text) => !(text as unknown as { isWellFormed(): boolean }).isWellFormed())).toEqual([]);
}

describe('text with half a surrogate pair', () => {
  it('reads &#xD800; in a shared string as U+FFFD and processes the upload', async () => {
    const workbook = await handWrittenWorkbook({
      name: 'Crew',
      sharedStrings: ['Emp ID', 'Name', 'Hours', 'Ann &#xD800; Lee', 'Note &#xDC00;'],
      rows: [shared('A1', 0) + shared('B1', 1) + shared('C1', 2) + inline('D1', 'Remark'), inline('A2', '001') + shared('B2', 3) + number('C2', 40) + shared('D2', 4)],
    });
    const path = writeText(join(dir, 'shared.xlsx'), workbook);
    const result = await runEngine(dir, path, 'shared.xlsx');
    expect(result.summary).toMatchObject({ rowsIn: 1, rowsOut: 1, employees: 1 });
    expect(result.records('consolidated', 'Consolidated')[0]).toMatchObject({ 'Employee Name': 'Ann \uFFFD Lee', Remark: 'Note \uFFFD' });
    expect(result.summary.weekFacts.employees.map((employee) => employee.name)).toEqual([expect.stringContaining('\uFFFD')]);
    expect(result.rows('scrubbed', 'Scrubbed')).toHaveLength(2);
    expectStorable(result.summary);
  });

  it('reads a lone half in an inline string, in an Excel escape and in a sheet name as U+FFFD, and keeps a whole pair', async () => {
    const workbook = await handWrittenWorkbook({
      name: 'Crew &#xDBFF;',
      sharedStrings: ['Emp ID', 'Name', 'Hours'],
      rows: [
        shared('A1', 0) + shared('B1', 1) + shared('C1', 2) + inline('D1', 'Note_xD800_'),
        inline('A2', '001') + inline('B2', 'Bo &#xDC00;Stone') + number('C2', 38) + inline('D2', 'ok &#xD83D;&#xDE00;'),
        inline('A3', '002') + inline('B3', 'Cy_xDFFF_ Dean') + number('C3', 12) + inline('D3', '_xD83D__xDE00_'),
      ],
    });
    const path = writeText(join(dir, 'inline.xlsx'), workbook);
    const result = await runEngine(dir, path, 'inline.xlsx');
    expect(result.summary.sheets.map((sheet) => sheet.name)).toEqual(['Crew \uFFFD']);
    expect(result.records('consolidated', 'Consolidated').map((record) => [record['Employee Name'], record['Note\uFFFD']])).toEqual([
      ['Bo \uFFFDStone', 'ok \u{1F600}'],
      ['Cy\uFFFD Dean', '\u{1F600}'],
    ]);
    expectStorable(result.summary);
  });

  it('reads a lone half in an .xls cell and sheet name as U+FFFD', async () => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      wb,
      XLSX.utils.aoa_to_sheet([
        ['Emp ID', 'Name', 'Hours'],
        ['001', 'Ann \uD800 Lee', 40],
      ]),
      'Crew \uDC00',
    );
    const path = join(dir, 'lone.xls');
    XLSX.writeFile(wb, path, { bookType: 'xls' });
    const result = await runEngine(dir, path, 'lone.xls');
    expect(result.summary.sheets.map((sheet) => sheet.name)).toEqual(['Crew \uFFFD']);
    expect(result.records('consolidated', 'Consolidated')[0]).toMatchObject({ 'Employee Name': 'Ann \uFFFD Lee' });
    expectStorable(result.summary);
  });

  it('reads a lone half in a UTF-16 CSV as U+FFFD', async () => {
    const text = Buffer.from('Emp ID,Name,Hours\r\n001,Ann \uD800 Lee,40\r\n', 'utf16le');
    const path = writeText(join(dir, 'lone.csv'), Buffer.concat([Buffer.from([0xff, 0xfe]), text]));
    const result = await runEngine(dir, path, 'lone.csv');
    expect(result.records('consolidated', 'Consolidated')[0]).toMatchObject({ 'Employee Name': 'Ann \uFFFD Lee' });
    expectStorable(result.summary);
  });
});
