/**
 * What makes content text, judged the same way by the upload's check as the file arrives and by the
 * engine as it reads a CSV: a control character in a cell is no reason to refuse a file (the scrubber
 * removes it and says so), but content thick with them (NULs, binary data) is not text at all.
 */

/** The window a density of control characters is judged over, in bytes (a UTF-16 text: half as many code units). */
export const TEXT_WINDOW_BYTES = 4096;

/** More control characters than this in one window is binary content. */
const MAX_CONTROLS_PER_WINDOW = 64;

/**
 * The C0 control characters a text does not hold: all but tab, line feed, vertical tab (some programs'
 * line break within a cell), form feed and carriage return. NUL is one of them.
 */
// eslint-disable-next-line no-control-regex
const STRAY_CONTROL = /[\u0000-\u0008\u000e-\u001f]/;

function isStrayControl(code: number): boolean {
  return code < 9 || (code > 13 && code < 32);
}

/**
 * A character that makes a CSV more than empty: anything but the byte-order mark, white space, line
 * ends, separators and quotes (ASCII, so it reads the same in the bytes of any 8-bit encoding).
 */
export const CSV_CONTENT = /[^\t\n\v\f\r ,;|"\ufeff]/;

/**
 * Counts control characters in aligned windows of the content as it streams. The content is binary
 * when one window holds more than 64 (over 1.5 %: binary data has about 9 %, a NUL-padded or BOM-less
 * UTF-16 file 50 %); content shorter than one window, when more than an eighth of it (at least 5) are.
 * Fed the bytes of an 8-bit or UTF-8 text (a control byte is never part of a UTF-8 sequence), or the
 * code units of a decoded UTF-16 text.
 */
export class BinaryContentMeter {
  /** Whether the content so far is binary; once true, it stays so. */
  binary = false;
  /** How many control characters the content held so far. */
  controlsSeen = 0;
  private readonly window: number;
  /** Units of the current window seen so far. */
  private filled = 0;
  private controls = 0;
  private total = 0;

  constructor(unitBytes: 1 | 2 = 1) {
    this.window = TEXT_WINDOW_BYTES / unitBytes;
  }

  /** The bytes of a chunk of 8-bit or UTF-8 text; returns whether the content so far is binary. */
  feedBytes(bytes: Buffer): boolean {
    if (!hasStrayControlByte(bytes)) return this.skip(bytes.length);
    for (let i = 0; i < bytes.length; i++) this.count(isStrayControl(bytes[i]));
    return this.binary;
  }

  /** The code units of a chunk of decoded UTF-16 text. */
  feedUnits(text: string): boolean {
    if (!STRAY_CONTROL.test(text)) return this.skip(text.length);
    for (let i = 0; i < text.length; i++) this.count(isStrayControl(text.charCodeAt(i)));
    return this.binary;
  }

  /** Judges content shorter than one window, once it is complete; returns whether the whole is binary. */
  end(): boolean {
    if (this.total < this.window && this.controls > Math.min(MAX_CONTROLS_PER_WINDOW, Math.max(4, this.total >> 3))) this.binary = true;
    return this.binary;
  }

  /** Units without a control character: the window they close, if any, was judged as its controls came. */
  private skip(units: number): boolean {
    this.total += units;
    const filled = this.filled + units;
    if (filled >= this.window) this.controls = 0;
    this.filled = filled % this.window;
    return this.binary;
  }

  private count(control: boolean): void {
    this.total++;
    if (control) {
      this.controlsSeen++;
      if (++this.controls > MAX_CONTROLS_PER_WINDOW) this.binary = true;
    }
    if (++this.filled === this.window) {
      this.filled = 0;
      this.controls = 0;
    }
  }
}

/** The control bytes a text does not hold (STRAY_CONTROL). */
const STRAY_BYTES = Array.from({ length: 32 }, (_, byte) => byte).filter((byte) => isStrayControl(byte));

/**
 * Whether the bytes hold a stray control byte: a search for each (memchr) costs a fraction of a
 * regular expression's or a loop's pass over text, which matters on the CSV reader's path.
 */
function hasStrayControlByte(bytes: Buffer): boolean {
  for (let i = 0; i < STRAY_BYTES.length; i++) if (bytes.indexOf(STRAY_BYTES[i]) >= 0) return true;
  return false;
}
