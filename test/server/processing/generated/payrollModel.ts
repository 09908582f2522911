/**
 * The payroll register model behind every generated file: employees with their identity, sensitive
 * numbers, rate, hours by kind, extra pay, gross (consistent with rate x hours, except now and then),
 * deductions and net. Amounts are whole cents, hours quarter hours, so sums are exact.
 */
import fc from 'fast-check';

export type HoursField = 'reg' | 'ot' | 'dt' | 'pto' | 'hol' | 'sick';
export type MoneyField = 'tips' | 'bonus' | 'commission' | 'reimb';

export interface Employee {
  /** Assigned by position when the file is built (unique in the file). */
  id: string;
  first: string;
  last: string;
  /** Nine digits. */
  ssn: string;
  account: string;
  routing: string;
  rate: number;
  hours: Record<HoursField, number>;
  money: Record<MoneyField, number>;
  gross: number;
  /** The gross given differs from rate x hours (a person should look). */
  grossOff: boolean;
  deductions: number;
  net: number;
}

export const FIRST_NAMES = [
  'David', 'Jane', 'Maria', 'James', 'Aisha', 'Wei', 'Carlos', 'Emily', 'Mohammed', 'Olivia', 'Liam', 'Sofia', 'Noah',
  'Priya', 'Ethan', 'Chloe', 'Lucas', 'Hannah', 'Mateo', 'Grace', 'Mary Ann', 'José', 'Zoë', 'Renée', 'Dmitri',
  'Fatima', 'Kenji', 'Ngozi', 'Sean', 'Bridget',
];
export const LAST_NAMES = [
  'Chen', 'Doe', 'Garcia', 'Smith', 'Johnson', 'Nguyen', 'Patel', "O'Brien", 'Smith-Jones', 'Kowalski', 'Müller',
  'Okafor', 'Rossi', 'Tanaka', 'Williams', 'Brown', 'Martinez', 'Lee', 'Anderson', 'McDonald', 'García', 'Ivanova',
  'Haddad', 'Schmidt', 'Silva', 'Walker', 'Young', 'King', 'Wright', 'Lopez', 'Hill', 'Scott',
];

const cents = (min: number, max: number) => fc.integer({ min, max });
/** Mostly zero, sometimes an amount: most people have no bonus or sick hours in a week. */
const mostlyZero = (arb: fc.Arbitrary<number>, zeroWeight = 3) => fc.oneof({ weight: zeroWeight, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: arb });
const quarters = (maxHours: number) => fc.integer({ min: 1, max: maxHours * 4 }).map((q) => q / 4);

/** A valid-looking SSN: area 001-899 but 666, group 01-99, serial 0001-9999. */
export const ssnArbitrary = fc
  .tuple(fc.integer({ min: 1, max: 898 }), fc.integer({ min: 1, max: 99 }), fc.integer({ min: 1, max: 9999 }))
  .map(([area, group, serial]) => `${String(area >= 666 ? area + 1 : area).padStart(3, '0')}${String(group).padStart(2, '0')}${String(serial).padStart(4, '0')}`);

/** An ABA routing number: a Federal Reserve prefix, seven digits and the check digit. */
export const routingArbitrary = fc
  .tuple(fc.constantFrom('01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '21', '22', '26', '31', '32'), fc.integer({ min: 0, max: 999999 }))
  .map(([prefix, rest]) => {
    const eight = `${prefix}${String(rest).padStart(6, '0')}`;
    const d = [...eight].map(Number);
    const sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5]);
    return `${eight}${(10 - (sum % 10)) % 10}`;
  });

/** A bank account number: 8 to 14 digits, no leading zero (so a number cell keeps every digit). */
export const accountArbitrary = fc
  .tuple(fc.integer({ min: 1, max: 9 }), fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 7, maxLength: 13 }))
  .map(([first, rest]) => `${first}${rest.join('')}`);

export const employeeArbitrary: fc.Arbitrary<Employee> = fc
  .record({
    first: fc.constantFrom(...FIRST_NAMES),
    last: fc.constantFrom(...LAST_NAMES),
    ssn: ssnArbitrary,
    account: accountArbitrary,
    routing: routingArbitrary,
    rateCents: cents(725, 9500),
    reg: fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 6, arbitrary: quarters(45) }),
    ot: mostlyZero(quarters(15), 2),
    dt: mostlyZero(quarters(8), 5),
    pto: mostlyZero(quarters(16).map((h) => Math.round(h)), 4),
    hol: mostlyZero(fc.constantFrom(4, 8), 5),
    sick: mostlyZero(quarters(16).map((h) => Math.round(h)), 5),
    tips: mostlyZero(cents(100, 60000)),
    bonus: mostlyZero(cents(2500, 150000), 5),
    commission: mostlyZero(cents(1000, 90000), 6),
    reimb: mostlyZero(cents(500, 20000), 6),
    offCents: fc.oneof({ weight: 9, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: -20000, max: 20000 }).filter((c) => Math.abs(c) >= 500) }),
    deductionPercent: fc.integer({ min: 8, max: 35 }),
  })
  .map((r) => {
    const hours = { reg: r.reg, ot: r.ot, dt: r.dt, pto: r.pto, hol: r.hol, sick: r.sick };
    const paidHours = r.reg + 1.5 * r.ot + 2 * r.dt + r.pto + r.hol + r.sick;
    const wagesCents = Math.round(r.rateCents * paidHours);
    const grossCents = Math.max(0, wagesCents + r.tips + r.bonus + r.commission + r.offCents);
    const deductionCents = Math.round((grossCents * r.deductionPercent) / 100);
    return {
      id: '',
      first: r.first,
      last: r.last,
      ssn: r.ssn,
      account: r.account,
      routing: r.routing,
      rate: r.rateCents / 100,
      hours,
      money: { tips: r.tips / 100, bonus: r.bonus / 100, commission: r.commission / 100, reimb: r.reimb / 100 },
      gross: grossCents / 100,
      grossOff: r.offCents !== 0,
      deductions: deductionCents / 100,
      net: (grossCents - deductionCents) / 100,
    };
  });

/**
 * Employees of one file: distinct names (so "the same person" is never ambiguous). A failing file
 * shrinks to fewer employees, not to simpler ones: each attempt costs an engine run.
 */
export function employeesArbitrary(maxLength: number): fc.Arbitrary<Employee[]> {
  return fc.uniqueArray(fc.noShrink(employeeArbitrary), { minLength: 1, maxLength, selector: (e) => `${e.first} ${e.last}` });
}

/** Employee IDs in the styles payroll systems use; `style` and `base` come from the file's choices. */
export function employeeId(style: number, base: number, index: number): string {
  const n = base + index * 7;
  switch (style % 5) {
    case 0:
      return String(n);
    case 1:
      return String(n % 100000).padStart(5, '0');
    case 2:
      return `E${n}`;
    case 3:
      return `A-${n}`;
    default:
      return String(100 + index);
  }
}

/** Money as registers print it. */
export function formatMoney(amount: number, dollarSign: boolean, thousands = true): string {
  const fixed = Math.abs(amount).toFixed(2);
  const [whole, decimals] = fixed.split('.');
  const grouped = thousands ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : whole;
  return `${amount < 0 ? '-' : ''}${dollarSign ? '$' : ''}${grouped}.${decimals}`;
}

/** The payroll week of a file: Monday to Sunday, paid the following Friday. */
export interface PayWeek {
  start: Date;
  end: Date;
  payDate: Date;
}

export function payWeek(weekIndex: number): PayWeek {
  const first = Date.UTC(2024, 0, 1); // a Monday
  const start = new Date(first + (weekIndex % 100) * 7 * 86400000);
  return { start, end: new Date(start.getTime() + 6 * 86400000), payDate: new Date(start.getTime() + 11 * 86400000) };
}
