import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { clientProfiles, clientWeekFacts, uploads } from '../../db/schema';
import type { UploadSummary } from '../uploads/uploadSummary';
import type { ClientHistory, MappingFix, WeekFacts } from '../../processing';

/** One sheet of the profile, as the engine reads it. */
type ProfileSheet = ClientHistory['sheets'][number];

/** An approved upload, with what its processing stored: the mapping it used. */
export interface ApprovedUpload {
  id: string;
  clientId: string;
  weekStart: string;
  summary: unknown;
}

/**
 * Each used sheet's mapping as the run applied it (the client's fixes included): the profile the next
 * week is compared with. Tables stacked in one sheet make one entry, each header once.
 */
function profileSheetsOf(summary: Pick<UploadSummary, 'sources'>): ProfileSheet[] {
  const sheets = new Map<string, ProfileSheet>();
  for (const sheet of summary.sources) {
    if (sheet.reason !== null) continue;
    const profile = sheets.get(sheet.name) ?? { name: sheet.name, mapping: [] };
    sheets.set(sheet.name, profile);
    for (const { header, column } of sheet.mapping) if (!profile.mapping.some((m) => m.header === header)) profile.mapping.push({ header, column });
  }
  return [...sheets.values()];
}

/**
 * Keeps a processed upload's week facts (one entry per employee: as large as Employee Totals) in a
 * table of their own, never in the upload's summary, which every weekly list reads. A run of the
 * same upload again replaces them. They count only once the upload is approved (loadClientHistory).
 * The statement unrun: it is a part of the one that makes the upload SCRUBBED (uploadStages.ts).
 */
export function weekFactsWrite(db: Executor, upload: { id: string; clientId: string; weekStart: string }, facts: WeekFacts) {
  return db
    .insert(clientWeekFacts)
    .values({ uploadId: upload.id, clientId: upload.clientId, weekStart: upload.weekStart, facts })
    .onConflictDoUpdate({ target: clientWeekFacts.uploadId, set: { facts, createdAt: new Date() } });
}

/**
 * Remembers an approved upload as its client's memory, in the approval's transaction: its mapping
 * becomes the client's profile (the fixes stay as they are); its week's facts, kept when it was
 * processed, count from now on for the week-over-week checks of later weeks. Only an approval calls
 * this: a rejected or unreviewed week is never what the next one is compared with.
 */
export async function rememberApprovedUpload(tx: Executor, upload: ApprovedUpload): Promise<void> {
  const summary = upload.summary as Pick<UploadSummary, 'sources'> | null;
  if (!summary) return;
  const sheets = profileSheetsOf(summary);
  const now = new Date();
  await tx
    .insert(clientProfiles)
    .values({ clientId: upload.clientId, weekStart: upload.weekStart, sheets, updatedAt: now })
    .onConflictDoUpdate({ target: clientProfiles.clientId, set: { weekStart: upload.weekStart, sheets, updatedAt: now } });
}

/**
 * What the engine compares an upload of `weekStart` with: the client's profile and fixes, and the
 * facts of its newest approved upload of an EARLIER week (a later week is never the "last week" of
 * this one). Undefined for a client without a profile: its first week, which raises no
 * week-over-week warning. A client with fixes but no approved week yet gets its fixes, no sheets to
 * compare with and no facts.
 */
export async function loadClientHistory(db: Executor, clientId: string, weekStart: string): Promise<ClientHistory | undefined> {
  // the profile and its last approved week in one statement: every upload's job reads them as it starts
  const lastApproved = db
    .select({ weekStart: clientWeekFacts.weekStart, facts: clientWeekFacts.facts })
    .from(clientWeekFacts)
    .innerJoin(uploads, eq(uploads.id, clientWeekFacts.uploadId))
    .where(and(eq(clientWeekFacts.clientId, clientProfiles.clientId), lt(clientWeekFacts.weekStart, weekStart), eq(uploads.approvalStatus, 'APPROVED')))
    .orderBy(desc(clientWeekFacts.weekStart), desc(clientWeekFacts.createdAt))
    .limit(1)
    .as('last_week');
  const [found] = await db
    .select({ profile: clientProfiles, lastWeek: { weekStart: lastApproved.weekStart, facts: lastApproved.facts } })
    .from(clientProfiles)
    .leftJoinLateral(lastApproved, sql`true`)
    .where(eq(clientProfiles.clientId, clientId))
    .limit(1);
  if (!found) return undefined;
  const { profile, lastWeek } = found;
  return {
    weekStart: lastWeek?.weekStart ?? profile.weekStart ?? '',
    sheets: profile.sheets as ProfileSheet[],
    fixes: profile.fixes as MappingFix[],
    facts: (lastWeek?.facts ?? null) as ClientHistory['facts'],
  };
}
