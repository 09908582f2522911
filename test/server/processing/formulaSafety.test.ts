import { join } from 'node:path';
import { type Cell, removeDir, runEngine, tempDir, writeText, writeXlsx, zipEntries } from './engineHarness';

let dir: string;
beforeAll(() => {
  dir = tempDir();
});
afterAll(() => removeDir(dir));

/** What a spreadsheet program would run as a formula: text starting with = + - @ tab or CR, or with one of = + - @ after leading spaces. */
function runsAsFormula(text: string): boolean {
  const trimmed = text.trimStart();
  if (/^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) return false;
  return /^[=+\-@\t\r]/.test(text) || /^[=+\-@]/.test(trimmed);
}

interface OutputCell {
  sheet: string;
  ref: string;
  text: string;
  /** The cell's style tells the spreadsheet program its text is text, whatever it starts with (`quotePrefix`). */
  quoted: boolean;
}

function xmlText(xml: string): string {
  return xml
    .replace(/&(lt|gt|quot|apos|amp|#x[0-9a-f]+|#\d+);/gi, (_m, name: string) => {
      const named: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
      if (named[name]) return named[name];
      return String.fromCodePoint(name[1].toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    })
    .replace(/_x([0-9A-Fa-f]{4})_/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const attributes = (text: string) => Object.fromEntries([...text.matchAll(/([\w:]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
/** The text of an `<si>` or `<is>`: every run's `<t>` joined. */
const runsText = (xml: string) => [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => xmlText(m[1])).join('');

/** Every sheet of an xlsx read from its parts: each text cell, whether any cell is a formula, the sheet names. */
async function readOutput(path: string): Promise<{ sheets: string[]; texts: OutputCell[]; formulas: number }> {
  const parts = new Map((await zipEntries(path)).map((e) => [e.name, e.data.toString('utf8')]));
  const part = (name: string) => parts.get(name) ?? '';
  const quotedStyles = [...(part('xl/styles.xml').match(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/)?.[1] ?? '').matchAll(/<xf\b([^>]*)/g)].map((m) => attributes(m[1]).quotePrefix === '1');
  const shared = [...part('xl/sharedStrings.xml').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => runsText(m[1]));
  const targets = new Map([...part('xl/_rels/workbook.xml.rels').matchAll(/<Relationship\b([^>]*)/g)].map((m) => {
    const a = attributes(m[1]);
    return [a.Id, `xl/${a.Target.replace(/^\/?xl\//, '')}`];
  }));
  const sheets: string[] = [];
  const texts: OutputCell[] = [];
  let formulas = 0;
  for (const m of part('xl/workbook.xml').matchAll(/<sheet\b([^>]*)/g)) {
    const a = attributes(m[1]);
    const sheet = xmlText(a.name);
    sheets.push(sheet);
    const xml = part(targets.get(a['r:id']) as string);
    expect(xml).toContain('<sheetData');
    for (const c of xml.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const cell = attributes(c[1]);
      const body = c[2] ?? '';
      if (/<f[\s>/]/.test(body)) formulas++;
      const text = cell.t === 'inlineStr' ? runsText(body) : cell.t === 's' ? shared[Number(/<v>(\d+)<\/v>/.exec(body)?.[1])] : cell.t === 'str' ? xmlText(/<v>([\s\S]*?)<\/v>/.exec(body)?.[1] ?? '') : undefined;
      if (text !== undefined) texts.push({ sheet, ref: cell.r, text, quoted: quotedStyles[Number(cell.s ?? 0)] === true });
    }
  }
  return { sheets, texts, formulas };
}

/** Neither output holds a formula, nor text that would run as one unescaped; returns both as read. */
async function expectNoFormulas(consolidatedPath: string, scrubbedPath: string) {
  const consolidated = await readOutput(consolidatedPath);
  const scrubbed = await readOutput(scrubbedPath);
  expect(consolidated.sheets).toEqual(['Consolidated', 'Sources']);
  expect(scrubbed.sheets).toEqual(['Scrubbed', 'Employee Totals', 'Issues', 'Summary']);
  for (const file of [consolidated, scrubbed]) {
    expect(file.formulas).toBe(0);
    expect(file.texts.filter((c) => runsAsFormula(c.text) && !c.quoted)).toEqual([]);
  }
  return { consolidated, scrubbed };
}

/** Sheets holding text that would have run as a formula: quoted as written, or given a leading apostrophe. */
function sheetsWithEscapes(texts: OutputCell[]): string[] {
  return [...new Set(texts.filter((c) => (c.quoted && runsAsFormula(c.text)) || (c.text.startsWith("'") && runsAsFormula(c.text.slice(1)))).map((c) => c.sheet))];
}

const textOf = (texts: OutputCell[], sheet: string, ref: string) => texts.find((c) => c.sheet === sheet && c.ref === ref);

describe('text that a spreadsheet program would run as a formula', () => {
  it('reaches no sheet of either output unescaped: names, departments, sheet names, headers, free text, messages, file name', async () => {
    const sheets: Array<{ name: string; rows: Cell[][] }> = [
      {
        name: '=Store',
        rows: [
          ['=Emp #', 'Name', 'Dept', 'Reg Hrs', 'Gross', '@Memo', '+Extra'],
          ['=1+2', '=HYPERLINK("http://x")', '+Kitchen', 40, 800, '@SUM(A1)', '-2+3'],
          ['E2', '-Minus Ann', '@Bar', 30, 600, '\t=tabbed', '\r=cr'],
          ['E3', 'Ann Lee', '-Floor', '=40', 600, ' =spaced', '-4'],
          ['=1+2', '=Other Person', 'Kitchen', 10, 200, null, null],
          [null, '@Over Worker', 'Kitchen', 90, 900, null, null],
        ],
      },
      { name: '+Second', rows: [['Employee ID', 'Employee Name', 'Regular Hours'], ['E5', 'Bo Chan', 20]] },
      { name: '@Notes', rows: [['=Nothing to see']] },
      { name: '-Empty', rows: [] },
    ];
    const input = await writeXlsx(join(dir, 'formulas.xlsx'), sheets);
    await runEngine(dir, input, '=cmd.xlsx');
    const { consolidated, scrubbed } = await expectNoFormulas(join(dir, '=cmd.xlsx.consolidated.xlsx'), join(dir, '=cmd.xlsx.scrubbed.xlsx'));

    // every sheet of both files had some to escape
    expect(sheetsWithEscapes(consolidated.texts).sort()).toEqual(['Consolidated', 'Sources']);
    expect(sheetsWithEscapes(scrubbed.texts).sort()).toEqual(['Employee Totals', 'Issues', 'Scrubbed', 'Summary']);
    // the consolidated file keeps the text as written (its cells are marked as text); the scrubbed file's gets an apostrophe
    expect(textOf(consolidated.texts, 'Consolidated', 'A2')).toEqual({ sheet: 'Consolidated', ref: 'A2', text: '=1+2', quoted: true });
    expect(textOf(scrubbed.texts, 'Employee Totals', 'A2')?.text).toBe("'=1+2");
    expect(textOf(scrubbed.texts, 'Employee Totals', 'C2')?.text).toBe("'+Kitchen; Kitchen");
    expect(textOf(scrubbed.texts, 'Summary', 'B1')?.text).toBe("'=cmd.xlsx");
    // text that is just a number is left alone, and ordinary text is not marked
    expect(consolidated.texts.filter((c) => c.text === '-4' || c.text === 'Ann Lee').map((c) => c.quoted)).toEqual([false, false]);
  });

  it('reaches neither output unescaped from a CSV: its file name is the sheet name, fields hold tabs and CRs', async () => {
    const csv = 'Employee ID,Employee Name,Regular Hours,Department,Memo\r\n1,"\r=Cr Name",40,"\t=Tab",@x\r\n2,-Lee Ann,30,+Dept,"-1+1"\r\n';
    const input = writeText(join(dir, 'formulas.csv'), csv);
    await runEngine(dir, input, '+payroll.csv');
    const { consolidated, scrubbed } = await expectNoFormulas(join(dir, '+payroll.csv.consolidated.xlsx'), join(dir, '+payroll.csv.scrubbed.xlsx'));
    expect(sheetsWithEscapes(consolidated.texts).sort()).toEqual(['Consolidated', 'Sources']);
    expect(sheetsWithEscapes(scrubbed.texts)).toEqual(expect.arrayContaining(['Employee Totals', 'Scrubbed', 'Summary']));
  });
});
