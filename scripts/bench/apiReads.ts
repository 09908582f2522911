/**
 * The heaviest reads under load: `GET /api/staff/weekly-documents`, `GET /api/company/weekly-documents`
 * and `GET /api/company/weekly-stats` on a company with 500 clients (across 10 staff members) and
 * 20 weeks of uploads, each for about 10 s at 50 concurrent connections (autocannon), in two setups:
 *
 * - embedded: the built server (`node dist/server/main.js all`) on a fresh embedded database;
 * - postgres: two API processes and one worker (`main.js api` x2, `main.js worker`) on a fresh
 *   PostgreSQL database, the connections split over both API processes (two autocannon instances of
 *   25 connections each, run together).
 *
 * The data is written straight into the database before the server starts (the raw files need not
 * exist: these reads do not open them). Prints requests/s and p50/p99 latency per endpoint and
 * setup against the goals (PostgreSQL: p99 under 100 ms, and at least 1,000 requests/s for the
 * list reads; embedded: p99 under 250 ms) and exits 1 on a miss.
 *
 * BENCH_DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
 * the bench creates the database `payroll_bench_api` on it and drops it afterwards.
 * BENCH_SETUPS=embedded or =postgres runs one setup; BENCH_SECONDS and BENCH_CONNECTIONS change the
 * duration per endpoint and the connections (the goals are for the defaults, 10 s and 50).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { hashPassword } from '@/server/auth/password';
import { openDatabase } from '@/server/db/client';
import { type BuiltServer, buildIfStale, type Role, startBuiltServer, stopBuiltServer } from './builtServer';
import { percentile } from './percentile';
import { signIn } from './signIn';
import { seedWeeklyUploads, type SeededCompany } from './weeklyUploadsSeed';

const PASSWORD = 'bench-pass-1234';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 3;
const START_TIMEOUT_MS = 60_000;
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BENCH_DATABASE = 'payroll_bench_api';

type SetupName = 'embedded' | 'postgres';

interface Goal {
  p99Ms: number;
  minRequestsPerSecond?: number;
}

interface Endpoint {
  name: string;
  path: (week: string) => string;
  as: 'staff' | 'admin';
  list: boolean;
}

const ENDPOINTS: Endpoint[] = [
  { name: 'GET /api/staff/weekly-documents', path: (week) => `/api/staff/weekly-documents?weekStart=${week}`, as: 'staff', list: true },
  { name: 'GET /api/company/weekly-documents', path: (week) => `/api/company/weekly-documents?weekStart=${week}`, as: 'admin', list: true },
  { name: 'GET /api/company/weekly-stats', path: (week) => `/api/company/weekly-stats?weekStart=${week}`, as: 'admin', list: false },
];

function goalOf(setup: SetupName, endpoint: Endpoint): Goal {
  if (setup === 'embedded') return { p99Ms: 250 };
  return endpoint.list ? { p99Ms: 100, minRequestsPerSecond: 1000 } : { p99Ms: 100 };
}

interface Measurement {
  setup: SetupName;
  endpoint: Endpoint;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
}

/** Starts `main.js <role>` on the bench's data, and waits until it serves (or, for a worker, until it started). */
function startProcess(role: Role, dataDir: string, databaseUrl = ''): Promise<BuiltServer> {
  return startBuiltServer({
    role,
    dataDir,
    env: { SEED_DEMO: 'false', ACCESS_TOKEN_TTL_SECONDS: '7200', DATABASE_URL: databaseUrl },
    startTimeoutMs: START_TIMEOUT_MS,
  });
}

async function stopProcesses(servers: BuiltServer[]): Promise<void> {
  await Promise.all(servers.map((server) => stopBuiltServer(server)));
}

async function seed(databaseOptions: Parameters<typeof openDatabase>[0]): Promise<SeededCompany> {
  const database = await openDatabase(databaseOptions);
  try {
    await database.migrate();
    const company = await seedWeeklyUploads(database, {
      companyName: 'Bench Bureau',
      emailPrefix: 'bench',
      passwordHash: await hashPassword(PASSWORD),
      clients: 500,
      staff: 10,
      weeks: 20,
    });
    // What autovacuum does on a live database soon after: statistics, and the visibility map that
    // lets the weekly figures read the uploads index alone.
    await database.executeSql('vacuum analyze');
    return company;
  } finally {
    await database.close();
  }
}

/** One load run: the connections split evenly over the base URLs, every response time kept. */
async function load(baseUrls: string[], path: string, cookie: string, seconds: number): Promise<Omit<Measurement, 'setup' | 'endpoint'>> {
  const latencies: number[] = [];
  let failures = 0;
  const started = Date.now();
  const results = await Promise.all(
    baseUrls.map(
      (baseUrl) =>
        new Promise<autocannon.Result>((done, fail) => {
          const options = { url: `${baseUrl}${path}`, connections: CONNECTIONS / baseUrls.length, duration: seconds, headers: { cookie } };
          const instance = autocannon(options, (error, result) => (error ? fail(error) : done(result)));
          instance.on('response', (_client, statusCode, _bytes, responseTime) => {
            if (statusCode === 200) latencies.push(responseTime);
            else failures += 1;
          });
        }),
    ),
  );
  const elapsedSeconds = (Date.now() - started) / 1000;
  failures += results.reduce((sum, result) => sum + result.errors + result.timeouts, 0);
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    requestsPerSecond: latencies.length / elapsedSeconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    failures,
  };
}

async function measure(setup: SetupName, baseUrls: string[], company: SeededCompany): Promise<Measurement[]> {
  const [first] = baseUrls;
  const cookies = {
    staff: await signIn(first, 'staff', company.staffEmails[0], PASSWORD),
    admin: await signIn(first, 'admin', company.adminEmail, PASSWORD),
  };
  // The newest full week: the current one may have just begun.
  const week = company.weekStarts[1];
  const measurements: Measurement[] = [];
  for (const endpoint of ENDPOINTS) {
    await load(baseUrls, endpoint.path(week), cookies[endpoint.as], WARM_UP_SECONDS);
    const measured = await load(baseUrls, endpoint.path(week), cookies[endpoint.as], SECONDS);
    measurements.push({ setup, endpoint, ...measured });
    console.log(`  ${setup} ${endpoint.name}: ${measured.requestsPerSecond.toFixed(0)} req/s, p50 ${measured.p50Ms.toFixed(1)} ms, p99 ${measured.p99Ms.toFixed(1)} ms`);
  }
  return measurements;
}

async function runEmbedded(): Promise<Measurement[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'payroll-bench-reads-'));
  const servers: BuiltServer[] = [];
  try {
    const company = await seed({ dataDir: join(dataDir, 'db') });
    console.log(`Embedded: seeded ${company.uploads} uploads; starting 'all'...`);
    servers.push(await startProcess('all', dataDir));
    return await measure('embedded', servers.map((server) => server.baseUrl), company);
  } finally {
    await stopProcesses(servers);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

async function runPostgres(): Promise<Measurement[]> {
  const url = new URL(SERVER_URL);
  url.pathname = `/${BENCH_DATABASE}`;
  const databaseUrl = url.toString();
  await withAdmin(async (admin) => {
    await admin.query(`drop database if exists "${BENCH_DATABASE}" with (force)`);
    await admin.query(`create database "${BENCH_DATABASE}"`);
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'payroll-bench-reads-'));
  const servers: BuiltServer[] = [];
  try {
    const company = await seed({ databaseUrl, poolSize: 1 });
    console.log(`PostgreSQL: seeded ${company.uploads} uploads; starting two 'api' and one 'worker'...`);
    const apis = [await startProcess('api', dataDir, databaseUrl), await startProcess('api', dataDir, databaseUrl)];
    servers.push(...apis);
    servers.push(await startProcess('worker', dataDir, databaseUrl));
    return await measure('postgres', apis.map((api) => api.baseUrl), company);
  } finally {
    await stopProcesses(servers);
    rmSync(dataDir, { recursive: true, force: true });
    await withAdmin((admin) => admin.query(`drop database if exists "${BENCH_DATABASE}" with (force)`));
  }
}

function report(measurements: Measurement[]): boolean {
  let allMet = true;
  console.log(`\n${CONNECTIONS} connections, ${SECONDS} s per endpoint, 500 clients x 20 weeks`);
  console.log(['setup'.padEnd(9), 'endpoint'.padEnd(34), 'req/s'.padStart(7), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'errors'.padStart(7), '  goal'].join(' '));
  for (const measurement of measurements) {
    const goal = goalOf(measurement.setup, measurement.endpoint);
    const met =
      measurement.p99Ms < goal.p99Ms && (goal.minRequestsPerSecond === undefined || measurement.requestsPerSecond >= goal.minRequestsPerSecond) && measurement.failures === 0;
    allMet &&= met;
    const goalText = `p99 < ${goal.p99Ms} ms${goal.minRequestsPerSecond ? `, >= ${goal.minRequestsPerSecond} req/s` : ''}`;
    console.log(
      [
        measurement.setup.padEnd(9),
        measurement.endpoint.name.padEnd(34),
        measurement.requestsPerSecond.toFixed(0).padStart(7),
        measurement.p50Ms.toFixed(1).padStart(7),
        measurement.p99Ms.toFixed(1).padStart(7),
        String(measurement.failures).padStart(7),
        `  ${goalText}: ${met ? 'met' : 'MISSED'}`,
      ].join(' '),
    );
  }
  return allMet;
}

async function main(): Promise<void> {
  buildIfStale({ web: false });
  const setups = (process.env.BENCH_SETUPS ?? 'embedded,postgres').split(',') as SetupName[];
  const measurements: Measurement[] = [];
  if (setups.includes('embedded')) measurements.push(...(await runEmbedded()));
  if (setups.includes('postgres')) measurements.push(...(await runPostgres()));
  const met = report(measurements);
  process.exitCode = met ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
