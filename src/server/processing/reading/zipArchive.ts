/**
 * Reading parts of a zip container (the xlsx family) with guards against zip bombs: every part is
 * inflated as a stream and counted, and a part that inflates past a sane ratio or size stops the read.
 */
import { readFile, stat } from 'node:fs/promises';
import { createInflateRaw, inflateRawSync, type ZlibOptions } from 'node:zlib';
import { type Readable } from 'node:stream';
import yauzl from 'yauzl';
import { ProcessingError } from '../processingError';

/** A part may inflate to at most this many times its compressed size (plus a small allowance)... */
const MAX_RATIO = 300;
const RATIO_ALLOWANCE = 16 * 1024 * 1024;
/**
 * ...and the whole workbook to at most this much XML, and to no more than the same ratio of the file's
 * size: otherwise many small parts, each within its allowance, would add up to a bomb.
 */
const MAX_TOTAL_INFLATED = 2 * 1024 * 1024 * 1024;
const MAX_ENTRIES = 20000;
/** Files up to this size are read into memory at once: most uploads, which then open in a few ms. */
const IN_MEMORY_FILE = 8 * 1024 * 1024;
/** Parts up to this compressed size are inflated in one step rather than as a stream. */
const ONE_STEP_PART = 1024 * 1024;
/** The check of every part (inflateEveryPart) inflates parts up to this compressed size in one call... */
const ONE_STEP_CHECK = 256 * 1024;
/** ...when they declare, and inflate to, no more than this. */
const ONE_STEP_CHECK_INFLATED = 4 * 1024 * 1024;
/** The largest buffer a part is inflated into at once before its size is known to be true. */
const MAX_ONE_CHUNK = 16 * 1024 * 1024;
/** Inflated bytes buffered ahead, so the thread pool inflates while the sheet XML is tokenised. */
const INFLATE_AHEAD = 1024 * 1024;

export class ZipArchive {
  private inflatedTotal = 0;

  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly entries: Map<string, yauzl.Entry>,
    /** The most the parts may inflate to together. */
    private readonly inflatedLimit: number,
  ) {}

  static async open(path: string): Promise<ZipArchive> {
    const options = { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: false };
    const fileSize = (await stat(path)).size;
    const small = fileSize <= IN_MEMORY_FILE;
    const bytes = small ? await readFile(path) : undefined;
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
      const done = (err: Error | null, z: yauzl.ZipFile) => (err ? reject(new ProcessingError('CORRUPT', undefined, { cause: err })) : resolve(z));
      if (bytes) yauzl.fromBuffer(bytes, options, done);
      else yauzl.open(path, options, done);
    });
    const entries = new Map<string, yauzl.Entry>();
    let declaredTotal = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entries.size >= MAX_ENTRIES) return reject(new ProcessingError('TOO_LARGE'));
        const name = normaliseName(entry.fileName);
        // A package names each part once: a second entry of a name would hide content no check reads.
        if (entries.has(name)) return reject(new ProcessingError('CORRUPT'));
        declaredTotal += entry.uncompressedSize;
        entries.set(name, entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', (err) => reject(new ProcessingError('CORRUPT', undefined, { cause: err })));
      zip.readEntry();
    }).catch((err) => {
      zip.close();
      throw err;
    });
    const inflatedLimit = Math.min(MAX_TOTAL_INFLATED, fileSize * MAX_RATIO + RATIO_ALLOWANCE);
    if (declaredTotal > inflatedLimit) {
      zip.close();
      throw new ProcessingError('TOO_LARGE');
    }
    return new ZipArchive(zip, entries, inflatedLimit);
  }

  has(name: string): boolean {
    return this.entries.has(normaliseName(name));
  }

  /** The inflated size a part declares, if the archive holds it. */
  inflatedSize(name: string): number | undefined {
    return this.entries.get(normaliseName(name))?.uncompressedSize;
  }

  /**
   * Inflated bytes of one part, in chunks; stops with TOO_LARGE when the part inflates past `maxBytes`
   * or the part or the archive explodes.
   */
  async *chunks(name: string, maxBytes = Infinity): AsyncGenerator<Buffer> {
    const entry = this.readableEntry(name);
    const partLimit = Math.min(maxBytes, partLimitOf(entry));
    if (entry.compressedSize <= ONE_STEP_PART) yield* this.inOneStep(entry, partLimit);
    else yield* this.streamed(entry, partLimit);
  }

  /**
   * Inflates every part as a stream and keeps none of it: proves that the whole archive can be read
   * within the limits, holding no more than a chunk at a time, however large its parts.
   */
  async inflateEveryPart(): Promise<void> {
    for (const name of this.entries.keys()) {
      const entry = this.readableEntry(name);
      if (await this.inflatesInOneStep(entry)) continue;
      for await (const _chunk of this.streamed(entry, partLimitOf(entry))) {
        // nothing is kept: counting the bytes is the check
      }
    }
  }

  /**
   * Whether a small part inflates, within the limits, in one call (most parts of most workbooks): no
   * stream, whose zlib state, buffers and handle (one per part, for every upload the API takes) had
   * V8 collect the API's whole heap every few uploads. A part that declares more than it may hold in
   * memory here, or inflates past it, is left to the stream (false); one that cannot be inflated or
   * explodes is refused as the stream would refuse it.
   */
  private async inflatesInOneStep(entry: yauzl.Entry): Promise<boolean> {
    if (entry.compressionMethod !== 8 || entry.compressedSize > ONE_STEP_CHECK || entry.uncompressedSize > ONE_STEP_CHECK_INFLATED) return false;
    const raw = await this.rawBytes(entry);
    let inflated: number;
    try {
      inflated = inflateWhole(raw, entry, Math.min(partLimitOf(entry), ONE_STEP_CHECK_INFLATED)).length;
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return false;
      throw new ProcessingError('CORRUPT', undefined, { cause: err });
    }
    this.inflatedTotal += inflated;
    if (this.inflatedTotal > this.inflatedLimit) throw new ProcessingError('TOO_LARGE');
    return true;
  }

  /** The entry of a part, refused when it is missing, encrypted or packed in a way no workbook is. */
  private readableEntry(name: string): yauzl.Entry {
    const entry = this.entries.get(normaliseName(name));
    if (!entry) throw new ProcessingError('CORRUPT', undefined, { cause: new Error(`missing part ${name}`) });
    if (entry.isEncrypted()) throw new ProcessingError('PASSWORD_PROTECTED');
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) throw new ProcessingError('CORRUPT');
    return entry;
  }

  private async *streamed(entry: yauzl.Entry, partLimit: number): AsyncGenerator<Buffer> {
    const raw = await this.openRaw(entry);
    const stream: Readable = entry.compressionMethod === 8 ? raw.pipe(createInflateRaw({ chunkSize: 64 * 1024, readableHighWaterMark: INFLATE_AHEAD } as ZlibOptions)) : raw;
    raw.on('error', (err) => stream.destroy(err));
    let inflated = 0;
    try {
      for await (const chunk of stream) {
        const buffer = chunk as Buffer;
        inflated += buffer.length;
        this.inflatedTotal += buffer.length;
        if (inflated > partLimit || this.inflatedTotal > this.inflatedLimit) throw new ProcessingError('TOO_LARGE');
        yield buffer;
      }
    } catch (err) {
      if (err instanceof ProcessingError) throw err;
      throw new ProcessingError('CORRUPT', undefined, { cause: err });
    } finally {
      raw.unpipe();
      raw.destroy();
      stream.destroy();
    }
  }

  /** A whole (small) part as text; parts larger than `maxBytes` are refused before they are held. */
  async text(name: string, maxBytes = 64 * 1024 * 1024): Promise<string> {
    const decoder = new TextDecoder('utf-8');
    let out = '';
    for await (const chunk of this.chunks(name, maxBytes)) out += decoder.decode(chunk, { stream: true });
    return out + decoder.decode();
  }

  private async *inOneStep(entry: yauzl.Entry, partLimit: number): AsyncGenerator<Buffer> {
    let inflated: Buffer;
    try {
      const raw = await this.rawBytes(entry);
      inflated = entry.compressionMethod === 8 ? inflateWhole(raw, entry, partLimit) : raw;
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new ProcessingError('TOO_LARGE');
      throw new ProcessingError('CORRUPT', undefined, { cause: err });
    }
    this.inflatedTotal += inflated.length;
    if (inflated.length > partLimit || this.inflatedTotal > this.inflatedLimit) throw new ProcessingError('TOO_LARGE');
    for (let at = 0; at < inflated.length; at += 1024 * 1024) yield inflated.subarray(at, at + 1024 * 1024);
  }

  close(): void {
    this.zip.close();
  }

  /** The entry's bytes as stored, in one buffer (the one the reader gave when it gave one). */
  private async rawBytes(entry: yauzl.Entry): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.openRaw(entry)) chunks.push(chunk as Buffer);
    return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
  }

  /**
   * The entry's bytes as stored: still deflated for a deflated part (inflated here, under the limits),
   * as they are for a stored one (yauzl refuses `decompress` for an entry that is not compressed).
   */
  private openRaw(entry: yauzl.Entry): Promise<Readable> {
    const options = entry.compressionMethod === 8 ? { decompress: false } : {};
    return new Promise((resolve, reject) =>
      this.zip.openReadStream(entry, options, (err, stream) =>
        err ? reject(new ProcessingError('CORRUPT', undefined, { cause: err })) : resolve(stream),
      ),
    );
  }
}

/**
 * A deflated part inflated in one call, into one buffer of the size it declares (zlib's sync call
 * otherwise fills 16 KB pieces and joins them: for a sheet, several new buffers where one does). A
 * size that lies only makes more pieces; `maxOutputLength` is the limit either way.
 */
function inflateWhole(raw: Buffer, entry: yauzl.Entry, maxOutputLength: number): Buffer {
  // one byte more than the text, so zlib sees the stream's end before the buffer is full
  const chunkSize = Math.max(16 * 1024, Math.min(entry.uncompressedSize, maxOutputLength, MAX_ONE_CHUNK) + 1);
  return inflateRawSync(raw, { maxOutputLength, chunkSize });
}

/** The most one part may inflate to: its ratio limit, with the allowance for small parts. */
function partLimitOf(entry: yauzl.Entry): number {
  return Math.max(entry.compressedSize, 1) * MAX_RATIO + RATIO_ALLOWANCE;
}

export function normaliseName(name: string): string {
  return name.replace(/\\/g, '/').replace(/^\/+/, '').toLowerCase();
}
