import { csvCell } from '@/server/services/audit/auditCsv';

describe('a cell of the audit CSV', () => {
  it.each([
    ['plain text as it is', 'Acme Payroll', 'Acme Payroll'],
    ['a number as it is, negative too', '-4', '-4'],
    ['a formula behind an apostrophe', '=SUM(A1)', "'=SUM(A1)"],
    ['a comma, quoted', 'Smith, Ann', '"Smith, Ann"'],
    ['a semicolon, quoted', 'Smith; Ann', '"Smith; Ann"'],
    ['a tab, quoted', 'Smith\tAnn', '"Smith\tAnn"'],
    ['a formula after a semicolon, quoted and behind an apostrophe', "Help;=cmd|' /C calc'!A0;x", `"Help;'=cmd|' /C calc'!A0;x"`],
    ['a formula after a tab, with spaces before it', 'Note\t  +1+1', `"Note\t'  +1+1"`],
    ['a formula after a line break', 'Line one\r\n@SUM(A1)', `"Line one\r\n'@SUM(A1)"`],
    ['a number after a separator as it is', 'Week;-4', '"Week;-4"'],
    ['a quote, doubled', 'Ann "Nan" Lee', '"Ann ""Nan"" Lee"'],
    ['a leading tab behind an apostrophe', '\tTabbed', `"'\tTabbed"`],
  ])('keeps %s', (_case, text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it('writes nothing for no value and a number as its digits', () => {
    expect([csvCell(null), csvCell(42)]).toEqual(['', '42']);
  });
});
