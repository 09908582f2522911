import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { StoredObjectNotFound, StoredObjectTooLarge } from '@/server/storage/fileStorage';
import { LocalFileStorage } from '@/server/storage/localFileStorage';
import { SpreadsheetSignatureGate } from '@/server/storage/spreadsheetSignature';

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

/** An endless source that counts how much of it was read. */
function endless(chunkSize = 16 * 1024) {
  const source = { read: 0, stream: undefined as unknown as Readable };
  source.stream = new Readable({
    read() {
      source.read += chunkSize;
      this.push(Buffer.alloc(chunkSize, 'a'));
    },
  });
  return source;
}

describe('local file storage', () => {
  let root: string;
  let storage: LocalFileStorage;

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
    storage = new LocalFileStorage(path.join(root, 'files'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('stores content under a key it generates, with its size and SHA-256, and gives it back', async () => {
    const content = 'Employee,Hours\nAda,40\n';
    const stored = await storage.put(Readable.from([Buffer.from(content)]));
    expect(stored).toEqual({
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
      size: Buffer.byteLength(content),
      sha256: createHash('sha256').update(content).digest('hex'),
    });
    const info = await storage.stat(stored.key);
    expect(info.size).toBe(stored.size);
    expect(Math.abs(info.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await text(await storage.get(stored.key))).toBe(content);
    const second = await storage.put(Readable.from([Buffer.from(content)]));
    expect(second.key).not.toBe(stored.key);
  });

  it('stops reading as soon as the content passes the limit, and keeps nothing', async () => {
    const source = endless();
    await expect(storage.put(source.stream, { maxBytes: 100 * 1024 })).rejects.toBeInstanceOf(StoredObjectTooLarge);
    // The limit is enforced on the stream: only a little more than the limit was ever read.
    expect(source.read).toBeLessThan(400 * 1024);
    expect(await filesUnder(path.join(root, 'files'))).toEqual([]);
  });

  it('keeps content of exactly the limit', async () => {
    const stored = await storage.put(Readable.from([Buffer.alloc(1000, 'x')]), { maxBytes: 1000 });
    expect(stored.size).toBe(1000);
  });

  it('keeps nothing when a check on the way in refuses the content', async () => {
    const gate = new SpreadsheetSignatureGate('xlsx', () => new Error('not a zip'));
    await expect(storage.put(Readable.from([Buffer.from('plain text, not a workbook')]), { through: [gate] })).rejects.toThrow('not a zip');
    expect(await filesUnder(path.join(root, 'files'))).toEqual([]);
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
    expect(await filesUnder(path.join(root, 'files'))).toEqual([]);
  });

  it('keeps nothing when the source fails before the file is even open', async () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const failing = new Readable({
        read() {
          this.destroy(new Error('connection reset'));
        },
      });
      await expect(storage.put(failing)).rejects.toThrow('connection reset');
    }
    expect(await filesUnder(path.join(root, 'files'))).toEqual([]);
  });

  it('treats an unknown key, or one that tries to leave the folder, as absent', async () => {
    for (const key of ['00000000-0000-0000-0000-000000000000', '../../etc/passwd', 'files/../x', '']) {
      await expect(storage.get(key)).rejects.toBeInstanceOf(StoredObjectNotFound);
      await expect(storage.stat(key)).rejects.toBeInstanceOf(StoredObjectNotFound);
    }
  });

  it('deletes an object, and deleting it again is not an error', async () => {
    const stored = await storage.put(Readable.from([Buffer.from('x')]));
    await storage.delete(stored.key);
    await expect(storage.stat(stored.key)).rejects.toBeInstanceOf(StoredObjectNotFound);
    await expect(storage.delete(stored.key)).resolves.toBeUndefined();
  });
});
