/**
 * Masking, checked from the input's side: every SSN, bank account and routing number the generated
 * file holds, wherever it was (its own column, a note, a column with an unknown header), is searched
 * for in every cell of every sheet of the scrubbed workbook: nine digits with or without separators,
 * an account number's digits as a whole run, and a number cell's form without leading zeros.
 */
import { type RegisterRun } from './engineOutputs';
import { tablesOf, type RegisterFile, type Secret } from './registerSpec';

interface Placed {
  secret: Secret;
  /** Every input cell holding these digits, and how it wrote them. */
  where: string[];
  /** Some cell wrote them as a number (leading zeros gone). */
  numberWritten: boolean;
}

const whole = (digits: string) => `(?<!\\d)${digits}(?!\\d)`;

/** The forms a sensitive number is searched in, each with the words a finding uses for it. */
function patternsOf(placed: Placed): Array<{ form: string; pattern: RegExp }> {
  const d = placed.secret.digits;
  const patterns =
    d.length === 9
      ? [{ form: 'nine digits, with or without separators', pattern: new RegExp(whole(`${d.slice(0, 3)}[\\s.\\-/]?${d.slice(3, 5)}[\\s.\\-/]?${d.slice(5)}`)) }]
      : [{ form: 'all its digits', pattern: new RegExp(whole(d)) }];
  // written as a number, it lost its leading zeros: those digits are the number all the same
  const stripped = d.replace(/^0+/, '');
  if (stripped !== d && placed.numberWritten) patterns.push({ form: 'the number without its leading zeros', pattern: new RegExp(whole(stripped)) });
  return patterns;
}

function secretsOf(file: RegisterFile): Placed[] {
  const byDigits = new Map<string, Placed>();
  for (const { sheet, table, index } of tablesOf(file)) {
    for (const column of table.columns) {
      column.secrets.forEach((secrets, row) => {
        for (const secret of secrets) {
          const placed = byDigits.get(secret.digits) ?? { secret, where: [], numberWritten: false };
          byDigits.set(secret.digits, placed);
          if (/^\d+$/.test(secret.written) && secret.written !== secret.digits) placed.numberWritten = true;
          placed.where.push(`sheet ${JSON.stringify(sheet.name)} table ${index + 1} data row ${row + 1} column ${JSON.stringify(column.header)} (${column.canonical ?? 'extra'}) as ${JSON.stringify(secret.written)}`);
        }
      });
    }
  }
  return [...byDigits.values()];
}

/** One line per sensitive number found in the scrubbed workbook. */
export function leakedSecrets(file: RegisterFile, run: RegisterRun): string[] {
  const found = new Map<string, string>();
  for (const placed of secretsOf(file)) {
    const { secret, where } = placed;
    const patterns = patternsOf(placed);
    for (const cell of run.outputs.scrubbedCells) {
      const key = `${secret.digits} ${cell.sheet}!${cell.ref}`;
      for (const { form, pattern } of patterns) {
        const text = cell.texts.find((t) => pattern.test(t));
        if (text === undefined) continue;
        const at = `${JSON.stringify(cell.sheet)}!${cell.ref} (column ${JSON.stringify(cell.column)})`;
        found.set(key, `${secret.kind} ${secret.digits} (input: ${where.join('; ')}) survives, as ${form}, in scrubbed ${at}: ${JSON.stringify(text)}`);
        break;
      }
    }
  }
  return [...found.values()];
}

/** How many sensitive numbers the file holds, by kind (so a property knows it tested something). */
export function secretCount(file: RegisterFile): number {
  return secretsOf(file).length;
}
