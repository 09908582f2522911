/**
 * Text scrubbing: control characters out, whitespace trimmed and collapsed. Formula-like text is
 * neutralised as it is written, in every sheet (`writing/formulaText`).
 */

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const NEEDS_WORK = /[\u0000-\u001F\u007F\u00A0]|\s\s|^\s|\s$/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

export function scrubText(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  return text.replace(CONTROL, '').replace(/[\s\u00A0]+/g, ' ').trim();
}

/** Bits of `textTraits`: a control character that `scrubText` removes; U+FFFD, a character the reader could not decode. */
export const CONTROL_CHARACTER = 1;
export const UNREADABLE_CHARACTER = 2;
const TRAIT_BITS = 2;

/** Characters `scrubText` removes (tab, line feed and carriage return are whitespace: collapsed, not removed). */
const REMOVED = new Uint8Array(128).map((_, c) => (c === 127 || (c < 32 && c !== 9 && c !== 10 && c !== 13) ? 1 : 0));

/**
 * One look at every character of a text before it is scrubbed: its ASCII digits counted (`digitsIn`)
 * and what scrubbing it will find (`CONTROL_CHARACTER`, `UNREADABLE_CHARACTER`), packed in one number.
 */
export function textTraits(text: string): number {
  let digits = 0;
  let found = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) {
      if ((c - 48) >>> 0 < 10) digits++;
      else if (REMOVED[c] === 1) found |= CONTROL_CHARACTER;
    } else if (c === 0xfffd) found |= UNREADABLE_CHARACTER;
  }
  return (digits << TRAIT_BITS) | found;
}

/** The digits `textTraits` counted. */
export function digitsIn(traits: number): number {
  return traits >>> TRAIT_BITS;
}
