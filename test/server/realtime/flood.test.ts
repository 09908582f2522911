import { randomUUID } from 'node:crypto';
import { clients, requiredDocuments, uploads } from '@/server/db/schema';
import { FLOOD_DEFAULTS, floodWhileReading } from '../../../scripts/bench/abuse/socketFlood';
import { buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { listen } from './socketClient';

jest.setTimeout(60_000);

/**
 * The finding this guards against: one staff member opened 10 sockets and sent 2,000 joins on each
 * in about a second; another company's admin then waited up to 26 s for GET /company/current and the
 * server grew by 1.8 GB. With the default limits, on the embedded database (one connection for
 * everyone), the admin's reads stay quick, memory stays flat, and the flood is refused or closed.
 */
describe('realtime: a flood of joins from one user', () => {
  let t: TestApp;
  let baseUrl: string;

  function cookieHeader(agent: { cookies: Map<string, { value: string }> }): string {
    return [...agent.cookies.entries()].map(([name, cookie]) => `${name}=${cookie.value}`).join('; ');
  }

  beforeAll(async () => {
    t = await buildTestApp();
    baseUrl = await listen(t);
  });
  afterAll(() => t.close());

  it("does not slow another company's admin down nor grow the server, and the flooding sockets are refused or closed", async () => {
    const { db } = t.app.ctx;
    const floodingCompany = await t.createCompany('Flood & Co');
    const readingCompany = await t.createCompany('Quiet Ltd');
    const flooder = await t.createUser('STAFF', { companyId: floodingCompany });
    const reader = await t.createUser('ADMIN', { companyId: readingCompany });
    const [client] = await db.insert(clients).values({ companyId: floodingCompany, name: 'Client', assignedStaffId: flooder.id }).returning();
    const [document] = await db.insert(requiredDocuments).values({ clientId: client.id, title: 'Weekly Payroll' }).returning();
    const [upload] = await db
      .insert(uploads)
      .values({ companyId: floodingCompany, clientId: client.id, requiredDocumentId: document.id, uploadedById: flooder.id, uploadedByName: 'Flooder', weekStart: '2025-09-08', jobId: randomUUID() })
      .returning();

    const figures = await floodWhileReading({
      baseUrl,
      flooderCookie: cookieHeader(await t.signIn('STAFF', flooder.email, flooder.password)),
      roomId: upload.id,
      readerCookie: cookieHeader(await t.signIn('ADMIN', reader.email, reader.password)),
      readPath: '/api/company/current',
    });

    expect(figures.readFailures).toBe(0);
    expect(figures.readsDuringFlood).toBeGreaterThan(10);
    expect(figures.readP99Ms).toBeLessThan(250);
    expect(figures.memoryGrowthMb).toBeLessThanOrEqual(100);
    // Every flooding socket was closed, after being told why (the oldest for too many sockets, the rest for too many requests).
    expect(figures.socketsClosed).toBe(FLOOD_DEFAULTS.sockets);
    // Of the joins that reached the server, few were let through to the database.
    expect(figures.joinsAccepted).toBeLessThanOrEqual(5 * 30 + 10);
    expect(figures.joinsRefused).toBeGreaterThan(figures.joinsAccepted);
  });
});
