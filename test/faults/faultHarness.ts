/** What the fault suites share: the built product on a PostgreSQL database of its own, a staff session, and uploads streamed a piece at a time. */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type BuiltServer, DEMO, ROOT, type Role, startBuiltServer, stopBuiltServer } from '../../scripts/bench/builtServer';
import { signIn } from '../../scripts/bench/signIn';
import { type TemporaryPostgresDatabase, temporaryPostgresDatabase } from '../../scripts/temporaryPostgresDatabase';
import { multipart, storedFiles, XLSX_TYPE } from '../server/jobs/uploadHarness';

export const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SESSION_SECRET = randomBytes(32).toString('hex');

/** The answer of an upload streamed to the end, or how the connection failed. */
export type UploadOutcome = { status: number; body: { success: boolean; message: string; error?: string; data?: { processingId: string } } } | { failed: string };

export interface StreamOptions {
  /** The body goes out in this many pieces (default 10)... */
  pieces?: number;
  /** ...this far apart (default 100 ms). */
  delayMs?: number;
  /** Called after each piece is sent (1-based), with the request, so a test can act mid-stream. */
  onPiece?: (sent: number, request: http.ClientRequest) => void | Promise<void>;
}

/** The built product (dist/) on a fresh PostgreSQL database and data folder, with the demo accounts. */
export class FaultProduct {
  readonly processes: BuiltServer[] = [];
  readonly database: pg.Client;

  private constructor(
    readonly temporary: TemporaryPostgresDatabase,
    readonly dataDir: string,
    database: pg.Client,
  ) {
    this.database = database;
  }

  static async create(prefix: string): Promise<FaultProduct> {
    if (!existsSync(path.join(ROOT, 'dist/server/main.js'))) throw new Error('The fault suites run the built server: npm run build first.');
    const temporary = await temporaryPostgresDatabase(prefix, SERVER_URL);
    const database = new pg.Client({ connectionString: temporary.url });
    await database.connect();
    return new FaultProduct(temporary, await mkdtemp(path.join(os.tmpdir(), `${prefix}-`)), database);
  }

  /** Where uploaded and produced files are kept (local storage). */
  get storageDir(): string {
    return path.join(this.dataDir, 'files');
  }

  /**
   * Starts `main.js <role>` on this product's data; the first process started migrates and seeds. No
   * warm-up of the engine: these processes are given their work at once, and many start on two cores
   * (the warm-up is tested by the engine's suites and runs in the browser suite's server).
   */
  async start(role: Role, env: Record<string, string> = {}): Promise<BuiltServer> {
    const server = await startBuiltServer({
      role,
      dataDir: this.dataDir,
      env: { DATABASE_URL: this.temporary.url, SESSION_SECRET, SEED_DEMO: String(this.processes.length === 0), PROCESSING_CONCURRENCY: '1', PROCESSING_WARM_UP_RUNS: '0', ...env },
    });
    this.processes.push(server);
    return server;
  }

  /** A staff member of the demo company, signed in. */
  signInStaff(baseUrl: string): Promise<string> {
    return signIn(baseUrl, 'staff', DEMO.staff, DEMO.password);
  }

  async clientId(name: string): Promise<string> {
    const { rows } = await this.database.query<{ id: string }>('select id from clients where name = $1', [name]);
    if (!rows[0]) throw new Error(`no client ${name}`);
    return rows[0].id;
  }

  async uploadsOf(clientId: string): Promise<{ id: string; status: string }[]> {
    const { rows } = await this.database.query<{ id: string; status: string }>('select id, status from uploads where client_id = $1', [clientId]);
    return rows;
  }

  /** Every storage key the database records, sorted. */
  async recordedKeys(): Promise<string[]> {
    const { rows } = await this.database.query<{ key: string }>('select storage_key as key from upload_files order by 1');
    return rows.map((row) => row.key);
  }

  /** Every file in the storage folder, half-written ones included, sorted. */
  async storedFiles(): Promise<string[]> {
    return (await storedFiles(this.storageDir)).sort();
  }

  /** Polls the upload's status until it is one of `statuses`; answers the last one seen. */
  async statusReached(uploadId: string, statuses: string[], timeoutMs: number): Promise<string | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await this.database.query<{ status: string }>('select status from uploads where id = $1', [uploadId]);
      const status = rows[0]?.status;
      if ((status && statuses.includes(status)) || Date.now() > deadline) return status;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async stop(): Promise<void> {
    await Promise.all(this.processes.map((server) => stopBuiltServer(server)));
    await this.database.end().catch(() => undefined);
    await this.temporary.drop();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}

/** The staff upload form for a client: its id, then the workbook. */
export function uploadForm(clientId: string, file: Buffer, filename = 'payroll.xlsx', contentType = XLSX_TYPE): ReturnType<typeof multipart> {
  return multipart([
    { name: 'clientId', content: clientId },
    { name: 'file', filename, contentType, content: file },
  ]);
}

/**
 * POSTs a form to the staff upload endpoint a piece at a time, as a slow line would, and answers
 * what came back: the status and body, or the connection's failure.
 */
export function streamUpload(baseUrl: string, cookie: string, form: ReturnType<typeof multipart>, options: StreamOptions = {}): Promise<UploadOutcome> {
  const { pieces = 10, delayMs = 100, onPiece } = options;
  const target = new URL(`${baseUrl}/api/staff/upload-required-document`);
  return new Promise((resolve) => {
    const headers = { ...form.headers, cookie, origin: baseUrl, 'sec-fetch-site': 'same-origin', 'content-length': form.payload.length };
    const request = http.request({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as never }));
      response.on('error', (error) => resolve({ failed: error.message }));
    });
    request.on('error', (error) => resolve({ failed: error.message }));
    const size = Math.ceil(form.payload.length / pieces);
    const send = async (sent: number): Promise<void> => {
      if (request.destroyed) return;
      if (sent === pieces) return void request.end();
      request.write(form.payload.subarray(sent * size, (sent + 1) * size));
      await onPiece?.(sent + 1, request);
      setTimeout(() => void send(sent + 1), delayMs);
    };
    void send(0);
  });
}

/** Whether a process is still running. */
export function running(server: BuiltServer): boolean {
  return server.child.exitCode === null && server.child.signalCode === null;
}
