/**
 * Compressed bytes of a sheet appended to the package at the end (Employee Totals, Issues, ...). They
 * stay in memory while small; past `MEMORY_LIMIT` they go to a temporary file beside the output, so a
 * workbook with hundreds of thousands of employees costs disk, not memory.
 */
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';

const MEMORY_LIMIT = 2 * 1024 * 1024;

export class SpilledChunks {
  private chunks: Buffer[] = [];
  private held = 0;
  private file: WriteStream | undefined;
  private failure: Error | undefined;

  /** `spillPath` is where the bytes go once they outgrow memory; it is removed by `dispose()`. */
  constructor(private readonly spillPath: string) {}

  /** Takes a chunk; resolves when the disk has caught up, or undefined when no wait is needed. */
  push(chunk: Buffer): Promise<void> | undefined {
    if (this.failure) return Promise.reject(this.failure);
    if (!this.file) {
      this.chunks.push(chunk);
      this.held += chunk.length;
      if (this.held <= MEMORY_LIMIT) return undefined;
      this.file = createWriteStream(this.spillPath, { flags: 'w', mode: 0o600, highWaterMark: 1024 * 1024 });
      this.file.on('error', (err) => (this.failure = err));
      const held = this.chunks;
      this.chunks = [];
      for (const c of held.slice(0, -1)) this.file.write(c);
      chunk = held[held.length - 1];
    }
    const file = this.file;
    if (file.write(chunk)) return undefined;
    return new Promise<void>((resolve, reject) => {
      const done = (err?: Error) => {
        file.off('drain', done);
        file.off('error', done);
        if (err) reject(err);
        else resolve();
      };
      file.on('drain', done);
      file.on('error', done);
    });
  }

  /** Ends writing; then `read()` gives the bytes back in order. */
  async end(): Promise<void> {
    const file = this.file;
    if (!file) return;
    await new Promise<void>((resolve, reject) => file.end((err?: Error | null) => (err ? reject(err) : resolve())));
    if (this.failure) throw this.failure;
  }

  async *read(): AsyncGenerator<Buffer> {
    if (!this.file) {
      yield* this.chunks;
      return;
    }
    for await (const chunk of createReadStream(this.spillPath, { highWaterMark: 1024 * 1024 })) yield chunk as Buffer;
  }

  /** Frees the memory and removes the temporary file, if there is one. */
  async dispose(): Promise<void> {
    this.chunks = [];
    const file = this.file;
    if (!file) return;
    if (!file.closed) await new Promise<void>((resolve) => file.destroy().once('close', () => resolve()));
    await unlink(this.spillPath).catch(() => undefined);
  }
}
