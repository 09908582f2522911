import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, type S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { ContentMeter } from './contentMeter';
import { type FileStorage, isStorageKey, type PutOptions, type StoredObject, StoredObjectNotFound } from './fileStorage';

export interface S3FileStorageOptions {
  client: S3Client;
  bucket: string;
  /** Bytes per part of a multipart upload; S3 accepts no part smaller than 5 MiB but the last. */
  partSize?: number;
  /** Parts of one upload sent at once. Memory per upload in flight is about (queueSize + 1) parts. */
  queueSize?: number;
  /** How long a ping waits for the bucket to answer. */
  pingTimeoutMs?: number;
}

const MIB = 1024 * 1024;

/**
 * Files in an S3 bucket (AWS S3 or any S3-compatible service), one object per key. Content streams
 * in as a multipart upload, a part at a time, so a large file never sits whole in memory; an object
 * exists only once its upload completed, and a refused or failed upload is aborted with its parts.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly partSize: number;
  private readonly queueSize: number;
  private readonly pingTimeoutMs: number;

  constructor(options: S3FileStorageOptions) {
    this.client = options.client;
    this.bucket = options.bucket;
    this.partSize = options.partSize ?? 5 * MIB;
    this.queueSize = options.queueSize ?? 2;
    this.pingTimeoutMs = options.pingTimeoutMs ?? 5_000;
  }

  async put(content: Readable, options: PutOptions = {}): Promise<StoredObject> {
    const key = randomUUID();
    const meter = new ContentMeter(options.maxBytes);
    const body = new PassThrough();
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: 'application/octet-stream' },
      partSize: this.partSize,
      queueSize: this.queueSize,
      leavePartsOnError: false,
    });
    // A failed flow ends the body with its error, which makes the upload abort; a failed upload
    // stops the flow the same way. Both are awaited, so nothing is still running when put settles.
    const flowing = pipeline([content, ...(options.through ?? []), meter, body]);
    const sending = upload.done().catch((error: unknown) => {
      body.destroy(error as Error);
      throw error;
    });
    const [flowed, sent] = await Promise.allSettled([flowing, sending]);
    if (flowed.status === 'rejected') {
      // the upload could only have completed before the flow failed in its very last step
      if (sent.status === 'fulfilled') await this.delete(key).catch(() => undefined);
      throw flowed.reason;
    }
    if (sent.status === 'rejected') throw sent.reason;
    return { key, size: meter.size, sha256: meter.digest() };
  }

  async get(key: string): Promise<Readable> {
    if (!isStorageKey(key)) throw new StoredObjectNotFound(key);
    try {
      const { Body } = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!(Body instanceof Readable)) throw new Error(`the object ${key} came back without a readable body`);
      return Body;
    } catch (error) {
      throw notFoundAsSuch(error, key);
    }
  }

  async stat(key: string): Promise<{ size: number; modifiedAt: Date }> {
    if (!isStorageKey(key)) throw new StoredObjectNotFound(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      throw notFoundAsSuch(error, key);
    }
  }

  async delete(key: string): Promise<void> {
    // a key this storage never generated names nothing it keeps (and maybe something another keeps)
    if (!isStorageKey(key)) return;
    // S3 answers a delete of a missing object with success
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** The bucket exists and these credentials may use it (HeadBucket), within the ping timeout. */
  async ping(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: AbortSignal.timeout(this.pingTimeoutMs) });
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new Error(`The bucket ${this.bucket} did not answer (${reason}).`, { cause: error });
    }
  }
}

/** S3 names a missing object NoSuchKey (GET) or NotFound (HEAD, which has no body to name it). */
function notFoundAsSuch(error: unknown, key: string): unknown {
  if (error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound')) return new StoredObjectNotFound(key);
  return error;
}
