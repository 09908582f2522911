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
