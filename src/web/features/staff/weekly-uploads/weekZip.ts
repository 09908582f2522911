import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import { MAX_UPLOAD_BYTES } from '@/common/limits';
import { fileExtension, WEEKLY_DOCUMENT_EXTENSIONS } from '@/common/uploadRules';

/** The most payroll files one archive may hold: as many as one matching request takes. */
export const ZIP_MAX_FILES = 100;
/** The most an archive may unpack to in all: a hundred files of the largest size allowed. */
export const ZIP_MAX_TOTAL_BYTES = ZIP_MAX_FILES * MAX_UPLOAD_BYTES;
/**
 * The most a file may grow when unpacked. Spreadsheets compress well (a plain CSV ten or twenty
 * times), but a file that grows more than this is built to fill memory, not to be read.
 */
export const ZIP_MAX_RATIO = 200;
/** Below this size a file is harmless at any ratio (a tiny CSV of blank rows compresses to almost nothing). */
const RATIO_CHECKED_FROM_BYTES = 1024 * 1024;
/** Archive bytes handed to the inflater at a time, so that a file growing past its declared size is stopped early. */
const CHUNK_BYTES = 64 * 1024;

const MIME_BY_EXTENSION: Record<string, string> = {
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xlsm': 'application/vnd.ms-excel.sheet.macroEnabled.12',
  '.xltm': 'application/vnd.ms-excel.template.macroEnabled.12',
  '.xltx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.template',
  '.csv': 'text/csv',
};

/** Why an archive is refused as a whole, in the words the dialog shows. */
export const ZIP_MESSAGES = {
  unreadable: (zip: string) => `${zip} could not be opened as a zip archive.`,
  empty: (zip: string) => `${zip} holds no payroll files (.xls, .xlsx, .xlsm, .xltm, .xltx, .csv).`,
  tooMany: (zip: string) => `${zip} holds more than ${ZIP_MAX_FILES} payroll files. Please send them in smaller archives.`,
  fileTooLarge: (zip: string, name: string) => `${zip} was not unpacked: ${name} is larger than 100MB once unpacked.`,
  tooLarge: (zip: string) => `${zip} was not unpacked: its files come to more than ${ZIP_MAX_FILES} x 100MB once unpacked.`,
  suspicious: (zip: string, name: string) => `${zip} was not unpacked: ${name} grows far more than a spreadsheet can when unpacked.`,
  misdeclared: (zip: string, name: string) => `${zip} was not unpacked: ${name} is larger than the archive says.`,
} as const;

/** An archive refused as a whole; its message says why. */
export class ZipRefused extends Error {}

export function isZip(file: File): boolean {
  return fileExtension(file.name) === '.zip';
}

/** The entry's name without its folders. */
function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Whether an entry is a payroll file: not a folder, not the Mac's resource copies, not a hidden file, an accepted extension. */
function isPayrollEntry(path: string): boolean {
  if (path.endsWith('/')) return false;
  const parts = path.split('/');
  if (parts.some((part) => part === '__MACOSX' || part.startsWith('.'))) return false;
  return (WEEKLY_DOCUMENT_EXTENSIONS as readonly string[]).includes(fileExtension(baseName(path)));
}

/**
 * The payroll files of a zip archive, as if each had been dropped on its own (named by its base
 * name). Every limit is checked on the sizes the archive's central directory declares before
 * anything is inflated: at most 100 payroll files, each under the upload size limit, all of them
 * within 100 times that, none growing more than a spreadsheet can. While inflating, a file that
 * grows past its declared size stops the unpacking. Folders, hidden files and `__MACOSX/` copies
 * are skipped. A refused archive throws `ZipRefused` with the reason.
 */
export async function unpackZip(zip: File): Promise<File[]> {
  if (zip.size > ZIP_MAX_TOTAL_BYTES) throw new ZipRefused(ZIP_MESSAGES.tooLarge(zip.name));
  const bytes = new Uint8Array(await zip.arrayBuffer());

  // The central directory only: the filter sees each entry's declared sizes and inflates none.
  const declared = new Map<string, number>();
  let total = 0;
  try {
    unzipSync(bytes, {
      filter: ({ name, size, originalSize }) => {
        if (!isPayrollEntry(name)) return false;
        if (declared.size >= ZIP_MAX_FILES) throw new ZipRefused(ZIP_MESSAGES.tooMany(zip.name));
        if (originalSize >= MAX_UPLOAD_BYTES) throw new ZipRefused(ZIP_MESSAGES.fileTooLarge(zip.name, baseName(name)));
        if (originalSize >= RATIO_CHECKED_FROM_BYTES && originalSize / Math.max(size, 1) > ZIP_MAX_RATIO) {
          throw new ZipRefused(ZIP_MESSAGES.suspicious(zip.name, baseName(name)));
        }
        total += originalSize;
        if (total > ZIP_MAX_TOTAL_BYTES) throw new ZipRefused(ZIP_MESSAGES.tooLarge(zip.name));
        declared.set(name, Math.max(declared.get(name) ?? 0, originalSize));
        return false;
      },
    });
  } catch (error) {
    throw error instanceof ZipRefused ? error : new ZipRefused(ZIP_MESSAGES.unreadable(zip.name));
  }
  if (declared.size === 0) throw new ZipRefused(ZIP_MESSAGES.empty(zip.name));
  return inflateEntries(zip.name, bytes, declared);
}

/** Inflates the entries named in `declared`, stopping at the first that grows past its declared size. */
function inflateEntries(zipName: string, bytes: Uint8Array, declared: Map<string, number>): File[] {
  const unpacked: File[] = [];
  let refusal: ZipRefused | null = null;
  const unzipper = new Unzip((entry) => {
    const limit = declared.get(entry.name);
    if (limit === undefined) return;
    const chunks: Uint8Array[] = [];
    let produced = 0;
    entry.ondata = (error, chunk, final) => {
      if (refusal) return;
      if (error) {
        refusal = new ZipRefused(ZIP_MESSAGES.unreadable(zipName));
        return;
      }
      produced += chunk.length;
      if (produced > limit) {
        refusal = new ZipRefused(ZIP_MESSAGES.misdeclared(zipName, baseName(entry.name)));
        entry.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) {
        const name = baseName(entry.name);
        unpacked.push(new File(chunks as BlobPart[], name, { type: MIME_BY_EXTENSION[fileExtension(name)] }));
      }
    };
    entry.start();
  });
  unzipper.register(UnzipInflate);
  try {
    for (let at = 0; at < bytes.length && !refusal; at += CHUNK_BYTES) {
      unzipper.push(bytes.subarray(at, at + CHUNK_BYTES), at + CHUNK_BYTES >= bytes.length);
    }
  } catch {
    refusal ??= new ZipRefused(ZIP_MESSAGES.unreadable(zipName));
  }
  if (refusal) throw refusal;
  return unpacked;
}

/**
 * The files as dropped or chosen, with each zip archive replaced by the payroll files it holds; an
 * archive that is refused is left out and its reason given.
 */
export async function unpackWeekFiles(chosen: File[]): Promise<{ files: File[]; refusals: string[] }> {
  const files: File[] = [];
  const refusals: string[] = [];
  for (const file of chosen) {
    if (!isZip(file)) {
      files.push(file);
      continue;
    }
    try {
      files.push(...(await unpackZip(file)));
    } catch (error) {
      refusals.push(error instanceof ZipRefused ? error.message : ZIP_MESSAGES.unreadable(file.name));
    }
  }
  return { files, refusals };
}
