/** Zips built for upload tests: a minimal workbook package, zips that only pose as one, and zip bombs. */
import { buffer } from 'node:stream/consumers';
import { crc32, deflateRawSync } from 'node:zlib';
import yazl from 'yazl';

const CONTENT_TYPES = (workbookType: string) =>
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  `<Override PartName="/xl/workbook.xml" ContentType="${workbookType}"/>` +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>';

export const WORKBOOK_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';

/** The parts of a one-sheet workbook, as a spreadsheet program writes them. */
export function workbookParts(workbookType = WORKBOOK_TYPE): Record<string, string> {
  return {
    '[Content_Types].xml': CONTENT_TYPES(workbookType),
    '_rels/.rels':
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    'xl/workbook.xml':
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Payroll" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    'xl/worksheets/sheet1.xml':
      '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Employee</t></is></c></row></sheetData></worksheet>',
  };
}

/** A zip of the given parts, each deflated, in the order given (a name may repeat). */
export async function zipOf(parts: [string, Buffer | string][] | Record<string, Buffer | string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Array.isArray(parts) ? parts : Object.entries(parts)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  return buffer(zip.outputStream);
}

/** The zip of the assessment: a web page and a program, which any first-bytes check takes for an .xlsx. */
export function webPageAndProgram(): Promise<Buffer> {
  return zipOf({ 'index.html': '<html><body><script>alert(1)</script></body></html>', 'setup.exe': Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096, 0x90)]) });
}

/**
 * A workbook that inflates to `totalMiB` MiB of zeros in `parts` extra parts of equal size: one
 * part is stopped by the ratio of each part, many small ones only by the ratio of the whole file.
 * The zeros are deflated once and the zip written here, so a bomb of a GiB is built in milliseconds.
 */
export async function zipBomb(totalMiB: number, parts: number): Promise<Buffer> {
  const filler = Buffer.alloc((totalMiB * 1024 * 1024) / parts);
  const padding = { deflated: deflateRawSync(filler), crc: crc32(filler), size: filler.length };
  const entries = Object.entries(workbookParts()).map(([name, text]) => {
    const content = Buffer.from(text);
    return { name, deflated: deflateRawSync(content), crc: crc32(content), size: content.length };
  });
  for (let index = 0; index < parts; index++) entries.push({ name: `xl/media/padding${index}.bin`, ...padding });
  return zipOfDeflated(entries);
}

interface DeflatedEntry {
  name: string;
  deflated: Buffer;
  crc: number;
  size: number;
}

/** A zip (no data descriptors, no zip64) of entries deflated beforehand. */
function zipOfDeflated(entries: DeflatedEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.deflated.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.deflated.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.deflated);
    centrals.push(central, name);
    offset += local.length + name.length + entry.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * The zip with every entry's inflated size rewritten to `declared` bytes, in its local header and
 * its central directory entry: a bomb that lies about its sizes is only caught while inflating.
 */
export function withDeclaredSizes(zip: Buffer, declared: number): Buffer {
  const out = Buffer.from(zip);
  for (let at = out.indexOf(LOCAL_HEADER); at >= 0; at = out.indexOf(LOCAL_HEADER, at + 4)) out.writeUInt32LE(declared, at + 22);
  for (let at = out.indexOf(CENTRAL_HEADER); at >= 0; at = out.indexOf(CENTRAL_HEADER, at + 4)) out.writeUInt32LE(declared, at + 24);
  return out;
}

const LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CENTRAL_HEADER = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
