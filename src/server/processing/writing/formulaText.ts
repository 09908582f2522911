/**
 * Text a spreadsheet program would run as a formula: starting with = + - @ tab or carriage return, or
 * with one of = + - @ after leading whitespace; text that is just a number ("-4") is not. Every text
 * cell of both outputs is checked here, as it is written (see `FormulaGuard`), so whatever path input
 * text takes to a cell (a value, a header, a sheet or file name, a message quoting one) it is covered.
 */

/** How a workbook keeps formula-like text from running. */
export const enum FormulaGuard {
  /** A leading apostrophe is added to the text: it survives any copy or export (the scrubbed file). */
  Apostrophe = 0,
  /** The text stays as written and the cell's style marks it as text (`quotePrefix`), as Excel does for text typed after an apostrophe (the consolidated file). */
  QuotePrefix = 1,
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** ASCII first characters that call for a closer look: = + - @ and the whitespace that may come before one. */
const LOOK_CLOSER = new Uint8Array(128).map((_, c) => (c === 61 || c === 43 || c === 45 || c === 64 || c === 32 || (c >= 9 && c <= 13) ? 1 : 0));

/** Whether text starting with this character (code) needs a closer look: most text does not. */
export function mayRunAsFormula(first: number): boolean {
  return first >= 128 || LOOK_CLOSER[first] === 1;
}

export function runsAsFormula(text: string): boolean {
  if (!mayRunAsFormula(text.charCodeAt(0))) return false;
  const trimmed = text.trimStart();
  return (FORMULA_START.test(text) || FORMULA_START.test(trimmed)) && !PLAIN_NUMBER.test(trimmed);
}

/** The text with a leading apostrophe when it would run as a formula. */
export function neutraliseFormula(text: string): string {
  return runsAsFormula(text) ? `'${text}` : text;
}
