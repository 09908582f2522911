import { badRequest } from './errors';

/**
 * What a request's values must be beyond the JSON Schema standard, checked by the contract's own
 * validator so no handler, service or query ever sees anything else:
 * - text holds no NUL character (a PostgreSQL text column refuses it, so it would end as a 500)
 *   and no lone surrogate (half of a UTF-16 pair: UTF-8 cannot carry it, so it would be stored
 *   silently changed, and URL and header encoders throw on it);
 * - a uuid is the 36 characters themselves: ajv's own format also takes a `urn:uuid:` prefix,
 *   which the database's uuid type does not.
 * The contract loader marks every string schema with the text keyword, so each field is checked once.
 */
export const STORABLE_TEXT = 'storableText';

/** Ends the sentence that starts with the field's name, in the validator's plain messages. */
const TEXT_REFUSAL = 'contains characters that are not allowed.';

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

/** The part of ajv the vocabulary is added through (ajv itself is Fastify's, not a dependency of ours). */
interface RequestValidator {
  addKeyword(definition: {
    keyword: string;
    type: 'string';
    schemaType: 'boolean';
    errors: false;
    error: { message: string };
    validate: (required: boolean, data: string) => boolean;
  }): unknown;
  addFormat(name: string, format: RegExp): unknown;
}

/** Adds the vocabulary to Fastify's validator once it is created (after its standard formats, so `uuid` is replaced). */
export function extendRequestValidator(ajv: RequestValidator): void {
  ajv.addKeyword({
    keyword: STORABLE_TEXT,
    type: 'string',
    schemaType: 'boolean',
    errors: false,
    error: { message: TEXT_REFUSAL },
    validate: (required, data) => !required || isStorableText(data),
  });
  ajv.addFormat('uuid', UUID_PATTERN);
}
