/**
 * Header text normalisation: lower-case, `#` read as "number", every other punctuation mark a space,
 * spaces collapsed. "Employee #" and "employee number" become the same key.
 */
export function normaliseHeader(text: string): string {
  return text
    .toLowerCase()
    .replace(/#/g, ' number ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A row's normalised texts as one key, trailing blanks ignored, to recognise a repeated header row. */
export function headerRowKey(texts: string[]): string {
  let end = texts.length;
  while (end > 0 && !texts[end - 1]) end--;
  return texts.slice(0, end).map(normaliseHeader).join('|');
}
