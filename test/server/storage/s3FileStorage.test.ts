import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { S3FileStorage } from '@/server/storage/s3FileStorage';
import { startS3Server, type TestS3Server } from './s3Server';
import { countedSource, storageContract } from './storageContract';

const MIB = 1024 * 1024;

describe('S3 file storage', () => {
  let s3: TestS3Server;
  let buckets = 0;

  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3?.stop());

  /** A bucket of its own for each test, so what one test keeps never shows in another. */
  async function freshBucket(): Promise<string> {
    const bucket = `contract-${++buckets}`;
    await s3.createBucket(bucket);
    return bucket;
  }

  async function keysIn(bucket: string): Promise<string[]> {
    const listing = await s3.client.send(new ListObjectsV2Command({ Bucket: bucket }));
    return (listing.Contents ?? []).map((object) => object.Key ?? '');
  }

  storageContract(async () => {
    const bucket = await freshBucket();
    return {
      storage: new S3FileStorage({ client: s3.client, bucket }),
      storedKeys: () => keysIn(bucket),
      close: async () => undefined,
    };
  });

  it('sends a large file in parts while it is still being read, never holding it whole', async () => {
    const bucket = await freshBucket();
    const storage = new S3FileStorage({ client: s3.client, bucket, partSize: 5 * MIB, queueSize: 1 });
    const total = 40 * MIB;
    const source = countedSource(total, 256 * 1024);
    const readWhenPartArrived: number[] = [];
    const stopListening = s3.onRequest((method, url) => {
      if (method === 'PUT' && url.includes('partNumber=')) readWhenPartArrived.push(source.read);
    });
    try {
      const stored = await storage.put(source.stream);
      expect(stored.size).toBe(total);
    } finally {
      stopListening();
    }
    expect(readWhenPartArrived).toHaveLength(8);
    // when the first part reached the server, only a little more than one part had been read
    expect(readWhenPartArrived[0]).toBeLessThan(12 * MIB);
    expect(await keysIn(bucket)).toHaveLength(1);
  }, 60_000);

  it('fails a ping when the bucket does not exist', async () => {
    const storage = new S3FileStorage({ client: s3.client, bucket: 'no-such-bucket' });
    await expect(storage.ping()).rejects.toThrow('The bucket no-such-bucket did not answer');
  });

  it('aborts the multipart upload, parts and all, when the source fails after parts were sent', async () => {
    const bucket = await freshBucket();
    const storage = new S3FileStorage({ client: s3.client, bucket, partSize: 5 * MIB, queueSize: 1 });
    const seen: string[] = [];
    const stopListening = s3.onRequest((method, url) => seen.push(`${method} ${url.split('?')[1] ?? ''}`));
    let sent = 0;
    const failing = new Readable({
      read() {
        sent += 256 * 1024;
        if (sent > 12 * MIB) this.destroy(new Error('connection reset'));
        else this.push(Buffer.alloc(256 * 1024, 'd'));
      },
    });
    try {
      await expect(storage.put(failing)).rejects.toThrow('connection reset');
    } finally {
      stopListening();
    }
    expect(seen.filter((request) => request.startsWith('PUT ') && request.includes('partNumber=')).length).toBeGreaterThanOrEqual(1);
    expect(seen.filter((request) => request.startsWith('DELETE ') && request.includes('uploadId='))).toHaveLength(1);
    expect(await keysIn(bucket)).toEqual([]);
  }, 30_000);

  it('fails a put into a bucket that does not exist', async () => {
    const storage = new S3FileStorage({ client: s3.client, bucket: 'no-such-bucket' });
    await expect(storage.put(Readable.from([Buffer.from('x')]))).rejects.toThrow();
    await expect(storage.put(countedSource(12 * MIB).stream)).rejects.toThrow();
  }, 30_000);
});
