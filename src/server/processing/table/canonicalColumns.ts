/**
 * Every header that maps to each canonical payroll column (the columns themselves, in output order,
 * are shared with the server and the review viewer: src/common/canonicalColumns.ts).
 * This is the one synonym table: header detection, row classification and the outputs all read it.
 * Entries are written as people type them; they are normalised exactly like sheet headers.
 */
import { CANONICAL_COLUMNS, type CanonicalColumn } from '../../../common/canonicalColumns';
import { normaliseHeader } from './headerText';

export type { CanonicalColumn };

export const CANONICAL_SYNONYMS = {
  'Employee ID': [
    'emp id', 'employee id', 'employee #', 'emp #', 'emp no', 'emp num', 'employee no', 'employee number', 'id', 'badge',
    'badge #', 'badge number', 'file #', 'file number', 'ee id', 'ee #', 'worker id', 'staff id', 'payroll id', 'clock #',
  ],
  'Employee Name': ['name', 'employee name', 'employee', 'full name', 'last first', 'last, first', 'emp name', 'ee name', 'worker', 'staff name'],
  'First Name': ['first', 'first name', 'given name', 'fname'],
  'Last Name': ['last', 'last name', 'surname', 'family name', 'lname'],
  Department: ['dept', 'department', 'location', 'store', 'cost center', 'cost centre', 'division', 'dept name', 'branch', 'site'],
  'Pay Rate': ['rate', 'pay rate', 'hourly rate', 'wage', 'base rate', 'rate of pay', 'hourly wage'],
  'Regular Hours': ['reg', 'reg hrs', 'reg hours', 'regular', 'regular hours', 'regular hrs', 'hours', 'hrs', 'hrs worked', 'hours worked'],
  'Overtime Hours': ['ot', 'ot hrs', 'ot hours', 'overtime', 'overtime hours', 'overtime hrs', 'ot 1.5', 'ot 1.5x'],
  'Double Time Hours': ['dt', 'dt hrs', 'dt hours', 'double time', 'double time hours', 'doubletime', 'ot 2.0', 'ot 2x'],
  'PTO Hours': ['pto', 'pto hrs', 'pto hours', 'vacation', 'vacation hours', 'vac', 'paid time off'],
  'Holiday Hours': ['holiday', 'holiday hours', 'hol', 'hol hrs', 'holiday hrs'],
  'Sick Hours': ['sick', 'sick hours', 'sick hrs', 'sick time'],
  Tips: ['tips', 'cash tips', 'credit tips', 'tip', 'gratuity', 'gratuities'],
  Bonus: ['bonus', 'bonuses'],
  Commission: ['commission', 'commissions', 'comm'],
  Reimbursement: ['reimb', 'reimbursement', 'reimbursements', 'expense', 'expenses', 'expense reimbursement'],
  'Gross Pay': ['gross', 'gross pay', 'gross wages', 'total pay', 'earnings', 'gross earnings', 'total earnings'],
  Deductions: ['deductions', 'total deductions', 'deduction', 'ded'],
  'Net Pay': ['net', 'net pay', 'take home', 'take home pay', 'net wages'],
  'Pay Date': ['pay date', 'check date', 'payment date', 'paid date'],
  'Period Start': ['period start', 'week start', 'start date', 'period begin', 'pay period start', 'week beginning'],
  'Period End': ['period end', 'week ending', 'week end', 'end date', 'pay period end', 'period ending'],
  SSN: ['ssn', 'social security', 'social security number', 'ss#', 'ss number', 'soc sec #'],
} as const satisfies Record<CanonicalColumn, readonly string[]>;

/** Canonical columns in output order. */
export const CANONICAL_ORDER: readonly CanonicalColumn[] = CANONICAL_COLUMNS;

export const HOURS_COLUMNS = [
  'Regular Hours', 'Overtime Hours', 'Double Time Hours', 'PTO Hours', 'Holiday Hours', 'Sick Hours',
] as const satisfies readonly CanonicalColumn[];

export const MONEY_COLUMNS = [
  'Pay Rate', 'Tips', 'Bonus', 'Commission', 'Reimbursement', 'Gross Pay', 'Deductions', 'Net Pay',
] as const satisfies readonly CanonicalColumn[];

export const DATE_COLUMNS = ['Pay Date', 'Period Start', 'Period End'] as const satisfies readonly CanonicalColumn[];

const byNormalisedHeader = new Map<string, CanonicalColumn>();
/** The leading words of every synonym of several words, normalised: "reg" and "pay period" of "pay period start". */
const synonymHeads = new Set<string>();
for (const column of CANONICAL_ORDER) {
  for (const synonym of CANONICAL_SYNONYMS[column]) {
    const normalised = normaliseHeader(synonym);
    byNormalisedHeader.set(normalised, column);
    const words = normalised.split(' ');
    for (let k = 1; k < words.length; k++) synonymHeads.add(words.slice(0, k).join(' '));
  }
}

/** The canonical column a header maps to (exact match after normalisation), or undefined. */
export function canonicalColumnFor(header: string): CanonicalColumn | undefined {
  return byNormalisedHeader.get(normaliseHeader(header));
}

/** Same, for text already normalised. */
export function canonicalColumnForNormalised(normalised: string): CanonicalColumn | undefined {
  return byNormalisedHeader.get(normalised);
}

/** Whether a synonym starts with these (normalised) words: only then can more words after them map. */
export function startsSynonym(normalised: string): boolean {
  return synonymHeads.has(normalised);
}
