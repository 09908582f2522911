import { existsSync, readdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { crc32, inflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { DeflatedPart } from '../../../src/server/processing/writing/deflatedPart';
import { SpilledChunks } from '../../../src/server/processing/writing/spilledChunks';
import { FormulaGuard } from '../../../src/server/processing/writing/formulaText';
import { XlsxWriter } from '../../../src/server/processing/writing/xlsxWriter';
import { removeDir, tempDir, zipEntries } from './engineHarness';

let dir: string;
beforeEach(() => {
  dir = tempDir();
});
afterEach(() => removeDir(dir));

async function collect(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const all: Buffer[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return Buffer.concat(all);
}

describe('bytes set aside for the sheets appended at the end', () => {
  it('stay in memory while small, and leave no file', async () => {
    const spill = new SpilledChunks(join(dir, 'aside.tmp'));
    const bytes = randomBytes(100_000);
    expect(spill.push(bytes.subarray(0, 60_000))).toBeUndefined();
    spill.push(bytes.subarray(60_000));
    await spill.end();
    expect(existsSync(join(dir, 'aside.tmp'))).toBe(false);
    expect((await collect(spill.read())).equals(bytes)).toBe(true);
  });

  it('move to a file past the memory limit, come back in order, and the file is removed', async () => {
    const path = join(dir, 'aside.tmp');
    const spill = new SpilledChunks(path);
    const bytes = randomBytes(5 * 1024 * 1024);
    for (let at = 0; at < bytes.length; at += 300_000) await spill.push(bytes.subarray(at, at + 300_000));
    await spill.end();
    expect(existsSync(path)).toBe(true);
    expect((await collect(spill.read())).equals(bytes)).toBe(true);
    await spill.dispose();
    expect(existsSync(path)).toBe(false);
  });
});

describe('a part deflated as it is written', () => {
  it('keeps text appended in pieces of every size in order, around and beyond its buffers', async () => {
    const chunks: Buffer[] = [];
    const part = new DeflatedPart((chunk) => {
      chunks.push(Buffer.from(chunk));
      return undefined;
    });
    const pieces = ['<start>', 'x'.repeat(20_000), 'é'.repeat(3_000), 'y'.repeat(400_000), ...Array.from({ length: 2_000 }, (_, i) => `<r>${i}</r>`), 'z'.repeat(2_000_000)];
    for (const piece of pieces) {
      part.append(piece);
      if (part.needsFlush) await part.flush();
    }
    const { size, crc } = await part.end();
    const text = inflateRawSync(Buffer.concat(chunks));
    expect(text.toString('utf8')).toBe(pieces.join(''));
    expect({ size, crc }).toEqual({ size: text.length, crc: crc32(text) });
  });

  /** Writes `pieces` into a new part (flushing when asked) and answers what it recorded and what it sent. */
  async function deflated(pieces: string[]): Promise<{ text: string; size: number; crc: number; compressedSize: number; sent: number; firstBuffer: Buffer }> {
    const chunks: Buffer[] = [];
    const part = new DeflatedPart((chunk) => {
      chunks.push(Buffer.from(chunk));
      return undefined;
    });
    const firstBuffer = part.buffer;
    for (const piece of pieces) {
      part.append(piece);
      if (part.needsFlush) await part.flush();
    }
    const { size, crc, compressedSize } = await part.end();
    const sent = Buffer.concat(chunks);
    return { text: inflateRawSync(sent).toString('utf8'), size, crc, compressedSize, sent: sent.length, firstBuffer };
  }

  it('deflates a small part in one step, across its growing buffers, with the same CRC-32 and sizes', async () => {
    for (const pieces of [[], ['<a/>'], ['<r>', 'é'.repeat(9_000), 'q'.repeat(150_000), '</r>'], Array.from({ length: 4_000 }, (_, i) => `<c>${i}</c>`)]) {
      const result = await deflated(pieces);
      const bytes = Buffer.from(pieces.join(''), 'utf8');
      expect(result.text).toBe(pieces.join(''));
      expect({ size: result.size, crc: result.crc, compressedSize: result.compressedSize }).toEqual({ size: bytes.length, crc: crc32(bytes), compressedSize: result.sent });
    }
  });

  it("hands a finished part's buffers to the next part, whose text is its own", async () => {
    const first = await deflated(['a'.repeat(50_000)]);
    const second = await deflated(['<b>', 'b'.repeat(12_000), '</b>']);
    // the 16 KB buffer the first part started in (given back when it grew) is where the second starts
    expect(second.firstBuffer).toBe(first.firstBuffer);
    expect(second.text).toBe(`<b>${'b'.repeat(12_000)}</b>`);
    // parts written side by side never share a buffer
    const [left, right] = await Promise.all([deflated(Array.from({ length: 300 }, (_, i) => `<l>${i}</l>`.repeat(200))), deflated(Array.from({ length: 300 }, (_, i) => `<r>${i}</r>`.repeat(200)))]);
    expect(left.firstBuffer).not.toBe(right.firstBuffer);
    expect(left.text).toBe(Array.from({ length: 300 }, (_, i) => `<l>${i}</l>`.repeat(200)).join(''));
    expect(right.text).toBe(Array.from({ length: 300 }, (_, i) => `<r>${i}</r>`.repeat(200)).join(''));
  });
});

describe('the xlsx writer', () => {
  it('records the CRC-32 and size of every part, streamed or appended, small or spanning many buffers', async () => {
    const path = join(dir, 'out.xlsx');
    const writer = await XlsxWriter.create(path, ['Streamed', 'Appended', 'Empty'], [3, 3, 1], FormulaGuard.Apostrophe);
    for (let i = 0; i < 60_000; i++) {
      const cells = [i, randomBytes(24).toString('hex'), i % 7 === 0 ? 'Ünïcödé & <markup>' : i / 4];
      let full = writer.sheet(0).row(cells);
      if (i % 3 === 0) full = writer.sheet(1).row(cells) || full;
      if (full) await Promise.all([writer.sheet(0).flush(), writer.sheet(1).flush()]);
    }
    await writer.finish();
    const entries = await zipEntries(path);
    expect(entries.map((e) => e.name)).toEqual(expect.arrayContaining(['xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml', 'xl/worksheets/sheet3.xml']));
    expect(entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')?.size).toBeGreaterThan(4 * 1024 * 1024);
    for (const entry of entries) {
      expect({ name: entry.name, crc: entry.crc, size: entry.size }).toEqual({ name: entry.name, crc: crc32(entry.data), size: entry.data.length });
    }
  });

  it('writes rows larger than the first, smaller buffer whole, at the start of a sheet and after it', async () => {
    const path = join(dir, 'out.xlsx');
    const writer = await XlsxWriter.create(path, ['Streamed', 'Appended'], [2, 2], FormulaGuard.Apostrophe);
    const long = (n: number) => `${n}:`.padEnd(60_000, 'abcdefghij');
    for (const sheet of [0, 1]) {
      writer.sheet(sheet).row(['Header', 'Text'], true);
      for (let n = 1; n <= 5; n++) writer.sheet(sheet).row([n, long(n)]);
      await writer.sheet(sheet).flush();
    }
    await writer.finish();
    const workbook = XLSX.readFile(path);
    for (const name of ['Streamed', 'Appended']) {
      const rows = XLSX.utils.sheet_to_json<unknown[]>(workbook.Sheets[name], { header: 1 });
      expect(rows).toEqual([['Header', 'Text'], ...[1, 2, 3, 4, 5].map((n) => [n, long(n)])]);
    }
  });

  it('appends a sheet too large for memory from its temporary file and cleans up', async () => {
    const path = join(dir, 'out.xlsx');
    const writer = await XlsxWriter.create(path, ['Main', 'Large'], [2, 2], FormulaGuard.Apostrophe);
    writer.sheet(0).row(['Name', 'Value'], true);
    writer.sheet(0).row(['only', 1]);
    const large = writer.sheet(1);
    large.row(['Key', 'Noise'], true);
    // random text barely compresses, so this sheet's deflated bytes pass the in-memory limit
    const expected: string[] = [];
    for (let i = 0; i < 40_000; i++) {
      // a letter first: base64 may start with '+', which the formula guard would rightly prefix
      const noise = `n${randomBytes(48).toString('base64')}`;
      expected.push(noise);
      if (large.row([i, noise])) await large.flush();
    }
    await writer.finish();
    expect(readdirSync(dir)).toEqual(['out.xlsx']);

    const book = XLSX.readFile(path, { dense: true });
    expect(book.SheetNames).toEqual(['Main', 'Large']);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Large, { header: 1 });
    expect(rows).toHaveLength(40_001);
    expect(rows[0]).toEqual(['Key', 'Noise']);
    expect(rows[12_345]).toEqual([12_344, expected[12_344]]);
    expect(rows[40_000]).toEqual([39_999, expected[39_999]]);
  });

  it('removes every temporary file when aborted', async () => {
    const path = join(dir, 'out.xlsx');
    const writer = await XlsxWriter.create(path, ['Main', 'Large'], [1, 1], FormulaGuard.Apostrophe);
    for (let i = 0; i < 80_000; i++) if (writer.sheet(1).row([randomBytes(48).toString('base64')])) await writer.sheet(1).flush();
    // the compressor runs behind the rows: wait until the sheet has started its temporary file
    for (let waited = 0; !existsSync(`${path}.sheet2.tmp`) && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(existsSync(`${path}.sheet2.tmp`)).toBe(true);
    await writer.abort();
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
