import { ExcelDate, type CellValue } from '../../../src/server/processing/types';
import { columnName, escapeText } from '../../../src/server/processing/writing/cellXml';
import { FormulaGuard, runsAsFormula } from '../../../src/server/processing/writing/formulaText';
import { encodeRow, viewOf } from '../../../src/server/processing/writing/rowEncoder';

/** The worksheet XML of a row, built the plain way, as the encoder must write it. */
function rowXml(rowNumber: number, cells: readonly CellValue[], header: boolean, guard: FormulaGuard): string {
  let xml = `<row r="${rowNumber}">`;
  cells.forEach((value, i) => {
    if (value === null || value === undefined || value === '') return;
    const ref = `${columnName(i)}${rowNumber}`;
    const text = (t: string) => {
      let style = header ? ' s="4"' : '';
      if (runsAsFormula(t)) {
        if (guard === FormulaGuard.Apostrophe) t = `'${t}`;
        else style = header ? ' s="6"' : ' s="5"';
      }
      const preserve = t.charCodeAt(0) <= 32 || t.charCodeAt(t.length - 1) <= 32 ? ' xml:space="preserve"' : '';
      return `<c r="${ref}"${style} t="inlineStr"><is><t${preserve}>${escapeText(t)}</t></is></c>`;
    };
    if (typeof value === 'number') xml += Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : text(String(value));
    else if (typeof value === 'string') xml += text(value);
    else if (typeof value === 'boolean') xml += `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
    else if (value instanceof ExcelDate) {
      const style = value.serial < 1 ? 3 : value.serial % 1 === 0 ? 1 : 2;
      xml += `<c r="${ref}" s="${style}"><v>${value.serial}</v></c>`;
    }
  });
  return `${xml}</row>`;
}

function sink(bytes: number) {
  const buffer = Buffer.alloc(bytes);
  return {
    buffer,
    view: viewOf(buffer),
    offset: 0,
    reserve(size: number) {
      if (this.offset + size > this.buffer.length) throw new Error('out of room');
    },
  };
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a * 1103515245 + 12345) & 0x7fffffff;
    return a / 0x7fffffff;
  };
}

/** Where the encoder changes method: 32-bit whole numbers, whole cents, 1e7 and 1e12, very small and very large. */
const BOUNDARY_NUMBERS = [9_999_999.99, 10_000_000, 10_000_000.25, 2_147_483_647, 2_147_483_648, 21_474_836.47, 21_474_836.48, 123_456_789_012, 999_999_999_999.5, 1e12, 1e15, 1e21, 0.001, 5e-7, -2_147_483_648.5, 0.1 + 0.2];

describe('the row encoder', () => {
  it.each([
    ['an apostrophe', FormulaGuard.Apostrophe],
    ['a quoted style', FormulaGuard.QuotePrefix],
  ])('writes exactly the plain worksheet XML for every kind of cell, formula-like text given %s', (_how, guard) => {
    const rnd = random(7);
    const texts = [
      'Robert Hernandez', ' leading space', 'trailing ', 'a&b<c>d', 'Zoë Ångström', '_x0041_', 'OK', '***-**-5402', 'tab\there', 'x'.repeat(300), '日本',
      '=SUM(A1)', '+1', '-2+3', '@cmd', '\t=1', '\rx', ' =1 ', '-4', '- 4', '=a&b<c>',
    ];
    const out = sink(4 * 1024 * 1024);
    let expected = '';
    for (let i = 0; i < 2000; i++) {
      const cells: CellValue[] = [];
      const width = 1 + Math.floor(rnd() * 40);
      for (let c = 0; c < width; c++) {
        const k = rnd();
        cells.push(
          k < 0.15 ? null
          : k < 0.35 ? texts[Math.floor(rnd() * texts.length)]
          : k < 0.55 ? Math.round(rnd() * 1e6) / 100
          : k < 0.65 ? rnd() * 1000
          : k < 0.7 ? -Math.round(rnd() * 1e4) / 100
          : k < 0.78 ? new ExcelDate(rnd() < 0.2 ? rnd() : 45000 + Math.floor(rnd() * 100) + (rnd() < 0.3 ? 0.25 : 0))
          : k < 0.83 ? rnd() < 0.5
          : k < 0.85 ? Number.NaN
          : k < 0.9 ? ''
          : k < 0.95 ? Math.floor(rnd() * 1e9)
          : BOUNDARY_NUMBERS[Math.floor(rnd() * BOUNDARY_NUMBERS.length)],
        );
      }
      // row numbers from one digit to more than eight
      const rowNumber = i < 20 ? i + 1 : i * 50_021;
      const header = i % 97 === 0;
      encodeRow(out, rowNumber, cells, header, guard);
      expected += rowXml(rowNumber, cells, header, guard);
    }
    expect(out.buffer.subarray(0, out.offset).toString('utf8')).toBe(expected);
  });

  it('writes every count of digits, at each power of ten and either side of it, as plain XML does', () => {
    const around = [1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((p) => [10 ** p - 1, 10 ** p, 10 ** p + 1]);
    const numbers = [0, 1, 7, ...around.filter((n) => n <= 2_147_483_647), 2_147_483_647, ...around.filter((n) => n < 1e7).map((n) => n + 0.5), ...around.map((n) => -n)];
    const out = sink(1024 * 1024);
    let expected = '';
    numbers.forEach((n, i) => {
      const rowNumber = around[i % around.length];
      encodeRow(out, rowNumber, [n, n / 100], false, FormulaGuard.Apostrophe);
      expected += rowXml(rowNumber, [n, n / 100], false, FormulaGuard.Apostrophe);
    });
    expect(out.buffer.subarray(0, out.offset).toString('utf8')).toBe(expected);
  });
});
