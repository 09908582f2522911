import { readDate } from '@/server/processing/scrubbing/dates';
import { fullName, readWrittenName, splitName } from '@/server/processing/scrubbing/names';
import { formatNumber, parseAmount, round } from '@/server/processing/scrubbing/numbers';
import { maskSsn } from '@/server/processing/scrubbing/ssn';
import { scrubText } from '@/server/processing/scrubbing/text';
import { ExcelDate } from '@/server/processing/types';
import { neutraliseFormula } from '@/server/processing/writing/formulaText';

const serial = (y: number, m: number, d: number) => (Date.UTC(y, m - 1, d) - Date.UTC(1899, 11, 30)) / 86400000;

describe('text', () => {
  it('trims, collapses inner whitespace and removes control characters', () => {
    expect(scrubText('  Ann \t  Lee\u0007 ')).toBe('Ann Lee');
    expect(scrubText('plain')).toBe('plain');
  });

  it.each(['=SUM(A1:A9)', '+1+1', '-2+3', '@cmd', '=HYPERLINK("http://x")', '\t=1+1', '\r@cmd', '\tnote', ' =1', '\u00A0+A1', '-Infinity'])('neutralises %j', (text) => {
    expect(neutraliseFormula(text)).toBe(`'${text}`);
  });

  it('leaves text that is just a number, and ordinary text', () => {
    expect(neutraliseFormula('-4')).toBe('-4');
    expect(neutraliseFormula('+12.5')).toBe('+12.5');
    expect(neutraliseFormula(' -1.5e3')).toBe(' -1.5e3');
    expect(neutraliseFormula('Ann')).toBe('Ann');
    expect(neutraliseFormula('Ångström')).toBe('Ångström');
    expect(neutraliseFormula('  Ann')).toBe('  Ann');
    expect(neutraliseFormula("'=1")).toBe("'=1");
    expect(neutraliseFormula('')).toBe('');
  });
});

describe('numbers', () => {
  it.each<[unknown, number | null | undefined]>([
    ['$1,234.50', 1234.5], ['(12.00)', -12], ['12.5 hrs', 12.5], ['', null], ['  ', null], [40, 40], ['-$5.25', -5.25],
    ['$-5.25', -5.25], ['1,000', 1000], ['.5', 0.5], ['8 hours', 8], ['abc', undefined], ['12.5.3', undefined], ['(5', undefined],
  ])('reads %p as %p', (text, expected) => {
    expect(parseAmount(text as string)).toBe(expected);
  });

  it('writes numbers in messages as en-US does', () => {
    const values = [0, -0, 1, 7.25, 12.5, 999.995, 1000, 1234.5, -1234.567, 0.125, -0.001, 1.005, 2.675, -1.005, 0.1 + 0.2, 12_345_678.9, 80, 100.004, 99.995, 2 ** 40 + 0.5, 5e-7, 123_456_789.125];
    for (const value of values) {
      expect(formatNumber(value, 2)).toBe(new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value));
      expect(formatNumber(Math.round(value), 0)).toBe(new Intl.NumberFormat('en-US').format(Math.round(value)));
    }
  });

  it('rounds half away from zero, immune to binary fractions', () => {
    expect(round(1.005, 2)).toBe(1.01);
    expect(round(-1.005, 2)).toBe(-1.01);
    expect(round(2.675, 2)).toBe(2.68);
    expect(round(0.1 + 0.2, 2)).toBe(0.3);
  });
});

describe('dates', () => {
  it.each<[unknown, number]>([
    ['3/7/2025', serial(2025, 3, 7)], ['2025-03-07', serial(2025, 3, 7)], ['7-Mar-2025', serial(2025, 3, 7)],
    ['Mar 7 2025', serial(2025, 3, 7)], ['March 7, 2025', serial(2025, 3, 7)], [45723, 45723],
  ])('reads %p', (value, expected) => {
    const reading = readDate(value as string);
    expect(reading && 'date' in reading ? reading.date.serial : reading).toBe(expected);
  });

  it('keeps date cells as they are', () => {
    expect(readDate(new ExcelDate(45000))).toEqual({ date: new ExcelDate(45000) });
  });

  it('calls 2/30/2025 impossible and ambiguous forms unreadable', () => {
    expect(readDate('2/30/2025')).toEqual({ problem: 'impossible' });
    expect(readDate('13/1/2025')).toEqual({ problem: 'impossible' });
    expect(readDate('3/4/25')).toEqual({ problem: 'unreadable' });
    expect(readDate('soon')).toEqual({ problem: 'unreadable' });
    expect(readDate('')).toBeNull();
  });
});

describe('names', () => {
  it('reads a comma as "Last, First" and otherwise splits at the last space', () => {
    expect(splitName('CHEN, DAVID')).toEqual({ first: 'David', last: 'Chen' });
    expect(splitName('mary ann smith')).toEqual({ first: 'Mary Ann', last: 'Smith' });
    expect(fullName(splitName("O'BRIEN, SEAN"))).toBe("Sean O'Brien");
  });

  it('leaves mixed-case words as written', () => {
    expect(splitName('Ronald McDonald')).toEqual({ first: 'Ronald', last: 'McDonald' });
  });

  it('reads names already written cleanly, and those that are not, the same way', () => {
    const cases: Array<[string, string, string, string]> = [
      // written, first, last, full
      ['Barbara Johnson', 'Barbara', 'Johnson', 'Barbara Johnson'],
      ['Mary Ann Smith', 'Mary Ann', 'Smith', 'Mary Ann Smith'],
      ['Madonna', 'Madonna', '', 'Madonna'],
      ['Ronald McDONALD', 'Ronald', 'McDONALD', 'Ronald McDONALD'],
      ['ronald McDonald', 'Ronald', 'McDonald', 'Ronald McDonald'],
      ['José García', 'José', 'García', 'José García'],
      ['ÉMILE Zola', 'Émile', 'Zola', 'Émile Zola'],
      ['Anne-Marie DUPONT', 'Anne-Marie', 'Dupont', 'Anne-Marie Dupont'],
      ['Lee, Ann', 'Ann', 'Lee', 'Ann Lee'],
      ['X Æ', 'X', 'Æ', 'X Æ'],
    ];
    for (const [written, first, last, full] of cases) {
      expect({ written, ...readWrittenName(written).split, full: readWrittenName(written).full }).toEqual({ written, first, last, full });
    }
  });
});

describe('SSN', () => {
  it('masks a valid SSN, whatever its punctuation', () => {
    expect(maskSsn('123-45-6789')).toEqual({ masked: '***-**-6789', valid: true });
    expect(maskSsn('123 45 6789')).toEqual({ masked: '***-**-6789', valid: true });
    expect(maskSsn(12345678)).toEqual({ masked: '***-**-5678', valid: true });
  });

  it('never echoes an invalid SSN in full, and ignores a blank one', () => {
    expect(maskSsn('12345')).toEqual({ masked: '***-**-****', valid: false });
    expect(maskSsn('123-45-67890')).toEqual({ masked: '***-**-7890', valid: false });
    expect(maskSsn('')).toBeNull();
    expect(maskSsn(null)).toBeNull();
  });
});
