/** The shared string table of an xlsx, read as a stream; rich-text runs joined, phonetic runs left out. */
import { ProcessingError } from '../processingError';
import { XmlEventScanner } from './xmlEventScanner';
import { decodeCellText, decodeExcelEscapes } from './xmlText';
import { type ZipArchive } from './zipArchive';

/** More shared text than this (in characters) is not a payroll file. */
const MAX_SHARED_CHARS = 150 * 1024 * 1024;

export async function readSharedStrings(zip: ZipArchive, part: string | undefined): Promise<string[]> {
  if (!part || !zip.has(part)) return [];
  const strings: string[] = [];
  let current = '';
  let inItem = false;
  let inText = false;
  let phonetic = 0;
  let totalChars = 0;
  const scanner = new XmlEventScanner({
    open: (name, _attrs, selfClosing) => {
      if (name === 'si') {
        inItem = true;
        current = '';
      } else if (name === 'rPh') phonetic++;
      else if (name === 't' && inItem && phonetic === 0 && !selfClosing) inText = true;
    },
    close: (name) => {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic = Math.max(0, phonetic - 1);
      else if (name === 'si') {
        if (inItem) strings.push(current);
        inItem = false;
        totalChars += current.length;
        if (totalChars > MAX_SHARED_CHARS) throw new ProcessingError('TOO_LARGE');
      }
    },
    text: (text, cdata) => {
      if (inText) current += cdata ? decodeExcelEscapes(text) : decodeCellText(text);
    },
  });
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of zip.chunks(part)) scanner.feed(decoder.decode(chunk, { stream: true }));
  scanner.feed(decoder.decode());
  scanner.end();
  return strings;
}
