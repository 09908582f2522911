/**
 * The privacy guarantee of PROCESSING.md (section 6): no SSN-shaped value survives in any sheet of the
 * scrubbed workbook, whatever its column was mapped to, and every value masked outside the SSN column
 * raises an issue saying where. Each case reads every part of the scrubbed file back.
 */
import { join } from 'node:path';
import { type CellValue, openWorkbook } from '@/server/processing';
import { type Cell, type EngineRun, removeDir, runEngine, tempDir, writeText, writeXlsx, zipEntries } from './engineHarness';

let dir: string;
beforeAll(() => {
  dir = tempDir();
});
afterAll(() => removeDir(dir));

/** SSNs whose first five digits appear nowhere else in the files. */
const SSNS = ['771-39-1204', '772-48-2305', '773-57-3406', '774-66-4507', '775-75-5608', '776-84-6709'];

/** The nine digits in order, with anything but a digit (up to two characters) between them: every way of writing the number. */
function anyWriting(ssn: string): RegExp {
  return new RegExp(ssn.replace(/\D/g, '').split('').join('[^0-9]{0,2}'));
}

/** The first five digits, which no mask shows. */
function firstFive(ssn: string): RegExp {
  const d = ssn.replace(/\D/g, '');
  return new RegExp(`${d.slice(0, 3)}[^0-9]{0,2}${d.slice(3, 5)}`);
}

/** Every part of an xlsx (the sheets' XML, the workbook's sheet names...) as text. */
async function partsText(path: string): Promise<string> {
  return (await zipEntries(path)).map((e) => e.data.toString('utf8')).join('\n');
}

/** Every cell of every sheet, read back with the engine's own reader, as text. */
async function cellTexts(path: string): Promise<string[]> {
  const source = await openWorkbook(path, 'scrubbed.xlsx');
  const texts: string[] = [];
  try {
    for (let index = 0; index < source.sheets.length; index++) {
      texts.push(source.sheets[index].name);
      for await (const batch of source.rows(index)) {
        for (const row of batch) for (const cell of row.cells) if (cell !== null && cell !== undefined) texts.push(String(cell as CellValue));
      }
    }
  } finally {
    await source.close();
  }
  return texts;
}

/** The scrubbed workbook holds none of `ssns`, however written; the consolidated one still does (it is lossless). */
async function expectNoSsnIn(run: EngineRun, paths: { scrubbed: string; consolidated: string }, ssns: string[]): Promise<void> {
  const scrubbed = await partsText(paths.scrubbed);
  const cells = (await cellTexts(paths.scrubbed)).join('\n');
  expect(run.scrubbed.SheetNames).toEqual(['Scrubbed', 'Employee Totals', 'Issues', 'Summary']);
  for (const ssn of ssns) {
    for (const text of [scrubbed, cells]) {
      expect(text).not.toMatch(anyWriting(ssn));
      expect(text).not.toMatch(firstFive(ssn));
    }
  }
  const consolidated = await partsText(paths.consolidated);
  expect(ssns.some((ssn) => anyWriting(ssn).test(consolidated))).toBe(true);
}

type Format = 'csv' | 'xlsx';

async function writeInput(name: string, format: Format, rows: Cell[][], sheet = 'Week'): Promise<string> {
  const path = join(dir, `${name}.${format}`);
  if (format === 'xlsx') return writeXlsx(path, [{ name: sheet, rows }]);
  const field = (v: Cell) => (v === null ? '' : /[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v));
  return writeText(path, rows.map((r) => r.map(field).join(',')).join('\n') + '\n');
}

async function process(name: string, format: Format, rows: Cell[][], sheet?: string) {
  const input = await writeInput(name, format, rows, sheet);
  const fileName = input.slice(dir.length + 1);
  const run = await runEngine(dir, input, fileName);
  const paths = { scrubbed: join(dir, `${fileName}.scrubbed.xlsx`), consolidated: join(dir, `${fileName}.consolidated.xlsx`) };
  return { run, paths };
}

const NAMES = ['Ann Lee', 'Bo Li', 'Cy Ng', 'Di Ross', 'Ed Hart', 'Flo Diaz'];

/** An SSN as a register may hold it: each row written another way (a number, in a workbook). */
function written(ssn: string, i: number, format: Format): Cell {
  const digits = ssn.replace(/\D/g, '');
  const forms: Cell[] = [ssn, ssn.replace(/-/g, ' '), ssn.replace(/-/g, '.'), digits, format === 'xlsx' ? Number(digits) : digits, ` ${ssn} `];
  return forms[i % forms.length];
}

describe.each<Format>(['csv', 'xlsx'])('the scrubbed %s output', (format) => {
  it.each(['SS No.', 'Soc Sec #', 'Taxpayer ID', 'Notes'])('holds no SSN of a column headed %j, and says where each was masked', async (header) => {
    const rows: Cell[][] = [
      ['Employee ID', 'Employee Name', 'Regular Hours', 'Pay Rate', 'Gross Pay', header],
      ...SSNS.map((ssn, i): Cell[] => [`E${i + 1}`, NAMES[i], 40, 20, 800, header === 'Notes' ? `SSN ${ssn} corrected` : written(ssn, i, format)]),
    ];
    const { run, paths } = await process(`ssn-${header.replace(/\W+/g, '')}`, format, rows);
    await expectNoSsnIn(run, paths, SSNS);

    const mappedToSsn = run.summary.sheets[0].mapping.some((m) => m.header === header && m.column === 'SSN');
    const scrubbed = run.records('scrubbed', 'Scrubbed');
    expect(scrubbed).toHaveLength(SSNS.length);
    const column = mappedToSsn ? 'SSN' : header;
    scrubbed.forEach((row, i) => {
      const mask = `***-**-${SSNS[i].slice(-4)}`;
      expect(row[column]).toBe(header === 'Notes' ? `SSN ${mask} corrected` : mask);
    });
    if (mappedToSsn) return;
    const masked = run.records('scrubbed', 'Issues').filter((issue) => /was masked/.test(String(issue.Message)));
    expect(masked.map((issue) => [issue.Severity, issue.Row, issue.Column])).toEqual(SSNS.map((_, i) => ['Warning', i + 2, header]));
    expect(masked.map((issue) => issue.Value)).toEqual(scrubbed.map((row) => row[header]));
    expect(run.summary.issuesByRule['sensitive-value-masked']).toEqual({ severity: 'warning', count: SSNS.length, first: { sheet: expect.any(String), row: 2 } });
  });

  it('holds no SSN-shaped Employee ID, and still totals each person apart', async () => {
    // two people whose masked IDs look alike
    const ids = ['881-22-3301', '882-33-3301', '881-22-3301'];
    const rows: Cell[][] = [
      ['Employee ID', 'Employee Name', 'Regular Hours', 'Pay Rate', 'Gross Pay'],
      [ids[0], 'Ann Lee', 50, 20, 1000],
      [ids[1], 'Bo Li', 45, 20, 900],
      [ids[2], 'Ann Lee', 40, 20, 800],
    ];
    const { run, paths } = await process('ssn-ids', format, rows);
    await expectNoSsnIn(run, paths, ids);
    expect(run.records('scrubbed', 'Scrubbed').map((r) => r['Employee ID'])).toEqual(['***-**-3301', '***-**-3301', '***-**-3301']);
    expect(run.records('scrubbed', 'Employee Totals').map((r) => [r['Employee ID'], r['Employee Name'], r['Regular Hours']])).toEqual([
      ['***-**-3301', 'Ann Lee', 90],
      ['***-**-3301', 'Bo Li', 45],
    ]);
    const issues = run.records('scrubbed', 'Issues');
    expect(issues.filter((i) => i.Column === 'Employee ID' && /was masked/.test(String(i.Message))).map((i) => i.Row)).toEqual([2, 3, 4]);
    expect(issues.some((i) => /also belongs to/.test(String(i.Message)))).toBe(false);
    // the weekly limit names the employee by the masked ID
    expect(issues.find((i) => /regular hours this week/.test(String(i.Message)))?.Message).toBe('Ann Lee (***-**-3301) has 90.00 regular hours this week, above 80.');
    expect(JSON.stringify(run.summary.weekFacts)).not.toMatch(/\d{5}/);
  });

  it('masks account and routing numbers, and what only the writer sees: a sheet or file named with an SSN', async () => {
    const ssn = '779-12-4321';
    const rows: Cell[][] = [
      ['Employee ID', 'Employee Name', 'Regular Hours', 'Pay Rate', 'Gross Pay', 'Acct #', 'Routing #', `Note ${ssn}`],
      ['E1', 'Ann Lee', 40, 20, 800, '000123456789', '021000021', 'ok'],
    ];
    const { run, paths } = await process(`bank ${ssn}`, format, rows, `Week ${ssn}`);
    await expectNoSsnIn(run, paths, [ssn]);
    const parts = await partsText(paths.scrubbed);
    for (const digits of ['000123456789', '021000021']) expect(parts).not.toContain(digits);
    const [row] = run.records('scrubbed', 'Scrubbed');
    expect(row).toMatchObject({ 'Acct #': '****6789', 'Routing #': '****0021' });
    const messages = run.records('scrubbed', 'Issues').map((i) => i.Message);
    expect(messages).toEqual(expect.arrayContaining(["A bank account number in column 'Acct #' was masked.", "A bank routing number in column 'Routing #' was masked."]));
  });
});
