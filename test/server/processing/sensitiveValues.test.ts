import { EmployeeLedger } from '@/server/processing/scrubbing/employeeLedger';
import { RowScrubber } from '@/server/processing/scrubbing/rowScrubber';
import {
  isNineDigitInteger, isRoutingNumber, maskNineDigitInteger, maskSensitiveColumnValue, maskSsnRuns, mayHoldSsn, sensitiveColumnKind,
} from '@/server/processing/scrubbing/sensitiveValues';
import { type CanonicalColumn } from '@/server/processing/table/canonicalColumns';
import { consolidatedLayout, scrubbedLayout } from '@/server/processing/table/columnLayout';
import { type SheetHeader } from '@/server/processing/table/headerDetection';
import { type CellValue, ExcelDate } from '@/server/processing/types';
import { guardedNumber, guardedText, SensitiveGuard } from '@/server/processing/writing/sensitiveText';

const masked = (text: string) => maskSsnRuns(text)?.text ?? text;

describe('SSN-shaped values in text', () => {
  it.each([
    ['123-45-6789', '***-**-6789'],
    ['123 45 6789', '***-**-6789'],
    ['123.45.6789', '***-**-6789'],
    ['123456789', '***-**-6789'],
    ['123\u00A045\u20136789', '***-**-6789'],
    ['SSN 123-45-6789 corrected', 'SSN ***-**-6789 corrected'],
    ['was 987-65-4321, now 123-45-6789.', 'was ***-**-4321, now ***-**-6789.'],
    ['ID123456789', 'ID***-**-6789'],
    ['#123456789', '#***-**-6789'],
    ['12-3456789', '***-**-6789'],
    ['123-456-789', '***-**-6789'],
    ['012-34-0007', '***-**-0007'],
  ])('masks %j as %j', (text, expected) => {
    expect(maskSsnRuns(text)?.text).toBe(expected);
  });

  it.each([
    ['XXX-45-6789', '***-**-6789'],
    ['123-45-XXXX', '***-**-****'],
    ['12345XXXX', '***-**-****'],
    ['123-XX-6789', '***-**-6789'],
  ])('masks the partial mask %j, which still shows more than four digits, as %j', (text, expected) => {
    expect(masked(text)).toBe(expected);
  });

  it('masks the nine digits of a mask that still holds them all', () => {
    const result = masked('XXX-12-3456789');
    expect(result).not.toMatch(/\d{5}/);
    expect(result.replace(/\D/g, '')).toBe('6789');
  });

  it.each(['***-**-6789', 'XXX-XX-6789', 'xxx-xx-6789', '###-##-6789', 'XXXXX6789', '*****6789', '\u2022\u2022\u2022-\u2022\u2022-6789'])(
    'leaves %j, which shows at most four digits, as it is',
    (text) => {
      expect(maskSsnRuns(text)).toBeNull();
    },
  );

  it.each([
    '(555) 123-4567', '555-123-4567', '555.123.4567', '5551234567', '+1 555 123 4567', '62704-1234', '12/31/2025', '2025-01-31',
    '01/02/2025 12:30:45', '123,456,789.00', '1,234,567.89', '1234567.89', '1234567890', '4111 1111 1111 1111', 'Store 12, 40.5 hrs',
    'Ann Lee', '', '12345678',
  ])('leaves %j alone', (text) => {
    expect(maskSsnRuns(text)).toBeNull();
  });

  it('looks no further than a cheap count for most text', () => {
    expect(mayHoldSsn('Ann Lee')).toBe(false);
    expect(mayHoldSsn('Johnson, Robert')).toBe(false);
    expect(mayHoldSsn('Store 1234')).toBe(false);
    expect(mayHoldSsn('123-45-6789')).toBe(true);
  });

  it('says when a run of nine digits may be a routing number', () => {
    expect(maskSsnRuns('Bank 021000021')).toEqual({ text: 'Bank ***-**-0021', mayBeRouting: true });
    expect(maskSsnRuns('021-00-0021')).toEqual({ text: '***-**-0021', mayBeRouting: false });
    expect(maskSsnRuns('123456789')).toEqual({ text: '***-**-6789', mayBeRouting: false });
  });
});

describe('routing numbers and whole numbers', () => {
  it.each(['021000021', '011000015', '121000358', '322271627'])('recognises the ABA routing number %s', (digits) => {
    expect(isRoutingNumber(digits)).toBe(true);
  });

  it.each(['021000022', '123456789', '991000015', '02100002', '0210000210', '02100002x'])('does not take %s for a routing number', (digits) => {
    expect(isRoutingNumber(digits)).toBe(false);
  });

  it('masks whole numbers of nine digits only', () => {
    expect(isNineDigitInteger(123456789)).toBe(true);
    expect(maskNineDigitInteger(123456789)).toBe('***-**-6789');
    expect(maskNineDigitInteger(100000007)).toBe('***-**-0007');
    for (const value of [12345678, 1234567890, 123456789.5, -123456789, 40, Number.NaN]) expect(isNineDigitInteger(value)).toBe(false);
  });
});

describe('columns sensitive by their header', () => {
  it.each<[string, string | undefined]>([
    ['SS No.', 'ssn'], ['Soc Sec #', 'ssn'], ['Social Security Number', 'ssn'], ['Taxpayer ID', 'ssn'], ['Tax ID', 'ssn'], ['TIN', 'ssn'],
    ['Acct #', 'bank-account'], ['Acct No.', 'bank-account'], ['Bank Account', 'bank-account'], ['DD Acct 2', 'bank-account'],
    ['Checking Account', 'bank-account'], ['Routing #', 'routing-number'], ['ABA', 'routing-number'], ['Transit No.', 'routing-number'],
    ['Notes', undefined], ['SS', undefined], ['SS Tax', undefined], ['Social Security', undefined], ['Account', undefined],
    ['GL Account', undefined], ['Account Type', undefined], ['Employee ID', undefined], ['', undefined],
  ])('reads %j as %j', (header, kind) => {
    expect(sensitiveColumnKind(header)).toBe(kind);
  });

  it('masks a bank number to its last four digits, an SSN as an SSN, and leaves what shows four digits or fewer', () => {
    expect(maskSensitiveColumnValue('123456789012', 'bank-account')).toBe('****9012');
    expect(maskSensitiveColumnValue(12345678901234, 'bank-account')).toBe('****1234');
    expect(maskSensitiveColumnValue('021000021', 'routing-number')).toBe('****0021');
    expect(maskSensitiveColumnValue(12345678, 'ssn')).toBe('***-**-5678');
    expect(maskSensitiveColumnValue('123-45-6789', 'ssn')).toBe('***-**-6789');
    for (const value of ['****1234', 'N/A', '1234', null, new ExcelDate(45000)]) expect(maskSensitiveColumnValue(value, 'bank-account')).toBeNull();
  });
});

describe("the scrubbed workbook's writer", () => {
  it('masks what is left in text, and nine-digit whole numbers where asked', () => {
    expect(guardedText('Week of 123-45-6789')).toBe('Week of ***-**-6789');
    expect(guardedText('Ann Lee')).toBe('Ann Lee');
    expect(guardedNumber(123456789, SensitiveGuard.TextAndWholeNumbers)).toBe('***-**-6789');
    expect(guardedNumber(123456789, SensitiveGuard.Text)).toBeUndefined();
    expect(guardedNumber(1234.5, SensitiveGuard.TextAndWholeNumbers)).toBeUndefined();
  });
});

/** A scrubber for one sheet of the given headers (canonical when named so). */
function scrubberFor(headers: Array<string | [string, CanonicalColumn]>) {
  const header: SheetHeader = {
    row: 1,
    repeatKeys: [],
    columns: headers.map((h, index) => (typeof h === 'string' ? { index, header: h } : { index, header: h[0], canonical: h[1] })),
  };
  const consolidated = consolidatedLayout([header]);
  const scrubbed = scrubbedLayout(consolidated);
  const scrubber = new RowScrubber(consolidated, scrubbed);
  const names = consolidated.columns.map((c) => c.name);
  return {
    scrub(values: Record<string, CellValue>, sourceRow = 2) {
      const row = names.map((name) => values[name] ?? null);
      const result = scrubber.scrub(row, 'Week', sourceRow);
      const cells = Object.fromEntries(scrubbed.columns.map((c, i) => [c.name, result.cells[i]]));
      return { result, cells, issues: result.issues.map((i) => ({ rule: i.rule, severity: i.severity, column: i.column, value: i.value, message: i.message })) };
    },
  };
}

const ID: [string, CanonicalColumn] = ['Employee ID', 'Employee ID'];
const NAME: [string, CanonicalColumn] = ['Employee Name', 'Employee Name'];
const HOURS: [string, CanonicalColumn] = ['Regular Hours', 'Regular Hours'];
const GROSS: [string, CanonicalColumn] = ['Gross Pay', 'Gross Pay'];

describe('the row scrub masks sensitive values in any column', () => {
  it('masks an SSN under a header it does not know, saying where', () => {
    const { cells, issues, result } = scrubberFor([ID, NAME, 'Reference']).scrub({ 'Employee ID': 'E1', 'Employee Name': 'Ann Lee', Reference: '123-45-6789' }, 7);
    expect(cells.Reference).toBe('***-**-6789');
    expect(issues).toEqual([
      { rule: 'sensitive-value-masked', severity: 'warning', column: 'Reference', value: '***-**-6789', message: "An SSN-shaped value in column 'Reference' was masked." },
    ]);
    expect(result.issues[0]).toMatchObject({ sheet: 'Week', row: 7 });
  });

  it.each(['SS No.', 'Soc Sec #', 'Taxpayer ID'])('masks every value of a column headed %j, a number that lost its leading zero too', (header) => {
    const scrubber = scrubberFor([ID, NAME, header]);
    const first = scrubber.scrub({ 'Employee ID': 'E1', 'Employee Name': 'Ann Lee', [header]: 12345678 });
    expect(first.cells[header]).toBe('***-**-5678');
    expect(first.issues).toEqual([expect.objectContaining({ rule: 'sensitive-value-masked', column: header, value: '***-**-5678', message: `An SSN in column '${header}' was masked.` })]);
    expect(scrubber.scrub({ 'Employee ID': 'E2', 'Employee Name': 'Bo Li', [header]: '123-45-6789' }).cells[header]).toBe('***-**-6789');
    expect(scrubber.scrub({ 'Employee ID': 'E3', 'Employee Name': 'Cy Ng', [header]: 'N/A' })).toMatchObject({ cells: { [header]: 'N/A' }, issues: [] });
  });

  it('masks an SSN inside a note and keeps the rest of the note', () => {
    const { cells, issues } = scrubberFor([ID, NAME, 'Notes']).scrub({ 'Employee ID': 'E1', 'Employee Name': 'Ann Lee', Notes: '  SSN 123-45-6789   corrected ' });
    expect(cells.Notes).toBe('SSN ***-**-6789 corrected');
    expect(issues).toEqual([expect.objectContaining({ rule: 'sensitive-value-masked', column: 'Notes', value: 'SSN ***-**-6789 corrected' })]);
  });

  it('masks a nine-digit number in an extra column, as text', () => {
    const { cells, issues } = scrubberFor([ID, NAME, 'Other']).scrub({ 'Employee ID': 'E1', 'Employee Name': 'Ann Lee', Other: 123456789 });
    expect(cells.Other).toBe('***-**-6789');
    expect(issues).toHaveLength(1);
  });

  it('masks an account number under "Acct #" to its last four digits', () => {
    const { cells, issues } = scrubberFor([ID, NAME, 'Acct #']).scrub({ 'Employee ID': 'E1', 'Employee Name': 'Ann Lee', 'Acct #': '000123456789' });
    expect(cells['Acct #']).toBe('****6789');
    expect(issues).toEqual([
      { rule: 'sensitive-value-masked', severity: 'warning', column: 'Acct #', value: '****6789', message: "A bank account number in column 'Acct #' was masked." },
    ]);
  });

  it('names a routing number by its header, or by its checksum when the header does not say', () => {
    const byHeader = scrubberFor([ID, NAME, 'Routing #']).scrub({ 'Employee ID': 'E1', 'Employee Name': 'Ann Lee', 'Routing #': 21000021 });
    expect(byHeader.cells['Routing #']).toBe('****0021');
    expect(byHeader.issues[0].message).toBe("A bank routing number in column 'Routing #' was masked.");
    const byValue = scrubberFor([ID, NAME, 'Bank']).scrub({ 'Employee ID': 'E1', 'Employee Name': 'Ann Lee', Bank: '021000021' });
    expect(byValue.cells.Bank).toBe('***-**-0021');
    expect(byValue.issues[0].message).toBe("An SSN-shaped value in column 'Bank' was masked; it may be a bank routing number.");
    const number = scrubberFor([ID, NAME, 'Bank']).scrub({ 'Employee ID': 'E1', 'Employee Name': 'Ann Lee', Bank: 121000358 });
    expect(number.issues[0].message).toContain('may be a bank routing number');
  });

  it('leaves hours and money alone, and masks an SSN typed into a number column', () => {
    const scrubber = scrubberFor([ID, NAME, HOURS, GROSS]);
    const amounts = scrubber.scrub({ 'Employee ID': 'E1', 'Employee Name': 'Ann Lee', 'Regular Hours': 40, 'Gross Pay': '123,456,789.00' });
    expect(amounts.cells['Gross Pay']).toBe(123456789);
    expect(amounts.issues).toEqual([]);
    const typed = scrubber.scrub({ 'Employee ID': 'E1', 'Employee Name': 'Ann Lee', 'Regular Hours': 'see 123-45-6789' });
    expect(typed.cells['Regular Hours']).toBe('see ***-**-6789');
    expect(typed.issues.map((i) => [i.rule, i.value])).toEqual([
      ['sensitive-value-masked', 'see ***-**-6789'],
      ['not-a-number', 'see ***-**-6789'],
    ]);
  });

  it('masks SSN-shaped text in the name and department too, so no total or message quotes it', () => {
    const { cells, result } = scrubberFor([ID, NAME, ['Dept', 'Department']]).scrub({ 'Employee ID': 'E1', 'Employee Name': 'LEE, ANN 123456789', Department: 'Store 123-45-6789' });
    expect(cells.Department).toBe('Store ***-**-6789');
    expect(result.employeeName).not.toMatch(/\d{5}/);
    expect(result.issues.map((i) => i.column)).toEqual(['Employee Name', 'Department']);
  });
});

describe('an SSN-shaped Employee ID', () => {
  it('is masked in the output, raises an issue, and is kept as read only to file the row', () => {
    const { cells, issues, result } = scrubberFor([ID, NAME]).scrub({ 'Employee ID': " '123-45-6789", 'Employee Name': 'Ann Lee' });
    expect(cells['Employee ID']).toBe('***-**-6789');
    expect(result.employeeId).toBe('***-**-6789');
    expect(result.employeeKey).toBe('123-45-6789');
    expect(issues).toEqual([expect.objectContaining({ rule: 'sensitive-value-masked', column: 'Employee ID', value: '***-**-6789' })]);
  });

  it('still tells apart two people whose masked IDs look alike, and keeps their IDs masked in totals and facts', () => {
    const scrubber = scrubberFor([ID, NAME, HOURS]);
    const ledger = new EmployeeLedger();
    const rows: Array<Record<string, CellValue>> = [
      { 'Employee ID': '123-45-6789', 'Employee Name': 'Ann Lee', 'Regular Hours': 50 },
      { 'Employee ID': '987-65-6789', 'Employee Name': 'Bo Li', 'Regular Hours': 50 },
      { 'Employee ID': '123-45-6789', 'Employee Name': 'Ann Lee', 'Regular Hours': 40 },
    ];
    const issues: string[] = [];
    rows.forEach((values, i) => {
      const { result } = scrubber.scrub(values, i + 2);
      ledger.checkIdentity(result);
      issues.push(...result.issues.map((issue) => issue.rule));
      ledger.add(result);
    });
    expect(issues).not.toContain('id-name-conflict');
    const totals: unknown[] = [];
    for (const t of ledger.entries()) totals.push([t.employeeId, t.employeeName, t.hours[0] / 100]);
    expect(totals).toEqual([
      ['***-**-6789', 'Ann Lee', 90],
      ['***-**-6789', 'Bo Li', 50],
    ]);
    const facts = ledger.weekEmployees();
    expect(facts.map((e) => [e.key, e.id])).toEqual([
      ['***-**-6789 ann lee', '***-**-6789'],
      ['***-**-6789 bo li', '***-**-6789'],
    ]);
    expect(JSON.stringify([facts, ledger.weeklyIssues()])).not.toMatch(/\d{5}/);
  });

  it('names the masked ID when the same ID comes with another name', () => {
    const scrubber = scrubberFor([ID, NAME]);
    const ledger = new EmployeeLedger();
    for (const name of ['Ann Lee', 'Bo Li']) {
      const { result } = scrubber.scrub({ 'Employee ID': '123-45-6789', 'Employee Name': name });
      ledger.checkIdentity(result);
      if (name === 'Bo Li') expect(result.issues.find((i) => i.rule === 'id-name-conflict')?.message).toBe('Employee ID ***-**-6789 also belongs to Ann Lee.');
      ledger.add(result);
    }
  });
});

describe('what scrubbing text removes or cannot read', () => {
  it('reports a control character removed', () => {
    const { cells, issues } = scrubberFor([ID, NAME, 'Notes']).scrub({ 'Employee ID': 'E1', 'Employee Name': 'Ann\u0000 Lee', Notes: 'ok\u0007' });
    expect(cells['Employee Name']).toBe('Ann Lee');
    expect(cells.Notes).toBe('ok');
    expect(issues).toEqual([
      expect.objectContaining({ rule: 'control-character-removed', severity: 'info', column: 'Notes', value: 'ok' }),
      expect.objectContaining({ rule: 'control-character-removed', severity: 'info', column: 'Employee Name', value: 'Ann Lee' }),
    ]);
  });

  it('reports text holding a character the reader could not decode', () => {
    const { cells, issues } = scrubberFor([ID, NAME]).scrub({ 'Employee ID': 'E1', 'Employee Name': 'Jos\uFFFD Ruiz' });
    expect(cells['Employee Name']).toBe('Jos\uFFFD Ruiz');
    expect(issues).toEqual([expect.objectContaining({ rule: 'unreadable-character', severity: 'warning', column: 'Employee Name' })]);
  });

  it('says nothing of tabs and line breaks, which are whitespace', () => {
    expect(scrubberFor([ID, NAME, 'Notes']).scrub({ 'Employee ID': 'E1', 'Employee Name': 'Ann\tLee', Notes: 'a\r\nb' }).issues).toEqual([]);
  });
});
