/**
 * A minimal streaming zip writer for our xlsx outputs. One entry at a time may stream straight to the
 * file (deflated as it is produced, sizes in a trailing data descriptor); other entries arrive already
 * deflated in memory and are appended after it. No ZIP64: outputs stay far below 4 GB.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { crc32, deflateRawSync } from 'node:zlib';

export interface CentralRecord {
  name: Buffer;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
  flags: number;
}

const UTF8_NAMES = 0x0800;
const DATA_DESCRIPTOR = 0x0008;
const DOS_DATE = ((2024 - 1980) << 9) | (1 << 5) | 1;

export class ZipWriter {
  private readonly out: WriteStream;
  private offset = 0;
  private readonly records: CentralRecord[] = [];
  private failure: Error | undefined;
  private readonly failed: Promise<never>;

  constructor(path: string) {
    this.out = createWriteStream(path, { highWaterMark: 1024 * 1024 });
    this.failed = new Promise<never>((_resolve, reject) => {
      this.out.on('error', (err) => {
        this.failure = err;
        reject(err);
      });
    });
    this.failed.catch(() => undefined);
  }

  /** Writes raw bytes to the file; resolves when the file can take more, rejects if it cannot be written. */
  write(chunk: Buffer): Promise<void> | undefined {
    if (this.failure) return Promise.reject(this.failure);
    this.offset += chunk.length;
    if (this.out.write(chunk)) return undefined;
    return Promise.race([new Promise<void>((resolve) => this.out.once('drain', resolve)), this.failed]);
  }

  async addBuffer(name: string, data: Buffer): Promise<void> {
    const deflated = deflateRawSync(data, { level: 6 });
    await this.addDeflated(name, [deflated], crc32(data), data.length, deflated.length);
  }

  /** Appends an entry whose deflated bytes are ready (in memory or read back from a file). */
  async addDeflated(name: string, chunks: Iterable<Buffer> | AsyncIterable<Buffer>, crc: number, size: number, compressedSize: number): Promise<void> {
    const record: CentralRecord = { name: Buffer.from(name, 'utf8'), crc, compressedSize, size, offset: this.offset, flags: UTF8_NAMES };
    await this.write(this.localHeader(record));
    let written = 0;
    for await (const chunk of chunks) {
      written += chunk.length;
      await this.write(chunk);
    }
    if (written !== compressedSize) throw new Error(`entry ${name}: ${written} bytes written, ${compressedSize} expected`);
    this.records.push(record);
  }

  /** Starts a streamed entry; call endStreamedEntry with its checksum and sizes once its data is written. */
  async startStreamedEntry(name: string): Promise<CentralRecord> {
    const record: CentralRecord = { name: Buffer.from(name, 'utf8'), crc: 0, compressedSize: 0, size: 0, offset: this.offset, flags: UTF8_NAMES | DATA_DESCRIPTOR };
    await this.write(this.localHeader(record));
    return record;
  }

  async endStreamedEntry(record: CentralRecord, crc: number, compressedSize: number, size: number): Promise<void> {
    Object.assign(record, { crc, compressedSize, size });
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(crc >>> 0, 4);
    descriptor.writeUInt32LE(compressedSize, 8);
    descriptor.writeUInt32LE(size, 12);
    await this.write(descriptor);
    this.records.push(record);
  }

  async finish(): Promise<void> {
    const start = this.offset;
    for (const r of this.records) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(20, 6);
      header.writeUInt16LE(r.flags, 8);
      header.writeUInt16LE(8, 10);
      header.writeUInt16LE(0, 12);
      header.writeUInt16LE(DOS_DATE, 14);
      header.writeUInt32LE(r.crc >>> 0, 16);
      header.writeUInt32LE(r.compressedSize, 20);
      header.writeUInt32LE(r.size, 24);
      header.writeUInt16LE(r.name.length, 28);
      header.writeUInt32LE(r.offset, 42);
      await this.write(header);
      await this.write(r.name);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.records.length, 8);
    end.writeUInt16LE(this.records.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
    await new Promise<void>((resolve, reject) => {
      this.out.end((err?: Error | null) => (err ? reject(err) : resolve()));
    });
    if (this.failure) throw this.failure;
  }

  /** Stops writing after a failure; the caller removes the partial file. */
  async abort(): Promise<void> {
    if (this.out.closed) return;
    await new Promise<void>((resolve) => {
      this.out.once('close', () => resolve());
      this.out.destroy();
    });
  }

  private localHeader(r: CentralRecord): Buffer {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(r.flags, 6);
    header.writeUInt16LE(8, 8);
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(DOS_DATE, 12);
    header.writeUInt32LE(r.crc >>> 0, 14);
    header.writeUInt32LE(r.compressedSize, 18);
    header.writeUInt32LE(r.size, 22);
    header.writeUInt16LE(r.name.length, 26);
    return Buffer.concat([header, r.name]);
  }
}
