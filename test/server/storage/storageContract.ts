import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { type FileStorage, StoredObjectNotFound, StoredObjectTooLarge } from '@/server/storage/fileStorage';
import { SpreadsheetSignatureGate } from '@/server/storage/spreadsheetSignature';

/** A storage opened for one test, with a look at what its back end holds. */
export interface StorageUnderTest {
  storage: FileStorage;
  /** The keys of every complete object the back end holds, read from the back end itself. */
  storedKeys(): Promise<string[]>;
  close(): Promise<void>;
}

const MIB = 1024 * 1024;

/** Content in which every byte value occurs, so any re-encoding on the way shows. */
function binaryContent(size: number, seed = 0): Buffer {
  const content = Buffer.alloc(size);
  for (let index = 0; index < size; index++) content[index] = (index * 31 + seed + (index >> 8)) & 0xff;
  return content;
}

/** A source of `total` bytes in chunks, produced only as they are read, that counts what was read. */
export function countedSource(total: number, chunkSize = 64 * 1024, fill: (offset: number, chunk: Buffer) => void = (offset, chunk) => chunk.fill(offset & 0xff)) {
  const source = { read: 0, stream: undefined as unknown as Readable };
  source.stream = new Readable({
    read() {
      if (source.read >= total) {
        this.push(null);
        return;
      }
      const chunk = Buffer.alloc(Math.min(chunkSize, total - source.read));
      fill(source.read, chunk);
      source.read += chunk.length;
      this.push(chunk);
    },
  });
  return source;
}

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

async function sha256OfStream(stream: Readable): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** What every FileStorage promises the services, whatever keeps the bytes. */
export function storageContract(open: () => Promise<StorageUnderTest>): void {
  let opened: StorageUnderTest;
  let storage: FileStorage;

  beforeEach(async () => {
    opened = await open();
    storage = opened.storage;
  });
  afterEach(() => opened.close());

  it('stores content under a key it generates, with its size and SHA-256, and gives it back byte for byte', async () => {
    const content = binaryContent(300_000);
    const stored = await storage.put(Readable.from([content.subarray(0, 1000), content.subarray(1000)]));
    expect(stored).toEqual({ key: expect.stringMatching(/^[0-9a-f-]{36}$/), size: content.length, sha256: sha256(content) });
    expect((await buffer(await storage.get(stored.key))).equals(content)).toBe(true);
    const second = await storage.put(Readable.from([content]));
    expect(second.key).not.toBe(stored.key);
    expect((await opened.storedKeys()).sort()).toEqual([stored.key, second.key].sort());
  });

  it('tells the size and time of a stored object', async () => {
    const stored = await storage.put(Readable.from([Buffer.from('Employee,Hours\nAda,40\n')]));
    const info = await storage.stat(stored.key);
    expect(info.size).toBe(22);
    expect(Math.abs(info.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('stores empty content', async () => {
    const stored = await storage.put(Readable.from([]));
    expect(stored.size).toBe(0);
    expect((await storage.stat(stored.key)).size).toBe(0);
    expect((await buffer(await storage.get(stored.key))).length).toBe(0);
  });

  it('streams 20 MB in and out unchanged', async () => {
    const total = 20 * MIB;
    const expected = createHash('sha256');
    const source = countedSource(total, 256 * 1024, (offset, chunk) => {
      for (let index = 0; index < chunk.length; index += 4096) chunk.fill((offset + index) % 251, index, index + 4096);
      expected.update(chunk);
    });
    const stored = await storage.put(source.stream);
    const digest = expected.digest('hex');
    expect(stored).toMatchObject({ size: total, sha256: digest });
    expect((await storage.stat(stored.key)).size).toBe(total);
    expect(await sha256OfStream(await storage.get(stored.key))).toEqual({ size: total, sha256: digest });
  }, 60_000);

  it('stops reading as soon as the content passes the limit, and keeps nothing', async () => {
    const source = countedSource(50 * MIB, 16 * 1024);
    await expect(storage.put(source.stream, { maxBytes: 100 * 1024 })).rejects.toBeInstanceOf(StoredObjectTooLarge);
    // The limit is enforced on the stream: only a little more than the limit was ever read.
    expect(source.read).toBeLessThan(400 * 1024);
    expect(await opened.storedKeys()).toEqual([]);
  });

  it('keeps content of exactly the limit', async () => {
    const stored = await storage.put(Readable.from([Buffer.alloc(1000, 'x')]), { maxBytes: 1000 });
    expect(stored.size).toBe(1000);
  });

  it('keeps nothing when a check on the way in refuses the content', async () => {
    const gate = new SpreadsheetSignatureGate('xlsx', () => new Error('not a zip'));
    await expect(storage.put(Readable.from([Buffer.from('plain text, not a workbook')]), { through: [gate] })).rejects.toThrow('not a zip');
    expect(await opened.storedKeys()).toEqual([]);
  });

  it('keeps nothing when the source fails part-way', async () => {
    let sent = 0;
    const failing = new Readable({
      read() {
        sent += 1;
        if (sent > 3) this.destroy(new Error('connection reset'));
        else this.push(Buffer.alloc(1024, 'b'));
      },
    });
    await expect(storage.put(failing)).rejects.toThrow('connection reset');
    expect(await opened.storedKeys()).toEqual([]);
  });

  it('keeps nothing when the source fails after several megabytes', async () => {
    let sent = 0;
    const failing = new Readable({
      read() {
        sent += 256 * 1024;
        if (sent > 12 * MIB) this.destroy(new Error('connection reset'));
        else this.push(Buffer.alloc(256 * 1024, 'c'));
      },
    });
    await expect(storage.put(failing)).rejects.toThrow('connection reset');
    expect(await opened.storedKeys()).toEqual([]);
  }, 30_000);

  it('keeps nothing when the source fails before anything is written', async () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const failing = new Readable({
        read() {
          this.destroy(new Error('connection reset'));
        },
      });
      await expect(storage.put(failing)).rejects.toThrow('connection reset');
    }
    expect(await opened.storedKeys()).toEqual([]);
  });

  it('answers StoredObjectNotFound for a key it never stored', async () => {
    const key = randomUUID();
    await expect(storage.get(key)).rejects.toBeInstanceOf(StoredObjectNotFound);
    await expect(storage.stat(key)).rejects.toBeInstanceOf(StoredObjectNotFound);
  });

  it('treats a key that names a nested path, or tries to leave its place, as absent', async () => {
    const stored = await storage.put(Readable.from([Buffer.from('keep me')]));
    const pathLike = [
      `${stored.key.slice(0, 2)}/${stored.key}`,
      `${stored.key}/`,
      `${stored.key}/child`,
      `nested/folders/${stored.key}`,
      `./${stored.key}`,
      '../../etc/passwd',
      'files/../x',
      '',
    ];
    for (const key of pathLike) {
      await expect(storage.get(key)).rejects.toBeInstanceOf(StoredObjectNotFound);
      await expect(storage.stat(key)).rejects.toBeInstanceOf(StoredObjectNotFound);
      // deleting what is not there is not an error, and takes nothing else with it
      await expect(storage.delete(key)).resolves.toBeUndefined();
    }
    expect(await opened.storedKeys()).toEqual([stored.key]);
    expect((await buffer(await storage.get(stored.key))).toString()).toBe('keep me');
  });

  it('deletes an object and nothing else, and deleting it again is not an error', async () => {
    const stored = await storage.put(Readable.from([Buffer.from('x')]));
    const other = await storage.put(Readable.from([Buffer.from('y')]));
    await storage.delete(stored.key);
    await expect(storage.stat(stored.key)).rejects.toBeInstanceOf(StoredObjectNotFound);
    await expect(storage.get(stored.key)).rejects.toBeInstanceOf(StoredObjectNotFound);
    await expect(storage.delete(stored.key)).resolves.toBeUndefined();
    expect(await opened.storedKeys()).toEqual([other.key]);
  });

  it('deleting a key it never stored is not an error', async () => {
    await expect(storage.delete(randomUUID())).resolves.toBeUndefined();
  });

  it('answers a ping when it can take files', async () => {
    await expect(storage.ping()).resolves.toBeUndefined();
    const stored = await storage.put(Readable.from([Buffer.from('after ping')]));
    expect(await opened.storedKeys()).toEqual([stored.key]);
  });
}
