/**
 * A client-week's fingerprint: what routing a new file to its client compares it with. Kept when an
 * upload is approved (only an approved week is known to be that client's), from what its run already
 * stored: the week's employees (client_week_facts), the sheets and headers it mapped (the summary's
 * sources) and the raw file's name. Employee IDs and names are folded (case, accents, punctuation and
 * name order left out) and kept only as short hashes: enough to recognise them, never to read them.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { clientWeekFacts, clientWeekFingerprints, uploadFiles } from '../../db/schema';
import { normaliseHeader } from '../../processing/table/headerText';
import type { WeekFacts } from '../../processing';
import type { UploadSummary } from '../uploads/uploadSummary';

/** At most this many employees of a week are kept: a fingerprint, not a roster. */
const MAX_EMPLOYEES = 5000;

/** Text with accents, case and punctuation folded away: "Café  O'Neil" -> "cafe o neil". */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A short hash of a folded key (64 bits of SHA-256). */
function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 11);
}

/** An employee ID's key: folded, without spaces or leading zeros ("00 1041" and 1041 are one ID). */
export function employeeIdHash(id: string): string | undefined {
  const key = foldText(id).replace(/ /g, '').replace(/^0+(?=.)/, '');
  return key ? keyHash(`id:${key}`) : undefined;
}

/** An employee name's key: its folded words in order, so "LOPEZ, Ana" and "Ana Lopez" are one name. */
export function employeeNameHash(name: string): string | undefined {
  const words = foldText(name).split(' ').filter(Boolean).sort();
  return words.length ? keyHash(`name:${words.join(' ')}`) : undefined;
}

/** The hashes of values, each once, at most MAX_EMPLOYEES. */
export function hashesOf(values: Iterable<string>, hash: (value: string) => string | undefined): string[] {
  const hashes = new Set<string>();
  for (const value of values) {
    const h = hash(value);
    if (h) hashes.add(h);
    if (hashes.size >= MAX_EMPLOYEES) break;
  }
  return [...hashes];
}

/** A file's name without its extension, folded, with its digits (weeks, dates, copies) left out. */
export function fileNameStem(fileName: string): string {
  return foldText(fileName.replace(/\.[^.]*$/, '')).replace(/\d+/g, ' ').replace(/\s+/g, ' ').trim();
}

export interface ApprovedWeek {
  id: string;
  companyId: string;
  clientId: string;
  weekStart: string;
  summary: unknown;
}

/** Keeps the fingerprint of an approved upload, in the approval's transaction; approving it again replaces it. */
export async function keepWeekFingerprint(tx: Executor, upload: ApprovedWeek): Promise<void> {
  const [facts] = await tx.select({ facts: clientWeekFacts.facts }).from(clientWeekFacts).where(eq(clientWeekFacts.uploadId, upload.id)).limit(1);
  const [raw] = await tx
    .select({ filename: uploadFiles.filename })
    .from(uploadFiles)
    .where(and(eq(uploadFiles.uploadId, upload.id), eq(uploadFiles.kind, 'raw')))
    .limit(1);
  const employees = (facts?.facts as WeekFacts | undefined)?.employees ?? [];
  const sources = (upload.summary as Pick<UploadSummary, 'sources'> | null)?.sources ?? [];
  const headers = new Set<string>();
  for (const sheet of sources) for (const { header } of sheet.mapping ?? []) if (normaliseHeader(header)) headers.add(normaliseHeader(header));
  const values = {
    companyId: upload.companyId,
    clientId: upload.clientId,
    weekStart: upload.weekStart,
    employeeIds: hashesOf(
      employees.flatMap((e) => (e.id ? [e.id] : [])),
      employeeIdHash,
    ),
    employeeNames: hashesOf(
      employees.map((e) => e.name),
      employeeNameHash,
    ),
    headers: [...headers],
    sheetNames: [...new Set(sources.map((sheet) => sheet.name))],
    fileName: raw?.filename ?? '',
  };
  await tx
    .insert(clientWeekFingerprints)
    .values({ uploadId: upload.id, ...values })
    .onConflictDoUpdate({ target: clientWeekFingerprints.uploadId, set: { ...values, createdAt: new Date() } });
}
