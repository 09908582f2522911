/** Hostile and broken workbooks, written to files: the engine's suite runs them through the engine, the fault suite through the upload endpoint. */
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import * as XLSX from '@e965/xlsx';

async function zipWith(path: string, parts: Record<string, string | Readable>): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(parts)) {
    if (typeof content === 'string') zip.addBuffer(Buffer.from(content), name);
    else zip.addReadStream(content, name);
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(path));
  return path;
}

const WORKBOOK_PARTS = {
  '_rels/.rels': '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  'xl/workbook.xml': '<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Bomb" sheetId="1" r:id="rId1"/></sheets></workbook>',
  'xl/_rels/workbook.xml.rels': '<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
};

/** A workbook whose one sheet inflates to 64 MiB of spaces from a few hundred kilobytes. */
export function writeZipBomb(path: string): Promise<string> {
  const spaces = Buffer.alloc(1024 * 1024, 0x20);
  const bomb = Readable.from(
    (function* () {
      yield '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Emp ID</t></is></c></row>';
      for (let i = 0; i < 64; i++) yield spaces;
      yield '</sheetData></worksheet>';
    })(),
  );
  return zipWith(path, { ...WORKBOOK_PARTS, 'xl/worksheets/sheet1.xml': bomb });
}

/** A workbook whose compressed sheet is garbage. */
export async function writeGarbledWorkbook(path: string): Promise<string> {
  await zipWith(path, { ...WORKBOOK_PARTS, 'xl/worksheets/sheet1.xml': '<worksheet><sheetData>' + 'x'.repeat(5000) });
  const bytes = readFileSync(path);
  const at = bytes.indexOf(Buffer.from('xl/worksheets/sheet1.xml')) + 40;
  for (let i = at; i < at + 30; i++) bytes[i] ^= 0x5a;
  writeFileSync(path, bytes);
  return path;
}

/** A password-protected .xlsx: an encrypted package in a compound file. */
export function writeEncryptedPackage(path: string): string {
  const cfb = XLSX.CFB.utils.cfb_new();
  XLSX.CFB.utils.cfb_add(cfb, '/EncryptionInfo', Buffer.alloc(200, 1));
  XLSX.CFB.utils.cfb_add(cfb, '/EncryptedPackage', Buffer.alloc(5000, 2));
  writeFileSync(path, Buffer.from(XLSX.CFB.write(cfb, { type: 'buffer' }) as Buffer));
  return path;
}

/** The first half of a whole workbook. */
export function writeTruncated(path: string, whole: Buffer): string {
  writeFileSync(path, whole.subarray(0, Math.floor(whole.length / 2)));
  return path;
}

/** Every hostile case above, plus an empty file, in `dir`; `whole` is a valid workbook to truncate. */
export async function writeHostileFiles(dir: string, whole: Buffer): Promise<string[]> {
  const empty = join(dir, 'empty.xlsx');
  writeFileSync(empty, '');
  return [
    await writeZipBomb(join(dir, 'bomb.xlsx')),
    await writeGarbledWorkbook(join(dir, 'garbage.xlsx')),
    writeEncryptedPackage(join(dir, 'secret.xlsx')),
    writeTruncated(join(dir, 'truncated.xlsx'), whole),
    empty,
  ];
}
