import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../scripts/freePort';
import { type TemporaryPostgresDatabase, temporaryPostgresDatabase } from '../../scripts/temporaryPostgresDatabase';
import { DATABASE_PREPARATION_LOCK } from '@/server/db/client';

/**
 * A new deployment, from the built dist/ as it is deployed: two API processes and a worker started at
 * the same instant on a fresh PostgreSQL database (a first `docker compose up`, an orchestrator's
 * replicas), five times over, then on a database a release step prepared. Every process comes up:
 * the migrations, the queue's schema and its queues are created by one process while the others wait.
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = path.resolve(__dirname, '../..');
const MAIN = path.join(root, 'dist/server/main.js');
const ROUNDS = 5;
const run = promisify(execFile);
const SESSION_SECRET = randomBytes(32).toString('hex');

// Rounds of three processes starting; a loaded machine takes its time over them.
jest.setTimeout(300_000);

interface Started {
  child: ChildProcess;
  role: 'api' | 'worker';
  url: string;
  /** Everything the process printed so far. */
  output: () => string;
  /** Settles when the process says it runs, rejects when it exits first. */
  up: Promise<void>;
}

describe('processes starting together on one database', () => {
  const children = new Set<ChildProcess>();
  const databases: TemporaryPostgresDatabase[] = [];
  let tmp: string;

  beforeAll(async () => {
    if (!existsSync(MAIN)) throw new Error('The multi-process tests run the built server: npm run build first.');
    tmp = await mkdtemp(path.join(os.tmpdir(), 'payroll-first-start-'));
  });

  afterEach(async () => {
    await Promise.all([...children].map(stop));
  });

  afterAll(async () => {
    for (const database of databases) await database.drop();
    await rm(tmp, { recursive: true, force: true });
  });

  async function freshDatabase(): Promise<TemporaryPostgresDatabase> {
    const database = await temporaryPostgresDatabase('payroll_first_start', serverUrl);
    databases.push(database);
    return database;
  }

  /** The settings of every process here: PostgreSQL, files on disk, information-level logs (the waits are logged). */
  function processEnv(databaseUrl: string, port: number): NodeJS.ProcessEnv {
    return {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(tmp, 'data'),
      SESSION_SECRET,
      SEED_DEMO: 'false',
      PUBLIC_ORIGIN: 'http://127.0.0.1:1',
      PROCESSING_CONCURRENCY: '1',
      // several processes start at one instant on two cores to race for the first start; no engine warm-up besides
      PROCESSING_WARM_UP_RUNS: '0',
    };
  }

  /** `node dist/server/main.js <role>` on the database; nothing is awaited, so several start at one instant. */
  function launch(role: 'api' | 'worker', databaseUrl: string, port: number): Started {
    const child = spawn(process.execPath, [MAIN, role], { cwd: root, env: processEnv(databaseUrl, port), stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    child.on('exit', () => children.delete(child));
    let output = '';
    const ready = role === 'api' ? 'is running at' : 'Worker started';
    const up = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${role} did not start within 90 s:\n${output}`)), 90_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(ready)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${role} exited with ${code}:\n${output}`));
      });
    });
    // Reported by whoever awaits it; a process that fails while another is awaited is not unhandled.
    up.catch(() => undefined);
    return { child, role, url: `http://127.0.0.1:${port}`, output: () => output, up };
  }

  function stop(child: ChildProcess): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  /** Two API processes and a worker, started at the same instant. */
  async function startTogether(databaseUrl: string): Promise<Started[]> {
    const ports = await Promise.all([freePort(), freePort(), freePort()]);
    return [launch('api', databaseUrl, ports[0]), launch('api', databaseUrl, ports[1]), launch('worker', databaseUrl, ports[2])];
  }

  /** Every process came up: each API process answers /api/ready, the worker is still running. */
  async function expectAllUp(processes: Started[]): Promise<void> {
    const outcomes = await Promise.allSettled(processes.map((started) => started.up));
    const failures = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [String(outcome.reason)] : []));
    expect(failures).toEqual([]);
    for (const started of processes.filter((candidate) => candidate.role === 'api')) {
      const ready = await fetch(`${started.url}/api/ready`);
      expect([started.url, ready.status]).toEqual([started.url, 200]);
    }
    for (const started of processes) expect([started.role, started.child.exitCode]).toEqual([started.role, null]);
  }

  it(`brings up two API processes and a worker started together on a fresh database, ${ROUNDS} times out of ${ROUNDS}`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const database = await freshDatabase();
      const processes = await startTogether(database.url);
      await expectAllUp(processes);
      await Promise.all(processes.map((started) => stop(started.child)));
      await database.drop();
    }
  });

  it('brings them up together on a database a release step prepared (the migrate role)', async () => {
    const database = await freshDatabase();
    const { stdout } = await run(process.execPath, [MAIN, 'migrate'], { cwd: root, env: processEnv(database.url, await freePort()) });
    expect(stdout).toContain("Migrations and the job queue's schema applied.");
    await expectAllUp(await startTogether(database.url));
  });

  it('has a process that finds the database being prepared say that it waits, and start once it may', async () => {
    const database = await freshDatabase();
    // Another process holding the lock, as one preparing the database does.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [DATABASE_PREPARATION_LOCK]);
      const port = await freePort();
      const api = launch('api', database.url, port);
      await waitFor(() => /waiting/i.test(api.output()), () => `no waiting message:\n${api.output()}`);
      expect(api.output()).not.toContain('is running at');
      await holder.query('select pg_advisory_unlock($1)', [DATABASE_PREPARATION_LOCK]);
      await expectAllUp([api]);
    } finally {
      await holder.end();
    }
  });
});

/** Resolves once `condition` holds; fails with `describe()` after 60 s. */
async function waitFor(condition: () => boolean, describe: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(describe());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
