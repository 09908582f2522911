/**
 * A deterministic model of a messy weekly payroll: sheets per location with title rows, varied and
 * two-row headers, numbers typed as text, subtotal and note rows, blank rows and exact duplicates.
 * The benchmark writes it as xlsx/csv/xls, and the golden tests compare the engine with `expected`.
 */

export type ModelCell = string | number | { date: number } | null;

export interface ModelSheet {
  name: string;
  rows: ModelCell[][];
  /** Index of the first row below the header. */
  bodyStart: number;
}

export interface ExpectedEmployee {
  regularHundredths: number;
  /** Regular + overtime + double time, in hundredths. */
  workedHundredths: number;
  grossCents: number;
  rows: number;
}

export interface PayrollModel {
  sheets: ModelSheet[];
  expected: {
    dataRows: number;
    duplicates: number;
    employees: Map<string, ExpectedEmployee>;
    grossCents: number;
    /** Warnings a correct engine raises: invalid SSNs, gross pay off by 50, weekly limits. */
    invalidSsns: number;
    grossMismatches: number;
  };
}

export interface ModelOptions {
  sheets: number;
  rowsPerSheet: number;
  seed?: number;
  /**
   * Fill every cell a real export has: zeros rather than blanks, taxes, deductions, net pay, period
   * dates and job titles, with amounts at full precision as formulas leave them (so the file
   * compresses like a real one rather than like a pattern).
   */
  dense?: boolean;
}

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara', 'Maria', 'Wei', 'Aisha', 'Carlos', 'Priya', 'Olga', 'Kenji', 'Fatima'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Chen', 'Nguyen', 'Patel', 'Kim', 'Okafor', 'Novak', 'Silva', 'Haddad'];

const HEADERS: string[][][] = [
  [['Emp #', 'Employee Name', 'Dept', 'Rate', 'Reg Hrs', 'OT Hrs', 'DT', 'PTO', 'Holiday', 'Sick', 'Tips', 'Bonus', 'Gross Pay', 'SSN', 'Pay Date']],
  [['Employee ID', 'Last, First', 'Department', 'Pay Rate', 'Regular Hours', 'Overtime', 'Double Time', 'Vacation', 'Hol', 'Sick Hours', 'Cash Tips', 'Bonus', 'Gross', 'Social Security Number', 'Check Date']],
  [['File #', 'Name', 'Location', 'Hourly Rate', 'Hours', 'OT 1.5', 'OT 2.0', 'PTO Hours', 'Holiday Hours', 'Sick', 'Tips', 'Commission', 'Total Pay', 'SS#', 'Pay Date']],
  [
    ['Employee', 'Employee', '', 'Pay', 'Regular', 'Overtime', 'Double Time', 'PTO', 'Holiday', 'Sick', 'Cash', '', 'Gross', 'Social Security', 'Pay'],
    ['ID', 'Name', 'Store', 'Rate', 'Hours', 'Hours', 'Hours', 'Hours', 'Hours', 'Hours', 'Tips', 'Bonus', 'Pay', 'Number', 'Date'],
  ],
];

const PAY_DATE = 45730; // 2025-03-14
const PERIOD_START = 45726;
const PERIOD_END = 45732;

/** Columns after the fifteen above in a dense model (in variant 2 the tenth-column "Commission" is taken). */
const DENSE_HEADERS = ['Commission', 'Reimbursement', 'Federal Tax', 'State Tax', 'FICA', 'Medicare', '401k', 'Deductions', 'Net Pay', 'Period Start', 'Period End', 'Job Title'];
const TITLES = [
  'Cashier', 'Stock Associate', 'Shift Lead', 'Assistant Manager', 'Store Manager', 'Line Cook', 'Prep Cook', 'Dishwasher', 'Server', 'Host',
  'Bartender', 'Driver', 'Warehouse Associate', 'Forklift Operator', 'Receiving Clerk', 'Customer Service Rep', 'Security Officer', 'Janitor',
  'Maintenance Tech', 'Pharmacy Tech', 'Baker', 'Butcher', 'Produce Clerk', 'Deli Clerk', 'Floral Designer', 'Merchandiser', 'Trainer',
];

function money(rnd: () => number, value: number, textShare: number): ModelCell {
  if (rnd() < textShare) return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  return value;
}

export function payrollModel(options: ModelOptions): PayrollModel {
  const rnd = random(options.seed ?? 42);
  const pool = Math.max(5, Math.round((options.sheets * options.rowsPerSheet) / 1.6));
  const employees = new Map<string, ExpectedEmployee>();
  const expected = { dataRows: 0, duplicates: 0, employees, grossCents: 0, invalidSsns: 0, grossMismatches: 0 };
  const sheets: ModelSheet[] = [];
  for (let s = 0; s < options.sheets; s++) {
    const variant = s % HEADERS.length;
    const rows: ModelCell[][] = [['Acme Staffing - Weekly Payroll'], [`Location: Store ${s + 1}`, null, null, 'Week of 3/10/2025'], []];
    HEADERS[variant].forEach((header, h) => {
      const extra = !options.dense ? [] : h < HEADERS[variant].length - 1 ? DENSE_HEADERS.map(() => '') : DENSE_HEADERS.map((x) => (x === 'Commission' && variant === 2 ? 'Bonus' : x));
      rows.push([...header, ...extra]);
    });
    let subtotalReg = 0;
    let sinceSubtotal = 0;
    let previous: ModelCell[] | undefined;
    for (let r = 0; r < options.rowsPerSheet; r++) {
      if (previous && rnd() < 0.004) {
        rows.push([...previous]);
        expected.duplicates++;
        expected.dataRows++;
        continue;
      }
      const e = Math.floor(rnd() * pool);
      const id = String(100000 + e);
      const first = FIRST[e % FIRST.length];
      const last = LAST[Math.floor(e / FIRST.length) % LAST.length];
      const name = variant === 1 ? `${last.toUpperCase()}, ${first.toUpperCase()}` : `${first} ${last}`;
      const rate = Math.round((12 + rnd() * 33) * 100) / 100;
      const reg = Math.round(rnd() * 160) / 4;
      const ot = rnd() < 0.3 ? Math.round(rnd() * 40) / 4 : 0;
      const dt = rnd() < 0.05 ? Math.round(rnd() * 16) / 4 : 0;
      const pto = rnd() < 0.1 ? 8 : 0;
      const tips = rnd() < 0.3 ? Math.round(rnd() * 20000) / 100 : 0;
      const bonus = rnd() < 0.05 ? 100 : 0;
      const dense = options.dense === true;
      const holiday = dense && rnd() < 0.05 ? 8 : 0;
      const sick = dense && rnd() < 0.05 ? Math.round(rnd() * 32) / 4 : 0;
      const commission = dense && rnd() < 0.2 ? Math.round(rnd() * 50000) / 100 : 0;
      const exact = rate * (reg + 1.5 * ot + 2 * dt + pto + holiday + sick) + tips + bonus + commission;
      const off = rnd() < 0.02;
      const gross = Math.round((off ? exact + 50 : exact) * 100) / 100;
      const invalidSsn = rnd() < 0.01;
      const ssn = `${String(100 + (e % 800)).padStart(3, '0')}-${String(10 + (e % 89))}-${String(1000 + (e % 9000))}`;
      const blank = dense ? 0 : null;
      const row: ModelCell[] = [
        variant === 2 ? Number(id) : id,
        name,
        `Store ${s + 1}`,
        money(rnd, rate, 0.05),
        rnd() < 0.03 ? `${reg} hrs` : reg,
        ot || blank,
        dt || blank,
        pto || blank,
        holiday || blank,
        sick || blank,
        tips || blank,
        bonus || blank,
        money(rnd, gross, 0.05),
        invalidSsn ? '12345' : ssn,
        rnd() < 0.1 ? '3/14/2025' : { date: PAY_DATE },
      ];
      if (dense) {
        // taxes as a formula leaves them: unrounded
        const taxable = gross - (rnd() < 0.4 ? Math.round(rnd() * 8000) / 100 : 0);
        const taxes = [taxable * (0.1 + rnd() * 0.12), taxable * 0.0495, taxable * 0.062, taxable * 0.0145, taxable * (rnd() < 0.5 ? 0.04 : 0)];
        const deductions = taxes.reduce((a, b) => a + b, 0);
        row.push(commission, Math.round(rnd() * 6000) / 100, ...taxes, deductions, gross - deductions, { date: PERIOD_START }, { date: PERIOD_END }, TITLES[(e * 7 + s) % TITLES.length]);
      }
      rows.push(row);
      previous = row;
      expected.dataRows++;
      if (off) expected.grossMismatches++;
      if (invalidSsn) expected.invalidSsns++;
      const entry = employees.get(id) ?? { regularHundredths: 0, workedHundredths: 0, grossCents: 0, rows: 0 };
      entry.regularHundredths += Math.round(reg * 100);
      entry.workedHundredths += Math.round((reg + ot + dt) * 100);
      entry.grossCents += Math.round(gross * 100);
      entry.rows++;
      employees.set(id, entry);
      expected.grossCents += Math.round(gross * 100);
      subtotalReg += reg;
      if (++sinceSubtotal >= 40) {
        rows.push([null, 'Subtotal', null, null, subtotalReg]);
        if (rnd() < 0.3) rows.push([]);
        subtotalReg = 0;
        sinceSubtotal = 0;
      }
    }
    rows.push([null, 'Grand Total']);
    rows.push(['Prepared by payroll; call ext. 204 with questions']);
    sheets.push({ name: `Store ${s + 1}`, rows, bodyStart: 3 + HEADERS[variant].length });
  }
  return { sheets, expected };
}
