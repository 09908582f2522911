/**
 * fast-check arbitraries of whole payroll files: employees, one to three tables spread over sheets (one
 * per department) or stacked in one sheet or CSV, each with its own columns, header spellings, header
 * style, order, title block, blank rows, notes, repeated header and total row. Every choice is a plain
 * number or flag in the generated record, so fast-check shrinks a failing file towards fewer tables,
 * employees, columns and features, and the plainest spelling; `.map` builds the file the choices describe.
 *
 *   fc.sample(registerFileArbitrary(), { seed: 42, numRuns: 10 })  -> the same ten files every time
 */
import fc from 'fast-check';
import { describeRegister } from './describeRegister';
import { type Employee, employeeId, employeesArbitrary, payWeek } from './payrollModel';
import { type Field, OPTIONAL_FIELDS, type OptionalField, type RegisterFile, type SheetSpec, type TableSpec } from './registerSpec';
import { fillValues, type HeaderPick, tableColumns } from './tableColumns';
import { type WeeklyChoices, weeklyTable } from './weeklyGrid';

export interface RegisterOptions {
  /** Force one format; by default three files in five are xlsx. */
  format?: 'xlsx' | 'csv';
  /** true: two or more tables stacked in one sheet (or CSV); false: one table per sheet; by default either. */
  stacked?: boolean;
  /** The weekly grid: never, now and then (the default, a sheet of its own), or the file's only table. */
  weekly?: 'never' | 'sometimes' | 'only';
  maxEmployees?: number;
  /** Every table has an SSN column, and bank, note and unknown columns (with SSNs) are frequent. */
  sensitive?: boolean;
}

/** Presence (percent) of the columns holding sensitive numbers when `sensitive` is asked for. */
const SENSITIVE_PRESENCE: Partial<Record<OptionalField, number>> = { ssn: 100, account: 50, routing: 50, notes: 50, unknown: 40 };

const DEPARTMENTS = ['Kitchen', 'Front of House', 'Store 12', 'Warehouse', 'Drivers', 'Bar', 'Housekeeping', 'Office'];
const TITLES = ['Acme Restaurant Group LLC', 'Payroll Register', 'PERIOD', 'CHECKDATE', 'Company Code: XQ7', 'Run 3/14/2025 10:42 AM', 'Confidential'];
const NOTES = ['Approved by: J. Smith', '* Rate change effective next period', 'Page 1 of 2', 'Continued on next page', 'Manual check issued to one employee'];
const TOTAL_LABELS = ['Total', 'Subtotal', 'Sub-Total', 'Grand Total', 'Department Total', 'Total DEPT', 'Totals', 'TOTAL:', 'Sum'];
const FILE_NAMES = ['payroll-week', 'Weekly Payroll', 'register_export', 'PR Register', 'timesheet summary'];
const ALL_FIELDS: readonly Field[] = ['id', 'name', 'first', 'last', ...(Object.keys(OPTIONAL_FIELDS) as OptionalField[]), 'extra'];

/** True `percent` times in a hundred; shrinks to false (a feature left out), and false does not shrink. */
const sometimes = (percent: number) => (percent >= 100 ? fc.constant(true) : fc.oneof({ weight: 100 - percent, arbitrary: fc.constant(false) }, { weight: percent, arbitrary: fc.constant(true) }));
/** One of the values, by weight; shrinks to the first. */
const weighted = <T>(...choices: Array<[T, number]>) => fc.oneof(...choices.map(([value, weight]) => ({ weight, arbitrary: fc.constant(value) })));

const pickArbitrary: fc.Arbitrary<HeaderPick> = fc.record({ spelling: fc.nat(), variant: fc.nat(), style: fc.nat() });

/**
 * A table's choices. Keys in the order fast-check shrinks them: what removes most first (columns,
 * extras, titles, notes, total...), spellings last; sort keys and, outside weekly files, the grid's
 * choices do not shrink (they only matter when the rest lets them).
 */
function tableChoicesArbitrary(options: RegisterOptions) {
  const presence = (f: OptionalField) => sometimes((options.sensitive ? SENSITIVE_PRESENCE[f] : undefined) ?? OPTIONAL_FIELDS[f]);
  const weekly = fc.record({
    groups: fc.integer({ min: 2, max: 5 }), weeks: fc.integer({ min: 3, max: 5 }), groupPick: fc.nat(), labelForm: fc.nat(),
    idPick: fc.nat(), namePick: fc.nat(), withGross: fc.boolean(), withSsn: options.sensitive ? fc.constant(true) : fc.boolean(), style: fc.nat(),
  });
  return fc.record({
    present: fc.record(Object.fromEntries(Object.keys(OPTIONAL_FIELDS).map((f) => [f, presence(f as OptionalField)])) as Record<OptionalField, fc.Arbitrary<boolean>>),
    extras: fc.array(fc.nat(), { maxLength: 3 }),
    titles: fc.array(fc.nat(), { maxLength: 3 }),
    notes: fc.array(fc.record({ at: fc.nat(), text: fc.nat() }), { maxLength: 2 }),
    blankAfter: fc.array(fc.nat(), { maxLength: 2 }),
    total: sometimes(40),
    repeatHeader: sometimes(15),
    columnB: sometimes(10),
    headerStyle: weighted<TableSpec['headerStyle']>(['single row', 60], ['two rows, split', 20], ['two rows, grouped', 20]),
    shuffled: sometimes(60),
    nameOnly: sometimes(15),
    nameForm: fc.nat({ max: 3 }),
    totalLabel: fc.nat(),
    totalInId: fc.boolean(),
    titleSeparator: fc.boolean(),
    weeklyGrid: sometimes(12),
    picks: fc.record(Object.fromEntries(ALL_FIELDS.map((f) => [f, pickArbitrary])) as Record<Field, fc.Arbitrary<HeaderPick>>),
    order: fc.noShrink(fc.array(fc.nat({ max: 999 }), { minLength: 32, maxLength: 32 })),
    weekly: options.weekly === 'only' ? weekly : fc.noShrink(weekly),
  });
}
type TableChoices = ReturnType<typeof tableChoicesArbitrary> extends fc.Arbitrary<infer T> ? T : never;

function fileChoices(options: RegisterOptions) {
  const minTables = options.stacked ? 2 : 1;
  // the fields that simplify a file most come first: fast-check shrinks them first
  return fc.record({
    employees: employeesArbitrary(options.maxEmployees ?? 8).filter((list) => list.length >= minTables),
    tables: fc.array(tableChoicesArbitrary(options), { minLength: minTables, maxLength: options.weekly === 'only' ? 1 : 3 }),
    xlsx: sometimes(60),
    otherSheet: sometimes(15),
    hidden: sometimes(15),
    separator: fc.constantFrom(',', ';', '\t', '|'),
    bom: fc.boolean(),
    crlf: fc.boolean(),
    padRows: fc.boolean(),
    sharedStrings: fc.boolean(),
    idStyle: fc.nat({ max: 4 }),
    idBase: fc.integer({ min: 1000, max: 98000 }),
    week: fc.nat({ max: 99 }),
    sheetOf: fc.array(fc.nat({ max: 2 }), { minLength: 4, maxLength: 4 }),
    fileName: fc.nat(),
  });
}
type FileChoices = ReturnType<typeof fileChoices> extends fc.Arbitrary<infer T> ? T : never;

const PAY_FIELDS: readonly Field[] = ['reg', 'ot', 'dt', 'pto', 'hol', 'sick', 'gross'];

function registerFields(t: TableChoices): Field[] {
  const identity: Field[] = t.nameOnly ? [] : ['id'];
  identity.push(...(t.nameForm === 3 ? (['first', 'last'] as Field[]) : (['name'] as Field[])));
  const optional = (Object.keys(OPTIONAL_FIELDS) as OptionalField[]).filter((f) => t.present[f]);
  // a register has hours or pay: without either it is a list of people, which the engine may refuse
  if (!optional.some((f) => PAY_FIELDS.includes(f))) optional.unshift('reg');
  return [...identity, ...optional, ...t.extras.map((): Field => 'extra')];
}

function buildTable(t: TableChoices, employees: Employee[], file: Pick<RegisterFile, 'format' | 'week'>, department: string, weekly: boolean, first: boolean): TableSpec {
  const base = { department, employees };
  const layout = weekly
    ? weeklyTable(t.weekly as WeeklyChoices, employees, file.week, file.format, department)
    : (() => {
        const { headerStyle } = t;
        const fields = registerFields(t);
        const built = tableColumns({ fields, picks: t.picks, extraPicks: t.extras, order: t.shuffled ? t.order : null, headerStyle });
        // a header that says "Last, First" gets names written that way
        const commaHeader = built.columns.some((c) => c.field === 'name' && c.spelling.includes(','));
        const nameForm = commaHeader && t.nameForm % 3 === 0 ? 2 : t.nameForm;
        fillValues(built.columns, employees, t.picks, { format: file.format, nameForm, department, week: file.week });
        return { ...built, headerStyle };
      })();
  const period = `Pay Period: ${fmt(file.week.start)} - ${fmt(file.week.end)}`;
  const titles = first
    ? t.titles.map((i) => TITLES[i % TITLES.length].replace('PERIOD', period).replace('CHECKDATE', `Check Date: ${fmt(file.week.payDate)}`))
    : t.titleSeparator ? [`Department: ${department}`] : [];
  return {
    ...base,
    ...layout,
    kind: weekly ? 'weekly' : 'register',
    titles,
    separator: t.titleSeparator ? 'title line' : 'blank line',
    blankAfter: t.blankAfter.map((i) => i % employees.length),
    notesAfter: t.notes.map((n) => ({ at: n.at % employees.length, text: NOTES[n.text % NOTES.length] })),
    repeatHeaderAfter: !weekly && layout.headerStyle === 'single row' && t.repeatHeader && employees.length > 1 ? t.totalLabel % (employees.length - 1) : null,
    total: t.total ? { label: TOTAL_LABELS[t.totalLabel % TOTAL_LABELS.length].replace('DEPT', department), inIdColumn: t.totalInId } : null,
    leftOffset: file.format === 'xlsx' && t.columnB ? 1 : 0,
  };
}

const fmt = (d: Date) => `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;

export function buildRegister(c: FileChoices, options: RegisterOptions): RegisterFile {
  const format = options.format ?? (c.xlsx ? 'xlsx' : 'csv');
  const week = payWeek(c.week);
  const employees = c.employees.map((e, i) => ({ ...e, id: employeeId(c.idStyle, c.idBase, i) }));
  const tableChoices = c.tables.slice(0, options.stacked === false && format === 'csv' ? 1 : employees.length);
  const stem = `${FILE_NAMES[c.fileName % FILE_NAMES.length]} ${c.week + 1}`;
  const fileName = `${stem}.${format}`;
  const isWeekly = (t: TableChoices) =>
    options.weekly === 'only' || (options.weekly !== 'never' && !options.stacked && t.weeklyGrid && (format === 'xlsx' || tableChoices.length === 1));
  const share = (i: number) => employees.filter((_, e) => e % tableChoices.length === i);
  const sheets: SheetSpec[] = [];
  const sheetFor = (name: string): SheetSpec => {
    let sheet = sheets.find((s) => s.name === name);
    if (!sheet) sheets.push((sheet = { name, hidden: false, tables: [] }));
    return sheet;
  };
  tableChoices.forEach((t, i) => {
    const weekly = isWeekly(t);
    const sheetIndex = options.stacked ? 0 : options.stacked === false ? i : c.sheetOf[i];
    const sheetName = format === 'csv' ? stem : weekly ? `Weekly Grid ${i + 1}` : DEPARTMENTS[sheetIndex];
    const sheet = sheetFor(sheetName);
    const department = format === 'csv' || options.stacked ? DEPARTMENTS[i % DEPARTMENTS.length] : sheetName;
    sheet.tables.push(buildTable(t, share(i), { format, week }, department, weekly, sheet.tables.length === 0));
  });
  if (format === 'xlsx' && sheets.length > 1 && c.hidden) sheets[sheets.length - 1].hidden = true;
  const file: RegisterFile = {
    format,
    fileName,
    csv: format === 'csv' ? { separator: c.separator, bom: c.bom, eol: c.crlf ? '\r\n' : '\n', padRows: c.padRows } : null,
    xlsx: format === 'xlsx' ? { sharedStrings: c.sharedStrings } : null,
    week,
    sheets,
    otherSheet: format === 'xlsx' && c.otherSheet ? 'Instructions' : null,
  };
  return Object.assign(file, { [fc.toStringMethod]: () => describeRegister(file) });
}

export function registerFileArbitrary(options: RegisterOptions = {}): fc.Arbitrary<RegisterFile> {
  return fileChoices(options).map((c) => buildRegister(c, options));
}
