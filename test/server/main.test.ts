import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { hashPassword } from '@/server/auth/password';
import { type DatabaseHandle, openDatabase } from '@/server/db/client';
import { companies, uploads, users } from '@/server/db/schema';
import { freePort } from '../../scripts/freePort';
import { type TemporaryPostgresDatabase, temporaryPostgresDatabase } from '../../scripts/temporaryPostgresDatabase';
import { addClient, multipart, payrollWorkbook, XLSX_TYPE } from './jobs/uploadHarness';
import { connect, disconnected } from './realtime/socketClient';

/**
 * The `api` role stopped with SIGTERM (src/server/main.ts), as a deployment stops it: it accepts no
 * new connection, ends its sockets, lets an upload that is streaming in finish and be recorded, and
 * exits; an upload still unfinished when the grace period is over is cut off and never recorded.
 * An `api` process needs PostgreSQL: this runs wherever TEST_DATABASE_URL names a server
 * (jest.config.cjs leaves it out of the embedded pass).
 */
const root = path.resolve(__dirname, '../..');

jest.setTimeout(90_000);

describe('an API process stopped with SIGTERM', () => {
  let temporary: TemporaryPostgresDatabase;
  let databaseUrl: string;
  let database: DatabaseHandle;
  let dataDir: string;
  let workbook: Buffer;
  let staff: { id: string; companyId: string; email: string };
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    temporary = await temporaryPostgresDatabase('payroll_api_stop');
    databaseUrl = temporary.url;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'api-stop-'));
    database = await openDatabase({ databaseUrl, poolSize: 2 });
    await database.migrate();
    const [company] = await database.db.insert(companies).values({ name: 'Stop Co' }).returning();
    const email = 'sam@example.com';
    const [user] = await database.db.insert(users).values({ role: 'STAFF', companyId: company.id, name: 'Sam Staff', email, passwordHash: await hashPassword('secret-pass') }).returning();
    staff = { id: user.id, companyId: company.id, email };
    workbook = await payrollWorkbook();
  });

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await database?.close();
    await temporary?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The product's `api` role, started as an operator would; resolves once it listens. */
  async function startApi(graceSeconds: number) {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', 'api'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        SESSION_SECRET: 'x'.repeat(48),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    const output: string[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(`stderr: ${chunk.toString()}`));
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => {
        children.delete(child);
        resolve(code);
      }),
    );
    const deadline = Date.now() + 60_000;
    while (!output.join('').includes('is running at')) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the API did not start:\n${output.join('')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { child, exited, output, baseUrl: `http://127.0.0.1:${port}` };
  }

  async function signIn(baseUrl: string): Promise<string> {
    const response = await fetch(`${baseUrl}/api/auth/staff`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: staff.email, password: 'secret-pass' }) });
    expect(response.status).toBe(200);
    const access = response.headers.getSetCookie().find((cookie) => cookie.startsWith('access_token='));
    return (access as string).split(';')[0];
  }

  /** An upload whose first half is sent now; `finish()` sends the rest and resolves with the answer. */
  function startUpload(baseUrl: string, cookie: string, clientId: string) {
    const { payload, headers } = multipart([
      { name: 'clientId', content: clientId },
      { name: 'weekStart', content: '2025-09-08' },
      { name: 'file', filename: 'week.xlsx', contentType: XLSX_TYPE, content: workbook },
    ]);
    const half = Math.floor(payload.length / 2);
    const request = http.request(`${baseUrl}/api/staff/upload-required-document`, {
      method: 'POST',
      headers: { ...headers, cookie, origin: baseUrl, 'content-length': String(payload.length) },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        response.on('error', reject);
      });
      request.on('error', reject);
    });
    request.write(payload.subarray(0, half));
    return {
      answer,
      finish: () => {
        request.end(payload.subarray(half));
        return answer;
      },
    };
  }

  /** Resolves once the address no longer accepts connections. */
  async function refusesConnections(baseUrl: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const refused = await fetch(`${baseUrl}/api/health`).then(
        () => false,
        () => true,
      );
      if (refused) return;
      if (Date.now() > deadline) throw new Error('still accepting connections');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const uploadsOf = (clientId: string) => database.db.select().from(uploads).where(eq(uploads.clientId, clientId));

  it('stops accepting, ends its sockets, lets the upload streaming in finish and be recorded, then exits', async () => {
    const api = await startApi(30);
    const cookie = await signIn(api.baseUrl);
    const socket = await connect(api.baseUrl, { cookie });
    const socketEnded = disconnected(socket);
    const clientId = await addClient(database.db, staff.companyId, staff.id, 'Streaming Client');
    const upload = startUpload(api.baseUrl, cookie, clientId);
    // The first half has reached the server (the request is under way) before the signal.
    await new Promise((resolve) => setTimeout(resolve, 300));

    api.child.kill('SIGTERM');
    await refusesConnections(api.baseUrl);
    await socketEnded;
    const answer = await upload.finish();

    expect(answer.status).toBe(202);
    expect(JSON.parse(answer.body)).toMatchObject({ success: true, data: { processingId: expect.any(String), jobId: expect.any(String) } });
    // The kept-alive connection of the answered upload does not hold the process until its client lets go.
    const answered = Date.now();
    expect(await api.exited).toBe(0);
    expect(Date.now() - answered).toBeLessThan(3_000);
    expect((await uploadsOf(clientId)).map((row) => row.status)).toEqual(['QUEUED']);
  });

  it('cuts off an upload still unfinished when the grace period is over, records nothing of it, and exits', async () => {
    const graceSeconds = 2;
    const api = await startApi(graceSeconds);
    const cookie = await signIn(api.baseUrl);
    const clientId = await addClient(database.db, staff.companyId, staff.id, 'Stalled Client');
    const upload = startUpload(api.baseUrl, cookie, clientId);
    const outcome = upload.answer.then(
      (answer) => `answered ${answer.status}`,
      () => 'cut off',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalled = Date.now();
    api.child.kill('SIGTERM');
    expect(await api.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(graceSeconds * 1000 + 4_000);
    expect(await outcome).toBe('cut off');
    expect(await uploadsOf(clientId)).toEqual([]);
  });
});
