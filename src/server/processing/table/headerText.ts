/**
 * Header text normalisation: lower-case, `#` read as "number", every other punctuation mark a space,
 * spaces collapsed. "Employee #" and "employee number" become the same key.
 */
const memo = new Map<string, string>();
const MEMO_SIZE = 10000;

export function normaliseHeader(text: string): string {
  let normalised = memo.get(text);
  if (normalised !== undefined) return normalised;
  normalised = normaliseUncached(text);
  if (memo.size >= MEMO_SIZE) memo.clear();
  memo.set(text, normalised);
  return normalised;
}

function normaliseUncached(text: string): string {
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
