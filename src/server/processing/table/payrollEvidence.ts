/**
 * Evidence before a table counts as payroll: an identity column (ID or name) and at least one hours or
 * pay column. A table without them is described by what it does have ("found names and addresses but
 * no hours or pay columns"), for the sheet's skip reason and the upload's failure.
 */
import { type CanonicalColumn, HOURS_COLUMNS, MONEY_COLUMNS } from './canonicalColumns';
import { type SheetHeader } from './headerDetection';
import { normaliseHeader } from './headerText';

const PAY: ReadonlySet<CanonicalColumn> = new Set([...HOURS_COLUMNS, ...MONEY_COLUMNS]);

/** Kinds of columns a person would name, by words of their headers, in the order they are named. */
const KINDS: Array<[string, RegExp]> = [
  ['addresses', /\b(?:address|street|city|town|state|zip|postcode|postal|county|country|province)\b/],
  ['contact details', /\b(?:phone|mobile|cell|email|e mail|fax)\b/],
  ['dates of birth', /\b(?:birth|dob)\b/],
  ['job titles', /\b(?:title|position|job|role)\b/],
];

/** Why a table is not payroll, or undefined when it is. */
export function missingEvidence(header: SheetHeader): string | undefined {
  const mapped = header.columns.filter((c) => c.canonical);
  if (mapped.some((c) => PAY.has(c.canonical as CanonicalColumn)) || header.columns.some((c) => c.group && PAY.has(c.group))) return undefined;
  return `found ${describeColumns(header)} but no hours or pay columns`;
}

/** What a table's columns hold, in a person's words: "employee IDs, names and addresses". */
function describeColumns(header: SheetHeader): string {
  const found: string[] = [];
  const has = (column: CanonicalColumn) => header.columns.some((c) => c.canonical === column);
  // "Id" alone (a requirement's, an item's) is not said to be an employee's
  const id = header.columns.find((c) => c.canonical === 'Employee ID');
  if (id) found.push(/\bemployee\b/.test(normaliseHeader(id.header)) ? 'employee IDs' : 'IDs');
  if (has('Employee Name') || has('First Name') || has('Last Name')) found.push('names');
  if (has('Department')) found.push('departments');
  if (has('SSN')) found.push('SSNs');
  let other = false;
  for (const column of header.columns) {
    if (column.canonical) continue;
    const words = normaliseHeader(column.header);
    const kind = KINDS.find(([, pattern]) => pattern.test(words))?.[0];
    if (kind && !found.includes(kind)) found.push(kind);
    else if (!kind) other = true;
  }
  if (other) found.push('other columns');
  return found.length === 1 ? found[0] : `${found.slice(0, -1).join(', ')} and ${found[found.length - 1]}`;
}
