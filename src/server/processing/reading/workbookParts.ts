/**
 * The small parts of an xlsx package that say where things are: relationships, the sheet list with
 * hidden states and the 1904 flag, and which cell styles are dates.
 */
import { ProcessingError } from '../processingError';
import { isBuiltinDateFormat, isDateFormatCode } from './dateFormats';
import { XmlEventScanner } from './xmlEventScanner';
import { attribute } from './xmlText';
import { type ZipArchive, normaliseName } from './zipArchive';

export interface Relationship {
  type: string;
  target: string;
}

export interface WorkbookSheetEntry {
  name: string;
  hidden: boolean;
  kind: 'worksheet' | 'chartsheet' | 'other';
  part?: string;
}

export interface WorkbookLayout {
  sheets: WorkbookSheetEntry[];
  date1904: boolean;
  sharedStringsPart?: string;
  stylesPart?: string;
}

/** The elements of a small XML part with the wanted names, with their attribute text. */
export function elements(xml: string, wanted: string[]): Array<{ name: string; attrs: string }> {
  const found: Array<{ name: string; attrs: string }> = [];
  const scanner = new XmlEventScanner({
    open: (name, attrs) => {
      if (wanted.includes(name)) found.push({ name, attrs });
    },
    close: () => undefined,
    text: () => undefined,
  });
  scanner.feed(xml);
  scanner.end();
  return found;
}

function resolveTarget(basePart: string, target: string): string {
  if (target.startsWith('/')) return normaliseName(target);
  const baseDir = basePart.includes('/') ? basePart.slice(0, basePart.lastIndexOf('/') + 1) : '';
  const parts = (baseDir + target).split('/');
  const resolved: string[] = [];
  for (const part of parts) {
    if (part === '..') resolved.pop();
    else if (part !== '.' && part !== '') resolved.push(part);
  }
  return normaliseName(resolved.join('/'));
}

async function relationships(zip: ZipArchive, part: string): Promise<Map<string, Relationship>> {
  const slash = part.lastIndexOf('/');
  const relsPart = `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
  const map = new Map<string, Relationship>();
  if (!zip.has(relsPart)) return map;
  for (const el of elements(await zip.text(relsPart), ['Relationship'])) {
    const id = attribute(el.attrs, 'Id');
    const target = attribute(el.attrs, 'Target');
    if (id && target) map.set(id, { type: attribute(el.attrs, 'Type') ?? '', target: resolveTarget(part, target) });
  }
  return map;
}

/** The workbook part the package's relationships point to (or the usual one when they point nowhere). */
export async function workbookPart(zip: ZipArchive): Promise<string> {
  const root = await relationships(zip, '');
  for (const rel of root.values()) if (/\/officeDocument$/.test(rel.type)) return rel.target;
  if (zip.has('xl/workbook.xml')) return 'xl/workbook.xml';
  throw new ProcessingError('INVALID_FORMAT');
}

export async function readWorkbookLayout(zip: ZipArchive): Promise<WorkbookLayout> {
  const part = await workbookPart(zip);
  // the package names a workbook it does not hold
  if (!zip.has(part)) throw new ProcessingError('CORRUPT');
  const rels = await relationships(zip, part);
  const layout: WorkbookLayout = { sheets: [], date1904: false };
  for (const rel of rels.values()) {
    if (/\/sharedStrings$/.test(rel.type)) layout.sharedStringsPart = rel.target;
    if (/\/styles$/.test(rel.type)) layout.stylesPart = rel.target;
  }
  for (const el of elements(await zip.text(part), ['sheet', 'workbookPr'])) {
    if (el.name === 'workbookPr') {
      const flag = attribute(el.attrs, 'date1904');
      layout.date1904 = flag === '1' || flag === 'true';
      continue;
    }
    const rel = rels.get(attribute(el.attrs, 'id') ?? '');
    const state = attribute(el.attrs, 'state');
    const kind = !rel ? 'other' : /\/worksheet$/.test(rel.type) ? 'worksheet' : /\/chartsheet$/.test(rel.type) ? 'chartsheet' : 'other';
    layout.sheets.push({
      name: attribute(el.attrs, 'name') ?? `Sheet${layout.sheets.length + 1}`,
      hidden: state === 'hidden' || state === 'veryHidden',
      kind,
      part: rel && zip.has(rel.target) ? rel.target : undefined,
    });
  }
  return layout;
}

/** For each cell style index, whether it formats numbers as dates. */
export async function readDateStyles(zip: ZipArchive, stylesPart: string | undefined): Promise<boolean[]> {
  if (!stylesPart || !zip.has(stylesPart)) return [];
  const customDates = new Map<number, boolean>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  const scanner = new XmlEventScanner({
    open: (name, attrs) => {
      if (name === 'numFmt') {
        const id = Number(attribute(attrs, 'numFmtId'));
        customDates.set(id, isDateFormatCode(attribute(attrs, 'formatCode') ?? ''));
      } else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attribute(attrs, 'numFmtId') ?? 0);
        styles.push(customDates.get(id) ?? isBuiltinDateFormat(id));
      }
    },
    close: (name) => {
      if (name === 'cellXfs') inCellXfs = false;
    },
    text: () => undefined,
  });
  scanner.feed(await zip.text(stylesPart));
  scanner.end();
  return styles;
}
