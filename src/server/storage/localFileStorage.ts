import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type FileStorage, type PutOptions, type StoredObject, StoredObjectNotFound, StoredObjectTooLarge } from './fileStorage';

const KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Files in a local folder: `<root>/<first two characters of the key>/<key>`. Content is written to a
 * temporary name under `<root>/.incoming` and renamed into place only once complete, so a reader
 * never sees half a file and a failed upload leaves nothing behind.
 */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async put(content: Readable, options: PutOptions = {}): Promise<StoredObject> {
    const key = randomUUID();
    const incoming = path.join(this.root, '.incoming');
    await mkdir(incoming, { recursive: true });
    const partial = path.join(incoming, `${key}.part`);
    const meter = new ContentMeter(options.maxBytes);
    const file = createWriteStream(partial, { flags: 'wx' });
    try {
      await pipeline([content, ...(options.through ?? []), meter, file]);
      const target = this.pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(partial, target);
    } catch (error) {
      // a source that fails at once can do so before the file is even open: removing it before the
      // stream has closed would leave the file it then creates
      if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
      await rm(partial, { force: true });
      throw error;
    }
    return { key, size: meter.size, sha256: meter.digest() };
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    await this.stat(key);
    return createReadStream(file);
  }

  async stat(key: string): Promise<{ size: number; modifiedAt: Date }> {
    try {
      const info = await stat(this.pathOf(key));
      if (!info.isFile()) throw new StoredObjectNotFound(key);
      return { size: info.size, modifiedAt: info.mtime };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof StoredObjectNotFound) throw new StoredObjectNotFound(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** Only keys this storage generated map to a path; anything else is treated as absent. */
  private pathOf(key: string): string {
    if (!KEY_PATTERN.test(key)) throw new StoredObjectNotFound(key);
    return path.join(this.root, key.slice(0, 2), key);
  }
}

/** Counts and hashes the bytes passing through, failing as soon as they exceed the limit. */
class ContentMeter extends Transform {
  size = 0;
  private readonly hash = createHash('sha256');

  constructor(private readonly maxBytes: number | undefined) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.size += chunk.length;
    if (this.maxBytes !== undefined && this.size > this.maxBytes) {
      callback(new StoredObjectTooLarge(this.maxBytes));
      return;
    }
    this.hash.update(chunk);
    callback(null, chunk);
  }

  digest(): string {
    return this.hash.digest('hex');
  }
}
