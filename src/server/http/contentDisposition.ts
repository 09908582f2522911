import { visibleText } from '@/common/visibleText';

/**
 * A Content-Disposition header naming a file (RFC 6266): a plain ASCII fallback for old clients,
 * with quotes and backslashes replaced, plus the name in UTF-8 (`filename*`), both without invisible
 * characters (see visibleText), which a stored name may still hold: a bidirectional override would
 * make the saved `Invoice\u202Egpj.exe` show as `Invoiceexe.jpg`.
 */
export function contentDisposition(fileName: string, disposition: 'inline' | 'attachment' = 'inline'): string {
  const name = visibleText(fileName);
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const exact = encodeURIComponent(name).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
