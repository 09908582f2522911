/** Decoding of XML character data as found in spreadsheet parts: entities and Excel's _xHHHH_ escapes. */

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  if (text.indexOf('&') < 0) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[body] ?? whole;
  });
}

/** Excel writes characters XML cannot hold as _xHHHH_ (and a literal "_x" as _x005F_x). */
export function decodeExcelEscapes(text: string): string {
  if (text.indexOf('_x') < 0) return text;
  return text.replace(/_x([0-9a-fA-F]{4})_/g, (_whole, hex: string) => String.fromCharCode(parseInt(hex, 16)));
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
