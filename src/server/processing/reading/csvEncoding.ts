/**
 * A CSV's text encoding: a BOM decides (UTF-8, UTF-16 LE/BE); without one, the file is UTF-8 when every
 * byte sequence in it is valid UTF-8, otherwise Windows-1252.
 */
import { isAscii } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';

export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** The encoding the byte-order mark at the start of `head` names, and the mark's length; undefined without one. */
export function bomEncoding(head: Uint8Array): { encoding: Exclude<CsvEncoding, 'windows-1252'>; length: number } | undefined {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return undefined;
}

export async function detectCsvEncoding(path: string): Promise<CsvEncoding> {
  const file = await open(path, 'r');
  const bom = Buffer.alloc(3);
  try {
    await file.read(bom, 0, 3, 0);
  } finally {
    await file.close();
  }
  const marked = bomEncoding(bom);
  if (marked) return marked.encoding;
  const strict = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
      if (isAscii(chunk as Buffer)) continue;
      strict.decode(chunk as Buffer, { stream: true });
    }
    strict.decode();
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}
