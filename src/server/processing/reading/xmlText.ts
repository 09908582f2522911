/**
 * Decoding of XML character data as found in spreadsheet parts: entities and Excel's _xHHHH_ escapes.
 * Either can name half of a surrogate pair (`&#xD800;`, `_xDC00_`), which no text can hold on its own
 * (PostgreSQL refuses it, a writer makes it a replacement character anyway): a half without its other
 * half is read as U+FFFD, the mark of a character that could not be read.
 */

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

interface WellFormedString {
  isWellFormed(): boolean;
  toWellFormed(): string;
}

/** The text with every lone surrogate (half of a pair without its other half) replaced by U+FFFD. */
export function wellFormedText(text: string): string {
  const checked = text as unknown as WellFormedString;
  return checked.isWellFormed() ? text : checked.toWellFormed();
}

function isSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdfff;
}

export function decodeEntities(text: string): string {
  if (text.indexOf('&') < 0) return text;
  let surrogates = false;
  const decoded = text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      if (!(code >= 0 && code <= 0x10ffff)) return '';
      surrogates ||= isSurrogate(code);
      return String.fromCodePoint(code);
    }
    return NAMED[body] ?? whole;
  });
  // two halves named one after the other make their character; a half alone does not
  return surrogates ? wellFormedText(decoded) : decoded;
}

/** Excel writes characters XML cannot hold as _xHHHH_ (and a literal "_x" as _x005F_x). */
export function decodeExcelEscapes(text: string): string {
  if (text.indexOf('_x') < 0) return text;
  let surrogates = false;
  const decoded = text.replace(/_x([0-9a-fA-F]{4})_/g, (_whole, hex: string) => {
    const code = parseInt(hex, 16);
    surrogates ||= isSurrogate(code);
    return String.fromCharCode(code);
  });
  return surrogates ? wellFormedText(decoded) : decoded;
}

export function decodeCellText(text: string): string {
  return decodeExcelEscapes(decodeEntities(text));
}

/** Value of one attribute inside a tag's attribute text, decoded; undefined when absent. */
export function attribute(attrs: string, name: string): string | undefined {
  const re = new RegExp(`(?:^|[\\s])(?:[\\w.-]+:)?${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
  const match = re.exec(attrs);
  if (!match) return undefined;
  return decodeEntities(match[1] ?? match[2] ?? '');
}
