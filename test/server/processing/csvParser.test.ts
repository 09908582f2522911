import { parse } from 'csv-parse/sync';
import { CsvParser, type CsvRecord } from '../../../src/server/processing/reading/csvParser';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Plain text; numbers are spelled as Number() would print them, so typed fields compare as text. */
const PLAIN = ['Ann Lee', 'Store 1', '', '40', '17.5', '-3', 'x', '3/14/2025', '619-48-3319', 'a"b', 'Dept "A"', ' padded '];
/** Quoted: delimiters, doubled quotes, line breaks of every kind inside. */
const QUOTED = ['Lee, Ann', 'say ""hi""', 'two\nlines', 'cr\r\nlf', 'lone\rcr', '""', '', '40', 'a;b\tc'];

interface Written {
  text: string;
  records: Array<{ line: number; fields: string[] }>;
}

/** `ending` ends every line, or a random one each when not given. */
function writeCsv(rnd: () => number, delimiter: string, count: number, ending?: string): Written {
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)];
  let text = '';
  let line = 1;
  const records: Written['records'] = [];
  for (let r = 0; r < count; r++) {
    const fields: string[] = [];
    const width = 1 + Math.floor(rnd() * 5);
    const start = line;
    for (let f = 0; f < width; f++) {
      if (f > 0) text += delimiter;
      if (rnd() < 0.3) {
        const inside = pick(QUOTED);
        text += `"${inside}"`;
        fields.push(inside.replace(/""/g, '"'));
        line += (inside.match(/\r\n|\n|\r/g) ?? []).length;
      } else {
        const plain = pick(PLAIN);
        text += plain;
        fields.push(plain);
      }
    }
    text += ending ?? pick(['\n', '\r\n', '\r']);
    line++;
    records.push({ line: start, fields });
  }
  return { text, records };
}

function parseInPieces(text: string, delimiter: string, cuts: number[]): CsvRecord[] {
  const parser = new CsvParser(delimiter);
  let from = 0;
  for (const cut of [...cuts, text.length]) {
    parser.feed(text.slice(from, cut));
    from = cut;
  }
  parser.end();
  return parser.takeRecords();
}

/** Fields as text again: numbers as Number() prints them, an empty field (null) as ''. */
const asText = (c: string | number | null) => (c === null ? '' : String(c));
const asWritten = (records: CsvRecord[]) => records.map((r) => ({ line: r.row, fields: r.cells.map(asText) }));

describe('the CSV parser', () => {
  it.each([',', ';', '\t'])('reads what was written with %j, fed whole or cut anywhere, as csv-parse does', (delimiter) => {
    const rnd = random(delimiter.charCodeAt(0));
    for (let round = 0; round < 40; round++) {
      // csv-parse takes the first line end for all of them: the same one throughout, for the comparison
      const ending = ['\n', '\r\n', '\r', undefined][round % 4];
      const written = writeCsv(rnd, delimiter, 30, ending);
      const whole = parseInPieces(written.text, delimiter, []);
      expect(asWritten(whole)).toEqual(written.records);
      if (ending) {
        expect(whole.map((r) => r.cells.map(asText))).toEqual(parse(written.text, { delimiter, relax_column_count: true, relax_quotes: true }));
      }
      // cut at every kind of place: inside quotes, between a doubled quote, between CR and LF
      const cuts = Array.from({ length: 6 }, () => Math.floor(rnd() * written.text.length)).sort((a, b) => a - b);
      expect(asWritten(parseInPieces(written.text, delimiter, cuts))).toEqual(written.records);
    }
  });

  it('reads a text cut after every single character like the text fed whole', () => {
    const written = writeCsv(random(7), ',', 40);
    const everywhere = Array.from({ length: written.text.length - 1 }, (_, i) => i + 1);
    expect(asWritten(parseInPieces(written.text, ',', everywhere))).toEqual(written.records);
  });

  it('keeps how a chunk ended (a CR, a closing quote, a CR inside quotes) across empty chunks that follow it', () => {
    const text = 'a,"x""y"\r\n"two\r\nlines",b\r\n"q""",3\r\n';
    const whole = asWritten(parseInPieces(text, ',', []));
    expect(whole).toEqual([
      { line: 1, fields: ['a', 'x"y'] },
      { line: 2, fields: ['two\r\nlines', 'b'] },
      { line: 4, fields: ['q"', '3'] },
    ]);
    // every character its own chunk, each followed by an empty one
    const parser = new CsvParser(',');
    for (const c of text) {
      parser.feed(c);
      parser.feed('');
    }
    parser.end();
    expect(asWritten(parser.takeRecords())).toEqual(whole);
  });

  it('gives an empty field, quoted or not, as an empty cell (null), and a field of spaces as its text', () => {
    const records = parseInPieces('a,,"",\r\n, ,"0"\r\n', ',', [3]);
    expect(records.map((r) => r.cells)).toEqual([
      ['a', null, null, null],
      [null, ' ', 0],
    ]);
  });

  it('keeps a last line without a line end, and a quote inside an unquoted field as text', () => {
    expect(asWritten(parseInPieces('a,b"c\n1,"x"', ',', []))).toEqual([
      { line: 1, fields: ['a', 'b"c'] },
      { line: 2, fields: ['1', 'x'] },
    ]);
  });
});
