/**
 * Recognition rate per canonical column over a fixed corpus of headers. Each sheet of one workbook
 * holds the headers under test over columns of plausible values, beside the columns a register needs
 * (Employee ID, Employee Name, Regular Hours, as listed, when the sheet does not test them); the
 * workbook goes through the engine once and the Sources mapping says what each header became, and
 * whether from the header or from the values.
 *
 * Corpora: a fixed seed over the spelling list (varied in case, punctuation, line breaks, units), every
 * listed spelling, and the two-row forms: each split pair ("Overtime" above "Hours") and each group
 * ("Hours" merged over "Reg", "OT", "DT"...).
 */
import fc from 'fast-check';
import { CANONICAL_COLUMNS, type CanonicalColumn } from '@/common/canonicalColumns';
import { renderValue } from './columnValues';
import { runRegister } from './engineOutputs';
import { HEADER_GROUPS, HEADER_SPELLINGS, SPLIT_SPELLINGS } from './headerSpellings';
import { headerVariant, VARIANT_NAMES } from './headerVariants';
import { employeeId, employeesArbitrary, payWeek } from './payrollModel';
import { describeMiss, type Recognition, recognitions } from './recognitionCheck';
import { type ColumnSpec, FIELD_CANONICAL, type Field, type RegisterFile, type TableSpec } from './registerSpec';
import { variantIndex } from './tableColumns';

export const CORPUS_SEED = 20250307;
export const CORPUS_SIZE = 300;

const FIELD_OF = Object.fromEntries(Object.entries(FIELD_CANONICAL).map(([f, c]) => [c, f])) as Record<CanonicalColumn, Field>;

export interface CorpusHeader {
  canonical: CanonicalColumn;
  spelling: string;
  variant: string;
  header: string;
  /** The cell above, for a split two-row header. */
  upper?: string;
}

/** The headers one sheet tests; `group` is a label merged over all of them. */
export interface CorpusSheet {
  headers: CorpusHeader[];
  group?: string;
}

const single = (header: CorpusHeader): CorpusSheet => ({ headers: [header] });

/** Canonical columns in turn, each with a spelling and a variant drawn from the seed: one sheet each. */
export function headerCorpus(size = CORPUS_SIZE, seed = CORPUS_SEED): CorpusSheet[] {
  const picks = fc.sample(fc.record({ spelling: fc.nat(), variant: fc.nat(), unit: fc.nat() }), { seed, numRuns: size });
  return picks.map((pick, i) => {
    const canonical = CANONICAL_COLUMNS[i % CANONICAL_COLUMNS.length];
    const list = HEADER_SPELLINGS[canonical];
    const spelling = list[pick.spelling % list.length];
    const variant = variantIndex(pick.variant);
    const header = headerVariant(spelling, canonical, variant, pick.unit);
    return single({ canonical, spelling, variant: header === spelling ? VARIANT_NAMES[0] : VARIANT_NAMES[variant], header });
  });
}

/** Every listed spelling once, as listed (`variant` 0) or written in one variant for all. */
export function listedCorpus(variant = 0): CorpusSheet[] {
  return CANONICAL_COLUMNS.flatMap((canonical) =>
    HEADER_SPELLINGS[canonical].map((spelling) => {
      const header = headerVariant(spelling, canonical, variant);
      return single({ canonical, spelling, variant: header === spelling ? VARIANT_NAMES[0] : VARIANT_NAMES[variant], header });
    }),
  );
}

/** Every split pair in a sheet of its own, and every group label over every member label in turn. */
export function twoRowCorpus(): CorpusSheet[] {
  const split = (Object.entries(SPLIT_SPELLINGS) as Array<[CanonicalColumn, ReadonlyArray<readonly [string, string]>]>).flatMap(([canonical, pairs]) =>
    pairs.map(([upper, lower]) => single({ canonical, spelling: `${upper} / ${lower}`, variant: 'two rows, split', header: lower, upper })),
  );
  const grouped = HEADER_GROUPS.flatMap((group) => {
    const members = Object.entries(group.members) as Array<[CanonicalColumn, readonly string[]]>;
    const longest = Math.max(...members.map(([, labels]) => labels.length));
    return group.labels.flatMap((label) =>
      Array.from({ length: longest }, (_, k): CorpusSheet => ({
        group: label,
        headers: members.map(([canonical, labels]) => ({ canonical, spelling: `${label} / ${labels[k % labels.length]}`, variant: 'two rows, grouped', header: labels[k % labels.length] })),
      })),
    );
  });
  return [...split, ...grouped];
}

function column(field: Field, entry: Pick<CorpusHeader, 'header' | 'spelling' | 'variant'> & { upper?: string }): ColumnSpec {
  return { field, canonical: FIELD_CANONICAL[field] ?? null, header: entry.header, upper: entry.upper ?? null, spelling: entry.spelling, variant: entry.variant, valueStyle: 'plain', values: [], secrets: [] };
}

const listed = (field: Field) => column(field, { header: FIELD_CANONICAL[field]!, spelling: FIELD_CANONICAL[field]!, variant: 'as listed' });
const HOURS_FIELDS: readonly Field[] = ['reg', 'ot', 'dt', 'pto', 'hol', 'sick'];

/** The sheet's columns: who the row is, the tested headers, and hours (or pay): a register, not a list of people. */
function sheetColumns(sheet: CorpusSheet): { columns: ColumnSpec[]; tested: number[] } {
  const fields = sheet.headers.map((h) => FIELD_OF[h.canonical]);
  const before: ColumnSpec[] = [];
  if (!fields.includes('id')) before.push(listed('id'));
  if (!fields.some((f) => f === 'name' || f === 'first' || f === 'last')) before.push(listed('name'));
  const tested = sheet.headers.map((h, i) => column(fields[i], h));
  const after: ColumnSpec[] = [];
  if (!fields.some((f) => HOURS_FIELDS.includes(f))) after.push(listed('reg'));
  else if (!fields.includes('gross')) after.push(listed('gross'));
  return { columns: [...before, ...tested, ...after], tested: tested.map((_, i) => before.length + i) };
}

const sheetName = (i: number) => `H${String(i + 1).padStart(3, '0')}`;

/** One xlsx of one sheet per corpus sheet. */
export function corpusWorkbook(corpus: CorpusSheet[], seed = CORPUS_SEED): RegisterFile {
  const employees = fc.sample(employeesArbitrary(4).filter((l) => l.length >= 3), { seed, numRuns: 1 })[0].map((e, i) => ({ ...e, id: employeeId(0, 2000, i) }));
  const week = payWeek(9);
  const sheets = corpus.map((sheet, i) => {
    const { columns, tested } = sheetColumns(sheet);
    for (const c of columns) {
      employees.forEach((emp, row) => {
        const rendered = renderValue(c.field, emp, { format: 'xlsx', style: 0, nameForm: 0, department: 'Kitchen', week, extraHeader: '', row });
        c.values.push(rendered.value);
        c.secrets.push(rendered.secrets);
      });
    }
    const twoRows = sheet.group !== undefined || sheet.headers.some((h) => h.upper);
    const table: TableSpec = {
      kind: 'register', headerStyle: sheet.group ? 'two rows, grouped' : twoRows ? 'two rows, split' : 'single row', department: 'Kitchen', employees, columns,
      groups: sheet.group ? [{ from: tested[0], to: tested[tested.length - 1], label: sheet.group }] : [], titles: [], separator: 'blank line',
      blankAfter: [], notesAfter: [], repeatHeaderAfter: null, total: null, leftOffset: 0,
    };
    return { name: sheetName(i), hidden: false, tables: [table] };
  });
  return { format: 'xlsx', fileName: 'header-corpus.xlsx', csv: null, xlsx: { sharedStrings: true }, week, sheets, otherSheet: null };
}

export interface RecognitionReport {
  perColumn: Array<{ canonical: CanonicalColumn; tested: number; recognised: number; byHeader: number }>;
  misses: Recognition[];
  /** Recognised, but from the column's values: the header itself was not. */
  byContent: Recognition[];
}

export async function recognitionReport(corpus: CorpusSheet[] = headerCorpus()): Promise<RecognitionReport> {
  const run = await runRegister(corpusWorkbook(corpus));
  const testedAt = new Map(corpus.map((sheet, i) => [sheetName(i), new Set(sheetColumns(sheet).tested)]));
  const results = recognitions(run, CANONICAL_COLUMNS).filter((r) => testedAt.get(r.sheet)?.has(r.column));
  const hit = (r: Recognition) => r.got === r.canonical;
  const byHeader = (r: Recognition) => hit(r) && (r.how === null || r.how === 'vocabulary');
  const perColumn = CANONICAL_COLUMNS.map((canonical) => {
    const mine = results.filter((r) => r.canonical === canonical);
    return { canonical, tested: mine.length, recognised: mine.filter(hit).length, byHeader: mine.filter(byHeader).length };
  });
  return { perColumn, misses: results.filter((r) => !hit(r)), byContent: results.filter((r) => hit(r) && !byHeader(r)) };
}

const percent = (n: number, of: number) => `${((100 * n) / Math.max(of, 1)).toFixed(0).padStart(3)} %`;

export function formatReport(report: RecognitionReport, label = `seed ${CORPUS_SEED}`): string {
  const total = report.perColumn.reduce((s, c) => s + c.tested, 0);
  const hit = report.perColumn.reduce((s, c) => s + c.recognised, 0);
  const byHeader = report.perColumn.reduce((s, c) => s + c.byHeader, 0);
  const lines = [
    `Header recognition over ${total} headers (${label}): mapped right ${hit}/${total} (${percent(hit, total).trim()}), by the header itself ${byHeader}/${total} (${percent(byHeader, total).trim()})`,
    `  ${'column'.padEnd(18)} mapped right    by header`,
  ];
  for (const c of report.perColumn.filter((c) => c.tested > 0)) {
    lines.push(`  ${c.canonical.padEnd(18)} ${`${c.recognised}/${c.tested}`.padStart(6)} ${percent(c.recognised, c.tested)}  ${`${c.byHeader}/${c.tested}`.padStart(6)} ${percent(c.byHeader, c.tested)}`);
  }
  lines.push(`Missed (${report.misses.length}):`);
  for (const m of report.misses) lines.push(`  ${describeMiss(m).replace(/ \[.*\]$/, '')}`);
  lines.push(`Mapped from the values, the header not recognised (${report.byContent.length}):`);
  for (const m of report.byContent) lines.push(`  ${describeMiss(m).replace(/ -> .*$/, '')} -> ${m.got} (${m.how})`);
  return lines.join('\n');
}
