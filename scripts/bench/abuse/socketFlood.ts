/**
 * The realtime flood, as one abusive user would run it against a server in this process, while
 * another company's admin keeps reading: the scenario of `flood.ts`, and of the test that holds the
 * server to its figures. The flooder is a process of its own (floodClient.ts: sockets opened one
 * after the other on one session, then `joinProcessingRoom` on each as fast as the schedule says);
 * the reader, here, repeats one GET from before the flood (the reads alone) to its end. Memory is
 * this process's, the server's, sampled while the flood runs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { percentile } from '../percentile';
import type { FloodOrders, JoinCounts } from './floodClient';

export interface FloodScenario {
  baseUrl: string;
  /** The flooder's session cookies (a staff member), and the room they ask to join: one of their own uploads. */
  flooderCookie: string;
  roomId: string;
  /** The reader's session cookies (another company's admin) and what they read. */
  readerCookie: string;
  readPath: string;
}

export interface FloodOptions {
  sockets: number;
  joinsPerSocket: number;
  /** Over how long each socket's joins are sent. */
  overMs: number;
  /** How long the reads alone are measured, before the flood. */
  quietReadMs: number;
}

export const FLOOD_DEFAULTS: FloodOptions = { sockets: 10, joinsPerSocket: 2_000, overMs: 1_000, quietReadMs: 1_000 };

export interface FloodFigures {
  readP50QuietMs: number;
  readP99QuietMs: number;
  readP50Ms: number;
  readP99Ms: number;
  readMaxMs: number;
  readsDuringFlood: number;
  readFailures: number;
  memoryGrowthMb: number;
  socketsOpened: number;
  /** Sockets the server closed (too many sockets, or too many requests), each after telling why. */
  socketsClosed: number;
  joinsSent: number;
  joinsAccepted: number;
  joinsRefused: number;
}

/** Reads before the measured ones, which warm the server up (compiled routes, prepared statements). */
const WARM_UP_READS = 20;
const CLIENT_TIMEOUT_MS = 60_000;
/** The nice value of the flooding process (19: it runs only when nothing else wants the processor). */
const LOWEST_PRIORITY = 19;

/** Reads the path one request after another until `stop` says so; answers each read's milliseconds and the failures. */
async function readUntil(scenario: FloodScenario, stop: () => boolean): Promise<{ ms: number[]; failures: number }> {
  const ms: number[] = [];
  let failures = 0;
  while (!stop()) {
    const start = performance.now();
    try {
      const response = await fetch(`${scenario.baseUrl}${scenario.readPath}`, { headers: { cookie: scenario.readerCookie }, signal: AbortSignal.timeout(30_000) });
      await response.arrayBuffer();
      if (response.status !== 200) failures += 1;
    } catch {
      failures += 1;
    }
    ms.push(performance.now() - start);
  }
  return { ms, failures };
}

/** The flooding process, started and loaded; `flood()` sets it going and answers what it counted. */
async function startFlooder(orders: FloodOrders): Promise<{ flood: () => Promise<JoinCounts>; stop: () => void }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'floodClient.ts')], {
    env: { ...process.env, FLOOD_ORDERS: JSON.stringify(orders) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // The abuser's machine is not the server's: on this one it runs behind the server, so its own
  // sending does not pass for the server's slowness.
  if (child.pid !== undefined) setPriority(child.pid, LOWEST_PRIORITY);
  const lines: string[] = [];
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      if (lines.includes('ready')) resolve();
    });
    void exited.then(() => reject(new Error(`The flooding process ended before it was ready: ${errors}`)));
  });
  const timeout = setTimeout(() => child.kill(), CLIENT_TIMEOUT_MS);
  await ready;
  return {
    flood: async () => {
      child.stdin?.write('go\n');
      const code = await exited;
      clearTimeout(timeout);
      if (code !== 0) throw new Error(`The flooding process failed (${code}): ${errors}`);
      return JSON.parse(lines[lines.length - 1]) as JoinCounts;
    },
    stop: () => {
      clearTimeout(timeout);
      child.kill();
    },
  };
}

/** The highest resident memory of this process while `work` runs, sampled every 20 ms. */
async function peakRssWhile<T>(work: Promise<T>): Promise<{ result: T; peakRss: number }> {
  let peakRss = process.memoryUsage.rss();
  const timer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 20);
  try {
    const result = await work;
    return { result, peakRss: Math.max(peakRss, process.memoryUsage.rss()) };
  } finally {
    clearInterval(timer);
  }
}

const sortedOf = (values: number[]) => [...values].sort((a, b) => a - b);
const round = (value: number) => Math.round(value * 10) / 10;

/** Runs the scenario: the reads alone, then the reads during the flood. */
export async function floodWhileReading(scenario: FloodScenario, options: FloodOptions = FLOOD_DEFAULTS): Promise<FloodFigures> {
  const flooder = await startFlooder({ baseUrl: scenario.baseUrl, cookie: scenario.flooderCookie, roomId: scenario.roomId, ...options });
  try {
    let warmUps = 0;
    await readUntil(scenario, () => ++warmUps > WARM_UP_READS);
    const quietEnds = performance.now() + options.quietReadMs;
    const quiet = await readUntil(scenario, () => performance.now() >= quietEnds);

    const rssBefore = process.memoryUsage.rss();
    let flooding = true;
    const reading = readUntil(scenario, () => !flooding);
    const { result: joins, peakRss } = await peakRssWhile(flooder.flood().finally(() => (flooding = false)));
    const reads = await reading;
    const duringFlood = sortedOf(reads.ms);
    return {
      readP50QuietMs: round(percentile(sortedOf(quiet.ms), 0.5)),
      readP99QuietMs: round(percentile(sortedOf(quiet.ms), 0.99)),
      readP50Ms: round(percentile(duringFlood, 0.5)),
      readP99Ms: round(percentile(duringFlood, 0.99)),
      readMaxMs: round(duringFlood[duringFlood.length - 1] ?? Number.NaN),
      readsDuringFlood: reads.ms.length,
      readFailures: quiet.failures + reads.failures,
      memoryGrowthMb: round(Math.max(0, peakRss - rssBefore) / 2 ** 20),
      socketsOpened: joins.socketsOpened,
      socketsClosed: joins.socketsClosed,
      joinsSent: joins.sent,
      joinsAccepted: joins.accepted,
      joinsRefused: joins.refused,
    };
  } finally {
    flooder.stop();
  }
}
