/**
 * The real-world corpus (test/fixtures/real-world): workbooks written by real spreadsheet programs, none
 * of them payroll. Each ends as a person would expect (the table below says what each file is and how it
 * should end), within 10 seconds and 512 MB. The files run in one child process; a watchdog kills it if
 * any single file takes longer, and the child samples its RSS while each file runs.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_MESSAGES, type ProcessingErrorCode } from '@/server/processing/processingError';

const CORPUS = join(__dirname, '../../fixtures/real-world');
const PER_FILE_MS = 10_000;
const STARTUP_MS = 20_000;
const MAX_RSS_MB = 512;

interface FileOutcome {
  event: 'start' | 'end';
  file: string;
  ms?: number;
  peakRssMb?: number;
  ok?: boolean;
  code?: string;
  message?: string;
  rowsIn?: number;
  tables?: Array<{ sheet: string; headerRow?: number; dataRows: number; mapping: string[] }>;
}

/**
 * How a file should end, and what it is. A refusal's message is ERROR_MESSAGES[outcome], except for a
 * table of names without hours or pay (`found`): "No payroll data found: found <kinds> but no hours or
 * pay columns. ...", naming at least those kinds and none of `notFound` (kinds the file does not hold).
 */
type Expected = { why: string } & (
  | { outcome: 'processed'; rows: number; sheets: string[] }
  | { outcome: Exclude<ProcessingErrorCode, 'NO_PAYROLL_DATA'> }
  | { outcome: 'NO_PAYROLL_DATA'; found?: string[]; notFound?: string[] }
);

const NONE = 'NO_PAYROLL_DATA';

const EXPECTED: Record<string, Expected> = {
  'OOM_alloc2.xls': { outcome: NONE, why: 'a gas sales statement (buyer, seller, quantity, price per line) whose records once made a reader allocate without bound' },
  'OOM_alloc3.xls': { outcome: 'CORRUPT', why: 'a compound file whose container is unsound, made to exhaust a reader’s memory' },
  'any_sheets.xlsx': { outcome: NONE, why: 'visible, hidden, very hidden and chart sheets holding pairs of small numbers' },
  'biff5-rich-text-string.xls': { outcome: NONE, why: 'a scanned electoral roll ("Surname in full.", "Christian Names (if any) in full."): no header a register uses' },
  'capitalized_wbook_stream.xls': { outcome: 'EMPTY', why: 'one blank sheet, in a workbook stream named BOOK' },
  'column_row_ranges.xlsx': { outcome: NONE, why: 'two sheets of zeros formatted by column and row ranges' },
  'date.xlsx': { outcome: NONE, why: 'two dates, a time and three small numbers, no header' },
  'date_1904.xlsx': { outcome: NONE, why: 'two dates, a time and three small numbers in the 1904 date system' },
  'date_iso.xlsx': { outcome: NONE, why: 'a date, a date-time and a time, with notes on how they were written' },
  'date_quoted_format.xlsx': { outcome: NONE, why: 'one date in four number formats' },
  'empty-string.xls': { outcome: NONE, why: 'an empty text cell and =ISBLANK of it (FALSE)' },
  'empty_s_attribute.xlsx': { outcome: NONE, found: ['names'], why: 'four people’s first names (Name) with a number each (Value): people without hours or pay' },
  'empty_shared_string.xlsx': { outcome: NONE, why: 'one word over an empty text cell' },
  'empty_shared_string_value.xlsx': { outcome: NONE, found: ['names', 'addresses'], why: 'people with a city and a status (Name, City, Status)' },
  'empty_sheet.xlsx': { outcome: 'EMPTY', why: 'one sheet without a cell' },
  'errors.xlsx': { outcome: NONE, why: 'a column of formula errors (#DIV/0!, #NAME? ...) and two blank sheets' },
  'formula-date-format.xls': { outcome: NONE, why: 'two dates, one typed, one a formula’s result' },
  'formula.issue.xlsx': { outcome: NONE, why: 'four scattered formula results (23, 23, 2, US)' },
  'gh548_incorrect_sst_unique_count.xls': { outcome: NONE, found: ['names'], notFound: ['employee IDs'], why: 'NHS A&E attendance statistics, with lists of trusts (Code, Region, Name)' },
  'has_x000D_.xlsx': { outcome: NONE, why: 'one cell of two-line text' },
  'inlineStr_cdata.xlsx': { outcome: NONE, why: 'two rows of test text, one written as CDATA' },
  'inlineStr_with_value.xlsx': { outcome: NONE, found: ['names'], notFound: ['employee IDs'], why: 'one requirement of a requirements export (ID RQ11610, Name, Type, Description): no employees' },
  'inventory-table.xlsx': { outcome: NONE, why: 'fruit stock (Item, Type, Quantity)' },
  'issue127.xls': { outcome: 'EMPTY', why: 'eight blank sheets' },
  'issue127.xlsx': { outcome: 'EMPTY', why: 'eight blank sheets' },
  'issue219.xls': { outcome: NONE, why: 'one cell ("a") on a sheet with a Chinese name' },
  'issue221.xlsm': { outcome: NONE, why: 'four cells labelled with their own addresses' },
  'issue281.xlsm': { outcome: 'EMPTY', why: 'three blank sheets and a macro' },
  'issue3.xlsm': { outcome: NONE, why: 'one row (1, a) and two blank sheets' },
  'issue343.xls': { outcome: 'EMPTY', why: 'one sheet whose only cell is a formula giving empty text' },
  'issue446.xlsx': { outcome: NONE, why: 'a block of numbers and formulas without a header' },
  'issue644.xlsx': { outcome: NONE, why: 'ten numbers and their logarithms' },
  'issue9.xlsx': { outcome: NONE, why: 'four lines of test text and two blank sheets' },
  'issue_174.xlsx': { outcome: NONE, why: 'a courier booking template (Ref #, Contact Name, Address, Weight, Pieces) with one test row, its size declared as the whole sheet' },
  'issue_261.xlsx': { outcome: NONE, why: 'anonymised text and numbers ("String Value 32", 45000), no header' },
  'issue_261_fixed_by_excel.xlsx': { outcome: NONE, why: 'the same anonymised text and numbers, saved again by Excel' },
  'issue_271.xls': { outcome: NONE, found: ['names'], why: 'a test list of people (name, sex) with one row' },
  'issue_385.xls': { outcome: 'PASSWORD_PROTECTED', why: 'a workbook protected with a password' },
  'issue_391.xlsx': { outcome: NONE, why: 'the numbers 1 to 7 in a column' },
  'issue_419.xlsx': { outcome: NONE, why: 'one cell ("Hello")' },
  'issue_530.xlsx': { outcome: NONE, why: 'an attendance summary per organisation unit (headcount, days per shift), not per employee' },
  'issue_565_multi_axis_shared.xlsx': { outcome: NONE, why: 'zeros computed by shared formulas' },
  'issue_567_absolute_shared.xlsx': { outcome: NONE, why: 'zeros computed by shared formulas with absolute references' },
  'issue_643_biff5_formula.xls': { outcome: NONE, why: 'a four-by-four grid of mixed values and formulas' },
  'issue_644.xlsx': { outcome: NONE, why: 'ten numbers and their logarithms' },
  'issue_646_unsupported_formula_function.xls': { outcome: NONE, why: 'one formula result (1) calling an unknown function' },
  'issues.xls': { outcome: NONE, why: 'small test sheets of mixed values (1, 1.5, ab, FALSE, a date)' },
  'issues.xlsx': { outcome: NONE, why: 'small test sheets of mixed values and special characters' },
  'malformed_format.xls': { outcome: NONE, why: 'a 2014 calendar of daily hours and holidays, month by month, without any employee' },
  'merge_cells.xls': { outcome: NONE, why: 'three labels over merged cells' },
  'merge_cells.xlsx': { outcome: NONE, why: 'three labels over merged cells' },
  'merged_range.xls': { outcome: NONE, why: 'cells labelled with their own addresses around merged ranges' },
  'merged_range.xlsx': { outcome: NONE, why: 'cells labelled with their own addresses around merged ranges' },
  'minimal_package.xlsx': { outcome: NONE, found: ['names', 'addresses', 'dates of birth'], why: 'police arrest bookings (names, birth dates, places, charges, bail)' },
  'misc_biff5_parsing.xls': { outcome: 'EMPTY', why: 'eleven blank sheets and a defined name' },
  'no-header.xlsx': { outcome: NONE, why: 'two rows of a letter and a number, from row 3' },
  'nonstandard-xml-ns-prefix.xlsx': { outcome: NONE, why: 'two letters over two rows of numbers' },
  'optional_records.xls': { outcome: NONE, why: 'a schedule of energy deals and the originators’ deal totals, with macros' },
  'picture.xls': { outcome: 'EMPTY', why: 'two sheets holding only a picture: no cell holds anything' },
  'picture.xlsx': { outcome: 'EMPTY', why: 'two sheets holding only a picture: no cell holds anything' },
  'picture_richdata.xlsx': { outcome: NONE, why: 'one picture placed in a cell' },
  'pictures_in_cell_and_over_cell.xlsx': { outcome: NONE, why: 'pictures in and over cells' },
  'ptgexp-truncated-operand.xls': { outcome: NONE, why: 'the cost basis of donated shares (shares, cost, market value)' },
  'richtext-after-plain.xlsx': { outcome: NONE, why: 'test text, plain and rich' },
  'richtext-namespaced.xlsx': { outcome: NONE, why: 'two cells of multi-line rich text' },
  'shared_formula_reversed.xlsx': { outcome: NONE, why: 'two sheets of numbers computed by shared formulas' },
  'shared_formula_simple.xlsx': { outcome: NONE, why: 'numbers computed by a shared formula' },
  'sst_continue.xls': { outcome: NONE, why: 'one long test sentence on 136 rows' },
  'string-ref.xlsx': { outcome: NONE, why: 'a long number kept as text under "col1", twice' },
  'table-multiple.xlsx': { outcome: NONE, why: 'fruit stock, prices and units in three tables' },
  'table_with_absolute_paths.xlsx': { outcome: NONE, found: ['names'], notFound: ['employee IDs'], why: 'items with a region name (North, South...): a Name column, no hours or pay' },
  'table_with_insertrow_attribute.xlsx': { outcome: NONE, found: ['IDs'], notFound: ['employee IDs', 'names'], why: 'two tables of item Ids and prices: an Id column, no hours or pay, no people' },
  'temperature-fallible.xlsx': { outcome: NONE, why: 'temperatures by unit, with notes and a missing value' },
  'temperature-in-middle.xlsx': { outcome: NONE, why: 'temperatures by unit, away from the sheet’s corner' },
  'temperature.xlsx': { outcome: NONE, why: 'temperatures by unit (label, value)' },
  'too_small.xls': { outcome: 'INVALID_FORMAT', why: '68 bytes of text ("... not found!") under a workbook name: not a spreadsheet at all, as the upload check says too' },
  'vba.xlsm': { outcome: 'EMPTY', why: 'three blank sheets and a macro' },
  'whitespace_trim.xlsx': { outcome: NONE, why: 'text with leading and trailing whitespace' },
  'xls_formula.xls': { outcome: NONE, why: 'four numbers and a formula over two sheets' },
  'xls_ref_String.xls': { outcome: NONE, why: 'short text and references to another sheet' },
  'xls_wrong_decimals.xls': { outcome: NONE, why: 'one decimal number' },
};

const FOUND = /^No payroll data found: found (.+?) but no hours or pay columns\b/;

/** The kinds of columns a "found ... but no hours or pay columns" message names ("names, addresses and other columns"). */
function foundKinds(message: string): string[] | undefined {
  const kinds = FOUND.exec(message)?.[1];
  return kinds?.split(/, | and /);
}

/** What a file came to, in the terms of its expectation. */
function observed(outcome: FileOutcome, expected: Expected): object {
  if (outcome.ok) return { outcome: 'processed', rows: outcome.rowsIn, sheets: outcome.tables?.map((t) => t.sheet), tables: outcome.tables };
  if (expected.outcome !== NONE || !expected.found) return { outcome: outcome.code, message: outcome.message };
  const found = foundKinds(outcome.message ?? '');
  return { outcome: outcome.code, message: outcome.message, found, wronglyFound: found?.filter((kind) => expected.notFound?.includes(kind)) ?? [] };
}

function expectedShape(expected: Expected): object {
  if (expected.outcome === 'processed') return { outcome: 'processed', rows: expected.rows, sheets: expected.sheets, tables: expect.anything() };
  if (expected.outcome === NONE && expected.found) return { outcome: NONE, message: expect.stringMatching(FOUND), found: expect.arrayContaining(expected.found), wronglyFound: [] };
  return { outcome: expected.outcome, message: ERROR_MESSAGES[expected.outcome] };
}

/** "a", "a and b", "a, b and c". */
function listed(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** A test's title: the file, what it is, how it ends. */
function ending(expected: Expected): string {
  if (expected.outcome === 'processed') return `processed: ${expected.rows} rows of ${listed(expected.sheets)}`;
  if (expected.outcome === NONE && expected.found) {
    const not = expected.notFound ? ` (not ${listed(expected.notFound)})` : '';
    return `no payroll: found ${listed(expected.found)}${not} but no hours or pay`;
  }
  return expected.outcome === NONE ? 'no payroll data' : expected.outcome;
}

function runCorpus(files: string[]): Promise<FileOutcome[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'corpusRunner.ts'), ...files], { stdio: ['ignore', 'pipe', 'pipe'] });
    const outcomes: FileOutcome[] = [];
    let current = '(start-up)';
    let buffered = '';
    let stderr = '';
    let timer = setTimeout(() => stop(), STARTUP_MS);
    const stop = () => {
      child.kill('SIGKILL');
      reject(new Error(`${current} took longer than ${PER_FILE_MS} ms`));
    };
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        const outcome = JSON.parse(line) as FileOutcome;
        clearTimeout(timer);
        timer = setTimeout(stop, PER_FILE_MS);
        current = outcome.file;
        if (outcome.event === 'end') outcomes.push(outcome);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(outcomes);
      else reject(new Error(`corpus runner exited with ${code} during ${current}: ${stderr.slice(-2000)}`));
    });
  });
}

describe('the real-world corpus', () => {
  const files = readdirSync(CORPUS)
    .filter((f) => /\.(xlsx|xlsm|xls)$/i.test(f))
    .sort();
  const cases = Object.entries(EXPECTED).map(([file, expected]) => ({ file, expected, why: expected.why, ending: ending(expected) }));
  let outcomes: Map<string, FileOutcome>;

  beforeAll(async () => {
    const run = await runCorpus(files.map((f) => join(CORPUS, f)));
    outcomes = new Map(run.map((o) => [o.file, o]));
  }, 180_000);

  it('holds 81 workbooks, each with its expected ending', () => {
    expect(files).toHaveLength(81);
    expect(Object.keys(EXPECTED).sort()).toEqual(files);
    expect([...outcomes.keys()]).toEqual(files);
  });

  it.each(cases)('$file, $why: $ending', ({ file, expected }) => {
    const outcome = outcomes.get(file);
    expect(outcome).toBeDefined();
    expect(observed(outcome as FileOutcome, expected)).toEqual(expectedShape(expected));
  });

  it('takes each file within 10 seconds and 512 MB', () => {
    for (const outcome of outcomes.values()) {
      expect({ file: outcome.file, slow: (outcome.ms ?? 0) > PER_FILE_MS }).toEqual({ file: outcome.file, slow: false });
      expect({ file: outcome.file, heavy: (outcome.peakRssMb ?? 0) > MAX_RSS_MB }).toEqual({ file: outcome.file, heavy: false });
    }
  });
});
