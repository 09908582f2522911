/**
 * A Content-Disposition header naming a file (RFC 6266): a plain ASCII fallback for old clients,
 * with quotes and backslashes replaced, plus the exact name in UTF-8 (`filename*`).
 */
export function contentDisposition(fileName: string, disposition: 'inline' | 'attachment' = 'inline'): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const exact = encodeURIComponent(fileName).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}
