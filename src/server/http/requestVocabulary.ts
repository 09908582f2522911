import { visibleText } from '@/common/visibleText';
import { badRequest } from './errors';

/**
 * What a request's values must be beyond the JSON Schema standard, checked by the contract's own
 * validator so no handler, service or query ever sees anything else:
 * - text holds no NUL character (a PostgreSQL text column refuses it, so it would end as a 500)
 *   and no lone surrogate (half of a UTF-16 pair: UTF-8 cannot carry it, so it would be stored
 *   silently changed, and URL and header encoders throw on it);
 * - a uuid is the 36 characters themselves: ajv's own format also takes a `urn:uuid:` prefix,
 *   which the database's uuid type does not;
 * - a number is finite: ajv reads `page=1e400` (or a page of 400 digits) as Infinity, which its own
 *   bounds (minimum, maximum) let through, and which would end as a 500 in the query;
 * - a name or title (a string the contract marks `x-visible-text`) is taken without its invisible
 *   characters (see visibleText) before its length, pattern or anything else is checked, so one of
 *   only spaces and zero-width characters is as missing as an empty one, and no bidirectional
 *   control makes it read as something else on a screen, in a file name or in a zip folder.
 * The contract loader marks every string schema with the text keyword and every number schema
 * with the finite keyword, so each field is checked once.
 */
export const STORABLE_TEXT = 'storableText';
export const FINITE_NUMBER = 'finiteNumber';
export const VISIBLE_TEXT = 'x-visible-text';

/** Ends the sentence that starts with the field's name, in the validator's plain messages. */
const TEXT_REFUSAL = 'contains characters that are not allowed.';
const NUMBER_REFUSAL = 'is out of range.';

/** With the `u` flag a well-formed surrogate pair is one code point, so only lone halves match. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** The refusal of a text the validator did not see (a multipart field, an uploaded file's name). */
export function unstorableText(field: string, label: string = field) {
  const message = `${label} ${TEXT_REFUSAL}`;
  return badRequest(message, [{ field, message }]);
}

/** Where the value being validated sits, as ajv tells a keyword that changes it. */
interface DataContext {
  parentData?: Record<string | number, unknown>;
  parentDataProperty?: string | number;
}

/** The part of ajv the vocabulary is added through (ajv itself is Fastify's, not a dependency of ours). */
interface RequestValidator {
  addKeyword(definition: {
    keyword: string;
    type?: 'string';
    schemaType: 'boolean';
    errors: false;
    error?: { message: string };
    modifying?: boolean;
    before?: string;
    // A method, so that each keyword's own function may take the data as the type it applies to.
    validate(enabled: boolean, data: unknown, parentSchema?: unknown, context?: DataContext): boolean;
  }): unknown;
  addFormat(name: string, format: RegExp): unknown;
}

/** Adds the vocabulary to Fastify's validator once it is created (after its standard formats, so `uuid` is replaced). */
export function extendRequestValidator(ajv: RequestValidator): void {
  // The string keywords run in this order: storable text, visible text, then the standard ones
  // (maxLength is the first), so a NUL is refused rather than dropped with the invisible characters.
  ajv.addKeyword({
    keyword: STORABLE_TEXT,
    type: 'string',
    schemaType: 'boolean',
    errors: false,
    error: { message: TEXT_REFUSAL },
    before: 'maxLength',
    validate: (required, data: string) => !required || isStorableText(data),
  });
  // Of any type, so that ajv runs it after coercing a query's text to a number; its number keywords
  // (maximum, minimum) skip what is not finite.
  ajv.addKeyword({
    keyword: FINITE_NUMBER,
    schemaType: 'boolean',
    errors: false,
    error: { message: NUMBER_REFUSAL },
    validate: (required, data: unknown) => !required || typeof data !== 'number' || Number.isFinite(data),
  });
  ajv.addKeyword({
    keyword: VISIBLE_TEXT,
    type: 'string',
    schemaType: 'boolean',
    errors: false,
    modifying: true,
    before: 'maxLength',
    validate: (enabled, data: string, _parentSchema, context) => {
      const { parentData, parentDataProperty } = context ?? {};
      if (enabled && parentData && parentDataProperty !== undefined) parentData[parentDataProperty] = visibleText(data);
      return true;
    },
  });
  ajv.addFormat('uuid', UUID_PATTERN);
}
