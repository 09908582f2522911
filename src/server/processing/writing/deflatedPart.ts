/**
 * The XML text of one worksheet, deflated on the thread pool as it is produced. Its compressed bytes
 * go to a sink: straight into the zip file (the big sheet) or to be appended afterwards (the others).
 * Text is encoded row by row into fixed-size buffers (so no long string ever has to be flattened);
 * the producer appends synchronously and awaits `flush()` when `needsFlush` says so. A part whose
 * whole text stays under ONE_STEP_BYTES (most parts of most uploads: the report sheets, a small
 * workbook's every sheet) is deflated in one step when it ends, without a stream.
 */
import { crc32, createGzip, deflateRawSync, type Gzip, type ZlibOptions } from 'node:zlib';
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
/**
 * Text held before a compressor is started: a part that ends within it is deflated in one call, on
 * this thread, without a stream's zlib state, turns on the thread pool and events.
 */
const ONE_STEP_BYTES = 256 * 1024;
/**
 * Buffers the parts are done with, by size, for the next parts of this thread (the engine's thread
 * runs upload after upload). V8 counts every new buffer's memory towards its next full collection,
 * and each full collection also throws away optimised code that the next upload then compiles again:
 * reused buffers leave both for when they are due.
 */
const POOL_BYTES = 8 * 1024 * 1024;
const pool = new Map<number, Buffer[]>();
const POOLED_SIZES = new Set([FIRST_BUFFER_BYTES, 4 * FIRST_BUFFER_BYTES, 16 * FIRST_BUFFER_BYTES, BUFFER_BYTES]);
let pooledBytes = 0;

function takeBuffer(bytes: number): Buffer {
  const kept = pool.get(bytes)?.pop();
  if (!kept) return Buffer.allocUnsafe(bytes);
  pooledBytes -= bytes;
  return kept;
}

function giveBack(buffer: Buffer): void {
  // only the sizes parts grow through (a row larger than a buffer has one of its own)
  if (!POOLED_SIZES.has(buffer.length) || pooledBytes + buffer.length > POOL_BYTES) return;
  const kept = pool.get(buffer.length);
  if (kept) kept.push(buffer);
  else pool.set(buffer.length, [buffer]);
  pooledBytes += buffer.length;
}

/** A gzip stream is raw deflate between a 10-byte header and an 8-byte trailer (CRC-32, size). */
const GZIP_HEADER = 10;
const GZIP_TRAILER = 8;
const EMPTY = Buffer.alloc(0);

export class DeflatedPart implements ByteSink {
  buffer: Buffer = takeBuffer(FIRST_BUFFER_BYTES);
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
  /** Bytes in `ready` while no compressor has started. */
  private heldBytes = 0;
  /** The compressor, once the part's text has outgrown ONE_STEP_BYTES. */
  private stream?: { deflate: Gzip; done: Promise<void> };

  /**
   * `sink` receives compressed bytes and may return a promise to slow the producer down; `queueBytes`
   * of text may wait for the compressor before `flush()` waits.
   */
  constructor(
    private readonly sink: (chunk: Buffer) => Promise<void> | undefined,
    private readonly queueBytes = QUEUE_BYTES,
  ) {}

  private start(): { deflate: Gzip; done: Promise<void> } {
    // A deep queue lets the compressor work on the thread pool while the next rows are encoded. The
    // gzip wrapper is there for its CRC-32, which the zip entry needs: zlib works it out on the thread
    // pool as it reads the text, instead of this thread going over every byte once more.
    const deflate = createGzip({ level: OUTPUT_DEFLATE_LEVEL, chunkSize: 64 * 1024, writableHighWaterMark: this.queueBytes } as ZlibOptions);
    deflate.on('data', (data: Buffer) => {
      const chunk = this.rawDeflate(data);
      if (chunk.length === 0) return;
      this.compressedSize += chunk.length;
      const wait = this.sink(chunk);
      if (wait) {
        deflate.pause();
        wait.then(
          () => deflate.resume(),
          (err: Error) => deflate.destroy(err),
        );
      }
    });
    const done = new Promise<void>((resolve, reject) => {
      deflate.on('end', resolve);
      deflate.on('error', reject);
    });
    done.catch(() => undefined);
    this.stream = { deflate, done };
    return this.stream;
  }

  append(text: string): void {
    if (text.length * 3 > this.buffer.length - this.offset) {
      this.seal();
      if (text.length * 3 > this.buffer.length) {
        this.queue({ bytes: Buffer.from(text, 'utf8') });
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
    // held text waits for the part's end, or for enough of it to be worth a compressor
    if (this.ready.length === 0 || (!this.stream && this.heldBytes < ONE_STEP_BYTES)) return;
    const { deflate, done } = this.stream ?? this.start();
    this.heldBytes = 0;
    while (this.ready.length > 0) {
      const { bytes, whole } = this.ready.shift() as { bytes: Buffer; whole?: Buffer };
      this.size += bytes.length;
      const reuse = whole ? () => this.reuse(whole) : undefined;
      if (this.ready.length === 0) this.needsFlush = false;
      if (!deflate.write(bytes, reuse)) await Promise.race([new Promise((resolve) => deflate.once('drain', resolve)), done]);
    }
  }

  async end(): Promise<{ crc: number; size: number; compressedSize: number }> {
    this.seal(false);
    if (!this.stream) return this.inOneStep();
    await this.flush();
    this.stream.deflate.end();
    await this.stream.done;
    this.release();
    const trailer = this.held;
    if (trailer.length !== GZIP_TRAILER || trailer.readUInt32LE(4) !== this.size % 2 ** 32) throw new Error('the compressed sheet ended early');
    return { crc: trailer.readUInt32LE(0), size: this.size, compressedSize: this.compressedSize };
  }

  /** The whole text, held, deflated and checked at once. */
  private async inOneStep(): Promise<{ crc: number; size: number; compressedSize: number }> {
    const pieces = this.ready.splice(0);
    this.needsFlush = false;
    // pieces of text are joined in a buffer of the pool too
    const size = pieces.reduce((sum, piece) => sum + piece.bytes.length, 0);
    const joined = pieces.length === 1 ? undefined : takeBuffer([...POOLED_SIZES].find((pooled) => pooled >= size) ?? size);
    if (joined) pieces.reduce((at, piece) => at + piece.bytes.copy(joined, at), 0);
    const text = joined ? joined.subarray(0, size) : (pieces[0]?.bytes ?? EMPTY);
    const compressed = deflateRawSync(text, { level: OUTPUT_DEFLATE_LEVEL });
    const crc = crc32(text);
    for (const { whole } of pieces) if (whole) giveBack(whole);
    if (joined) giveBack(joined);
    this.release();
    await this.sink(compressed);
    return { crc, size: text.length, compressedSize: compressed.length };
  }

  /** A buffer the compressor is done with: kept for this part's next text, or for the next part. */
  private reuse(whole: Buffer): void {
    if (whole.length === BUFFER_BYTES && this.spare.length < MAX_SPARE) this.spare.push(whole);
    else giveBack(whole);
  }

  /** At the end, the part's buffers go to the next parts. */
  private release(): void {
    giveBack(this.buffer);
    for (const buffer of this.spare.splice(0)) giveBack(buffer);
    this.use(EMPTY);
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
    this.stream?.deflate.destroy();
  }

  /** Text for the compressor: the producer is asked to flush once a compressor runs or the held text outgrows one step. */
  private queue(piece: { bytes: Buffer; whole?: Buffer }): void {
    this.ready.push(piece);
    if (this.stream) this.needsFlush = true;
    else {
      this.heldBytes += piece.bytes.length;
      this.needsFlush = this.heldBytes >= ONE_STEP_BYTES;
    }
  }

  /** Queues the text written so far; writing goes on in a next buffer, unless the part is `continuing` no more. */
  private seal(continuing = true): void {
    if (this.offset === 0) return;
    const whole = this.buffer;
    this.queue({ bytes: whole.subarray(0, this.offset), whole });
    if (!continuing) return this.use(EMPTY);
    // a part grows into full-size buffers: a small sheet never holds (or makes V8 count) a megabyte
    this.use(this.spare.pop() ?? takeBuffer(Math.min(BUFFER_BYTES, whole.length * 4)));
  }

  /** Writing goes on at the start of `buffer`. */
  private use(buffer: Buffer): void {
    this.buffer = buffer;
    this.view = viewOf(buffer);
    this.offset = 0;
  }
}
