import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A fresh temporary folder for one run of a job on an upload (`<prefix><uploadId>-...`), after
 * removing the folders an earlier run of the same job on the same upload left when its process died
 * (it cannot clean up after a kill). The run removes its own folder when it ends.
 */
export async function freshWorkDir(prefix: string, uploadId: string): Promise<string> {
  await removeLeftovers(prefix, uploadId);
  return mkdtemp(path.join(os.tmpdir(), `${prefix}${uploadId}-`));
}

/** Removes the temporary folders earlier runs of a job on the upload left when their process died. */
export async function removeLeftovers(prefix: string, uploadId: string): Promise<void> {
  const own = `${prefix}${uploadId}-`;
  const entries = await readdir(os.tmpdir()).catch(() => [] as string[]);
  await Promise.all(entries.filter((name) => name.startsWith(own)).map((name) => rm(path.join(os.tmpdir(), name), { recursive: true, force: true })));
}

/**
 * An abort signal for one run: aborted when the queue's expiry for the job passes (so a run that
 * overran does not race the run the queue hands the job to next) or when `halt` is (its worker stops).
 * `done` clears the expiry's timer.
 */
export function runSignal(expireInSeconds: number, halt?: AbortSignal): { signal: AbortSignal; done: () => void } {
  const expiry = new AbortController();
  const timer = setTimeout(() => expiry.abort(), expireInSeconds * 1000);
  timer.unref();
  return { signal: halt ? AbortSignal.any([expiry.signal, halt]) : expiry.signal, done: () => clearTimeout(timer) };
}
