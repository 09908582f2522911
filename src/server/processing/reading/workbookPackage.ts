/**
 * Whether a zip is a spreadsheet package, told before anything of it is kept: its content types name
 * a workbook part, that part is where the package's relationships point and is there, and every part
 * inflates within the zip-bomb limits. Any zip passes a check of its first bytes; only this tells a
 * workbook from a zip of other files wearing a spreadsheet's name.
 */
import { ProcessingError } from '../processingError';
import { elements, workbookPart } from './workbookParts';
import { attribute } from './xmlText';
import { normaliseName, ZipArchive } from './zipArchive';

const CONTENT_TYPES_PART = '[Content_Types].xml';

/** The content-types part lists every part once: far less than this, even for a large workbook. */
const MAX_CONTENT_TYPES_BYTES = 4 * 1024 * 1024;

/** The main part of a workbook or template, with or without macros (case-insensitive, as OPC says). */
const WORKBOOK_CONTENT_TYPE =
  /^application\/vnd\.(?:openxmlformats-officedocument\.spreadsheetml\.(?:sheet|template)|ms-excel\.(?:sheet|template)\.macroenabled)\.main\+xml$/i;

/** Content types by part name and, for parts named by no override, by extension. */
interface ContentTypes {
  overrides: Map<string, string>;
  defaults: Map<string, string>;
}

function readContentTypes(xml: string): ContentTypes {
  const types: ContentTypes = { overrides: new Map(), defaults: new Map() };
  for (const el of elements(xml, ['Override', 'Default'])) {
    const contentType = attribute(el.attrs, 'ContentType') ?? '';
    if (el.name === 'Override') types.overrides.set(normaliseName(attribute(el.attrs, 'PartName') ?? ''), contentType);
    else types.defaults.set((attribute(el.attrs, 'Extension') ?? '').toLowerCase(), contentType);
  }
  return types;
}

function declaresWorkbook(types: ContentTypes, part: string): boolean {
  const extension = part.slice(part.lastIndexOf('.') + 1);
  const contentType = types.overrides.get(part) ?? types.defaults.get(extension) ?? '';
  return WORKBOOK_CONTENT_TYPE.test(contentType);
}

/**
 * Resolves when the zip at `path` is a workbook within the limits; otherwise throws INVALID_FORMAT
 * (a zip of something else: no workbook named, or its part not declared as one), CORRUPT (a damaged
 * zip, or a workbook package missing its workbook part or its content types), TOO_LARGE (a zip
 * bomb) or PASSWORD_PROTECTED.
 */
export async function checkWorkbookPackage(path: string): Promise<void> {
  const zip = await ZipArchive.open(path);
  try {
    const part = await workbookPart(zip);
    if (!zip.has(part) || !zip.has(CONTENT_TYPES_PART)) throw new ProcessingError('CORRUPT');
    const types = readContentTypes(await zip.text(CONTENT_TYPES_PART, MAX_CONTENT_TYPES_BYTES));
    if (!declaresWorkbook(types, part)) throw new ProcessingError('INVALID_FORMAT');
    await zip.inflateEveryPart();
  } finally {
    zip.close();
  }
}
