/**
 * How one header spelling is written in a given export: case (UPPER, lower, Title), separators
 * (`Emp_No`, `Emp-No`, `EmpNo`, `Emp. No.`), a line break inside the cell (wrapped text), a unit
 * after it (`Hours (hrs)`, `Rate ($)`), stray spaces. Deterministic: a variant is an index.
 */
import { type CanonicalColumn } from '@/common/canonicalColumns';

type UnitKind = 'hours' | 'money' | 'rate' | 'date' | 'none';

const UNIT_KIND: Partial<Record<CanonicalColumn, UnitKind>> = {
  'Regular Hours': 'hours', 'Overtime Hours': 'hours', 'Double Time Hours': 'hours', 'PTO Hours': 'hours',
  'Holiday Hours': 'hours', 'Sick Hours': 'hours', Tips: 'money', Bonus: 'money', Commission: 'money',
  Reimbursement: 'money', 'Gross Pay': 'money', Deductions: 'money', 'Net Pay': 'money', 'Pay Rate': 'rate',
  'Pay Date': 'date', 'Period Start': 'date', 'Period End': 'date',
};

const UNITS: Record<UnitKind, readonly string[]> = {
  hours: ['(hrs)', '(Hours)', '(hh.hh)'],
  money: ['($)', '$', '(USD)'],
  rate: ['($/hr)', '($)', '/hr'],
  date: ['(MM/DD/YYYY)', '(mm/dd/yy)'],
  none: [],
};

/** Short words that exports write with a full stop ("Emp. No.", "Reg. Hrs."). */
const ABBREVIATIONS = new Set(['emp', 'no', 'num', 'nbr', 'hrs', 'hr', 'reg', 'dept', 'amt', 'ded', 'sec', 'soc', 'chk', 'ovt', 'dbl', 'hol', 'vac', 'comm', 'reimb', 'tot', 'std', 'est']);

export const VARIANT_NAMES = [
  'as listed', 'UPPER', 'lower', 'Title Case', 'underscores', 'hyphens', 'run together', 'full stops',
  'line break', 'unit', 'unit on a new line', 'stray spaces',
] as const;
export const VARIANT_COUNT = VARIANT_NAMES.length;

const titleCase = (text: string) => text.replace(/[A-Za-z][^\s/_-]*/g, (w) => (w === w.toUpperCase() && w.length <= 4 ? w : w[0].toUpperCase() + w.slice(1).toLowerCase()));

/** The spelling as variant `variant` writes it; a variant that does not apply to it leaves it as listed. */
export function headerVariant(spelling: string, canonical: CanonicalColumn | null, variant: number, pick = 0): string {
  const words = spelling.split(' ');
  const unitKind = (canonical && UNIT_KIND[canonical]) ?? 'none';
  // a change of case would hide the word boundaries of "EmpID" or "RegHrs"
  const camel = /[a-z][A-Z]/.test(spelling);
  switch (variant % VARIANT_COUNT) {
    case 1:
      return camel ? spelling : spelling.toUpperCase();
    case 2:
      return camel ? spelling : spelling.toLowerCase();
    case 3:
      return camel ? spelling : titleCase(spelling);
    case 4:
      return words.length > 1 && !/[(),]/.test(spelling) ? words.join('_') : spelling;
    case 5:
      return words.length > 1 && !/[(),-]/.test(spelling) ? words.join('-') : spelling;
    case 6:
      // only where each word starts with a capital: "RegHrs" splits back, "reghrs" would not
      return words.length > 1 && words.every((w) => /^[A-Z0-9]/.test(w)) && !/[(),]/.test(spelling) ? words.join('') : spelling;
    case 7: {
      const dotted = words.map((w) => (ABBREVIATIONS.has(w.toLowerCase()) ? `${w}.` : w)).join(' ');
      return dotted;
    }
    case 8:
      return words.length > 1 ? `${words.slice(0, -1).join(' ')}\n${words[words.length - 1]}` : spelling;
    case 9:
    case 10: {
      const units = UNITS[unitKind];
      if (units.length === 0 || spelling.includes('(') || spelling.includes('$')) return spelling;
      return `${spelling}${variant % VARIANT_COUNT === 9 ? ' ' : '\n'}${units[pick % units.length]}`;
    }
    case 11:
      return ` ${words.join('  ')} `;
    default:
      return spelling;
  }
}

/** Case only, for the short labels of two-row headers. */
export function caseVariant(text: string, variant: number): string {
  switch (variant % 4) {
    case 1:
      return text.toUpperCase();
    case 2:
      return text.toLowerCase();
    case 3:
      return titleCase(text);
    default:
      return text;
  }
}
