/** Text scrubbing: control characters out, whitespace trimmed and collapsed, formulas neutralised. */

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NEEDS_WORK = /[\u0000-\u001F\u007F\u00A0]|\s\s|^\s|\s$/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

export function scrubText(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  return text.replace(CONTROL, '').replace(/[\s\u00A0]+/g, ' ').trim();
}

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * Text a spreadsheet program would run as a formula gets a leading apostrophe, so opening the file
 * shows it instead of evaluating it. Text that is just a number ("-4") is left alone.
 */
export function neutraliseFormula(text: string): string {
  // most text starts with a letter or digit: nothing to look at
  const first = text.charCodeAt(0);
  if ((first >= 65 && first <= 90) || (first >= 97 && first <= 122) || (first >= 48 && first <= 57)) return text;
  const trimmed = text.trimStart();
  if (!FORMULA_START.test(trimmed) || PLAIN_NUMBER.test(trimmed)) return text;
  return `'${text}`;
}
