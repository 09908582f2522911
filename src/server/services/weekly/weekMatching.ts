/**
 * Routing a week's files to their clients by what they hold. Each file is compared with each client
 * the viewer may upload for (a staff member's assigned clients, an admin's company's), on three
 * signals: the employees (IDs and names) against the client's recent approved weeks; the client's
 * name in the file's title rows, sheet names or file name (accents, case and punctuation folded, one
 * letter off allowed in longer words); the client's remembered column layout and earlier file names.
 * A file goes to its best client when the confidence reaches MATCH_THRESHOLD; two files are never
 * routed to one client without a reason saying so.
 */
import { and, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import { shiftWeek, toIsoDate, weekContaining, parseIsoDate } from '@/common/week';
import type { Executor } from '../../db/client';
import { clients, clientWeekFingerprints, uploads } from '../../db/schema';
import type { FileIdentity } from '../../processing/matching/fileIdentity';
import { type ClientViewer, visibleTo } from '../clients/clients';
import { employeeIdHash, employeeNameHash, fileNameStem, foldText, hashesOf } from './weekFingerprints';
import type { FileReading } from './weekMatchFiles';

/** A file is routed to a client from this confidence on. */
export const MATCH_THRESHOLD = 0.5;
/** The approved weeks of a client that count, newest first, and how far back they are looked for. */
const RECENT_WEEKS = 3;
const LOOKBACK_WEEKS = 26;

export type MatchSignal = 'employees' | 'name' | 'layout' | 'fileName' | 'sameClient';
export interface MatchReason {
  signal: MatchSignal;
  text: string;
}

export interface FileMatch {
  fileName: string;
  clientId: string | null;
  clientName: string | null;
  /** 0 to 1, two decimals. */
  confidence: number;
  reasons: MatchReason[];
  /** The suggested client already has an upload this week (one that did not fail). */
  alreadyUploaded: boolean;
  /** Why the file could not be read, in the words an upload of it would get; null when it was read. */
  refusal: string | null;
}

/** What is known of a client from its recent approved weeks. */
interface KnownClient {
  id: string;
  name: string;
  nameWords: string[];
  ids: Set<string>;
  names: Set<string>;
  headers: Set<string>;
  fileStems: Set<string>;
  weeks: number;
}

interface Candidate {
  client: KnownClient;
  confidence: number;
  reasons: MatchReason[];
}

/**
 * The share of a file's employees known from the client's recent weeks that leaves no doubt: weeks
 * differ by leavers, joiners and who worked, so a file rarely holds only known people, while another
 * client's file holds almost none of them (names shared by chance).
 */
const EMPLOYEES_CERTAIN = 0.7;

/** Words of a business name that say nothing of which business it is. */
const NAME_FILLER = new Set(['inc', 'llc', 'ltd', 'co', 'corp', 'corporation', 'company', 'the', 'and', 'of', 'group', 'plc', 'lp', 'llp']);

/** Matches each file read with the viewer's clients for the week; answers in the files' order. */
export async function matchWeekFiles(db: Executor, viewer: ClientViewer, weekStart: string, readings: FileReading[]): Promise<FileMatch[]> {
  const known = await knownClients(db, viewer, weekStart);
  const ranked = readings.map((reading) => (reading.identity ? rankClients(reading.fileName, reading.identity, known) : []));
  const chosen = chooseClients(ranked);
  const uploaded = await clientsWithUploads(
    db,
    weekStart,
    chosen.flatMap((c) => (c ? [c.client.id] : [])),
  );
  return readings.map((reading, index) => {
    if (reading.refusal !== undefined) return { fileName: reading.fileName, clientId: null, clientName: null, confidence: 0, reasons: [], alreadyUploaded: false, refusal: reading.refusal };
    const choice = chosen[index];
    const best = choice ?? ranked[index][0];
    return {
      fileName: reading.fileName,
      clientId: choice?.client.id ?? null,
      clientName: choice?.client.name ?? null,
      confidence: round(best?.confidence ?? 0),
      reasons: best?.reasons ?? [],
      alreadyUploaded: choice ? uploaded.has(choice.client.id) : false,
      refusal: null,
    };
  });
}

/** The viewer's active clients, each with what its recent approved weeks' fingerprints say. */
async function knownClients(db: Executor, viewer: ClientViewer, weekStart: string): Promise<KnownClient[]> {
  const rows = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(and(visibleTo(viewer), eq(clients.status, 'ACTIVE')));
  if (rows.length === 0) return [];
  const week = weekContaining(parseIsoDate(weekStart) ?? new Date());
  const fingerprints = await db
    .select({
      clientId: clientWeekFingerprints.clientId,
      employeeIds: clientWeekFingerprints.employeeIds,
      employeeNames: clientWeekFingerprints.employeeNames,
      headers: clientWeekFingerprints.headers,
      fileName: clientWeekFingerprints.fileName,
    })
    .from(clientWeekFingerprints)
    .innerJoin(uploads, eq(uploads.id, clientWeekFingerprints.uploadId))
    .where(
      and(
        eq(clientWeekFingerprints.companyId, viewer.companyId),
        inArray(
          clientWeekFingerprints.clientId,
          rows.map((r) => r.id),
        ),
        gte(clientWeekFingerprints.weekStart, toIsoDate(shiftWeek(week, -LOOKBACK_WEEKS).start)),
        lte(clientWeekFingerprints.weekStart, weekStart),
        eq(uploads.approvalStatus, 'APPROVED'),
      ),
    )
    .orderBy(desc(clientWeekFingerprints.weekStart), desc(clientWeekFingerprints.createdAt));
  const byId = new Map<string, KnownClient>(
    rows.map((r) => [
      r.id,
      { id: r.id, name: r.name, nameWords: significantWords(r.name), ids: new Set(), names: new Set(), headers: new Set(), fileStems: new Set(), weeks: 0 },
    ]),
  );
  for (const fingerprint of fingerprints) {
    const client = byId.get(fingerprint.clientId);
    if (!client || client.weeks >= RECENT_WEEKS) continue;
    client.weeks += 1;
    for (const h of fingerprint.employeeIds) client.ids.add(h);
    for (const h of fingerprint.employeeNames) client.names.add(h);
    for (const h of fingerprint.headers) client.headers.add(h);
    const stem = fileNameStem(fingerprint.fileName);
    if (stem) client.fileStems.add(stem);
  }
  return [...byId.values()];
}

function significantWords(name: string): string[] {
  const words = foldText(name).split(' ').filter(Boolean);
  const significant = words.filter((w) => !NAME_FILLER.has(w));
  return significant.length ? significant : words;
}

/** The file's clients, best first, each with its confidence and the reasons for it. */
function rankClients(fileName: string, identity: FileIdentity, known: KnownClient[]): Candidate[] {
  const ids = hashesOf(identity.employeeIds, employeeIdHash);
  const names = hashesOf(identity.employeeNames, employeeNameHash);
  const headers = new Set(identity.headers);
  const stem = fileNameStem(fileName);
  const places: Array<{ where: string; texts: string[] }> = [
    { where: 'the title rows', texts: identity.titleTexts.map(foldText) },
    { where: 'a sheet name', texts: identity.sheetNames.map(foldText) },
    { where: 'the file name', texts: [foldText(fileName.replace(/\.[^.]*$/, ''))] },
  ];
  const candidates = known.map((client) => scoreClient(client, { ids, names, headers, stem, places }));
  return candidates.filter((c) => c.confidence > 0).sort((a, b) => b.confidence - a.confidence || a.client.name.localeCompare(b.client.name));
}

interface FileSignals {
  ids: string[];
  names: string[];
  headers: Set<string>;
  stem: string;
  places: Array<{ where: string; texts: string[] }>;
}

function scoreClient(client: KnownClient, file: FileSignals): Candidate {
  const reasons: MatchReason[] = [];
  let confidence = 0;

  const idKnown = file.ids.filter((h) => client.ids.has(h)).length;
  const nameKnown = file.names.filter((h) => client.names.has(h)).length;
  const idShare = file.ids.length && client.ids.size ? idKnown / file.ids.length : undefined;
  const nameShare = file.names.length && client.names.size ? nameKnown / file.names.length : undefined;
  // IDs alone are weak (many payrolls number their people from 1); names carry most of the weight
  const employees = nameShare === undefined ? (idShare ?? 0) : idShare === undefined ? nameShare : 0.35 * idShare + 0.65 * nameShare;
  if (employees > 0) {
    confidence += 0.8 * Math.min(1, employees / EMPLOYEES_CERTAIN);
    const total = Math.max(file.ids.length, file.names.length);
    const matched = Math.max(idKnown, nameKnown);
    reasons.push({ signal: 'employees', text: `${matched} of ${total} employees were in this client's earlier approved weeks` });
  }

  const place = file.places.find(({ texts }) => texts.some((text) => namesClient(text, client.nameWords)));
  if (place) {
    confidence += 0.5;
    reasons.push({ signal: 'name', text: `The client's name is in ${place.where}` });
  }

  if (client.headers.size && file.headers.size) {
    const shared = [...file.headers].filter((h) => client.headers.has(h)).length;
    const layout = shared / new Set([...file.headers, ...client.headers]).size;
    if (layout >= 0.5) {
      confidence += 0.1 * layout;
      reasons.push({ signal: 'layout', text: layout === 1 ? 'The same columns as earlier weeks' : `${shared} of ${file.headers.size} columns as in earlier weeks` });
    }
  }

  if (file.stem && client.fileStems.has(file.stem)) {
    confidence += 0.05;
    reasons.push({ signal: 'fileName', text: 'A file name like earlier weeks' });
  }
  return { client, confidence: Math.min(1, confidence), reasons };
}

/** Whether a folded text names the client: all its significant words, each as a word of the text (one letter off in words of five or more). */
function namesClient(text: string, nameWords: string[]): boolean {
  if (!nameWords.length || !text) return false;
  const words = text.split(' ');
  const compact = text.replace(/ /g, '');
  if (nameWords.join('').length >= 6 && compact.includes(nameWords.join(''))) return true;
  return nameWords.every((name) => words.some((word) => word === name || (name.length >= 5 && withinOneEdit(word, name))));
}

function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/**
 * Each file's client: the surest pairs first, so a client goes to the file that resembles it most;
 * a file whose best client is taken goes to its next client above the threshold, or else to the same
 * client, and then every file of that client says so.
 */
function chooseClients(ranked: Candidate[][]): Array<Candidate | undefined> {
  const chosen: Array<Candidate | undefined> = ranked.map(() => undefined);
  const taken = new Set<string>();
  const order = ranked.map((candidates, index) => ({ index, best: candidates[0]?.confidence ?? 0 })).sort((a, b) => b.best - a.best);
  for (const { index } of order) {
    const above = ranked[index].filter((c) => c.confidence >= MATCH_THRESHOLD);
    if (!above.length) continue;
    const free = above.find((c) => !taken.has(c.client.id));
    if (free) {
      chosen[index] = free;
      taken.add(free.client.id);
      continue;
    }
    chosen[index] = above[0];
  }
  const files = new Map<string, number>();
  for (const choice of chosen) if (choice) files.set(choice.client.id, (files.get(choice.client.id) ?? 0) + 1);
  return chosen.map((choice) =>
    choice && files.get(choice.client.id)! > 1
      ? { ...choice, reasons: [...choice.reasons, { signal: 'sameClient', text: 'Another file of this batch is also suggested for this client' }] }
      : choice,
  );
}

/** Which of the clients already have this week's upload (one whose newest version did not fail). */
async function clientsWithUploads(db: Executor, weekStart: string, clientIds: string[]): Promise<Set<string>> {
  if (!clientIds.length) return new Set();
  const rows = await db
    .select({ clientId: uploads.clientId, documentId: uploads.requiredDocumentId, status: uploads.status })
    .from(uploads)
    .where(and(inArray(uploads.clientId, clientIds), eq(uploads.weekStart, weekStart)))
    .orderBy(desc(uploads.attempt), desc(uploads.createdAt));
  // the newest version of each client's document of the week decides
  const newest = new Map<string, string>();
  for (const row of rows) if (!newest.has(`${row.clientId}/${row.documentId}`)) newest.set(`${row.clientId}/${row.documentId}`, row.status);
  return new Set(rows.filter((row) => newest.get(`${row.clientId}/${row.documentId}`) !== 'FAILED').map((row) => row.clientId));
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
