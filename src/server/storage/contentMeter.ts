import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { StoredObjectTooLarge } from './fileStorage';

/** Counts and hashes the bytes passing through, failing as soon as they exceed the limit. */
export class ContentMeter extends Transform {
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
