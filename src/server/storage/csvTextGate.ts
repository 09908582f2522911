import { isAscii } from 'node:buffer';
import { Transform, type TransformCallback } from 'node:stream';

/** Control characters no CSV holds in any encoding: C0 but tab, line feed, form feed and carriage return, and DEL. */
// eslint-disable-next-line no-control-regex
const ASCII_CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;
/** The C1 controls, refused in Unicode text. */
const C1_CONTROL = /[\u0080-\u009f]/;
/** The five bytes Windows-1252 leaves undefined (read as latin1 text); its other bytes are letters and signs. */
const UNDEFINED_1252 = /[\u0081\u008d\u008f\u0090\u009d]/;

/** How the text is read: the byte-order mark decides, as it does for the engine's CSV reader. */
type Reading = 'utf-8' | 'utf-16le' | 'utf-16be' | 'utf-8-or-1252';

function readingOf(head: Buffer): Reading {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  return 'utf-8-or-1252';
}

/**
 * Passes a CSV through while checking that all of it is text the engine reads as it would: UTF-8 or
 * UTF-16 when a byte-order mark says so, otherwise UTF-8 if every byte sequence is valid UTF-8 and
 * Windows-1252 if not. Text holding a NUL or another control character (other than tab, CR, LF and
 * form feed), or a byte sequence its encoding cannot hold, is refused with the given error: as soon
 * as it arrives, or, where only the end tells which encoding it is, once the content is complete.
 */
export class CsvTextGate extends Transform {
  private head = Buffer.alloc(0);
  private reading: Reading | undefined;
  private decoder: TextDecoder | undefined;
  /** Whether the text so far, valid UTF-8, held a C1 control (refused only if it stays UTF-8). */
  private utf8Control = false;
  /** Whether the bytes so far held one Windows-1252 leaves undefined (refused if it turns out to be that). */
  private undefined1252 = false;

  constructor(private readonly refusal: () => Error) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.reading === undefined) {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length < 3) {
        callback();
        return;
      }
      chunk = this.start();
    }
    if (this.isText(chunk)) callback(null, chunk);
    else callback(this.refusal());
  }

  override _flush(callback: TransformCallback): void {
    const rest = this.reading === undefined ? this.start() : Buffer.alloc(0);
    if (!this.isText(rest) || !this.endsAsText()) {
      callback(this.refusal());
      return;
    }
    callback(null, rest);
  }

  /** Decides the reading from the first bytes and hands them back to be checked. */
  private start(): Buffer {
    this.reading = readingOf(this.head);
    this.decoder = new TextDecoder(this.reading === 'utf-8-or-1252' ? 'utf-8' : this.reading, { fatal: true });
    const head = this.head;
    this.head = Buffer.alloc(0);
    return head;
  }

  private isText(chunk: Buffer): boolean {
    if (this.decoder === undefined) return isText1252(chunk);
    let text: string;
    try {
      text = this.decoder.decode(chunk, { stream: true });
    } catch {
      return this.reading === 'utf-8-or-1252' && this.readAs1252(chunk);
    }
    if (ASCII_CONTROL.test(text)) return false;
    if (this.reading !== 'utf-8-or-1252') return !C1_CONTROL.test(text);
    this.utf8Control ||= C1_CONTROL.test(text);
    this.undefined1252 ||= !isAscii(chunk) && UNDEFINED_1252.test(chunk.toString('latin1'));
    return true;
  }

  /** From the first byte sequence that is not UTF-8 on, the whole file is Windows-1252, as the engine reads it. */
  private readAs1252(chunk: Buffer): boolean {
    this.decoder = undefined;
    return !this.undefined1252 && isText1252(chunk);
  }

  /** Whether the content, now complete, ends as text of its reading (no sequence cut short, no stray control). */
  private endsAsText(): boolean {
    if (this.decoder === undefined) return true;
    try {
      this.decoder.decode();
    } catch {
      return this.reading === 'utf-8-or-1252' && this.readAs1252(Buffer.alloc(0));
    }
    return this.reading !== 'utf-8-or-1252' || !this.utf8Control;
  }
}

function isText1252(chunk: Buffer): boolean {
  const text = chunk.toString('latin1');
  return !ASCII_CONTROL.test(text) && !UNDEFINED_1252.test(text);
}
