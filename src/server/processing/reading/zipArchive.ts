/**
 * Reading parts of a zip container (the xlsx family) with guards against zip bombs: every part is
 * inflated as a stream and counted, and a part that inflates past a sane ratio or size stops the read.
 */
import { createInflateRaw } from 'node:zlib';
import { type Readable } from 'node:stream';
import yauzl from 'yauzl';
import { ProcessingError } from '../processingError';

/** A part may inflate to at most this many times its compressed size (plus a small allowance)... */
const MAX_RATIO = 300;
const RATIO_ALLOWANCE = 16 * 1024 * 1024;
/** ...and the whole workbook to at most this much XML. */
const MAX_TOTAL_INFLATED = 2 * 1024 * 1024 * 1024;
const MAX_ENTRIES = 20000;

export class ZipArchive {
  private inflatedTotal = 0;

  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly entries: Map<string, yauzl.Entry>,
  ) {}

  static async open(path: string): Promise<ZipArchive> {
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(path, { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: false }, (err, z) =>
        err ? reject(new ProcessingError('CORRUPT', undefined, { cause: err })) : resolve(z),
      ),
    );
    const entries = new Map<string, yauzl.Entry>();
    let declaredTotal = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entries.size >= MAX_ENTRIES) return reject(new ProcessingError('TOO_LARGE'));
        declaredTotal += entry.uncompressedSize;
        entries.set(normaliseName(entry.fileName), entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', (err) => reject(new ProcessingError('CORRUPT', undefined, { cause: err })));
      zip.readEntry();
    }).catch((err) => {
      zip.close();
      throw err;
    });
    if (declaredTotal > MAX_TOTAL_INFLATED) {
      zip.close();
      throw new ProcessingError('TOO_LARGE');
    }
    return new ZipArchive(zip, entries);
  }

  has(name: string): boolean {
    return this.entries.has(normaliseName(name));
  }

  /** Inflated bytes of one part, in chunks; stops with TOO_LARGE when the part or the archive explodes. */
  async *chunks(name: string): AsyncGenerator<Buffer> {
    const entry = this.entries.get(normaliseName(name));
    if (!entry) throw new ProcessingError('CORRUPT', undefined, { cause: new Error(`missing part ${name}`) });
    if (entry.isEncrypted()) throw new ProcessingError('PASSWORD_PROTECTED');
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) throw new ProcessingError('CORRUPT');
    const raw = await this.openRaw(entry);
    const stream: Readable = entry.compressionMethod === 8 ? raw.pipe(createInflateRaw({ chunkSize: 64 * 1024 })) : raw;
    raw.on('error', (err) => stream.destroy(err));
    const partLimit = Math.max(entry.compressedSize, 1) * MAX_RATIO + RATIO_ALLOWANCE;
    let inflated = 0;
    try {
      for await (const chunk of stream) {
        const buffer = chunk as Buffer;
        inflated += buffer.length;
        this.inflatedTotal += buffer.length;
        if (inflated > partLimit || this.inflatedTotal > MAX_TOTAL_INFLATED) throw new ProcessingError('TOO_LARGE');
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

  /** A whole (small) part as text; parts larger than `maxBytes` are refused. */
  async text(name: string, maxBytes = 64 * 1024 * 1024): Promise<string> {
    const decoder = new TextDecoder('utf-8');
    let out = '';
    let size = 0;
    for await (const chunk of this.chunks(name)) {
      size += chunk.length;
      if (size > maxBytes) throw new ProcessingError('TOO_LARGE');
      out += decoder.decode(chunk, { stream: true });
    }
    return out + decoder.decode();
  }

  close(): void {
    this.zip.close();
  }

  private openRaw(entry: yauzl.Entry): Promise<Readable> {
    return new Promise((resolve, reject) =>
      this.zip.openReadStream(entry, { decompress: false }, (err, stream) =>
        err ? reject(new ProcessingError('CORRUPT', undefined, { cause: err })) : resolve(stream),
      ),
    );
  }
}

export function normaliseName(name: string): string {
  return name.replace(/\\/g, '/').replace(/^\/+/, '').toLowerCase();
}
