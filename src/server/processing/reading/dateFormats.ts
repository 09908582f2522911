/** Whether an Excel number format shows a date or time, so a number cell styled with it is a date. */

const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

export function isBuiltinDateFormat(id: number): boolean {
  return BUILTIN_DATE_FORMATS.has(id);
}

/** A custom format is a date format when, outside quotes, brackets and escapes, it uses d, m, y, h or s. */
export function isDateFormatCode(code: string): boolean {
  const firstSection = code.split(';')[0] ?? '';
  const stripped = firstSection
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/_.|\*./g, '')
    .replace(/\[(?:h+|m+|s+)\]/gi, 'h')
    .replace(/\[[^\]]*\]/g, '');
  if (/^general$/i.test(stripped.trim())) return false;
  return /[dmyhs]/i.test(stripped.replace(/e/gi, '')) && !/[0#?]/.test(stripped.replace(/\.0+/g, ''));
}
