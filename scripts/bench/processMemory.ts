import { readFileSync } from 'node:fs';

/** A running process's resident memory in MB, read from /proc (Linux); 0 once it has exited. */
export function residentMemoryMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}
