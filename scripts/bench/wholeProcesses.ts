/**
 * Whole processes, cold, as a user meets them: the engine's built command line
 * (`node dist/server/process.js <file> --out <dir>`) against each reference run the same way
 * (`node dist/bench/referenceProcess.js <kind> <file> <out.xlsx>`), a fresh process per run, so
 * start-up, loading, the pipeline thread's start and exit all count. Each side runs once untimed first
 * (so the files it loads are in the page cache for every timed run alike), then the rounds take turns,
 * the order rotating each round, and each side's median wall time is compared with the goal. The CPU
 * time each process used (every thread) is printed beside it: on a machine others are using, it moves
 * less than wall time does. With `baseline` (another checkout's build), that command line takes its turn
 * in the same rounds, so a change is measured against the build before it and the references at once.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

export interface WholeProcessCase {
  label: string;
  input: string;
  references: string[];
  /** The engine's time may be at most this share of each reference's. */
  goal: number;
  rounds: number;
  /** Another build's command line (`dist/server/process.js` of another checkout), timed in the same rounds. */
  baseline?: string;
}

/**
 * CPU time (user + system, every thread) of this process's finished children, in ms: fields 16 and 17
 * of /proc/self/stat, in clock ticks (100 per second on Linux); undefined where there is no /proc.
 */
function childrenCpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return undefined;
  }
}

export interface ProcessTime {
  wallMs: number;
  cpuMs?: number;
}

/** Wall time of one process, from spawn to exit, and the CPU time it used. */
export function timeProcess(args: string[]): ProcessTime {
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  const result = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', maxBuffer: 1 << 20 });
  const wallMs = performance.now() - started;
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed: ${(result.stderr || result.error?.message || '').trim().split('\n')[0]}`);
  const cpuAfter = childrenCpuMs();
  return { wallMs, cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(3)} s`;

/** Runs one case's rounds and prints the engine's median beside each reference's, with the goal met or missed. */
export function compareWholeProcesses(engineCli: string, referenceScript: string, c: WholeProcessCase): void {
  const out = mkdtempSync(join(tmpdir(), 'bench-cli-'));
  try {
    const commands = new Map<string, string[]>([
      ['engine CLI', [engineCli, c.input, '--out', out]],
      ...(c.baseline ? [['baseline', [c.baseline, c.input, '--out', join(out, 'baseline')]] as [string, string[]]] : []),
      // the references get the heap they get in the warm comparison
      ...c.references.map((kind): [string, string[]] => [kind, ['--max-old-space-size=8192', referenceScript, kind, c.input, join(out, `${kind}.xlsx`)]]),
    ]);
    const names = [...commands.keys()];
    const times = new Map<string, ProcessTime[]>(names.map((name) => [name, []]));
    for (const name of names) timeProcess(commands.get(name) as string[]);
    for (let round = 0; round < c.rounds; round++) {
      for (let i = 0; i < names.length; i++) {
        const name = names[(round + i) % names.length];
        times.get(name)?.push(timeProcess(commands.get(name) as string[]));
      }
    }
    const wall = (name: string) => median((times.get(name) as ProcessTime[]).map((t) => t.wallMs));
    const cpu = (name: string) => {
      const all = (times.get(name) as ProcessTime[]).map((t) => t.cpuMs);
      return all.every((ms) => ms !== undefined) ? median(all as number[]) : undefined;
    };
    const engine = wall('engine CLI');
    const engineCpu = cpu('engine CLI');
    console.log(`\n${c.label}: whole processes, cold, ${c.rounds} rounds taking turns; wall time median (range), CPU time median`);
    for (const name of names) {
      const all = (times.get(name) as ProcessTime[]).map((t) => t.wallMs);
      const range = `(${seconds(Math.min(...all))} - ${seconds(Math.max(...all))})`;
      const ms = wall(name);
      const cpuMs = cpu(name);
      const cpuText = cpuMs === undefined ? '' : `cpu ${seconds(cpuMs)}`;
      let verdict = '';
      if (name === 'baseline') {
        const cpuShare = engineCpu !== undefined && cpuMs ? ` (CPU ${(engineCpu / cpuMs).toFixed(2)})` : '';
        verdict = `  engine in ${(engine / ms).toFixed(2)} of the baseline's time${cpuShare}`;
      } else if (name !== 'engine CLI') {
        const cpuShare = engineCpu !== undefined && cpuMs ? ` (CPU ${(engineCpu / cpuMs).toFixed(2)})` : '';
        const baselineShare = c.baseline ? `; the baseline in ${(wall('baseline') / ms).toFixed(2)}` : '';
        verdict = `  engine in ${(engine / ms).toFixed(2)} of its time${cpuShare}${baselineShare}; goal at most ${c.goal.toFixed(2)}: ${engine <= ms * c.goal ? 'met' : 'MISSED'}`;
      }
      console.log(`  ${name.padEnd(10)} ${seconds(ms).padStart(9)} ${range.padEnd(20)} ${cpuText.padEnd(12)}${verdict}`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
