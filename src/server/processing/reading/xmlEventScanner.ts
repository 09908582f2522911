/**
 * A small streaming XML tokenizer for spreadsheet parts: elements (namespace prefix dropped), attribute
 * text, and character data (CDATA included). It is fed decoded text in chunks of any size.
 */
import { ProcessingError } from '../processingError';

/** Longest stretch of unterminated markup tolerated before the part is judged corrupt. */
const MAX_PENDING_MARKUP = 16 * 1024 * 1024;

export interface XmlEvents {
  open(name: string, attrs: string, selfClosing: boolean): void;
  close(name: string): void;
  /** Raw character data (entities not decoded; CDATA passed with `cdata` set). */
  text(text: string, cdata: boolean): void;
}

function localName(s: string, start: number, end: number): string {
  let nameStart = start;
  for (let i = start; i < end; i++) if (s.charCodeAt(i) === 58 /* : */) nameStart = i + 1;
  return s.slice(nameStart, end);
}

function nameEnd(s: string, start: number, limit: number): number {
  let i = start;
  while (i < limit) {
    const c = s.charCodeAt(i);
    if (c === 32 || c === 62 || c === 47 || c === 9 || c === 10 || c === 13) break;
    i++;
  }
  return i;
}

export class XmlEventScanner {
  private rest = '';

  constructor(private readonly events: XmlEvents) {}

  feed(chunk: string): void {
    const s = this.rest ? this.rest + chunk : chunk;
    this.rest = '';
    let i = 0;
    const n = s.length;
    while (i < n) {
      const lt = s.indexOf('<', i);
      if (lt < 0) {
        this.rest = s.slice(i);
        return;
      }
      if (lt > i) this.events.text(s.slice(i, lt), false);
      const next = s.charCodeAt(lt + 1);
      if (next === 33 /* ! */) {
        if (s.startsWith('<![CDATA[', lt)) {
          const end = s.indexOf(']]>', lt + 9);
          if (end < 0) return this.keep(s, lt);
          this.events.text(s.slice(lt + 9, end), true);
          i = end + 3;
        } else {
          const end = s.startsWith('<!--', lt) ? s.indexOf('-->', lt + 4) : s.indexOf('>', lt);
          if (end < 0) return this.keep(s, lt);
          i = end + (s.startsWith('<!--', lt) ? 3 : 1);
        }
        continue;
      }
      if (next === 63 /* ? */) {
        const end = s.indexOf('?>', lt + 2);
        if (end < 0) return this.keep(s, lt);
        i = end + 2;
        continue;
      }
      const gt = s.indexOf('>', lt + 1);
      if (gt < 0) return this.keep(s, lt);
      if (next === 47 /* / */) {
        this.events.close(localName(s, lt + 2, nameEnd(s, lt + 2, gt)));
      } else {
        const selfClosing = s.charCodeAt(gt - 1) === 47;
        const end = nameEnd(s, lt + 1, gt);
        this.events.open(localName(s, lt + 1, end), s.slice(end, selfClosing ? gt - 1 : gt), selfClosing);
        if (selfClosing) this.events.close(localName(s, lt + 1, end));
      }
      i = gt + 1;
    }
  }

  /** Text left over at the end (unterminated markup is ignored, as a tolerant reader would). */
  end(): void {
    if (this.rest && this.rest.indexOf('<') < 0) this.events.text(this.rest, false);
    this.rest = '';
  }

  private keep(s: string, from: number): void {
    this.rest = s.slice(from);
    if (this.rest.length > MAX_PENDING_MARKUP) throw new ProcessingError('CORRUPT');
  }
}
