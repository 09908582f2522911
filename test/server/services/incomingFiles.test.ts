import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { AppError } from '@/server/http/errors';
import { ERROR_MESSAGES } from '@/server/processing/processingError';
import { cleanFileName, type IncomingFile, storeIncomingFile } from '@/server/services/uploads/incomingFiles';
import { LocalFileStorage } from '@/server/storage/localFileStorage';
import type { SpreadsheetKind } from '@/server/storage/spreadsheetSignature';
import { webPageAndProgram, withDeclaredSizes, WORKBOOK_TYPE, workbookParts, zipBomb, zipOf } from '../../helpers/zipPackages';

const corpus = path.resolve(__dirname, '../../fixtures/real-world');
/** The form's own answer to content that is no spreadsheet at all (each form words it as the spec does). */
const WRONG_KIND = 'the form says: not a spreadsheet';

const refusals = {
  tooLarge: () => new AppError(413, 'TOO_LARGE', 'too large'),
  wrongKind: () => new AppError(400, 'VALIDATION_ERROR', WRONG_KIND),
  interrupted: () => new AppError(400, 'VALIDATION_ERROR', 'interrupted'),
};

function incoming(filename: string, content: Readable): IncomingFile {
  return { filename, mimetype: 'application/octet-stream', content, truncated: () => false };
}

function kindOf(fileName: string): SpreadsheetKind {
  return path.extname(fileName).slice(1).toLowerCase() as SpreadsheetKind;
}

describe('incoming files', () => {
  let root: string;
  let storage: LocalFileStorage;
  let temporary: string;
  const savedTmpdir = process.env.TMPDIR;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'incoming-files-'));
    storage = new LocalFileStorage(path.join(root, 'files'));
    // the copies zips are judged on go to the system's temporary folder: a folder of this test's own
    temporary = path.join(root, 'tmp');
    await mkdir(temporary);
    process.env.TMPDIR = temporary;
  });
  afterAll(async () => {
    process.env.TMPDIR = savedTmpdir;
    await rm(root, { recursive: true, force: true });
  });

  /** Every file the storage holds and every temporary copy left behind. */
  async function leftovers(): Promise<string[]> {
    const stored = await readdir(path.join(root, 'files'), { recursive: true, withFileTypes: true }).catch(() => []);
    return [...stored.filter((entry) => entry.isFile()).map((entry) => entry.name), ...(await readdir(temporary))];
  }

  function store(filename: string, content: Buffer | Readable) {
    const stream = Buffer.isBuffer(content) ? Readable.from([content]) : content;
    return storeIncomingFile(storage, incoming(filename, stream), { kind: kindOf(filename), maxBytes: 100 * 1024 * 1024, refusals });
  }

  describe('file names', () => {
    it.each([
      ['a right-to-left override that makes a program read as an xlsx', 'invoice\u202Exslx.exe', 'invoicexslx.exe'],
      ['every bidirectional control', 'a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069i\u200Ej\u200Fk\u061Cl.xlsx', 'abcdefghijkl.xlsx'],
      ['C0 and C1 control characters and DEL', 'pay\u0000ro\u001bll\u0085\u009f\u007f.csv', 'payroll.csv'],
      ['zero-width and other invisible characters', '\u200Bpay\u200Cro\u200Dll\u2060\uFEFF\u00AD\u3164.csv', 'payroll.csv'],
      ['folders', '..\\..\\secret/payroll.csv', 'payroll.csv'],
    ])('strips %s', (_case, name, cleaned) => {
      expect(cleanFileName(name)).toBe(cleaned);
    });

    it('keeps letters of any script and their own direction', () => {
      expect(cleanFileName('رواتب يناير.xlsx')).toBe('رواتب يناير.xlsx');
    });
  });

  describe('every genuine workbook of the real-world corpus passes the check', () => {
    /** The corpus files the check refuses, each genuinely broken, with the reason it gives. */
    const BROKEN: Record<string, string> = {
      // 68 bytes of text wearing an .xls name: no compound file at all
      'too_small.xls': WRONG_KIND,
    };

    it('stores each, refusing only the broken ones with a message', async () => {
      const files = (await readdir(corpus)).filter((name) => /\.(xlsx|xlsm|xls|csv)$/i.test(name)).sort();
      expect(files.length).toBeGreaterThan(80);
      const outcomes: Record<string, string> = {};
      for (const name of files) {
        outcomes[name] = await store(name, createReadStream(path.join(corpus, name))).then(
          async (stored) => {
            await storage.delete(stored.key);
            return 'stored';
          },
          (error: AppError) => error.message,
        );
      }
      expect(outcomes).toEqual(Object.fromEntries(files.map((name) => [name, BROKEN[name] ?? 'stored'])));
      expect(await leftovers()).toEqual([]);
    }, 60_000);
  });

  describe('an xlsx-family zip must be a workbook', () => {
    const { '[Content_Types].xml': _types, ...withoutContentTypes } = workbookParts();
    const { 'xl/workbook.xml': _workbook, ...withoutWorkbook } = workbookParts();
    const cases: [string, () => Promise<Buffer>, string][] = [
      ['a web page and a program', webPageAndProgram, WRONG_KIND],
      ['a package whose content types declare no workbook', () => zipOf(workbookParts('application/xml')), WRONG_KIND],
      ['a word-processing document', () => zipOf(workbookParts('application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml')), WRONG_KIND],
      ['a workbook package without its content types', () => zipOf(withoutContentTypes), ERROR_MESSAGES.CORRUPT],
      ['a workbook package whose workbook part is missing', () => zipOf(withoutWorkbook), ERROR_MESSAGES.CORRUPT],
    ];

    it.each(cases)('refuses %s, keeping nothing', async (_case, build, message) => {
      await expect(store('notes.xlsx', await build())).rejects.toMatchObject({ statusCode: 400, message });
      expect(await leftovers()).toEqual([]);
    });

    it.each([
      ['a workbook', 'p.xlsx', WORKBOOK_TYPE],
      ['a macro-enabled workbook', 'p.xlsm', 'application/vnd.ms-excel.sheet.macroEnabled.main+xml'],
      ['a template', 'p.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml'],
    ])('stores %s', async (_case, name, type) => {
      const stored = await store(name, await zipOf(workbookParts(type)));
      expect(stored.size).toBeGreaterThan(0);
      await storage.delete(stored.key);
      expect(await leftovers()).toEqual([]);
    });

    it.each([
      ['a 1 MB zip of one GiB in many small parts', () => zipBomb(1024, 256), ERROR_MESSAGES.TOO_LARGE],
      ['the same bomb lying about its sizes (caught while it inflates)', async () => withDeclaredSizes(await zipBomb(1024, 256), 100), ERROR_MESSAGES.TOO_LARGE],
      ['a part that inflates over 300 times its size', async () => withDeclaredSizes(await zipBomb(64, 1), 100), ERROR_MESSAGES.TOO_LARGE],
      ['a zip naming a part twice (the second could hide anything)', () => zipOf([...Object.entries(workbookParts()), ['xl/workbook.xml', 'x']]), ERROR_MESSAGES.CORRUPT],
      ['a zip cut short', async () => (await zipOf(workbookParts())).subarray(0, 300), ERROR_MESSAGES.CORRUPT],
    ])('refuses %s with a message saying what to do, keeping nothing', async (_case, build, message) => {
      const started = Date.now();
      await expect(store('p.xlsx', await build())).rejects.toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR', message });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await leftovers()).toEqual([]);
    });
  });

  describe('content decides what a file is, whatever allowed extension it came with', () => {
    it.each([
      ['a workbook named .xls', 'p.xls'],
      ['a workbook named .csv', 'p.csv'],
    ])('stores %s once the zip is judged a workbook', async (_case, name) => {
      const stored = await store(name, await zipOf(workbookParts()));
      await storage.delete(stored.key);
      expect(await leftovers()).toEqual([]);
    });

    it('judges a zip named .csv as a zip: a bomb is refused as one', async () => {
      await expect(store('p.csv', await zipBomb(1024, 256))).rejects.toMatchObject({ statusCode: 400, message: ERROR_MESSAGES.TOO_LARGE });
      expect(await leftovers()).toEqual([]);
    });
  });

  describe("a CSV's text is judged all through, as the engine reads it", () => {
    it('refuses one that turns binary after its first kilobytes, arriving in pieces, keeping nothing', async () => {
      const binary = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 131 + 7) % 256));
      const content = Readable.from([Buffer.from('Employee,Hours\n'), Buffer.alloc(4096, 'a'), binary]);
      await expect(store('p.csv', content)).rejects.toMatchObject({ statusCode: 400, message: ERROR_MESSAGES.BINARY_CSV });
      expect(await leftovers()).toEqual([]);
    });

    it('stores one with a control character in a cell, for the scrubber to remove', async () => {
      const stored = await store('p.csv', Buffer.from('Employee,Hours,Note\r\nAda,40,late\u0007 twice\r\n'));
      await storage.delete(stored.key);
    });

    it.each([
      ['nothing', Buffer.alloc(0)],
      ['a byte-order mark, blank lines and separators', Buffer.from('\ufeff\r\n,,,\r\n\r\n')],
    ])('refuses one of %s as empty, keeping nothing', async (_case, content) => {
      await expect(store('p.csv', content)).rejects.toMatchObject({ statusCode: 400, message: ERROR_MESSAGES.EMPTY });
      expect(await leftovers()).toEqual([]);
    });

    it('stores a Windows-1252 export, as the engine reads it', async () => {
      const stored = await store('p.csv', Buffer.from('Name;Amount\r\nJos\xe9;12,50\r\n', 'latin1'));
      await storage.delete(stored.key);
    });
  });
});
