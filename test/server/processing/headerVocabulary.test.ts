import fc from 'fast-check';
import { CANONICAL_COLUMNS, type CanonicalColumn } from '@/common/canonicalColumns';
import {
  CANONICAL_SYNONYMS,
  canonicalColumnFor,
  canonicalColumnForNormalised,
  canonicalMatchFor,
  SENSITIVE_SYNONYMS,
  type SensitiveKind,
  sensitiveKindFor,
  startsSynonym,
} from '@/server/processing/table/canonicalColumns';
import { normaliseHeader } from '@/server/processing/table/headerText';
import vocabulary from '@/server/processing/table/headerVocabulary.json';

const ENTRIES = CANONICAL_COLUMNS.flatMap((column) => CANONICAL_SYNONYMS[column].map((spelling) => [spelling, column] as const));
const SENSITIVE_ENTRIES = (Object.keys(SENSITIVE_SYNONYMS) as SensitiveKind[]).flatMap((kind) => SENSITIVE_SYNONYMS[kind].map((spelling) => [spelling, kind] as const));

/** Upper case hides the word boundaries of "EmpID", so those spellings keep their case. */
const upper = (spelling: string) => (/\p{Ll}\p{Lu}/u.test(spelling) ? spelling : spelling.toUpperCase());
/** The same header with the punctuation exports add: underscores for spaces, a colon, stars, brackets. */
const punctuated = (spelling: string) => [`${spelling.replace(/ /g, '_')}:`, `* ${spelling} *`, `(${spelling})`, ` ${spelling.replace(/ /g, ' \n ')}. `];

/** Two texts as a two-row header joins them: their normalised forms, joined by a space. */
function joinedColumn(upperText: string, lowerText: string): CanonicalColumn | undefined {
  const first = normaliseHeader(upperText);
  const second = normaliseHeader(lowerText);
  if (!startsSynonym(first)) return undefined;
  return canonicalColumnForNormalised(`${first} ${second}`);
}

describe('normalising header text', () => {
  it.each([
    ['EmpID', 'employee id'], ['Rate/Hr', 'rate hours'], ['O/T', 'overtime'], ['Pay Dt', 'pay date'], ['Check Dt', 'check date'],
    ['PE Date', 'period end date'], ['LAST, FIRST', 'last first'], ['SS No.', 'social security number'], ['Soc Sec #', 'social security number'],
    ['Emp. No.', 'employee number'], ['Reg Hrs', 'regular hours'], ['OT Hrs 1.5x', 'overtime hours 1.5'], ['Chk Date', 'check date'],
    ['Per. End', 'period end'], ['Clock No', 'clock number'], ['Total Deductions', 'total deduction'], ['Hourly Rate ($)', 'hourly rate currency'],
    ['S.S.N.', 'social security number'], ['W/E Date', 'week end date'], ['Year-to-Date Gross', 'ytd gross'], ['Émp  Nº', 'employee number'],
    ['OTHrs', 'overtime hours'], ['Emp_No', 'employee number'], ['Reg.\nHrs.', 'regular hours'],
  ])('reads "%s" as "%s"', (text, normalised) => {
    expect(normaliseHeader(text)).toBe(normalised);
  });

  it('reads "OT 1.5", "OT1.5x" and "ot 1.5" alike, and "OT 2.0" as "OT 2"', () => {
    for (const text of ['OT 1.5', 'OT1.5', 'OT1.5x', 'ot 1.5', 'OT 1.50', 'OT x1.5']) expect(normaliseHeader(text)).toBe('overtime 1.5');
    expect(normaliseHeader('OT 2.0')).toBe(normaliseHeader('OT2'));
  });

  it('reads "dt" as a date next to a date word and as double time otherwise', () => {
    for (const text of ['Pay Dt', 'Check Dt', 'Chk Dt', 'Period End Dt', 'Dt Paid']) expect(normaliseHeader(text)).toContain('date');
    for (const text of ['DT', 'DT Hrs', 'D/T', 'Dt']) expect(normaliseHeader(text)).toMatch(/^double time/);
  });

  it('reads "no" as "number" after a word or with a full stop, and leaves a lone "No" alone', () => {
    expect(normaliseHeader('Emp No')).toBe('employee number');
    expect(normaliseHeader('No.')).toBe('number');
    expect(normaliseHeader('No')).toBe('no');
    expect(normaliseHeader('Yes/No')).toBe('yes no');
  });

  it('gives a normalised text back unchanged', () => {
    for (const [spelling] of [...ENTRIES, ...SENSITIVE_ENTRIES]) expect(normaliseHeader(normaliseHeader(spelling))).toBe(normaliseHeader(spelling));
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom(...ENTRIES.map(([s]) => s))), (text) => {
        const normalised = normaliseHeader(text);
        expect(normaliseHeader(normalised)).toBe(normalised);
      }),
      { numRuns: 2000 },
    );
  });

  /** Words whose reading depends on a neighbour: left out, as a two-row header may split them on purpose. */
  const NEIGHBOUR_READ = new Set(['no', 'dt', 'pd', 'per', 'sec', 'year', 'over', 'yes']);
  const word = fc.oneof(
    fc.constantFrom(
      'Emp', 'ID', 'EmpID', 'Reg', 'Hrs', 'OT', 'O/T', 'Gross', 'Net', 'Pay', 'Rate', 'Check', 'Date', 'Soc', 'SS', 'SSN', 'SS#', '#', 'No.',
      'Total', 'YTD', 'W/H', 'Paid', 'PTO', 'Vac', 'Dept', '$', '%', '(hrs)', '1.5x', 'OT1.5', 'Émp', 'İd', 'ΑΣ', 'Nº', 'Last, First', 'a_b',
    ),
    fc.stringMatching(/^[a-z]{2,8}$/).filter((w) => !NEIGHBOUR_READ.has(w)).map((w) => w.toUpperCase()),
    fc.stringMatching(/^[a-z]{2,8}$/).filter((w) => !NEIGHBOUR_READ.has(w)),
    fc.stringMatching(/^\d{1,3}(\.\d{1,2})?$/),
  );
  const separator = fc.constantFrom(' ', '  ', '/', '-', '_', '.', ', ', '\n', ' (', ') ', ': ', '');
  const text = fc.array(fc.tuple(word, separator), { minLength: 1, maxLength: 4 }).map((parts) => parts.map(([w, s]) => w + s).join(''));

  it('normalises two texts joined by a space as their normalised forms joined by a space', () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        const joined = [normaliseHeader(a), normaliseHeader(b)].filter(Boolean).join(' ');
        expect(normaliseHeader(`${a} ${b}`)).toBe(joined);
      }),
      { numRuns: 3000 },
    );
  });

  it('reads a word split over two rows from its neighbour when the two are joined', () => {
    expect(joinedColumn('Emp', 'No')).toBe('Employee ID');
    expect(joinedColumn('Soc', 'Sec')).toBe('SSN');
    expect(joinedColumn('Soc Sec', 'No.')).toBe('SSN');
    expect(joinedColumn('Over', 'Time')).toBe('Overtime Hours');
  });
});

describe('the vocabulary', () => {
  it('has entries for every canonical column and for no other', () => {
    expect(Object.keys(vocabulary.canonical).sort()).toEqual([...CANONICAL_COLUMNS].sort());
    for (const column of CANONICAL_COLUMNS) expect(CANONICAL_SYNONYMS[column].length).toBeGreaterThan(0);
    expect(ENTRIES.length).toBeGreaterThan(500);
  });

  it('gives no two columns the same words, in any order', () => {
    const owner = new Map<string, CanonicalColumn>();
    for (const [spelling, column] of ENTRIES) {
      const key = [...new Set(normaliseHeader(spelling).split(' '))].sort().join(' ');
      expect([spelling, owner.get(key) ?? column]).toEqual([spelling, column]);
      owner.set(key, column);
    }
  });

  it.each(ENTRIES)('maps "%s" to %s, in upper case and with punctuation too', (spelling, column) => {
    expect(canonicalMatchFor(spelling)).toEqual({ column, strength: 'exact' });
    expect(canonicalColumnFor(upper(spelling))).toBe(column);
    for (const written of punctuated(spelling)) expect([written, canonicalColumnFor(written)]).toEqual([written, column]);
  });

  it.each([
    ['EmpID', 'Employee ID'], ['Rate/Hr', 'Pay Rate'], ['O/T', 'Overtime Hours'], ['Date Paid', 'Pay Date'], ['Pay Dt', 'Pay Date'],
    ['PE Date', 'Period End'], ['LAST, FIRST', 'Employee Name'], ['SS No.', 'SSN'], ['Soc Sec #', 'SSN'], ['Emp. No.', 'Employee ID'],
    ['Reg Hrs', 'Regular Hours'], ['OT Hrs 1.5x', 'Overtime Hours'], ['Gross Wages', 'Gross Pay'], ['Chk Date', 'Pay Date'],
    ['Check Dt', 'Pay Date'], ['Per. End', 'Period End'], ['Pay Period End Date', 'Period End'], ['Employee Number', 'Employee ID'],
    ['Associate ID', 'Employee ID'], ['File Number', 'Employee ID'], ['Clock No', 'Employee ID'], ['Hourly Rate ($)', 'Pay Rate'],
    ['Net Amount', 'Net Pay'], ['Total Deductions', 'Deductions'], ['DT', 'Double Time Hours'], ['DT Hrs', 'Double Time Hours'],
    ['D/T', 'Double Time Hours'], ['Hours', 'Regular Hours'], ['SSN/TIN', 'SSN'], ['Tax ID (SSN)', 'SSN'], ['Social Security Number', 'SSN'],
  ])('maps "%s" to %s', (header, column) => {
    expect(canonicalColumnFor(header)).toBe(column);
  });

  it.each([
    'Total Hours', 'Total Hrs', 'YTD Gross', 'Gross YTD', 'Year to Date Gross', 'Employer Taxes', 'Net Pay YTD', 'Hours Type', 'Rate Type',
    'OT Amount', 'Overtime Pay', 'Holiday Pay', 'Regular Pay', 'OT Rate', 'Check #', 'Check No.', 'Location Code', 'Hire Date', 'Pay Type',
    'Earnings Code', 'Rate Code', 'Batch ID', 'Job Code', 'Social Security Tax', 'Social Security Employee', 'Paid Hours', 'Bonus Hours',
    'Deduction %', 'No', 'Amount', 'Tip Credit', 'Federal Tax ID', 'Account Number', 'Routing Number', 'Days Worked', 'Time and a Half Days',
  ])('keeps "%s" as an extra column', (header) => {
    expect(canonicalMatchFor(header)).toBeUndefined();
  });

  it('says how closely a header matched, so that content may override a weak match', () => {
    expect(canonicalMatchFor('Check Date')).toEqual({ column: 'Pay Date', strength: 'exact' });
    expect(canonicalMatchFor('Date Check')).toEqual({ column: 'Pay Date', strength: 'reordered' });
    expect(canonicalMatchFor('Hours Double Time')).toEqual({ column: 'Double Time Hours', strength: 'reordered' });
    expect(canonicalMatchFor('Gross ($)')).toEqual({ column: 'Gross Pay', strength: 'loose' });
    expect(canonicalMatchFor('Tips Amt')).toEqual({ column: 'Tips', strength: 'loose' });
    expect(canonicalMatchFor('Net Pay This Period')).toEqual({ column: 'Net Pay', strength: 'loose' });
    expect(canonicalMatchFor('Sick Hrs Used')).toEqual({ column: 'Sick Hours', strength: 'loose' });
    expect(canonicalMatchFor('Pay Date (MM/DD/YYYY)')).toEqual({ column: 'Pay Date', strength: 'loose' });
    expect(canonicalMatchFor('Hours\n(hh.hh)')).toEqual({ column: 'Regular Hours', strength: 'loose' });
    expect(canonicalMatchFor('Employee Dept')).toEqual({ column: 'Department', strength: 'loose' });
  });

  it('leaves out a word only where it says nothing more of the column: "amount" of money, never of hours', () => {
    expect(canonicalColumnFor('Tips Amount')).toBe('Tips');
    expect(canonicalColumnFor('Overtime Amount')).toBeUndefined();
    expect(canonicalColumnFor('Regular Hours Worked')).toBe('Regular Hours');
    expect(canonicalColumnFor('Holiday Worked')).toBeUndefined();
  });

  it('lets only words of the vocabulary start a header that more words may complete', () => {
    expect(startsSynonym('employee')).toBe(true);
    expect(startsSynonym('pay period')).toBe(true);
    expect(startsSynonym('ann lee')).toBe(false);
    expect(startsSynonym('')).toBe(false);
    expect(joinedColumn('Regular', 'Hours')).toBe('Regular Hours');
    expect(joinedColumn('Hours', 'Reg')).toBe('Regular Hours');
    expect(joinedColumn('Gross', 'Amount')).toBe('Gross Pay');
    expect(joinedColumn('Overtime', 'Rate')).toBeUndefined();
  });
});

describe('sensitive headers', () => {
  it.each(SENSITIVE_ENTRIES)('recognises "%s" as a %s column, in upper case and with punctuation too', (spelling, kind) => {
    expect(sensitiveKindFor(spelling)).toBe(kind);
    expect(sensitiveKindFor(upper(spelling))).toBe(kind);
    for (const written of punctuated(spelling)) expect([written, sensitiveKindFor(written)]).toEqual([written, kind]);
  });

  it.each([
    ['Bank 2 Account Number', 'bank-account'], ['Primary DD Acct #', 'bank-account'], ['Employee Checking Acct No.', 'bank-account'],
    ['Routing No.', 'routing-number'], ['Bank ABA #', 'routing-number'], ['Direct Deposit Routing Number', 'routing-number'],
  ])('recognises "%s" as a %s column', (header, kind) => {
    expect(sensitiveKindFor(header)).toBe(kind);
  });

  it.each(['Bank Name', 'Account Type', 'Account Name', 'Deposit Amount', 'Direct Deposit', 'Employee Number', 'Check #', 'Account', 'SSN', 'Branch'])(
    'does not take "%s" for a bank account or routing number',
    (header) => {
      expect(sensitiveKindFor(header)).toBeUndefined();
    },
  );

  it('leaves tax ids to the SSN column', () => {
    for (const header of ['SSN', 'SS#', 'Social Security Number', 'SSN/TIN', 'Tax ID (SSN)', 'ITIN', 'SIN']) {
      expect([header, canonicalColumnFor(header), sensitiveKindFor(header)]).toEqual([header, 'SSN', undefined]);
    }
  });
});
