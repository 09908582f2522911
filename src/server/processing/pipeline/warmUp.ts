/**
 * Warming a freshly started pipeline thread: the engine runs on a small payroll of its own making until
 * V8 has compiled what an upload's run needs, so a deployment's first uploads (after a start, a deploy or
 * a crash) do not pay for compiling it. The sample is written as Excel writes a workbook (shared
 * strings, styled dates and money, formulas with their values): three sheets of the shapes registers
 * come in (title rows, header spellings of different products, split names, dates, totals rows, a
 * repeated row, missing and malformed values), and the first of them as CSV. Nothing of it
 * is kept: it lives in a temporary folder removed when the warm-up ends.
 *
 * The warm-up gives way to work: the caller aborts it when a job comes, and its run stops at the
 * pipeline's next check of the signal; the pipeline thread calls it again for the runs left once it is
 * idle (pipelineWorker.ts).
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { type CellValue, type ClientHistory, ExcelDate, type ProcessingSummary } from '../types';
import { columnName, escapeText } from '../writing/cellXml';
import { rootRelsXml, workbookXml } from '../writing/packageParts';
import { runPipeline } from './runPipeline';

/** A payroll week: Monday 2026-01-05 as an Excel serial. */
const WEEK_SERIAL = 46027;
const WEEK_START = new Date(Date.UTC(2026, 0, 5));

const FIRST = ['Maria', 'James', 'Aisha', 'Chen', 'Olga', 'Tomás', 'Priya', 'Kwame', 'Sofia', 'Liam', "D'Andre", 'Zoë'];
const LAST = ['Garcia', 'Smith', 'Khan', 'Wei', 'Petrova', 'Núñez', 'Patel', 'Mensah', 'Rossi', "O'Brien", 'Nguyen', 'Müller'];

interface SampleSheet {
  name: string;
  title: string[];
  header: string[];
  row: (i: number, pick: (n: number) => number) => CellValue[];
}

function ssn(i: number): string {
  if (i % 17 === 5) return '12-345';
  return `${String(100 + ((i * 37) % 800)).padStart(3, '0')}-${String(10 + (i % 89)).padStart(2, '0')}-${String(1000 + ((i * 7919) % 9000))}`;
}

const SHEETS: SampleSheet[] = [
  {
    name: 'Hourly',
    title: ['Payroll Register', 'Pay period 01/05/2026 - 01/11/2026'],
    header: ['Employee ID', 'Employee Name', 'SSN', 'Pay Date', 'Department', 'Regular Hours', 'Overtime Hours', 'PTO Hours', 'Rate', 'Gross Pay', 'Notes'],
    row: (i, pick) => [
      i % 23 === 7 ? null : `E${1000 + i}`,
      `${LAST[pick(LAST.length)]}, ${FIRST[pick(FIRST.length)]}`,
      ssn(i),
      new ExcelDate(WEEK_SERIAL + 4),
      ['Kitchen', 'Front', 'Warehouse'][i % 3],
      i % 19 === 3 ? 'forty' : 30 + pick(11),
      pick(4) * 1.5,
      i % 5 === 0 ? 8 : null,
      15 + pick(20) + 0.25,
      i % 29 === 11 ? -12 : 500 + pick(900) + 0.5,
      i % 11 === 0 ? '=SUM(A1:A2)' : '',
    ],
  },
  {
    name: 'Salaried',
    title: ['Acme Holdings Inc.'],
    header: ['EE #', 'Last Name', 'First Name', 'Social Security #', 'Check Date', 'Reg Hrs', 'OT Hrs', 'Pay Rate', 'Gross'],
    row: (i, pick) => [
      1000 + i,
      LAST[pick(LAST.length)],
      FIRST[pick(FIRST.length)],
      Number(ssn(i + 3).replace(/-/g, '')) || ssn(i + 3),
      `01/${String(9 + (i % 3)).padStart(2, '0')}/2026`,
      40,
      i % 7 === 0 ? 2 : 0,
      2000 + pick(3000),
      (2000 + pick(3000)) * 1.0,
    ],
  },
  {
    name: 'Dept 30',
    title: [],
    header: ['File #', 'Name', 'Hours', 'OT', 'Hourly Rate', 'Earnings', 'Date'],
    row: (i, pick) => [`00${300 + i}`, `${FIRST[pick(FIRST.length)]} ${LAST[pick(LAST.length)]}`, 20 + pick(20), pick(3), 18.5, 400 + pick(600), `2026-01-${String(5 + (i % 7)).padStart(2, '0')}`],
  },
];

const ROWS_PER_SHEET = 60;

/** A fixed pseudo-random sequence (the sample is the same in every process). */
function picker(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state % n;
  };
}

function sampleRows(sheet: SampleSheet, seed: number): CellValue[][] {
  const pick = picker(seed);
  const rows: CellValue[][] = sheet.title.map((t) => [t]);
  if (sheet.title.length > 0) rows.push([]);
  rows.push(sheet.header);
  for (let i = 0; i < ROWS_PER_SHEET; i++) {
    rows.push(sheet.row(i, pick));
    // a row entered twice
    if (i === 12) rows.push(sheet.row(i, picker(seed + i)));
  }
  rows.push(['Total', null, null, null, null, 2400]);
  return rows;
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Cell styles: 0 general, 1 a date (numFmt 14), 2 money (numFmt 4). */
const STYLES =
  `<styleSheet xmlns="${MAIN_NS}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills>` +
  '<borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>';

/** One sheet's XML as Excel writes it: cell references, shared strings, styled dates and money, formulas with their values. */
function sheetXml(rows: CellValue[][], strings: Map<string, number>): string {
  const parts = [`${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetData>`];
  rows.forEach((cells, r) => {
    parts.push(`<row r="${r + 1}" spans="1:${Math.max(1, cells.length)}">`);
    cells.forEach((value, c) => {
      if (value === null || value === undefined) return;
      const ref = `${columnName(c)}${r + 1}`;
      if (value instanceof ExcelDate) parts.push(`<c r="${ref}" s="1"><v>${value.serial}</v></c>`);
      else if (typeof value === 'number') {
        const formula = r > 0 && c === cells.length - 1 && cells.length > 8 ? `<f>ROUND(${columnName(c - 1)}${r + 1}*40,2)</f>` : '';
        parts.push(`<c r="${ref}"${Number.isInteger(value) ? '' : ' s="2"'}>${formula}<v>${value}</v></c>`);
      } else if (typeof value === 'boolean') parts.push(`<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`);
      else {
        let index = strings.get(value);
        if (index === undefined) strings.set(value, (index = strings.size));
        parts.push(`<c r="${ref}" t="s"><v>${index}</v></c>`);
      }
    });
    parts.push('</row>');
  });
  parts.push('</sheetData></worksheet>');
  return parts.join('');
}

/** The sample as an xlsx package like Excel's own, with shared strings and styles. */
async function writeSampleXlsx(path: string): Promise<void> {
  const strings = new Map<string, number>();
  const sheets = SHEETS.map((sheet, index) => sheetXml(sampleRows(sheet, index + 1), strings));
  const zip = new ZipFile();
  const written = pipeline(zip.outputStream, createWriteStream(path));
  const add = (name: string, xml: string) => zip.addBuffer(Buffer.from(xml), name);
  const sheetType = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  add(
    '[Content_Types].xml',
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${sheetType}.sheet.main+xml"/>` +
      `<Override PartName="/xl/styles.xml" ContentType="${sheetType}.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="${sheetType}.sharedStrings+xml"/>` +
      SHEETS.map((_s, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${sheetType}.worksheet+xml"/>`).join('') +
      '</Types>',
  );
  add('_rels/.rels', rootRelsXml());
  add('xl/workbook.xml', workbookXml(SHEETS.map((s) => s.name)));
  const n = SHEETS.length;
  add(
    'xl/_rels/workbook.xml.rels',
    `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">${SHEETS.map((_s, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}` +
      `<Relationship Id="rId${n + 1}" Type="${REL_NS}/styles" Target="styles.xml"/><Relationship Id="rId${n + 2}" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  );
  add('xl/styles.xml', XML_HEAD + STYLES);
  sheets.forEach((xml, i) => add(`xl/worksheets/sheet${i + 1}.xml`, xml));
  const items = [...strings.keys()].map((text) => `<si><t${/^\s|\s$/.test(text) ? ' xml:space="preserve"' : ''}>${escapeText(text)}</t></si>`).join('');
  add('xl/sharedStrings.xml', `${XML_HEAD}<sst xmlns="${MAIN_NS}" count="${strings.size}" uniqueCount="${strings.size}">${items}</sst>`);
  zip.end();
  await written;
}

function csvField(value: CellValue): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof ExcelDate ? '01/09/2026' : String(value);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

async function writeSampleCsv(path: string): Promise<void> {
  const lines = sampleRows(SHEETS[0], 7).map((cells) => cells.map(csvField).join(','));
  await writeFile(path, `${lines.join('\r\n')}\r\n`);
}

/** Writes the sample into `dir`: the workbook, and its first sheet as CSV. */
export async function writeWarmUpSample(dir: string): Promise<{ xlsx: string; csv: string }> {
  const xlsx = join(dir, 'sample.xlsx');
  const csv = join(dir, 'sample.csv');
  await Promise.all([writeSampleXlsx(xlsx), writeSampleCsv(csv)]);
  return { xlsx, csv };
}

/** The sample's first run as the client's last approved week. */
function lastWeek(summary: ProcessingSummary): ClientHistory {
  return {
    weekStart: '2025-12-29',
    sheets: summary.sheets.map((s) => ({ name: s.name, mapping: s.mapping.map(({ header, column }) => ({ header, column })) })),
    fixes: [{ sheet: null, header: 'Notes', column: null }],
    facts: summary.weekFacts,
  };
}

/** A warm-up's folder in the temp folder: the prefix, the process's id, a dash and random letters. */
const FOLDER_PREFIX = 'payroll-warm-up-';
const FOLDER = /^payroll-warm-up-(\d+)-/;

function processRuns(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the folders of warm-ups whose process has ended: a process stopped half-way through its
 * warm-up (a deploy, a restart) ends its thread with it, and nothing runs that warm-up's own cleanup.
 */
async function removeAbandoned(): Promise<void> {
  const names = await readdir(tmpdir()).catch(() => [] as string[]);
  await Promise.all(
    names.map(async (name) => {
      const pid = FOLDER.exec(name)?.[1];
      if (pid === undefined || processRuns(Number(pid))) return;
      await rm(join(tmpdir(), name), { recursive: true, force: true }).catch(() => undefined);
    }),
  );
}

export interface WarmUpOptions {
  /** Runs of the engine on the sample, at most. */
  runs: number;
  /** Ends the warm-up: the run under way stops at its next check. */
  signal: AbortSignal;
}

/**
 * Removes what warm-ups of ended processes left behind, then runs the engine on the sample `runs` times
 * (xlsx, and every fourth run CSV; every other run with the first run as the client's last week), or
 * until `signal` is aborted. Resolves with the runs completed; it never rejects: a warm-up that cannot
 * run (no room for its folder, say) leaves the engine to warm on real uploads.
 */
export async function warmUp({ runs, signal }: WarmUpOptions): Promise<number> {
  let dir: string | undefined;
  let done = 0;
  try {
    await removeAbandoned();
    dir = await mkdtemp(join(tmpdir(), `${FOLDER_PREFIX}${process.pid}-`));
    const { xlsx, csv } = await writeWarmUpSample(dir);
    let history: ClientHistory | undefined;
    for (; done < runs && !signal.aborted; done++) {
      const asCsv = done % 4 === 3;
      const summary = await runPipeline({
        inputPath: asCsv ? csv : xlsx,
        fileName: asCsv ? 'Register.csv' : 'Register.xlsx',
        weekStart: WEEK_START,
        consolidatedPath: join(dir, 'consolidated.xlsx'),
        scrubbedPath: join(dir, 'scrubbed.xlsx'),
        // every other run as a client's second week, compared with the first
        history: done % 2 === 1 ? history : undefined,
        signal,
      });
      history ??= lastWeek(summary);
    }
  } catch {
    // aborted, or the sample could not be written or run: the engine warms on real uploads instead
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
  return done;
}
