import { strToU8, zipSync } from 'fflate';
import { unpackWeekFiles, unpackZip, ZIP_MAX_FILES, ZIP_MESSAGES } from '@/web/features/staff/weekly-uploads/weekZip';
import { declareSize } from './zipBytes';

const MB = 1024 * 1024;

function zipFile(entries: Parameters<typeof zipSync>[0], name = 'week.zip'): File {
  return new File([zipSync(entries)], name, { type: 'application/zip' });
}

function raw(bytes: Uint8Array, name = 'week.zip'): File {
  return new File([new Uint8Array(bytes)], name, { type: 'application/zip' });
}

describe('unpacking a zip of the week in the browser', () => {
  test('payroll files come out by their base names, stored or deflated, with the type their extension says', async () => {
    const files = await unpackZip(
      zipFile({
        'Mon/alder.csv': [strToU8('id,name\n1,Ann\n'), { level: 0 }],
        'Mon/Tue/birch.XLSX': strToU8('x'.repeat(5000)),
        'Mon/readme.txt': strToU8('no'),
        'Mon/.DS_Store.csv': strToU8('no'),
        '__MACOSX/Mon/._alder.csv': strToU8('no'),
        'empty/': new Uint8Array(0),
      }),
    );
    expect(files.map((f) => [f.name, f.type, f.size])).toEqual([
      ['alder.csv', 'text/csv', 14],
      ['birch.XLSX', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 5000],
    ]);
    expect(await files[0].text()).toBe('id,name\n1,Ann\n');
  });

  test(`more than ${ZIP_MAX_FILES} payroll files are refused; skipped entries do not count`, async () => {
    const entries = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}.csv`, strToU8(`${i}`)]));
    await expect(unpackZip(zipFile({ ...entries(ZIP_MAX_FILES), 'notes.txt': strToU8('n') }))).resolves.toHaveLength(ZIP_MAX_FILES);
    await expect(unpackZip(zipFile(entries(ZIP_MAX_FILES + 1)))).rejects.toThrow(ZIP_MESSAGES.tooMany('week.zip'));
  });

  test('a file declared at the upload size limit or more is refused before inflating', async () => {
    const bomb = declareSize(zipSync({ 'a.csv': strToU8('1,2\n'.repeat(1000)) }), 100 * MB);
    await expect(unpackZip(raw(bomb))).rejects.toThrow(ZIP_MESSAGES.fileTooLarge('week.zip', 'a.csv'));
  });

  test('a file declared to grow far more than a spreadsheet can is refused before inflating', async () => {
    const bomb = declareSize(zipSync({ 'a.csv': strToU8('1,2\n'.repeat(1000)) }), 50 * MB);
    await expect(unpackZip(raw(bomb))).rejects.toThrow(ZIP_MESSAGES.suspicious('week.zip', 'a.csv'));
  });

  test('a file that inflates past its declared size stops the unpacking', async () => {
    const lying = declareSize(zipSync({ 'a.csv': strToU8('1,2\n'.repeat(50_000)) }), 1000);
    await expect(unpackZip(raw(lying))).rejects.toThrow(ZIP_MESSAGES.misdeclared('week.zip', 'a.csv'));
    const stored = declareSize(zipSync({ 'b.csv': [strToU8('1,2\n'.repeat(50_000)), { level: 0 }] }), 1000);
    await expect(unpackZip(raw(stored))).rejects.toThrow(ZIP_MESSAGES.misdeclared('week.zip', 'b.csv'));
  });

  test('an archive that is not a zip, or holds no payroll file, is refused; other files pass through untouched', async () => {
    const plain = new File(['id\n'], 'cedar.csv', { type: 'text/csv' });
    const { files, refusals } = await unpackWeekFiles([raw(strToU8('not a zip at all'), 'broken.zip'), plain, zipFile({ 'notes.txt': strToU8('n') }, 'notes.zip')]);
    expect(files).toEqual([plain]);
    expect(refusals).toEqual([ZIP_MESSAGES.unreadable('broken.zip'), ZIP_MESSAGES.empty('notes.zip')]);
  });
});
