import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LocalFileStorage } from '@/server/storage/localFileStorage';
import { storageContract } from './storageContract';

/** Every file under the folder, half-written ones included. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe('local file storage', () => {
  storageContract(async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
    const files = path.join(root, 'files');
    return {
      storage: new LocalFileStorage(files),
      storedKeys: () => filesUnder(files),
      close: () => rm(root, { recursive: true, force: true }),
    };
  });

  describe('its folder', () => {
    let root: string;

    beforeEach(async () => {
      root = await mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
    });
    afterEach(() => rm(root, { recursive: true, force: true }));

    it('is created by a ping when it does not exist yet', async () => {
      const storage = new LocalFileStorage(path.join(root, 'not', 'yet', 'there'));
      await expect(storage.ping()).resolves.toBeUndefined();
      expect(await filesUnder(root)).toEqual([]);
    });

    it('fails a ping when it cannot be a folder', async () => {
      const blocked = path.join(root, 'blocked');
      await writeFile(blocked, 'a file where the folder should be');
      await expect(new LocalFileStorage(blocked).ping()).rejects.toThrow();
    });
  });
});
