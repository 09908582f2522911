/** Pieces of worksheet XML shared by the row encoder and the package parts: column names, escaping, styles. */

/** Cell styles of the outputs; the quoted ones mark their text as text (see `FormulaGuard.QuotePrefix`). */
export const enum OutputStyle { Default = 0, Date = 1, DateTime = 2, Time = 3, Header = 4, QuotedText = 5, QuotedHeader = 6 }

const columnNames: string[] = [];

export function columnName(index: number): string {
  let name = columnNames[index];
  if (name !== undefined) return name;
  name = '';
  let n = index + 1;
  while (n > 0) {
    const rem = (n - 1) % 26;
    name = String.fromCharCode(65 + rem) + name;
    n = Math.floor((n - 1) / 26);
  }
  columnNames[index] = name;
  return name;
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NEEDS_ESCAPE = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|_x[0-9a-fA-F]{4}_/;

/** Escapes text for XML; characters XML cannot hold become Excel's _xHHHH_ form. */
export function escapeText(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text
    .replace(/_(x[0-9a-fA-F]{4}_)/g, '_x005F_$1')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`);
}
