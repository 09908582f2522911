import { type FileHandle, mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';

const TEMP_PREFIX = 'payroll-incoming-';

/**
 * Passes content through unchanged while writing a copy of it to a file of its own in the system's
 * temporary folder, a chunk at a time (the flow waits for each write, so the copy is complete once
 * the content has passed). What can only be judged with the whole file at hand, such as a zip whose
 * directory is at its end, is judged on the copy, whatever the storage. `remove()` deletes the copy;
 * call it whether the content arrived or not.
 */
export class TemporaryCopy extends Transform {
  private file: FileHandle | undefined;

  private constructor(private readonly folder: string) {
    super();
  }

  static async create(): Promise<TemporaryCopy> {
    return new TemporaryCopy(await mkdtemp(path.join(os.tmpdir(), TEMP_PREFIX)));
  }

  /** Where the copy is written. */
  get path(): string {
    return path.join(this.folder, 'content');
  }

  override _construct(callback: (error?: Error | null) => void): void {
    open(this.path, 'w').then((file) => {
      this.file = file;
      callback();
    }, callback);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.file!.write(chunk).then(() => callback(null, chunk), callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    const file = this.file;
    this.file = undefined;
    (file ? file.close() : Promise.resolve()).then(
      () => callback(error),
      () => callback(error),
    );
  }

  /** Deletes the copy, once its file is closed (the flow may still be winding down after a failure). */
  async remove(): Promise<void> {
    if (!this.closed) {
      const closed = new Promise((resolve) => this.once('close', resolve));
      this.destroy();
      await closed;
    }
    await rm(this.folder, { recursive: true, force: true });
  }
}
