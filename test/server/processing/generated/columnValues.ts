/**
 * How a register writes one employee's value in one column: numbers as numbers or as text
 * ("$1,234.50", "(12.00)", "12.5 hrs"), dates as date cells, serials or text in several forms, SSNs
 * as 123-45-6789, 123456789 text, the number 123456789 or 123 45 6789, and the sensitive numbers a
 * cell carries (an SSN inside a note too).
 */
import { type Employee, formatMoney, type HoursField, type MoneyField, type PayWeek } from './payrollModel';
import { type Field, type RegisterCell, type Secret } from './registerSpec';

export interface ValueContext {
  format: 'xlsx' | 'csv';
  /** The column's value style (an index: each field has its own list). */
  style: number;
  /** 0 "First Last", 1 "LAST, FIRST", 2 "Last, First". */
  nameForm: number;
  department: string;
  week: PayWeek;
  /** The extra column's header, for columns not in the model. */
  extraHeader: string;
  row: number;
}

export interface RenderedValue {
  value: RegisterCell;
  secrets: Secret[];
}

const HOURS_FIELDS: readonly Field[] = ['reg', 'ot', 'dt', 'pto', 'hol', 'sick'];
const MONEY_FIELDS: readonly Field[] = ['tips', 'bonus', 'commission', 'reimb'];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function dateText(date: Date, form: number): string {
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth() + 1;
  const d = date.getUTCDate();
  const two = (n: number) => String(n).padStart(2, '0');
  switch (form % 5) {
    case 0:
      return `${m}/${d}/${y}`;
    case 1:
      return `${y}-${two(m)}-${two(d)}`;
    case 2:
      return `${d}-${MONTHS[m - 1]}-${y}`;
    case 3:
      return `${MONTHS[m - 1]} ${d} ${y}`;
    default:
      return `${two(m)}/${two(d)}/${y}`;
  }
}

export const excelSerial = (date: Date) => (date.getTime() - Date.UTC(1899, 11, 30)) / 86400000;

/** Names and value styles for the description of a column. */
export function valueStyleName(field: Field, style: number, format: 'xlsx' | 'csv'): string {
  if (HOURS_FIELDS.includes(field)) return ['number', 'text "12.50"', 'text "12.5 hrs"', 'number, blank when zero'][style % 4];
  if (MONEY_FIELDS.includes(field) || field === 'gross' || field === 'net' || field === 'rate') return ['number', 'text "$1,234.50"', 'text "1,234.50"', format === 'xlsx' ? 'formula with cached result' : 'text "1234.50"'][style % 4];
  if (field === 'deductions') return ['number', 'text "(123.45)"', 'text "$123.45"', 'negative number'][style % 4];
  if (field === 'payDate' || field === 'periodStart' || field === 'periodEnd') return format === 'xlsx' && style % 7 >= 5 ? ['date cell', 'serial number'][style % 7 - 5] : `text ${dateText(new Date(Date.UTC(2025, 2, 7)), style % 7)}`;
  if (field === 'ssn' || field === 'unknown') return `${field === 'unknown' ? 'SSNs, ' : ''}${['"123-45-6789"', '"123456789" text', 'number 123456789', '"123 45 6789"', 'mixed'][style % 5]}`;
  if (field === 'account' || field === 'routing') return format === 'xlsx' && style % 2 === 1 ? 'number' : 'text';
  if (field === 'notes') return 'free text, an SSN in some rows';
  if (field === 'id') return format === 'xlsx' && style % 2 === 1 ? 'number when numeric' : 'text';
  return 'text';
}

function hoursValue(hours: number, ctx: ValueContext): RegisterCell {
  const style = ctx.style % 4;
  if (hours === 0) return style === 3 || ctx.row % 3 === 1 ? null : 0;
  if (style === 1) return hours.toFixed(2);
  if (style === 2) return `${hours} hrs`;
  return ctx.format === 'csv' ? String(hours) : hours;
}

function moneyValue(amount: number, ctx: ValueContext, zeroBlank: boolean): RegisterCell {
  if (amount === 0 && zeroBlank) return null;
  switch (ctx.style % 4) {
    case 1:
      return formatMoney(amount, true);
    case 2:
      return formatMoney(amount, false);
    case 3:
      return ctx.format === 'xlsx' ? { formula: `ROUND(${amount.toFixed(2)},2)`, result: amount } : amount.toFixed(2);
    default:
      return ctx.format === 'csv' ? amount.toFixed(2) : amount;
  }
}

function deductionsValue(amount: number, ctx: ValueContext): RegisterCell {
  switch (ctx.style % 4) {
    case 1:
      return `(${formatMoney(amount, false)})`;
    case 2:
      return formatMoney(amount, true);
    case 3:
      return ctx.format === 'csv' ? `-${amount.toFixed(2)}` : -amount;
    default:
      return ctx.format === 'csv' ? amount.toFixed(2) : amount;
  }
}

function dateValue(date: Date, ctx: ValueContext): RegisterCell {
  const form = ctx.style % 7;
  if (ctx.format === 'xlsx' && form === 5) return date;
  if (ctx.format === 'xlsx' && form === 6) return excelSerial(date);
  return dateText(date, form);
}

/** An SSN as written: the cell and the secret it carries (a number drops leading zeros). */
export function ssnValue(ssn: string, style: number, format: 'xlsx' | 'csv', row: number): RenderedValue {
  const form = style % 5 === 4 ? row % 4 : style % 5;
  let value: RegisterCell;
  if (form === 0) value = `${ssn.slice(0, 3)}-${ssn.slice(3, 5)}-${ssn.slice(5)}`;
  else if (form === 1) value = ssn;
  else if (form === 2) value = format === 'xlsx' ? Number(ssn) : String(Number(ssn));
  else value = `${ssn.slice(0, 3)} ${ssn.slice(3, 5)} ${ssn.slice(5)}`;
  return { value, secrets: [{ kind: 'SSN', digits: ssn, written: String(value) }] };
}

const NOTES = ['', 'New hire', 'Rate change this week', 'Left early Friday', 'Manual check', 'Call before paying', 'Direct deposit pending'];
const SSN_NOTES = [(s: string) => `SSN ${s.slice(0, 3)}-${s.slice(3, 5)}-${s.slice(5)} on file`, (s: string) => `new hire - ss# ${s}`, (s: string) => `verify soc sec ${s.slice(0, 3)} ${s.slice(3, 5)} ${s.slice(5)} with HR`];
const JOB_TITLES = ['Line Cook', 'Server', 'Cashier', 'Driver', 'Shift Lead', 'Dishwasher', 'Stocker', 'Host'];

function extraValue(header: string, emp: Employee, ctx: ValueContext): RegisterCell {
  const key = header.toLowerCase();
  const worked = emp.hours.reg + emp.hours.ot + emp.hours.dt;
  if (key.includes('title') || key === 'position') return JOB_TITLES[(ctx.row + emp.first.length) % JOB_TITLES.length];
  if (key.includes('total h')) return ctx.format === 'csv' ? String(worked) : worked;
  if (key.startsWith('ytd')) return Math.round(emp.gross * (10 + (ctx.row % 5)) * 100) / 100;
  if (key === 'hire date') return dateText(new Date(Date.UTC(2019 + (ctx.row % 5), ctx.row % 12, 1 + (ctx.row % 27))), 0);
  if (key.startsWith('check')) return 40000 + ctx.row * 13;
  if (key === 'fit' || key === 'fica' || key === 'medicare' || key === 'state tax') return Math.round(emp.gross * 6.2) / 100;
  if (key === 'supervisor') return ['Pat Kim', 'R. Alvarez', 'Dana White'][ctx.row % 3];
  const codes: Record<string, string[]> = {
    'location code': ['L012', 'L007', 'HQ'], 'job code': ['JC-4', 'JC-11'], shift: ['1', '2', '3'], 'pay type': ['Hourly', 'Salary'],
    'pay frequency': ['Weekly', 'Biweekly'], status: ['Active', 'Active', 'Leave'], 'batch id': ['B1187'], 'co code': ['XQ7'],
    'work state': ['CA', 'NY', 'TX'], 'union code': ['U12', 'NONE'], 'earnings code': ['REG', 'OT'], 'tax frequency': ['W'],
    'rate code': ['1', '2'], 'workers comp code': ['8810', '9079'],
  };
  const list = codes[key] ?? NOTES.slice(1);
  return list[(ctx.row + emp.last.length) % list.length];
}

function nameValue(emp: Employee, ctx: ValueContext): string {
  switch (ctx.nameForm % 3) {
    case 1:
      return `${emp.last}, ${emp.first}`.toUpperCase();
    case 2:
      return ctx.style % 3 === 2 ? `  ${emp.last},  ${emp.first} ` : `${emp.last}, ${emp.first}`;
    default:
      return ctx.style % 3 === 2 ? `${emp.first.toUpperCase()} ${emp.last.toUpperCase()}` : `${emp.first} ${emp.last}`;
  }
}

export function renderValue(field: Field, emp: Employee, ctx: ValueContext): RenderedValue {
  const plain = (value: RegisterCell): RenderedValue => ({ value, secrets: [] });
  if (HOURS_FIELDS.includes(field)) return plain(hoursValue(emp.hours[field as HoursField], ctx));
  if (MONEY_FIELDS.includes(field)) return plain(moneyValue(emp.money[field as MoneyField], ctx, ctx.row % 2 === 0));
  switch (field) {
    case 'id':
      return plain(ctx.format === 'xlsx' && ctx.style % 2 === 1 && /^[1-9]\d*$/.test(emp.id) ? Number(emp.id) : emp.id);
    case 'name':
      return plain(nameValue(emp, ctx));
    case 'first':
      return plain(ctx.style % 3 === 2 ? emp.first.toUpperCase() : emp.first);
    case 'last':
      return plain(ctx.style % 3 === 2 ? emp.last.toUpperCase() : emp.last);
    case 'dept':
      return plain(ctx.department);
    case 'rate':
      return plain(moneyValue(emp.rate, ctx, false));
    case 'gross':
      return plain(moneyValue(emp.gross, ctx, false));
    case 'net':
      return plain(moneyValue(emp.net, ctx, false));
    case 'deductions':
      return plain(deductionsValue(emp.deductions, ctx));
    case 'payDate':
      return plain(dateValue(ctx.week.payDate, ctx));
    case 'periodStart':
      return plain(dateValue(ctx.week.start, ctx));
    case 'periodEnd':
      return plain(dateValue(ctx.week.end, ctx));
    case 'ssn':
    case 'unknown':
      return ssnValue(emp.ssn, ctx.style, ctx.format, ctx.row);
    case 'account':
    case 'routing': {
      const digits = field === 'account' ? emp.account : emp.routing;
      const value = ctx.format === 'xlsx' && ctx.style % 2 === 1 && !digits.startsWith('0') ? Number(digits) : digits;
      return { value, secrets: [{ kind: field === 'account' ? 'bank account' : 'routing number', digits, written: String(value) }] };
    }
    case 'notes': {
      if ((ctx.row + ctx.style) % 3 === 0) {
        const text = SSN_NOTES[(ctx.row + ctx.style) % SSN_NOTES.length](emp.ssn);
        return { value: text, secrets: [{ kind: 'SSN', digits: emp.ssn, written: text }] };
      }
      const note = NOTES[(ctx.row * 5 + ctx.style) % NOTES.length];
      return plain(note === '' ? null : note);
    }
    default:
      return plain(extraValue(ctx.extraHeader, emp, ctx));
  }
}
