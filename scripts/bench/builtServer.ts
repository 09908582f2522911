/**
 * The built product, started for a benchmark: `node dist/server/main.js <role>` (by default `all`) on
 * a free loopback port, as `npm start` would serve it in production; by default with a fresh
 * embedded database and the demo data.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { needsBuild } from '../buildFreshness.cjs';
import { freePort } from '../freePort';

export const ROOT = resolve(__dirname, '../..');
export const DEMO = { admin: 'admin@northwind.demo', staff: 'staff@northwind.demo', password: 'demo1234' };

const START_TIMEOUT_MS = 120_000;

export type Role = 'all' | 'api' | 'worker';

export interface BuiltServerOptions {
  /** The process's role (default `all`). */
  role?: Role;
  /** Settings over the defaults (embedded database, demo data, plain http, warnings only). */
  env?: Record<string, string>;
  /** A data directory the caller owns: used as it is and kept when the server stops. By default a fresh one, removed when it stops. */
  dataDir?: string;
  /** The name of the fresh data directory begins with this (default `payroll-bench-`). */
  dataDirPrefix?: string;
  /** What the process prints once it is ready (default: `Worker started` for a worker, else `is running at`). */
  readyText?: string;
  /** How long it may take to get ready (default 120 s). */
  startTimeoutMs?: number;
  /** The checkout whose build runs (default this one; previousBuild.ts makes another). */
  root?: string;
  /** Node's own options for the process, before the script (for example `--cpu-prof`). */
  nodeOptions?: string[];
}

export interface BuiltServer {
  child: ChildProcess;
  /** Where it listens (a worker listens nowhere). */
  baseUrl: string;
  dataDir: string;
  /** Whether the data directory is removed when the server stops. */
  ownsDataDir: boolean;
  /** The last lines the server printed, for a failure's report. */
  output: () => string;
}

function run(label: string, script: string, args: string[] = []): void {
  console.log(`Building ${label} (first run or sources changed)...`);
  const result = spawnSync(process.execPath, [script, ...args], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`The ${label} build failed.`);
}

/** Builds the server and (unless `web` is false) the SPA, each only when it is missing or older than its sources. */
export function buildIfStale({ web = true }: { web?: boolean } = {}): void {
  const serverSources = ['src/server', 'src/common', 'openapi', 'scripts/build-server.ts', 'tsconfig.json', 'package-lock.json'];
  if (needsBuild(ROOT, ['dist/server/main.js', 'dist/server/pipelineWorker.js', 'dist/server/xlsxReadWorker.js'], serverSources)) {
    run('the server', require.resolve('tsx/cli'), [join(ROOT, 'scripts/build-server.ts')]);
  }
  if (!web) return;
  const webSources = ['src/web', 'src/common', 'index.html', 'vite.config.ts', 'package-lock.json'];
  if (needsBuild(ROOT, ['dist/web/index.html'], webSources)) {
    run('the web app', join(ROOT, 'node_modules/vite/bin/vite.js'), ['build']);
  }
}

export async function startBuiltServer(options: BuiltServerOptions = {}): Promise<BuiltServer> {
  const role = options.role ?? 'all';
  const readyText = options.readyText ?? (role === 'worker' ? 'Worker started' : 'is running at');
  const startTimeoutMs = options.startTimeoutMs ?? START_TIMEOUT_MS;
  const name = role === 'all' ? 'The server' : `The '${role}' process`;
  const port = await freePort();
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), options.dataDirPrefix ?? 'payroll-bench-'));
  const root = options.root ?? ROOT;
  const child = spawn(process.execPath, [...(options.nodeOptions ?? []), join(root, 'dist/server/main.js'), role], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STORAGE_DIR: '',
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      // plain http on loopback, as the browser suite runs it
      COOKIE_SECURE: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const started = new Promise<void>((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within ${startTimeoutMs / 1000} s:\n${output}`)), startTimeoutMs);
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}:\n${output}`));
    };
    let ready = false;
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8000);
      if (ready || !output.includes(readyText)) return;
      ready = true;
      clearTimeout(timer);
      child.off('exit', onExit);
      resolveStart();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.once('exit', onExit);
  });
  try {
    await started;
  } catch (error) {
    child.kill('SIGKILL');
    if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return { child, baseUrl: `http://127.0.0.1:${port}`, dataDir, ownsDataDir, output: () => output };
}

/**
 * Stops the server gracefully (killing it after 15 s), so that its database can be read afterwards,
 * and removes its data, unless the caller owns the data directory or asks to keep it.
 */
export async function stopBuiltServer(server: BuiltServer, { keepData = false }: { keepData?: boolean } = {}): Promise<void> {
  const { child } = server;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  if (server.ownsDataDir && !keepData) rmSync(server.dataDir, { recursive: true, force: true });
}
