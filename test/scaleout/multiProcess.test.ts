import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import httpProxy from 'http-proxy';
import S3rver from 's3rver';
import { io, type Socket } from 'socket.io-client';
import { freePort } from '../../scripts/freePort';
import { type TemporaryPostgresDatabase, temporaryPostgresDatabase } from '../../scripts/temporaryPostgresDatabase';
import { multipart, payrollWorkbook, XLSX_TYPE } from '../server/jobs/uploadHarness';

/**
 * The product scaled out, from the built dist/ as it is deployed: PostgreSQL, an S3 server, two API
 * processes and one worker, with a round-robin reverse proxy in front of the API processes. A staff
 * member signs in through the proxy, uploads through one API process and follows the progress on a
 * socket connected to the other; a worker killed mid-job and started again still finishes; an API
 * process stopped during an upload stream either completes it or refuses it, never half-records it.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = path.resolve(__dirname, '../..');
const MAIN = path.join(root, 'dist/server/main.js');
const BUCKET = 'payroll-files';
const JOB_EXPIRE_SECONDS = 8;
const SESSION_SECRET = randomBytes(32).toString('hex');
const STAFF = { email: 'staff@northwind.demo', password: 'demo1234' };

jest.setTimeout(180_000);

interface Update {
  processingId: string;
  jobId: string | null;
  status: string;
  message: string;
  error: string | null;
}

describe('the product as many processes on PostgreSQL and S3', () => {
  let database: TemporaryPostgresDatabase;
  const children = new Set<ChildProcess>();
  const sockets: Socket[] = [];
  let env: NodeJS.ProcessEnv;
  let s3: S3rver;
  let tmp: string;
  let apiA: { child: ChildProcess; url: string };
  let apiB: { child: ChildProcess; url: string };
  let worker: ChildProcess;
  let proxyServer: http.Server;
  let proxyUrl: string;
  let cookie: string;

  /** Starts `node dist/server/main.js <role>`; an API process is ready when it says where it runs. */
  async function start(role: 'api' | 'worker', extra: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string }> {
    const port = await freePort();
    const child = spawn(process.execPath, [MAIN, role], { cwd: root, env: { ...env, PORT: String(port), ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    child.on('exit', () => children.delete(child));
    let output = '';
    const ready = role === 'api' ? 'is running at' : 'Worker started';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${role} did not start within 60 s:\n${output}`)), 60_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(ready)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.on('exit', (code) => reject(new Error(`${role} exited with ${code}:\n${output}`)));
    });
    return { child, url: `http://127.0.0.1:${port}` };
  }

  function exited(child: ChildProcess): Promise<number | null> {
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
    return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  /** The staff member's socket on one API process, with the session of the sign-in. */
  async function socketOn(url: string): Promise<Socket> {
    const socket = io(url, { transports: ['websocket'], extraHeaders: { cookie, origin: proxyUrl }, reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  /** Joins the upload's room and collects its updates (the join's answer first) until one of `until`. */
  function follow(socket: Socket, processingId: string, until: string[], onUpdate?: (update: Update) => void): Promise<Update[]> {
    const seen: Update[] = [];
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${until.join('/')} within 90 s; saw ${seen.map((u) => u.status).join(', ')}`)), 90_000);
      const take = (update: Update) => {
        if (update.processingId !== processingId) return;
        seen.push(update);
        onUpdate?.(update);
        if (until.includes(update.status)) {
          clearTimeout(timer);
          socket.off('processingUpdate', take);
          resolve(seen);
        }
      };
      socket.on('processingUpdate', take);
      socket.emit('joinProcessingRoom', processingId, (answer: { ok: boolean; update?: Update; message?: string }) => {
        if (!answer.ok) reject(new Error(`join refused: ${answer.message}`));
        else if (answer.update) take(answer.update);
      });
    });
  }

  async function get(url: string): Promise<Response> {
    return fetch(url, { headers: { cookie } });
  }

  async function clientId(name: string): Promise<string> {
    const response = await get(`${proxyUrl}/api/staff/weekly-documents?limit=50`);
    const body = (await response.json()) as { data: { documents: { client: { id: string; name: string } }[] } };
    const row = body.data.documents.find((document) => document.client.name === name);
    if (!row) throw new Error(`no client ${name}`);
    return row.client.id;
  }

  async function weekRow(name: string): Promise<{ upload: { upload_id: string; status: string; versions: string[] } | null }> {
    const response = await get(`${apiB.url}/api/staff/weekly-documents?limit=50`);
    const body = (await response.json()) as { data: { documents: { client: { name: string }; upload: never }[] } };
    return body.data.documents.find((document) => document.client.name === name) as never;
  }

  async function upload(url: string, client: string, file: Buffer, name: string): Promise<{ processingId: string; jobId: string }> {
    const form = multipart([
      { name: 'clientId', content: await clientId(client) },
      { name: 'file', filename: name, contentType: XLSX_TYPE, content: file },
    ]);
    const response = await fetch(`${url}/api/staff/upload-required-document`, { method: 'POST', headers: { ...form.headers, cookie, origin: proxyUrl }, body: new Uint8Array(form.payload) });
    const body = (await response.json()) as { data: { processingId: string; jobId: string }; message: string };
    if (response.status !== 202) throw new Error(`upload answered ${response.status}: ${body.message}`);
    return body.data;
  }

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error('The multi-process test runs the built server: npm run build first.');
    database = await temporaryPostgresDatabase('payroll_scaleout', serverUrl);

    tmp = await mkdtemp(path.join(os.tmpdir(), 'payroll-scaleout-'));
    const s3Port = await freePort();
    s3 = new S3rver({ address: '127.0.0.1', port: s3Port, silent: true, directory: path.join(tmp, 's3'), configureBuckets: [{ name: BUCKET, configs: [] }] });
    await s3.run();
    // The proxy's address is the public origin every process trusts, as in a deployment.
    const proxyPort = await freePort();
    proxyUrl = `http://127.0.0.1:${proxyPort}`;

    env = {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      DATA_DIR: path.join(tmp, 'data'),
      SESSION_SECRET,
      STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      PROCESSING_JOB_EXPIRE_SECONDS: String(JOB_EXPIRE_SECONDS),
      SEED_DEMO: 'false',
      PUBLIC_ORIGIN: proxyUrl,
    };
    // The first process migrates and loads the demo accounts; the others find them there.
    apiA = await start('api', { SEED_DEMO: 'true' });
    [apiB, { child: worker }] = await Promise.all([start('api'), start('worker')]);

    // A round-robin proxy in front of the two API processes, sockets included.
    const proxy = httpProxy.createProxyServer({ ws: true });
    proxy.on('error', (_error, _request, response) => {
      if (response instanceof http.ServerResponse && !response.headersSent) response.writeHead(502).end();
      else response.destroy();
    });
    let turn = 0;
    const next = () => [apiA.url, apiB.url][turn++ % 2];
    proxyServer = http.createServer((request, response) => proxy.web(request, response, { target: next() }));
    proxyServer.on('upgrade', (request, socket, head) => proxy.ws(request, socket, head, { target: next() }));
    await new Promise<void>((resolve) => proxyServer.listen(proxyPort, '127.0.0.1', resolve));

    const signIn = await fetch(`${proxyUrl}/api/auth/staff`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(STAFF) });
    expect(signIn.status).toBe(200);
    cookie = signIn.headers
      .getSetCookie()
      .map((value) => value.split(';')[0])
      .join('; ');
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const child of children) child.kill('SIGKILL');
    await new Promise((resolve) => proxyServer?.close(resolve));
    await s3?.close();
    await database?.drop();
    await rm(tmp, { recursive: true, force: true });
  });

  it('reports each process ready with its database, queue and bucket', async () => {
    for (const url of [apiA.url, apiB.url, proxyUrl]) {
      const ready = await fetch(`${url}/api/ready`);
      expect([url, ready.status]).toEqual([url, 200]);
    }
  });

  it('takes an upload on one API process, shows its progress on a socket of the other, and serves the scrubbed file through the proxy', async () => {
    const socket = await socketOn(apiB.url);
    const workbook = await payrollWorkbook({ sheets: 3, rowsPerSheet: 150, seed: 5 });
    const queued = await upload(apiA.url, 'Harbor Diner', workbook, 'harbor payroll.xlsx');
    const updates = await follow(socket, queued.processingId, ['SCRUBBED', 'FAILED']);
    expect(updates.at(-1)?.status).toBe('SCRUBBED');

    const scrubbed = await get(`${proxyUrl}/api/staff/download/${queued.processingId}?type=scrubbed`);
    expect(scrubbed.status).toBe(200);
    expect(scrubbed.headers.get('content-disposition')).toMatch(/scrubbed\.xlsx/);
    expect(Buffer.from(await scrubbed.arrayBuffer()).subarray(0, 2).toString('latin1')).toBe('PK');
    const raw = await get(`${proxyUrl}/api/staff/download/${queued.processingId}?type=raw`);
    expect(Buffer.from(await raw.arrayBuffer()).equals(workbook)).toBe(true);
  });

  it('finishes an upload whose worker was killed mid-job, once a worker runs again', async () => {
    const socket = await socketOn(apiB.url);
    // Big enough that the engine is still at work when the kill lands.
    const workbook = await payrollWorkbook({ sheets: 6, rowsPerSheet: 5000, seed: 9 });
    const queued = await upload(apiA.url, 'Maple Street Dental', workbook, 'maple payroll.xlsx');
    let killedAt = '';
    const updates = follow(socket, queued.processingId, ['SCRUBBED', 'FAILED'], (update) => {
      if (!killedAt && update.status === 'CONSOLIDATING') {
        killedAt = update.status;
        worker.kill('SIGKILL');
      }
    });
    await new Promise<void>((resolve) => {
      const wait = setInterval(() => {
        if (killedAt) {
          clearInterval(wait);
          resolve();
        }
      }, 20);
    });
    await exited(worker);
    expect((await weekRow('Maple Street Dental')).upload?.status).not.toBe('SCRUBBED');

    ({ child: worker } = await start('worker'));
    const seen = await updates;
    expect(seen.at(-1)?.status).toBe('SCRUBBED');
    const row = await weekRow('Maple Street Dental');
    expect(row.upload?.upload_id).toBe(queued.processingId);
    expect(row.upload?.versions).toEqual(['raw', 'consolidated', 'scrubbed']);
  });

  it('completes or refuses an upload streaming while its API process is stopped, never half-records it', async () => {
    const workbook = await payrollWorkbook({ sheets: 3, rowsPerSheet: 2000, seed: 13 });
    const form = multipart([
      { name: 'clientId', content: await clientId('Summit Fitness') },
      { name: 'file', filename: 'summit payroll.xlsx', contentType: XLSX_TYPE, content: workbook },
    ]);
    const target = new URL(`${apiA.url}/api/staff/upload-required-document`);
    const answer = new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
      const request = http.request(
        { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: { ...form.headers, cookie, origin: proxyUrl, 'content-length': form.payload.length } },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
          response.on('error', (error) => resolve({ error: error.message }));
        },
      );
      request.on('error', (error) => resolve({ error: error.message }));
      // The body goes out in pieces over about a second; the stop comes while it streams.
      const pieces = 10;
      const size = Math.ceil(form.payload.length / pieces);
      let sent = 0;
      const send = () => {
        if (sent >= pieces) return void request.end();
        request.write(form.payload.subarray(sent * size, (sent + 1) * size));
        sent++;
        if (sent === 3) apiA.child.kill('SIGTERM');
        setTimeout(send, 100);
      };
      send();
    });
    const outcome = await answer;
    expect(await exited(apiA.child)).toBe(0);

    const row = await weekRow('Summit Fitness');
    if ('status' in outcome && outcome.status === 202) {
      // Completed: the upload is whole, and a worker brings it to the end.
      const { processingId } = (JSON.parse(outcome.body) as { data: { processingId: string } }).data;
      expect(row.upload?.upload_id).toBe(processingId);
      const socket = await socketOn(apiB.url);
      expect((await follow(socket, processingId, ['SCRUBBED', 'FAILED'])).at(-1)?.status).toBe('SCRUBBED');
      const raw = await get(`${apiB.url}/api/staff/download/${processingId}?type=raw`);
      expect(Buffer.from(await raw.arrayBuffer()).equals(workbook)).toBe(true);
    } else {
      // Refused or cut: nothing of it is recorded, and the client may upload it again.
      expect(row.upload).toBeNull();
    }
  });
});
