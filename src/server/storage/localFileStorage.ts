import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ContentMeter } from './contentMeter';
import { type FileStorage, isStorageKey, type PutOptions, type StoredObject, StoredObjectNotFound } from './fileStorage';

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
    // a key this storage never generated names nothing here, so there is nothing to remove
    if (!isStorageKey(key)) return;
    await rm(this.pathOf(key), { force: true });
  }

  /** The folder exists (it is created when missing) and a file can be written to it and removed. */
  async ping(): Promise<void> {
    const incoming = path.join(this.root, '.incoming');
    await mkdir(incoming, { recursive: true });
    const probe = path.join(incoming, `${randomUUID()}.ping`);
    await writeFile(probe, '', { flag: 'wx' });
    await rm(probe, { force: true });
  }

  /** Only keys this storage generated map to a path; anything else is treated as absent. */
  private pathOf(key: string): string {
    if (!isStorageKey(key)) throw new StoredObjectNotFound(key);
    return path.join(this.root, key.slice(0, 2), key);
  }
}
