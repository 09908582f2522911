import { ProcessingError } from '../processing/processingError';
import { bomEncoding } from '../processing/reading/csvEncoding';
import { BinaryContentMeter, CSV_CONTENT } from '../processing/reading/textContent';

/**
 * Follows a CSV's text as it arrives and judges it as the engine's CSV reader will (textContent.ts):
 * content thick with control characters or NULs is binary, refused as BINARY_CSV as soon as it shows;
 * content of nothing but a byte-order mark, blank lines and separators is refused as EMPTY once it is
 * complete. A few control characters in a cell, a byte sequence its encoding cannot hold, a lone
 * surrogate: none is a reason to refuse the file (the engine reads each as text, or as U+FFFD, and the
 * scrubber says so).
 */
export class CsvTextCheck {
  /** The first bytes, until there are enough to read a byte-order mark. */
  private head: Buffer | undefined = Buffer.alloc(0);
  private meter = new BinaryContentMeter(1);
  /** For UTF-16 (told by its byte-order mark), which is judged on its code units. */
  private decoder: TextDecoder | undefined;
  private content = false;

  /** Follows the next chunk; throws BINARY_CSV once the content so far is binary. */
  feed(chunk: Buffer): void {
    if (this.head) {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length < 3) return;
      chunk = this.start(this.head);
    }
    this.follow(chunk);
  }

  /** Judges the complete content: throws BINARY_CSV or EMPTY. */
  end(): void {
    if (this.head) this.follow(this.start(this.head));
    if (this.decoder) this.follow(undefined);
    if (this.meter.end()) throw new ProcessingError('BINARY_CSV');
    if (!this.content) throw new ProcessingError('EMPTY');
  }

  /** Reads the byte-order mark; returns the first bytes, to be followed as content (the mark's own bytes apart, which are no content). */
  private start(head: Buffer): Buffer {
    this.head = undefined;
    const marked = bomEncoding(head);
    if (marked?.encoding === 'utf-16le' || marked?.encoding === 'utf-16be') {
      this.decoder = new TextDecoder(marked.encoding);
      this.meter = new BinaryContentMeter(2);
      return head;
    }
    if (marked) {
      // counted as bytes of the content, as the engine counts them, but not tested for content
      this.meter.feedBytes(head.subarray(0, marked.length));
      return head.subarray(marked.length);
    }
    return head;
  }

  /** `undefined`: the end of a UTF-16 text (what its decoder kept back). */
  private follow(chunk: Buffer | undefined): void {
    if (this.decoder) {
      const text = chunk ? this.decoder.decode(chunk, { stream: true }) : this.decoder.decode();
      if (this.meter.feedUnits(text)) throw new ProcessingError('BINARY_CSV');
      this.content ||= CSV_CONTENT.test(text);
      return;
    }
    if (!chunk) return;
    if (this.meter.feedBytes(chunk)) throw new ProcessingError('BINARY_CSV');
    this.content ||= CSV_CONTENT.test(chunk.toString('latin1'));
  }
}
