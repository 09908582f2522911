/**
 * Tables as they are: content deciding a mapping, columns kept whatever their header, grouped two-row
 * headers, tables stacked in one sheet or CSV, and the evidence a table needs to count as payroll.
 */
import { join } from 'node:path';
import { type EngineRun, removeDir, runEngine, tempDir, writeText, writeXlsx } from './engineHarness';
import { ERROR_MESSAGES } from '@/server/processing/processingError';

let dir: string;
beforeAll(() => {
  dir = tempDir();
});
afterAll(() => removeDir(dir));

async function csv(name: string, text: string): Promise<EngineRun> {
  return runEngine(dir, writeText(join(dir, `${name}.csv`), text), `${name}.csv`);
}

const mappingOf = (run: EngineRun, at = 0) => Object.fromEntries(run.summary.sheets[at].mapping.map((m) => [m.header, [m.column, m.how]]));
const issues = (run: EngineRun) => run.records('scrubbed', 'Issues');

describe('content decides where the header does not', () => {
  it('maps a column of SSNs under an unknown header to SSN, and says so', async () => {
    const run = await csv('ssn-by-content', ['Emp ID,Name,Hours,Taxpayer Ref', '1,Ann Lee,40,123-45-6789', '2,Bo Kim,38,234-56-7890', '3,Cy Dee,20,345-67-8901'].join('\n'));
    expect(mappingOf(run)['Taxpayer Ref']).toEqual(['SSN', 'content']);
    expect(mappingOf(run)['Emp ID']).toEqual(['Employee ID', 'vocabulary']);
    expect(run.records('scrubbed', 'Scrubbed').map((r) => r.SSN)).toEqual(['***-**-6789', '***-**-7890', '***-**-8901']);
    const sources = run.records('consolidated', 'Sources');
    expect(sources[0]['Column Mapping']).toContain('Taxpayer Ref -> SSN (by its values)');
    expect(sources[0]['Column Mapping']).toContain('Emp ID -> Employee ID (by its header)');
  });

  it('settles two headers naming one column by their values, keeping the other as an extra', async () => {
    // "Hours" and "Hrs" both name Regular Hours; the first holds text, the second the hours
    const run = await csv('competing', ['Emp ID,Name,Hours,Hrs', '1,Ann Lee,see note,40', '2,Bo Kim,see note,38', '3,Cy Dee,n/a,20'].join('\n'));
    expect(mappingOf(run).Hrs).toEqual(['Regular Hours', 'content']);
    expect(mappingOf(run).Hours).toEqual(['Hours', undefined]);
    expect(run.records('scrubbed', 'Scrubbed').map((r) => r['Regular Hours'])).toEqual([40, 38, 20]);
    expect(run.records('scrubbed', 'Scrubbed').map((r) => r.Hours)).toEqual(['see note', 'see note', 'n/a']);
  });

  it('maps a column of people\'s names under an unknown header when no column gives a name', async () => {
    const run = await csv('names-by-content', ['Emp ID,Roster Entry,Hours,Gross', '1,Ann Lee,40,800', '2,"Kim, Bo",38,760', '3,Cy Dee,20,400'].join('\n'));
    expect(mappingOf(run)['Roster Entry']).toEqual(['Employee Name', 'content']);
  });

  it('finds a header that names no employee column when the values give one', async () => {
    const run = await csv('no-identity-header', ['Weekly hours', 'Roster Entry,Hours,Gross', 'Ann Lee,40,800', 'Bo Kim,38,760', 'Cy Dee,20,400'].join('\n'));
    expect(run.summary.sheets[0].headerRow).toBe(2);
    expect(mappingOf(run)['Roster Entry']).toEqual(['Employee Name', 'content']);
    expect(run.summary.employees).toBe(3);
  });

  it('keeps a routing number column an extra (nine digits are not always an SSN), masked by its header', async () => {
    const run = await csv('routing', ['Emp ID,Name,Hours,ABA #', '1,Ann Lee,40,322530711', '2,Bo Kim,38,217138105', '3,Cy Dee,20,011000015'].join('\n'));
    expect(mappingOf(run)['ABA #']).toEqual(['ABA #', undefined]);
    expect(run.records('consolidated', 'Consolidated').map((r) => r['ABA #'])).toEqual([322530711, 217138105, '011000015']);
    expect(run.records('scrubbed', 'Scrubbed').map((r) => r['ABA #'])).toEqual(['****0711', '****8105', '****0015']);
  });

  it("masks a copy of the row's SSN kept elsewhere without its leading zeros", async () => {
    const run = await csv('ssn-copy', ['Emp ID,Name,Hours,SSN,Ref', '1,Ann Lee,40,046-22-5690,46225690', '2,Bo Kim,38,003-92-3207,3923207'].join('\n'));
    expect(run.records('scrubbed', 'Scrubbed').map((r) => [r.SSN, r.Ref])).toEqual([
      ['***-**-5690', '***-**-5690'],
      ['***-**-3207', '***-**-3207'],
    ]);
    expect(issues(run).filter((i) => i.Column === 'Ref').map((i) => i.Message)).toEqual([
      "A copy of the row's SSN in column 'Ref' was masked.",
      "A copy of the row's SSN in column 'Ref' was masked.",
    ]);
  });
});

describe('nothing is lost silently', () => {
  it('keeps a column with data but no header as "Column D"', async () => {
    const run = await csv('unnamed', ['Emp ID,Name,Hours,', '1,Ann Lee,40,late twice', '2,Bo Kim,38,', '3,Cy Dee,20,'].join('\n'));
    expect(run.rows('consolidated', 'Consolidated')[0]).toContain('Column D');
    expect(run.records('consolidated', 'Consolidated')[0]['Column D']).toBe('late twice');
  });

  it('warns of a headerless column whose data starts below the rows read to map the columns', async () => {
    const lines = ['Emp ID,Name,Hours,'];
    for (let i = 1; i <= 400; i++) lines.push(`${i},Person ${i},40,${i === 400 ? 'bonus owed' : ''}`);
    const run = await csv('late-unnamed', lines.join('\n'));
    const warning = issues(run).find((i) => i.Column === 'Column D');
    expect(warning?.Message).toMatch(/Column D .* has no header; its values were left out/);
  });

  it('keeps every column of a header repeated within a sheet, made unique', async () => {
    const run = await csv('repeated', ['Emp ID,Name,Hours,Memo,Memo', '1,Ann Lee,40,a,b'].join('\n'));
    const record = run.records('consolidated', 'Consolidated')[0];
    expect(record.Memo).toBe('a');
    expect(record['Memo (2)']).toBe('b');
  });

  it('keeps every column of a grouped two-row header under its joined header, and warns of periods side by side', async () => {
    const weeks = [new Date(Date.UTC(2024, 0, 8)), new Date(Date.UTC(2024, 0, 15)), new Date(Date.UTC(2024, 0, 22))];
    const groups = ['Hours Worked', 'Overtime Hours', 'Pay'];
    const upper = ['Employee ID', 'Employee Name', ...groups.flatMap((g) => [g, null, null])];
    const lower = [null, null, ...groups.flatMap(() => weeks)];
    const path = await writeXlsx(join(dir, 'grouped.xlsx'), [
      { name: 'Register', rows: [upper, lower, [1, 'Ann Lee', 40, 38, 40, 2, 0, 1, 800, 760, 820], [2, 'Bo Kim', 30, 32, 35, 0, 0, 0, 600, 640, 700]] },
    ]);
    const run = await runEngine(dir, path, 'grouped.xlsx');
    const header = run.rows('consolidated', 'Consolidated')[0];
    for (const group of groups) for (const day of ['2024-01-08', '2024-01-15', '2024-01-22']) expect(header).toContain(`${group} ${day}`);
    expect(run.records('consolidated', 'Consolidated')[0]['Pay 2024-01-22']).toBe(820);
    expect(run.summary.rowsIn).toBe(2);
    const warning = issues(run).find((i) => String(i.Message).includes('several periods side by side'));
    expect(warning?.Message).toContain("'Hours Worked', 'Overtime Hours', 'Pay'");
  });
});

describe('tables stacked in one sheet or CSV', () => {
  const text = [
    'Acme Payroll',
    'Emp ID,Name,Hours,Gross',
    '1,Ann Lee,40,800',
    '2,Bo Kim,38,760',
    '',
    'Kitchen staff',
    'Gross,Hours,Name,Emp ID,Job Title',
    '900,45,Cy Dee,3,Cook',
    '480,24,Di Eve,4,Server',
  ].join('\n');

  it('reads each table with its own mapping, every row under the right column', async () => {
    const run = await csv('stacked', text);
    const rows = run.records('consolidated', 'Consolidated');
    expect(rows.map((r) => [r['Employee ID'], r['Employee Name'], r['Regular Hours'], r['Gross Pay'], r['Job Title'] ?? null])).toEqual([
      [1, 'Ann Lee', 40, 800, null],
      [2, 'Bo Kim', 38, 760, null],
      [3, 'Cy Dee', 45, 900, 'Cook'],
      [4, 'Di Eve', 24, 480, 'Server'],
    ]);
    expect(rows.map((r) => r['Source Row'])).toEqual([3, 4, 8, 9]);
  });

  it('lists every table in Sources, with its number and header row', async () => {
    const run = await csv('stacked-sources', text);
    const sources = run.records('consolidated', 'Sources');
    expect(sources.map((s) => [s.Sheet, s.Table, s['Header Row'], s['Data Rows']])).toEqual([
      ['stacked-sources', 1, 2, 2],
      ['stacked-sources', 2, 7, 2],
    ]);
    expect(run.summary.sheets[1]).toMatchObject({ table: 2, headerRow: 7 });
  });

  it('reads stacked tables in an xlsx sheet too', async () => {
    const path = await writeXlsx(join(dir, 'stacked.xlsx'), [
      { name: 'Week', rows: [['Emp ID', 'Name', 'Hours'], [1, 'Ann Lee', 40], [], ['Name', 'Hours', 'Emp ID', 'SSN'], ['Bo Kim', 30, 2, '123-45-6789']] },
    ]);
    const run = await runEngine(dir, path, 'stacked.xlsx');
    const rows = run.records('scrubbed', 'Scrubbed');
    expect(rows.map((r) => [r['Employee ID'], r['Employee Name'], r['Regular Hours'], r.SSN ?? null])).toEqual([
      ['1', 'Ann Lee', 40, null],
      ['2', 'Bo Kim', 30, '***-**-6789'],
    ]);
  });

  it('reads a tab-separated export whose values hold commas, with its stacked tables', async () => {
    const text = [
      'Employee Name\tPay Rate\tGross Pay\tRegular Hours',
      'Wei Schmidt\t79.46\t$2,850.63\t26.5',
      'Jo Ivanova\t36.58\t$1,100.88\t7.75',
      '',
      'Associate ID\tEmployee (Last, First)\tHours - Regular\tGross Pay',
      'E37515\tIvanova, Mary Ann\t0.75\t19.28',
      'E37536\tKing, Ethan\t28.75\t3,764.98',
    ].join('\r\n');
    const run = await csv('tab-stacked', text);
    expect(run.records('scrubbed', 'Scrubbed').map((r) => [r['Employee ID'] ?? null, r['Employee Name'], r['Gross Pay']])).toEqual([
      [null, 'Wei Schmidt', 2850.63],
      [null, 'Jo Ivanova', 1100.88],
      ['E37515', 'Mary Ann Ivanova', 19.28],
      ['E37536', 'Ethan King', 3764.98],
    ]);
  });

  it('takes the header repeated after a note for a repeat, however content mapped its columns', async () => {
    const header = 'Emp ID,Name,Hours,Legacy Key';
    const run = await csv('repeat-after-note', [header, '1,Ann Lee,40,123-45-6789', '2,Bo Kim,30,234-56-7890', 'Approved by: J. Smith', header, '3,Cy Dee,20,345-67-8901'].join('\n'));
    expect(run.summary.sheets).toHaveLength(1);
    expect(mappingOf(run)['Legacy Key']).toEqual(['SSN', 'content']);
    expect(run.records('scrubbed', 'Scrubbed').map((r) => r.SSN)).toEqual(['***-**-6789', '***-**-7890', '***-**-8901']);
  });
});

describe('evidence before SCRUBBED', () => {
  it('fails an address list, naming what was found and what is missing', async () => {
    const promise = csv('addresses', ['Name,Street,City,State,Zip', 'Ann Lee,1 Main St,Springfield,IL,62701', 'Bo Kim,2 Oak Ave,Springfield,IL,62702'].join('\n'));
    await expect(promise).rejects.toMatchObject({ code: 'NO_PAYROLL_DATA' });
    await expect(promise).rejects.toThrow('No payroll data found: found names and addresses but no hours or pay columns.');
  });

  it('skips a sheet without hours or pay and processes the payroll beside it', async () => {
    const path = await writeXlsx(join(dir, 'with-contacts.xlsx'), [
      { name: 'Contacts', rows: [['Employee', 'Department', 'Phone'], ['Ann Lee', 'Kitchen', '555-0100']] },
      { name: 'Payroll', rows: [['Emp ID', 'Name', 'Hours'], [1, 'Ann Lee', 40]] },
    ]);
    const run = await runEngine(dir, path, 'with-contacts.xlsx');
    expect(run.summary.skippedSheets).toEqual([{ name: 'Contacts', reason: 'found names, departments and contact details but no hours or pay columns' }]);
    expect(run.summary.rowsIn).toBe(1);
  });

  it('still says there is no payroll header when no sheet has one', async () => {
    await expect(csv('no-header', 'colour,size\nred,2\n')).rejects.toThrow(ERROR_MESSAGES.NO_PAYROLL_DATA);
  });
});
