/**
 * Header text normalisation, token by token: lower-case; camel case and letter/digit runs split
 * ("EmpID" -> "emp id", "OT1.5x" -> "ot 1.5"); every punctuation mark and line break a separator
 * (a decimal point between digits aside); `#`, "No.", "Num", "Nbr" read as "number"; `$` as
 * "currency" and `%` as "percent"; single letters run together by punctuation read as one word
 * ("O/T", "W/E", "S.S.N."); common abbreviations expanded and plurals folded ("Reg. Hrs" ->
 * "regular hours"). A few words are read from their neighbour: "no" after a word is "number"
 * ("Emp No"), "dt" is a date next to a date word ("Pay Dt", "Dt Paid") and double time otherwise,
 * "pd" is period after "pay" or before end/start and paid otherwise, "per" is period unless a unit
 * follows ("Per. End", "Rate per Hour").
 *
 * Normalising two texts joined by a space gives their normalised forms joined by a space (header
 * detection joins two-row headers that way), except where a word spanning the two reads from its
 * neighbour ("Emp" above "No"). Normalising a normalised text gives it back unchanged.
 */
const memo = new Map<string, string>();
const MEMO_SIZE = 10000;

export function normaliseHeader(text: string): string {
  let normalised = memo.get(text);
  if (normalised !== undefined) return normalised;
  normalised = normaliseUncached(text);
  if (memo.size >= MEMO_SIZE) memo.clear();
  memo.set(text, normalised);
  return normalised;
}

/** A row's normalised texts as one key, trailing blanks ignored, to recognise a repeated header row. */
export function headerRowKey(texts: string[]): string {
  let end = texts.length;
  while (end > 0 && !texts[end - 1]) end--;
  return texts.slice(0, end).map(normaliseHeader).join('|');
}

/** Words written short or in another form, and what they read as (one word or several). */
const EXPANSIONS: ReadonlyMap<string, readonly string[]> = new Map(Object.entries({
  num: 'number', nbr: 'number', nmbr: 'number', numb: 'number', nr: 'number', nos: 'number', numbers: 'number',
  hr: 'hours', hrs: 'hours', hour: 'hours', hrly: 'hourly',
  ot: 'overtime', ovt: 'overtime', ovtm: 'overtime', otime: 'overtime',
  dbl: 'double', doubletime: 'double time', reg: 'regular', std: 'standard', est: 'estimated',
  amt: 'amount', amts: 'amount', amnt: 'amount', amounts: 'amount',
  emp: 'employee', empl: 'employee', emps: 'employee', ee: 'employee', ees: 'employee', employees: 'employee',
  er: 'employer', empr: 'employer', employers: 'employer',
  dept: 'department', depts: 'department', dpt: 'department', departments: 'department',
  chk: 'check', ck: 'check', chq: 'check', cheque: 'check', checks: 'check',
  pmt: 'payment', pymt: 'payment', payments: 'payment',
  pe: 'period end', ppe: 'pay period end', pp: 'pay period', ped: 'period end date', pped: 'pay period end date',
  prd: 'period', periods: 'period', wk: 'week', wks: 'week', weeks: 'week', wkly: 'weekly', we: 'week end',
  ending: 'end', ended: 'end', beginning: 'begin', beg: 'begin', bgn: 'begin', starting: 'start', thru: 'through',
  ded: 'deduction', deds: 'deduction', dedn: 'deduction', dedns: 'deduction', deduct: 'deduction',
  deducts: 'deduction', deductions: 'deduction',
  comm: 'commission', comms: 'commission', commissions: 'commission', commision: 'commission',
  reimb: 'reimbursement', reimbs: 'reimbursement', reimbursements: 'reimbursement', reimburse: 'reimbursement',
  expenses: 'expense', vac: 'vacation', vacations: 'vacation', hol: 'holiday', hols: 'holiday', holidays: 'holiday',
  acct: 'account', accts: 'account', accounts: 'account', rte: 'routing', rtg: 'routing',
  soc: 'social', socsec: 'social security', ss: 'social security', ssn: 'social security number',
  ssno: 'social security number', ssns: 'social security number',
  wh: 'withholding', whg: 'withholding', withhold: 'withholding', withheld: 'withholding', withholdings: 'withholding',
  gratuities: 'gratuity', bonuses: 'bonus', earning: 'earnings', taxes: 'tax',
  tot: 'total', ttl: 'total', totals: 'total', cur: 'current', curr: 'current',
  dte: 'date', dates: 'date', names: 'name', nm: 'name', ids: 'id', identifier: 'id', identification: 'id',
  loc: 'location', locn: 'location', locations: 'location', stores: 'store', sites: 'site', rates: 'rate',
  firstname: 'first name', lastname: 'last name', fullname: 'full name', empid: 'employee id', eeid: 'employee id',
  empno: 'employee number', empnum: 'employee number', paydate: 'pay date', checkdate: 'check date',
  payrate: 'pay rate', grosspay: 'gross pay', netpay: 'net pay', weekending: 'week end', hourlyrate: 'hourly rate',
  reghrs: 'regular hours', othrs: 'overtime hours', dthrs: 'double time hours', ptohrs: 'pto hours',
}).map(([word, reading]) => [word, reading.split(' ')]));

/** Words before "dt" that make it a date ("Pay Dt", "Period End Dt"), and words after it ("Dt Paid"). */
const DATE_BEFORE_DT: ReadonlySet<string> = new Set([
  'pay', 'paid', 'check', 'period', 'end', 'start', 'begin', 'week', 'hire', 'term', 'termination', 'birth', 'effective',
  'process', 'processing', 'run', 'payment', 'issue', 'deposit', 'transaction', 'entry', 'through', 'from', 'to', 'due',
  'posting', 'post', 'advice', 'journal', 'batch', 'last',
]);
const DATE_AFTER_DT: ReadonlySet<string> = new Set(['paid', 'issued', 'of']);
/** Words after "pd" that make it a period ("Pd End"); "Pay Pd" is one too. */
const PERIOD_AFTER_PD: ReadonlySet<string> = new Set(['end', 'start', 'begin', 'from', 'to', 'through']);
/** Units after "per" that keep it "per" ("Rate per Hour"); anywhere else it is "period" ("Per. End"). */
const UNIT_AFTER_PER: ReadonlySet<string> = new Set([
  'hours', 'day', 'days', 'diem', 'week', 'month', 'year', 'annum', 'unit', 'units', 'mile', 'piece', 'pay', 'check', 'period',
]);

// any code unit past ASCII (a character outside the basic plane is a pair of them)
const NON_ASCII = /[\u0080-\uffff]/;
const NUMERO = /n[º°]|№/giu;
const MARKS = /\p{M}+/gu;
const FINAL_SIGMA = /ς/g;
// "EmpID" -> "Emp ID"; "SSNo" -> "SS No" and "OTHrs" -> "OT Hrs", but "IDs" stays one word
const WORD_CASE_ASCII = /([a-z])(?=[A-Z])|([A-Z])(?=[A-Z](?!s(?![a-z]))[a-z])/g;
const WORD_CASE = /(\p{Ll})(?=\p{Lu})|(\p{Lu})(?=\p{Lu}(?!s(?!(?!\p{Lu})\p{L}))\p{Ll})/gu;
const CURRENCY = /\p{Sc}/gu;
const NO_DOT_ASCII = /(^|[^a-z0-9])no\./g;
const NO_DOT = /(^|[^\p{L}\p{N}])no\./gu;
const LETTER = /\p{L}/u;
const NUMBER = /\p{N}/u;
const SPACE = /\s/;
const DECIMAL = /^(\d+)\.(\d*?)0+$/;
const TRAILING_DOT = /\.$/;

function normaliseUncached(text: string): string {
  let s = text;
  const nonAscii = NON_ASCII.test(s);
  if (nonAscii) s = s.replace(NUMERO, ' number ').normalize('NFKD').replace(MARKS, '').replace(WORD_CASE, '$1$2 ');
  else if (hasWordCase(s)) s = s.replace(WORD_CASE_ASCII, '$1$2 ');
  s = s.toLowerCase();
  if (nonAscii) s = s.replace(FINAL_SIGMA, 'σ').replace(CURRENCY, ' currency ');
  else if (s.includes('$')) s = s.replaceAll('$', ' currency ');
  if (s.includes('#')) s = s.replaceAll('#', ' number ');
  if (s.includes('%')) s = s.replaceAll('%', ' percent ');
  if (s.includes('no.')) s = s.replace(nonAscii ? NO_DOT : NO_DOT_ASCII, '$1 number ');
  const words: string[] = [];
  scanWords(s, words);
  return readWords(words).join(' ');
}

const isUpper = (code: number) => code >= 65 && code <= 90;
const isLower = (code: number) => code >= 97 && code <= 122;
const isAsciiDigit = (code: number) => code >= 48 && code <= 57;

/** Whether ASCII text has a word boundary in its case: "EmpID", "OTHrs" (most headers have none). */
function hasWordCase(s: string): boolean {
  for (let i = 1; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (!isUpper(code)) continue;
    const before = s.charCodeAt(i - 1);
    if (isLower(before) || (isUpper(before) && isLower(s.charCodeAt(i + 1)))) return true;
  }
  return false;
}

const enum Kind {
  Space,
  Letter,
  Digit,
  Dot,
  Other,
}

/** The kind of each ASCII character, looked up rather than worked out on every character. */
const ASCII_KINDS = new Uint8Array(128).map((_, code) => {
  if (isLower(code)) return Kind.Letter;
  if (isAsciiDigit(code)) return Kind.Digit;
  if (code === 46) return Kind.Dot;
  return code === 32 || (code >= 9 && code <= 13) ? Kind.Space : Kind.Other;
});

function unicodeKind(character: string): Kind {
  if (LETTER.test(character)) return Kind.Letter;
  if (NUMBER.test(character)) return Kind.Digit;
  return SPACE.test(character) ? Kind.Space : Kind.Other;
}

/** The pieces of the chunk being read (text between spaces): runs of letters, runs of digits. */
const pieces: string[] = [];
/** Whether a piece touches the one before it, with no separator between ("OT1", "1.5x"). */
const touches: boolean[] = [];
/** Whether a piece is a single letter. */
const singles: boolean[] = [];
let pieceCount = 0;

/**
 * Splits lower-cased text into words: spaces and punctuation separate, letters and digits part
 * ("ot1.5" -> "ot 1.5"), a decimal point stays between digits; a multiplier "x" against its number
 * goes ("1.5x"), and single letters of one chunk are read as one word ("o/t" -> "ot").
 */
function scanWords(s: string, words: string[]): void {
  let start = -1;
  let pieceKind = Kind.Space;
  let letters = 0;
  let touching = false;
  for (let i = 0; i < s.length; ) {
    const code = s.charCodeAt(i);
    let width = 1;
    let kind: Kind;
    if (code < 128) kind = ASCII_KINDS[code] as Kind;
    else {
      const point = s.codePointAt(i) as number;
      if (point > 0xffff) width = 2;
      kind = unicodeKind(String.fromCodePoint(point));
    }
    if (kind === Kind.Dot) {
      if (pieceKind === Kind.Digit && isAsciiDigit(s.charCodeAt(i - 1)) && isAsciiDigit(s.charCodeAt(i + 1))) {
        i++;
        continue;
      }
      kind = Kind.Other;
    }
    if (kind === Kind.Letter || kind === Kind.Digit) {
      if (kind !== pieceKind) {
        if (start >= 0) addPiece(s.slice(start, i), pieceKind, letters, touching);
        touching = start >= 0;
        start = i;
        pieceKind = kind;
        letters = 0;
      }
      letters++;
      i += width;
      continue;
    }
    if (start >= 0) addPiece(s.slice(start, i), pieceKind, letters, touching);
    start = -1;
    pieceKind = Kind.Space;
    touching = false;
    if (kind === Kind.Space) endChunk(words);
    i += width;
  }
  if (start >= 0) addPiece(s.slice(start), pieceKind, letters, touching);
  endChunk(words);
}

function addPiece(text: string, kind: Kind, length: number, touching: boolean): void {
  pieces[pieceCount] = kind === Kind.Digit && text.includes('.') ? text.replace(DECIMAL, '$1.$2').replace(TRAILING_DOT, '') : text;
  touches[pieceCount] = touching;
  singles[pieceCount] = kind === Kind.Letter && length === 1;
  pieceCount++;
}

function endChunk(words: string[]): void {
  let run = '';
  for (let k = 0; k < pieceCount; k++) {
    const piece = pieces[k];
    if (piece === 'x' && isTimes(k)) continue;
    if (singles[k]) {
      run += piece;
      continue;
    }
    if (run) words.push(run);
    run = '';
    words.push(piece);
  }
  if (run) words.push(run);
  pieceCount = 0;
}

/** Whether the "x" at `k` is a multiplier written against a number: "1.5x", "x2". */
function isTimes(k: number): boolean {
  if (touches[k] && isAsciiDigit(pieces[k - 1].charCodeAt(pieces[k - 1].length - 1))) return true;
  return k + 1 < pieceCount && touches[k + 1] && isAsciiDigit(pieces[k + 1].charCodeAt(0));
}

/** Expands abbreviations and folds plurals, then reads the words that depend on their neighbours. */
function readWords(raw: string[]): string[] {
  const words: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const word = raw[i];
    if (word === 'year' && raw[i + 1] === 'to' && raw[i + 2] === 'date') {
      words.push('ytd');
      i += 2;
    } else if (word === 'over' && raw[i + 1] === 'time') {
      words.push('overtime');
      i += 1;
    } else {
      const reading = EXPANSIONS.get(word);
      if (reading === undefined) words.push(word);
      else for (const part of reading) words.push(part);
    }
  }
  const read: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    const previous = read.length > 0 ? read[read.length - 1] : undefined;
    const next = words[i + 1];
    if (word === 'no') read.push(previous !== undefined && previous !== 'yes' ? 'number' : 'no');
    else if (word === 'dt') {
      if ((previous !== undefined && DATE_BEFORE_DT.has(previous)) || (next !== undefined && DATE_AFTER_DT.has(next))) read.push('date');
      else read.push('double', 'time');
    } else if (word === 'pd') read.push(previous === 'pay' || (next !== undefined && PERIOD_AFTER_PD.has(next)) ? 'period' : 'paid');
    else if (word === 'per') read.push(next !== undefined && UNIT_AFTER_PER.has(next) ? 'per' : 'period');
    else if (word === 'sec') read.push(previous === 'social' ? 'security' : 'sec');
    else read.push(word);
  }
  return read;
}
