import { canonicalColumnFor } from '@/server/processing/table/canonicalColumns';
import { detectHeader } from '@/server/processing/table/headerDetection';
import { normaliseHeader } from '@/server/processing/table/headerText';
import { RowClassifier } from '@/server/processing/table/rowClassification';
import { type CellValue, type SheetRow } from '@/server/processing/types';

const rows = (...cells: CellValue[][]): SheetRow[] => cells.map((c, i) => ({ row: i + 1, cells: c }));

describe('header text and synonyms', () => {
  it('normalises case, punctuation and spaces, reading # as "number" and expanding abbreviations', () => {
    expect(normaliseHeader('  Employee  #')).toBe('employee number');
    expect(normaliseHeader('Reg. Hrs')).toBe('regular hours');
    expect(normaliseHeader('SS#')).toBe('social security number');
  });

  it('normalises two texts joined by a space as their normalised forms joined (what two-row headers rely on)', () => {
    const texts = ['Regular', 'Hours', 'Reg.', '#', 'SS#', '-', '', ' OT ', '1.5', 'Émp  Nº', 'ΑΣ', 'İd', '(Gross)', 'a_b', '40', 'x'.repeat(60)];
    for (const a of texts) {
      for (const b of texts) {
        const joined = [normaliseHeader(a), normaliseHeader(b)].filter(Boolean).join(' ');
        expect(normaliseHeader(`${a} ${b}`)).toBe(joined);
      }
    }
  });

  it.each([
    ['Emp ID', 'Employee ID'], ['Employee #', 'Employee ID'], ['File #', 'Employee ID'], ['badge', 'Employee ID'],
    ['Last, First', 'Employee Name'], ['Full Name', 'Employee Name'], ['Surname', 'Last Name'], ['First', 'First Name'],
    ['Cost Center', 'Department'], ['Store', 'Department'], ['Wage', 'Pay Rate'], ['Hrs Worked', 'Regular Hours'],
    ['Hours', 'Regular Hours'], ['OT 1.5', 'Overtime Hours'], ['OT 2.0', 'Double Time Hours'], ['Vacation', 'PTO Hours'],
    ['Hol', 'Holiday Hours'], ['Sick', 'Sick Hours'], ['Cash Tips', 'Tips'], ['Reimb', 'Reimbursement'], ['Expense', 'Reimbursement'],
    ['Total Pay', 'Gross Pay'], ['Earnings', 'Gross Pay'], ['Take Home', 'Net Pay'], ['Total Deductions', 'Deductions'],
    ['Check Date', 'Pay Date'], ['Week Start', 'Period Start'], ['Week Ending', 'Period End'], ['SS#', 'SSN'],
    ['Social Security Number', 'SSN'],
  ])('maps "%s" to %s', (header, canonical) => {
    expect(canonicalColumnFor(header)).toBe(canonical);
  });

  it('keeps totals and year-to-date figures as extra columns: "Total Hours" is not Regular Hours', () => {
    expect(canonicalColumnFor('Total Hours')).toBeUndefined();
    expect(canonicalColumnFor('YTD Gross')).toBeUndefined();
    expect(canonicalColumnFor('Regular Hours Worked')).toBe('Regular Hours');
  });
});

describe('finding the header row', () => {
  it('picks the row mapping the most columns below a title block', () => {
    const header = detectHeader(rows(['Acme Payroll'], ['Week of 3/3/2025'], ['Emp ID', 'Name', 'Hours', 'Notes'], [1, 'Ann Lee', 40, 'x']));
    expect(header?.row).toBe(3);
    expect(header?.columns.map((c) => c.canonical ?? c.header)).toEqual(['Employee ID', 'Employee Name', 'Regular Hours', 'Notes']);
  });

  it('needs two matches, one of them an employee identifier or name', () => {
    expect(detectHeader(rows(['Rate', 'Hours', 'Gross'], [10, 40, 400]))).toBeUndefined();
    expect(detectHeader(rows(['Name', 'Colour'], ['Ann', 'red']))).toBeUndefined();
  });

  it('looks only at the first 30 non-empty rows', () => {
    const title = Array.from({ length: 30 }, (_v, i): CellValue[] => [`title ${i}`]);
    expect(detectHeader(rows(...title, ['Emp ID', 'Name', 'Hours']))).toBeUndefined();
    expect(detectHeader(rows(...title.slice(1), ['Emp ID', 'Name', 'Hours']))?.row).toBe(30);
  });

  it('joins a two-row header when that maps more columns, and reports the lower row', () => {
    const header = detectHeader(rows(['Employee', 'Employee', 'Regular', 'Overtime', null], ['ID', 'Name', 'Hours', 'Hours', 'Gross']));
    expect(header?.row).toBe(2);
    expect(header?.upperRow).toBe(1);
    expect(header?.columns.map((c) => c.canonical)).toEqual(['Employee ID', 'Employee Name', 'Regular Hours', 'Overtime Hours', 'Gross Pay']);
  });

  it('applies a merged upper cell to every column under it', () => {
    const header = detectHeader(rows(['Emp ID', 'Name', 'Overtime', null], [null, null, 'Hrs', 'Rate']));
    // "Overtime Hrs" maps; the merged "Overtime" does not turn "Rate" into something else
    expect(header?.columns.map((c) => c.canonical)).toEqual(['Employee ID', 'Employee Name', 'Overtime Hours', 'Pay Rate']);
  });

  it('joins a two-row header that maps as many columns but reads one as another ("Overtime" over "Hours")', () => {
    const header = detectHeader(rows([null, null, 'Overtime'], ['Employee ID', 'Name', 'Hours']));
    expect(header?.upperRow).toBe(1);
    expect(header?.columns.map((c) => c.canonical)).toEqual(['Employee ID', 'Employee Name', 'Overtime Hours']);
  });

  it('keeps a single row when joining does not help', () => {
    const header = detectHeader(rows(['Weekly payroll'], ['Emp ID', 'Name', 'Hours']));
    expect(header?.upperRow).toBeUndefined();
  });
});

describe('classifying rows below the header', () => {
  const header = detectHeader(rows(['Emp ID', 'Name', 'Hours', 'Total Pay']))!;
  const classifier = new RowClassifier(header);

  it.each<[string, CellValue[], string]>([
    ['blank', [null, '  ', null], 'blank'],
    ['a repeated header (even one reading "Total Pay")', ['Emp ID', 'Name', 'Hours', 'Total Pay'], 'repeatedHeader'],
    ['a subtotal with no employee id', [null, 'Subtotal', 80, 800], 'total'],
    ['a grand total', [null, 'Grand Total', 80, 800], 'total'],
    ['a total labelled in the id column', ['Total', null, 80, 800], 'total'],
    ['a note', [null, 'Call payroll with questions', null], 'note'],
    ['an unlabelled row of sums (data, for a person to see)', [null, null, 80, 800], 'data'],
    ['data whose name contains "sum" inside a word', [7, 'Sumner Ray', 40, 400], 'data'],
    ['data', [7, 'Ann Lee', 40, 400], 'data'],
  ])('%s', (_label, cells, expected) => {
    expect(classifier.classify(cells)).toBe(expected);
  });

  it('does not take a row with an employee id for a total', () => {
    expect(classifier.classify([12, 'Total Wine staff', 40, 400])).toBe('data');
  });
});
