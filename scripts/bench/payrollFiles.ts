/** Writes a payroll model as a real-looking xlsx (shared strings, date styles), a CSV or an .xls. */
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import * as XLSX from '@e965/xlsx';
import { type ModelCell, type PayrollModel } from './payrollModel';

function column(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

/**
 * `excelLike` writes what Excel itself leaves in every row and cell (row spans and descent, a style on
 * each cell), as the dense benchmark workbooks do; the plain form stays minimal.
 */
const DENSE_WIDTH = 27;

export async function writeModelXlsx(model: PayrollModel, path: string, excelLike = false): Promise<void> {
  const strings = new Map<string, number>();
  const zip = new yazl.ZipFile();
  const output = pipeline(zip.outputStream, createWriteStream(path));
  const sheetXml = function* (rows: ModelCell[][]): Generator<string> {
    const x14ac = excelLike ? ' xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x14ac" xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac"' : '';
    yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet ${NS}${x14ac}><dimension ref="A1"/><sheetData>`;
    let chunk = '';
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r];
      let xml = excelLike ? `<row r="${r + 1}" spans="1:${Math.max(1, row.length)}" x14ac:dyDescent="0.25">` : `<row r="${r + 1}">`;
      for (let c = 0; c < row.length; c++) {
        const v = row[c];
        if (v === null || v === undefined) continue;
        const ref = column(c) + (r + 1);
        if (typeof v === 'number') {
          // a dense row's Deductions and Net Pay are formulas with their cached values, as in a real sheet
          const f = !excelLike || row.length !== DENSE_WIDTH ? '' : c === 22 ? `<f>SUM(R${r + 1}:V${r + 1})</f>` : c === 23 ? `<f>M${r + 1}-W${r + 1}</f>` : '';
          xml += excelLike ? `<c r="${ref}" s="${Number.isInteger(v) ? 3 : 2}">${f}<v>${v}</v></c>` : `<c r="${ref}"><v>${v}</v></c>`;
        }
        else if (typeof v === 'string') {
          let index = strings.get(v);
          if (index === undefined) strings.set(v, (index = strings.size));
          xml += `<c r="${ref}"${excelLike ? ' s="3"' : ''} t="s"><v>${index}</v></c>`;
        } else xml += `<c r="${ref}" s="1"><v>${v.date}</v></c>`;
      }
      chunk += xml + '</row>';
      if (chunk.length > 1 << 16) {
        yield chunk;
        chunk = '';
      }
    }
    yield chunk + '</sheetData></worksheet>';
  };
  // the sheets go in first so the shared strings are complete when their part is written
  model.sheets.forEach((sheet, i) => zip.addReadStream(Readable.from(sheetXml(sheet.rows)), `xl/worksheets/sheet${i + 1}.xml`));
  const sheets = model.sheets.map((s, i) => `<sheet name="${escape(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('');
  const rels = model.sheets.map((_s, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('');
  const n = model.sheets.length;
  zip.addReadStream(
    Readable.from(
      (function* () {
        yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.size}" uniqueCount="${strings.size}">`;
        let chunk = '';
        for (const s of strings.keys()) {
          chunk += `<si><t>${escape(s)}</t></si>`;
          if (chunk.length > 1 << 16) {
            yield chunk;
            chunk = '';
          }
        }
        yield chunk + '</sst>';
      })(),
    ),
    'xl/sharedStrings.xml',
  );
  zip.addBuffer(Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><workbook ${NS}><sheets>${sheets}</sheets></workbook>`), 'xl/workbook.xml');
  zip.addBuffer(Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels}<Relationship Id="rId${n + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId${n + 2}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`), 'xl/_rels/workbook.xml.rels');
  zip.addBuffer(Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyAlignment="1"><alignment horizontal="left"/></xf></cellXfs></styleSheet>`), 'xl/styles.xml');
  zip.addBuffer(Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`), '_rels/.rels');
  const overrides = model.sheets.map((_s, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('');
  zip.addBuffer(Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>${overrides}</Types>`), '[Content_Types].xml');
  zip.end();
  await output;
}

function csvField(v: ModelCell, delimiter: string): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    const d = new Date(Date.UTC(1899, 11, 30) + v.date * 86400000);
    return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
  }
  const text = String(v);
  return text.includes(delimiter) || text.includes('"') || text.includes('\n') ? `"${text.replace(/"/g, '""')}"` : text;
}

/** All sheets of the model in one CSV (one title block and header, as an export would have). */
export async function writeModelCsv(model: PayrollModel, path: string, delimiter = ','): Promise<void> {
  const lines = function* (): Generator<string> {
    let chunk = '';
    for (const [s, sheet] of model.sheets.entries()) {
      for (const row of s === 0 ? sheet.rows : sheet.rows.slice(sheet.bodyStart)) {
        chunk += row.map((v) => csvField(v, delimiter)).join(delimiter) + '\r\n';
        if (chunk.length > 1 << 16) {
          yield chunk;
          chunk = '';
        }
      }
    }
    yield chunk;
  };
  await pipeline(Readable.from(lines()), createWriteStream(path));
}

/** BIFF8 .xls through SheetJS (there is no streaming xls writer). */
export function writeModelXls(model: PayrollModel, path: string): void {
  const wb = XLSX.utils.book_new();
  for (const sheet of model.sheets) {
    const aoa = sheet.rows.map((row) => row.map((v) => (v !== null && typeof v === 'object' ? new Date(Date.UTC(1899, 11, 30) + v.date * 86400000) : v)));
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa, { cellDates: true, dateNF: 'm/d/yyyy' }), sheet.name);
  }
  XLSX.writeFile(wb, path, { bookType: 'xls' });
}
