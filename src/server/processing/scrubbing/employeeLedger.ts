/**
 * Everything known per employee across all sheets: the name each Employee ID was first seen with (to
 * catch an ID used for two people), and the week's totals, summed in exact hundredths.
 * Stored as one block of numbers per employee, in fixed-size chunks of typed arrays: a payroll of a
 * hundred thousand people costs about ten megabytes, and growing never copies.
 * Employees are filed under their Employee ID as read (`employeeKey`), so two people whose masked IDs
 * look alike stay apart; everything the ledger gives out (totals, messages, the week's facts) carries
 * the ID as written in the scrubbed file, masked when it is SSN-shaped.
 */
import { HOURS_COLUMNS, MONEY_COLUMNS } from '../table/canonicalColumns';
import { type WeekEmployee } from '../types';
import { formatAmount, type Issue, ruleIssue } from './issue';
import { hundredths } from './numbers';
import { HOUR, MONEY, type MoneyColumn, type ScrubbedRow } from './scrubbedRow';

const MAX_REGULAR_HOURS = 80;
const MAX_TOTAL_HOURS = 100;
const HOURS = HOURS_COLUMNS.length;
/** Position of a money figure among an employee's figures (hours first). */
export const MONEY_FIGURE = (position: number): number => HOURS + position;
const FIGURES = HOURS + MONEY_COLUMNS.length;
/** The pay rate is a rate, not an amount: it is not summed. */
const PAY_RATE = MONEY['Pay Rate'];

/** An employee's figures side by side (hours, money, then the number of rows), in chunks of employees. */
const ROWS = FIGURES;
const STRIDE = FIGURES + 1;
/**
 * 256 employees a chunk: small enough that the first new chunk comes within the first few hundred
 * employees, while V8 is still learning `add` (a first new chunk after it was optimised, at 4,096,
 * threw that code away).
 */
const CHUNK_BITS = 8;
const IN_CHUNK = (1 << CHUNK_BITS) - 1;

/**
 * The sums, one block of numbers per employee, allocated a chunk of employees at a time as they
 * arrive: growing never copies, and adding a row's figures touches one employee's block instead of
 * one place in each figure's own column.
 */
class Sums {
  private readonly chunks: Float64Array[] = [];

  /** The chunk holding employee `index`'s block, at `blockAt(index)`; allocated on first use. */
  chunkOf(index: number): Float64Array {
    const c = index >>> CHUNK_BITS;
    while (this.chunks.length <= c) this.chunks.push(new Float64Array((IN_CHUNK + 1) * STRIDE));
    return this.chunks[c];
  }

  get(index: number, figure: number): number {
    const chunk = this.chunks[index >>> CHUNK_BITS];
    return chunk === undefined ? 0 : chunk[blockAt(index) + figure];
  }
}

function blockAt(index: number): number {
  return (index & IN_CHUNK) * STRIDE;
}

export const TOTAL_MONEY_COLUMNS = MONEY_COLUMNS.filter((c) => c !== 'Pay Rate') as Exclude<MoneyColumn, 'Pay Rate'>[];

export interface EmployeeTotal {
  employeeId: string;
  employeeName: string;
  /** Departments in order of appearance, joined by "; ". */
  departments: string;
  rows: number;
  /** Sums in hundredths (cents, 0.01 hours), by position in HOURS_COLUMNS / MONEY_COLUMNS. */
  hours: number[];
  money: number[];
}

/**
 * The key an Employee ID is filed under: a plain whole number (no leading zero, up to nine digits) as
 * that number, so the lookup compares numbers instead of following each stored text; any other ID as
 * its text. The two never meet: a text key is never such a number.
 */
function idKey(id: string): string | number {
  const n = id.length;
  if (n === 0 || n > 9 || id.charCodeAt(0) === 48) return id;
  let value = 0;
  for (let i = 0; i < n; i++) {
    const c = id.charCodeAt(i);
    if (c < 48 || c > 57) return id;
    value = value * 10 + c - 48;
  }
  return value;
}

export class EmployeeLedger {
  private readonly byId = new Map<string | number, number>();
  private readonly byName = new Map<string | number, number>();
  /** Each employee's Employee ID as written (masked when SSN-shaped). */
  private readonly ids: string[] = [];
  /** The employees whose Employee ID is masked: their key in the week's facts adds the name (see `weekEmployees`). */
  private readonly maskedIds = new Set<number>();
  private readonly names: string[] = [];
  private readonly departments: Array<string | string[]> = [];
  /** Each employee's distinct pay rates: none, one (nearly everyone), or several. */
  private readonly rates: Array<number | number[] | undefined> = [];
  private readonly sums = new Sums();

  /**
   * The Employee ID (as read) checkIdentity() looked up last, and its index (-1 when it was new): add()
   * follows it for the same row. Always a number, so V8 never has to widen the field mid-run (which
   * throws away the code that reads it).
   */
  private lastId = '';
  private lastIndex = -1;

  /** Number of employees. */
  get size(): number {
    return this.ids.length;
  }

  /** Error on the row when its Employee ID was first seen with another name (compared after scrubbing). */
  checkIdentity(row: ScrubbedRow): void {
    if (!row.employeeKey || !row.employeeName) return;
    const index = this.byId.get(idKey(row.employeeKey));
    this.lastId = row.employeeKey;
    this.lastIndex = index ?? -1;
    // the name an ID was first seen with is the one its totals carry (add() runs after this check)
    const first = index === undefined ? '' : this.names[index];
    if (!first || first === row.employeeName || first.toLowerCase() === row.employeeName.toLowerCase()) return;
    row.issues.push(ruleIssue('id-name-conflict', row.sheet, row.sourceRow, 'Employee Name', row.employeeName, `Employee ID ${row.employeeId} also belongs to ${first}.`));
  }

  add(row: ScrubbedRow): void {
    const id = row.employeeKey;
    if (!id && !row.employeeName) return;
    const map: Map<string | number, number> = id ? this.byId : this.byName;
    const key = id ? idKey(id) : row.employeeName.toLowerCase();
    let index = id && id === this.lastId ? (this.lastIndex < 0 ? undefined : this.lastIndex) : map.get(key);
    this.lastId = '';
    if (index === undefined) {
      index = this.ids.length;
      map.set(key, index);
      this.ids.push(row.employeeId);
      if (row.employeeId !== id) this.maskedIds.add(index);
      this.names.push(row.employeeName);
      this.departments.push(row.department);
      this.rates.push(row.money[PAY_RATE]);
    } else {
      if (!this.names[index]) this.names[index] = row.employeeName;
      this.addDepartment(index, row.department);
      this.addRate(index, row.money[PAY_RATE]);
    }
    const chunk = this.sums.chunkOf(index);
    const at = blockAt(index);
    chunk[at + ROWS]++;
    for (let i = 0; i < row.hours.length; i++) {
      const value = row.hours[i];
      if (value !== undefined) chunk[at + i] += hundredths(value);
    }
    for (let i = 0; i < row.money.length; i++) {
      const value = row.money[i];
      if (value !== undefined && i !== PAY_RATE) chunk[at + HOURS + i] += hundredths(value);
    }
  }

  /** Sum of one figure over every employee, in hundredths. */
  total(figure: number): number {
    let sum = 0;
    for (let index = 0; index < this.ids.length; index++) sum += this.sums.get(index, figure);
    return sum;
  }

  /** Every employee in order of first appearance. The object yielded is reused for the next employee. */
  *entries(): Generator<EmployeeTotal> {
    const total: EmployeeTotal = { employeeId: '', employeeName: '', departments: '', rows: 0, hours: new Array<number>(HOURS), money: new Array<number>(FIGURES - HOURS) };
    const { hours, money } = total;
    for (let index = 0; index < this.ids.length; index++) {
      const department = this.departments[index];
      total.employeeId = this.ids[index];
      total.employeeName = this.names[index];
      total.departments = typeof department === 'string' ? department : department.join('; ');
      const chunk = this.sums.chunkOf(index);
      const at = blockAt(index);
      total.rows = chunk[at + ROWS];
      for (let i = 0; i < hours.length; i++) hours[i] = chunk[at + i];
      for (let i = 0; i < money.length; i++) money[i] = chunk[at + HOURS + i];
      yield total;
    }
  }

  /**
   * Every employee's week for the comparison with the next one: keyed by the Employee ID as written,
   * else the name in lower case, gross pay and the distinct pay rates, ascending. These facts are kept
   * once the week is approved, so an SSN-shaped ID is there only masked; its key adds the name in lower
   * case ("***-**-6789 dana reyes"), so people whose masked IDs look alike stay apart from week to week.
   */
  weekEmployees(): WeekEmployee[] {
    const employees = new Array<WeekEmployee>(this.ids.length);
    const gross = MONEY_FIGURE(MONEY['Gross Pay']);
    for (let index = 0; index < this.ids.length; index++) {
      const id = this.ids[index];
      const name = this.names[index];
      const rates = this.rates[index];
      employees[index] = {
        key: this.maskedIds.has(index) && name ? `${id} ${name.toLowerCase()}` : id || name.toLowerCase(),
        id: id || null,
        name,
        gross: this.sums.get(index, gross) / 100,
        rates: rates === undefined ? [] : typeof rates === 'number' ? [rates] : [...rates].sort((a, b) => a - b),
      };
    }
    return employees;
  }

  /** Weekly limits, judged on the sums over every row of every sheet. */
  weeklyIssues(): Issue[] {
    const issues: Issue[] = [];
    for (let index = 0; index < this.ids.length; index++) {
      const regular = this.sums.get(index, HOUR['Regular Hours']) / 100;
      const worked = regular + (this.sums.get(index, HOUR['Overtime Hours']) + this.sums.get(index, HOUR['Double Time Hours'])) / 100;
      if (regular <= MAX_REGULAR_HOURS && worked <= MAX_TOTAL_HOURS) continue;
      const id = this.ids[index];
      const who = id ? `${this.names[index] || 'Employee'} (${id})` : this.names[index];
      if (regular > MAX_REGULAR_HOURS) {
        issues.push(ruleIssue('regular-hours-over-limit', '', null, 'Regular Hours', regular, `${who} has ${formatAmount(regular)} regular hours this week, above ${MAX_REGULAR_HOURS}.`));
      }
      if (worked > MAX_TOTAL_HOURS) {
        issues.push(ruleIssue('total-hours-over-limit', '', null, 'Total Hours', worked, `${who} has ${formatAmount(worked)} hours in total this week, above ${MAX_TOTAL_HOURS}.`));
      }
    }
    return issues;
  }

  private addRate(index: number, rate: number | undefined): void {
    const known = this.rates[index];
    if (rate === undefined || known === rate) return;
    if (known === undefined) this.rates[index] = rate;
    else if (typeof known === 'number') this.rates[index] = [known, rate];
    else if (!known.includes(rate)) known.push(rate);
  }

  private addDepartment(index: number, department: string): void {
    const known = this.departments[index];
    if (!department || known === department) return;
    if (typeof known === 'string') this.departments[index] = known ? [known, department] : department;
    else if (!known.includes(department)) known.push(department);
  }
}
