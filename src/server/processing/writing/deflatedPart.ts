/**
 * The XML text of one worksheet, deflated on the thread pool as it is produced. Its compressed bytes
 * go either straight into the zip file (the big sheet) or into memory (sheets appended afterwards).
 * The producer appends text synchronously and awaits `flush()` when `needsFlush` says so.
 */
import { crc32, createDeflateRaw, type DeflateRaw } from 'node:zlib';

const FLUSH_CHARS = 256 * 1024;
export const OUTPUT_DEFLATE_LEVEL = 1;

export class DeflatedPart {
  private pending = '';
  private crc = 0;
  private size = 0;
  private compressedSize = 0;
  private readonly deflate: DeflateRaw;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<void>;

  /** `sink` receives compressed bytes and may return a promise to slow the producer down. */
  constructor(sink?: (chunk: Buffer) => Promise<void> | undefined) {
    this.deflate = createDeflateRaw({ level: OUTPUT_DEFLATE_LEVEL, chunkSize: 256 * 1024 });
    this.deflate.on('data', (chunk: Buffer) => {
      this.compressedSize += chunk.length;
      if (!sink) {
        this.chunks.push(chunk);
        return;
      }
      const wait = sink(chunk);
      if (wait) {
        this.deflate.pause();
        void wait.then(() => this.deflate.resume());
      }
    });
    this.done = new Promise((resolve, reject) => {
      this.deflate.on('end', resolve);
      this.deflate.on('error', reject);
    });
  }

  get needsFlush(): boolean {
    return this.pending.length >= FLUSH_CHARS;
  }

  append(text: string): void {
    this.pending += text;
  }

  /** Hands the text written so far to the compressor; resolves when it can take more. */
  async flush(): Promise<void> {
    if (!this.pending) return;
    const buffer = Buffer.from(this.pending, 'utf8');
    this.pending = '';
    this.crc = crc32(buffer, this.crc);
    this.size += buffer.length;
    if (!this.deflate.write(buffer)) await new Promise((resolve) => this.deflate.once('drain', resolve));
  }

  async end(): Promise<{ crc: number; size: number; compressedSize: number; chunks: Buffer[] }> {
    await this.flush();
    this.deflate.end();
    await this.done;
    return { crc: this.crc, size: this.size, compressedSize: this.compressedSize, chunks: this.chunks };
  }

  destroy(): void {
    this.deflate.destroy();
  }
}
