/**
 * `npx tsx scripts/bench/abuse/flood.ts`: one user floods the realtime server while another company's
 * admin reads. The server is started in this process (buildApp, the product's own, with its default
 * limits) on a fresh embedded database, the one connection everybody shares; one staff member opens
 * 10 sockets on one session and sends 2,000 `joinProcessingRoom` on each within a second, while an
 * admin of another company repeats GET /api/company/current (see socketFlood.ts).
 *
 * Prints the admin's read latency without and during the flood, this process's memory growth, the
 * joins answered yes and no and the sockets the server closed; exits 1 when the reads' p99 during the
 * flood reaches 250 ms, memory grows by more than 100 MB, or a flooding socket was left open.
 * `runFlood()` answers the same figures for a caller that runs several benchmarks.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@/server/app';
import { hashPassword } from '@/server/auth/password';
import { loadConfig } from '@/server/config';
import { type DatabaseHandle, openDatabase } from '@/server/db/client';
import { clients, companies, requiredDocuments, uploads, users } from '@/server/db/schema';
import { exitWith } from '../exitWith';
import { signIn } from '../signIn';
import { table } from '../table';
import { FLOOD_DEFAULTS, type FloodFigures, floodWhileReading } from './socketFlood';

const PASSWORD = 'bench-pass-1234';
const GOALS = { readP99Ms: 250, memoryGrowthMb: 100 };

interface Seeded {
  flooderEmail: string;
  readerEmail: string;
  uploadId: string;
}

/** Two companies: a staff member with a client and one upload of it (the flooder), and an admin (the reader). */
async function seed(database: DatabaseHandle): Promise<Seeded> {
  const { db } = database;
  const passwordHash = await hashPassword(PASSWORD);
  const [flooding, reading] = await db.insert(companies).values([{ name: 'Flood & Co' }, { name: 'Quiet Ltd' }]).returning({ id: companies.id });
  const [flooder, reader] = await db
    .insert(users)
    .values([
      { role: 'STAFF', companyId: flooding.id, name: 'Flooder', email: 'flooder@bench.example', passwordHash },
      { role: 'ADMIN', companyId: reading.id, name: 'Reader', email: 'reader@bench.example', passwordHash },
    ])
    .returning({ id: users.id, email: users.email });
  const [client] = await db.insert(clients).values({ companyId: flooding.id, name: 'Client', assignedStaffId: flooder.id }).returning({ id: clients.id });
  const [document] = await db.insert(requiredDocuments).values({ clientId: client.id, title: 'Weekly Payroll' }).returning({ id: requiredDocuments.id });
  const [upload] = await db
    .insert(uploads)
    .values({ companyId: flooding.id, clientId: client.id, requiredDocumentId: document.id, uploadedById: flooder.id, uploadedByName: 'Flooder', weekStart: '2025-09-08', jobId: randomUUID() })
    .returning({ id: uploads.id });
  return { flooderEmail: flooder.email, readerEmail: reader.email, uploadId: upload.id };
}

/** Starts the server in this process on a fresh embedded database, floods it, stops it; answers the figures. */
export async function runFlood(): Promise<Record<string, number | string>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'payroll-bench-flood-'));
  const database = await openDatabase({ dataDir: join(dataDir, 'db') });
  try {
    await database.migrate();
    const seeded = await seed(database);
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', SESSION_SECRET: randomBytes(32).toString('hex') });
    const app = await buildApp({ config, database, logger: false });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const figures = await floodWhileReading({
        baseUrl,
        flooderCookie: await signIn(baseUrl, 'staff', seeded.flooderEmail, PASSWORD),
        roomId: seeded.uploadId,
        readerCookie: await signIn(baseUrl, 'admin', seeded.readerEmail, PASSWORD),
        readPath: '/api/company/current',
      });
      return { ...figures, verdict: verdictOf(figures) };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** 'met', or what was missed. */
function verdictOf(figures: FloodFigures): string {
  const missed = [
    figures.readP99Ms >= GOALS.readP99Ms && `read p99 ${figures.readP99Ms} ms (goal under ${GOALS.readP99Ms})`,
    figures.memoryGrowthMb > GOALS.memoryGrowthMb && `memory grew ${figures.memoryGrowthMb} MB (goal at most ${GOALS.memoryGrowthMb})`,
    figures.socketsClosed < figures.socketsOpened && `${figures.socketsOpened - figures.socketsClosed} flooding socket(s) left open`,
    figures.readFailures > 0 && `${figures.readFailures} read(s) failed`,
  ].filter(Boolean);
  return missed.length === 0 ? 'met' : `missed: ${missed.join('; ')}`;
}

const LABELS: Array<[keyof FloodFigures, string]> = [
  ['readP50QuietMs', 'read p50 without flood (ms)'],
  ['readP99QuietMs', 'read p99 without flood (ms)'],
  ['readP50Ms', 'read p50 during flood (ms)'],
  ['readP99Ms', 'read p99 during flood (ms)'],
  ['readMaxMs', 'slowest read during flood (ms)'],
  ['readsDuringFlood', 'reads during flood'],
  ['memoryGrowthMb', 'memory growth (MB, peak RSS)'],
  ['joinsSent', 'joins sent'],
  ['joinsAccepted', 'joins accepted'],
  ['joinsRefused', 'joins refused'],
  ['socketsOpened', 'sockets opened'],
  ['socketsClosed', 'sockets closed by the server'],
];

if (require.main === module) {
  exitWith(async () => {
    console.log(`Flood: ${FLOOD_DEFAULTS.sockets} sockets x ${FLOOD_DEFAULTS.joinsPerSocket.toLocaleString('en')} joins within ${FLOOD_DEFAULTS.overMs} ms, embedded database, in-process server`);
    const figures = await runFlood();
    console.log(table(['figure', 'value'], LABELS.map(([key, label]) => [label, String(figures[key])])));
    console.log(`Goals (read p99 under ${GOALS.readP99Ms} ms, memory growth at most ${GOALS.memoryGrowthMb} MB, every flooding socket closed): ${figures.verdict}`);
    return figures.verdict === 'met' ? 0 : 1;
  });
}
