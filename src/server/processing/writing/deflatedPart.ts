/**
 * The XML text of one worksheet, deflated on the thread pool as it is produced. Its compressed bytes
 * go to a sink: straight into the zip file (the big sheet) or to be appended afterwards (the others).
 * Text is encoded row by row into fixed-size buffers (so no long string ever has to be flattened);
 * the producer appends synchronously and awaits `flush()` when `needsFlush` says so.
 */
import { createGzip, type Gzip, type ZlibOptions } from 'node:zlib';
import { type ByteSink, viewOf } from './rowEncoder';

/** Each full buffer is one step of the compressor: large steps need few turns of this thread. */
const BUFFER_BYTES = 1024 * 1024;
/**
 * The first buffer is small, so it fills within the first rows, while V8 is still learning the code
 * that writes them: the path that hands a full buffer on, and the fields it changes, are then known
 * when that code is optimised (a first full buffer after that threw the optimised code away).
 */
const FIRST_BUFFER_BYTES = 16 * 1024;
export const OUTPUT_DEFLATE_LEVEL = 1;
/**
 * Text waiting for the compressor before the producer waits. With 4 MB the producer stood idle about a
 * twentieth of the time (the parts' compressors take turns on the cores with it); 8 MB all but ends
 * that, for a few more megabytes held.
 */
const QUEUE_BYTES = 8 * 1024 * 1024;
const MAX_SPARE = 8;
/** A gzip stream is raw deflate between a 10-byte header and an 8-byte trailer (CRC-32, size). */
const GZIP_HEADER = 10;
const GZIP_TRAILER = 8;

export class DeflatedPart implements ByteSink {
  buffer: Buffer = Buffer.allocUnsafe(FIRST_BUFFER_BYTES);
  view: DataView = viewOf(this.buffer);
  offset = 0;
  /** Filled buffers waiting for the compressor; `whole` is the buffer to reuse once it is done. */
  private readonly ready: Array<{ bytes: Buffer; whole?: Buffer }> = [];
  /**
   * Whether `ready` holds text for the compressor. A field rather than `ready.length`, which every row
   * reads: an empty list and a used one have different shapes in V8, and the rows' optimised code was
   * thrown away when the first buffer filled.
   */
  needsFlush = false;
  /**
   * Buffers the compressor is done with. Reusing them keeps the part's memory flat: a new megabyte
   * for every megabyte of XML would also make V8 collect its heap for the sake of outside memory.
   */
  private readonly spare: Buffer[] = [];
  private size = 0;
  private compressedSize = 0;
  /** Header bytes still to drop, and the last bytes seen (held back: at the end they are the trailer). */
  private headerLeft = GZIP_HEADER;
  private held = Buffer.alloc(0);
  private readonly deflate: Gzip;
  private readonly done: Promise<void>;

  /**
   * `sink` receives compressed bytes and may return a promise to slow the producer down; `queueBytes`
   * of text may wait for the compressor before `flush()` waits.
   */
  constructor(sink: (chunk: Buffer) => Promise<void> | undefined, queueBytes = QUEUE_BYTES) {
    // A deep queue lets the compressor work on the thread pool while the next rows are encoded. The
    // gzip wrapper is there for its CRC-32, which the zip entry needs: zlib works it out on the thread
    // pool as it reads the text, instead of this thread going over every byte once more.
    this.deflate = createGzip({ level: OUTPUT_DEFLATE_LEVEL, chunkSize: 64 * 1024, writableHighWaterMark: queueBytes } as ZlibOptions);
    this.deflate.on('data', (data: Buffer) => {
      const chunk = this.rawDeflate(data);
      if (chunk.length === 0) return;
      this.compressedSize += chunk.length;
      const wait = sink(chunk);
      if (wait) {
        this.deflate.pause();
        wait.then(
          () => this.deflate.resume(),
          (err: Error) => this.deflate.destroy(err),
        );
      }
    });
    this.done = new Promise((resolve, reject) => {
      this.deflate.on('end', resolve);
      this.deflate.on('error', reject);
    });
    this.done.catch(() => undefined);
  }

  append(text: string): void {
    if (text.length * 3 > this.buffer.length - this.offset) {
      this.seal();
      if (text.length * 3 > this.buffer.length) {
        this.ready.push({ bytes: Buffer.from(text, 'utf8') });
        this.needsFlush = true;
        return;
      }
    }
    this.offset += this.buffer.write(text, this.offset, 'utf8');
  }

  /** Makes room for `bytes` more bytes at `offset` (callers then write into `buffer` directly). */
  reserve(bytes: number): void {
    if (this.offset + bytes <= this.buffer.length) return;
    this.seal();
    if (bytes > this.buffer.length) this.use(Buffer.allocUnsafe(bytes));
  }

  /** Hands the text written so far to the compressor; resolves when it can take more. */
  async flush(): Promise<void> {
    while (this.ready.length > 0) {
      const { bytes, whole } = this.ready.shift() as { bytes: Buffer; whole?: Buffer };
      this.size += bytes.length;
      const reuse = whole ? () => this.spare.length < MAX_SPARE && this.spare.push(whole) : undefined;
      if (this.ready.length === 0) this.needsFlush = false;
      if (!this.deflate.write(bytes, reuse)) await Promise.race([new Promise((resolve) => this.deflate.once('drain', resolve)), this.done]);
    }
  }

  async end(): Promise<{ crc: number; size: number; compressedSize: number }> {
    this.seal();
    await this.flush();
    this.deflate.end();
    await this.done;
    const trailer = this.held;
    if (trailer.length !== GZIP_TRAILER || trailer.readUInt32LE(4) !== this.size % 2 ** 32) throw new Error('the compressed sheet ended early');
    return { crc: trailer.readUInt32LE(0), size: this.size, compressedSize: this.compressedSize };
  }

  /** The raw deflate bytes in a piece of the gzip stream: past the header, and short of the last eight bytes seen so far. */
  private rawDeflate(data: Buffer): Buffer {
    if (this.headerLeft > 0) {
      const skip = Math.min(this.headerLeft, data.length);
      this.headerLeft -= skip;
      data = data.subarray(skip);
    }
    const all = this.held.length > 0 ? Buffer.concat([this.held, data]) : data;
    const keep = Math.min(GZIP_TRAILER, all.length);
    this.held = Buffer.from(all.subarray(all.length - keep));
    return all.subarray(0, all.length - keep);
  }

  destroy(): void {
    this.deflate.destroy();
  }

  private seal(): void {
    if (this.offset === 0) return;
    const whole = this.buffer;
    this.ready.push({ bytes: whole.subarray(0, this.offset), whole: whole.length === BUFFER_BYTES ? whole : undefined });
    this.needsFlush = true;
    // a part grows into full-size buffers: a small sheet never holds (or makes V8 count) a megabyte
    this.use(this.spare.pop() ?? Buffer.allocUnsafe(Math.min(BUFFER_BYTES, whole.length * 4)));
  }

  /** Writing goes on at the start of `buffer`. */
  private use(buffer: Buffer): void {
    this.buffer = buffer;
    this.view = viewOf(buffer);
    this.offset = 0;
  }
}
