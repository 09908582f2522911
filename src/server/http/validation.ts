import type { FastifySchemaValidationError } from 'fastify/types/schema';
import type { Contract } from './contract';
import { FINITE_NUMBER } from './requestVocabulary';

type Json = Record<string, unknown>;

/**
 * Turns a schema validation failure into the message a person reads. Property schemas in the
 * contract carry `x-messages` (keyword -> the spec's wording); anything else gets a plain sentence.
 */
export function explainValidation(
  contract: Contract,
  schema: Json | undefined,
  errors: FastifySchemaValidationError[],
  context: string | undefined,
): { message: string; errors: { field: string; message: string }[] } {
  const explained = errors.map((error) => {
    const segments = error.instancePath.split('/').filter(Boolean);
    const missing = (error.params as { missingProperty?: string }).missingProperty;
    if (error.keyword === 'required' && missing) segments.push(missing);
    const field = segments.join('.') || context || 'request';
    const property = schema ? propertyAt(contract, schema, segments) : undefined;
    const messages = property?.['x-messages'] as Record<string, string> | undefined;
    // A number too large to be finite is not the kind of number the field takes, in its own words.
    const keyword = error.keyword === FINITE_NUMBER ? 'type' : error.keyword;
    const message = messages?.[keyword] ?? plainMessage(field, error);
    return { field, message };
  });
  return { message: explained[0]?.message ?? 'The request is not valid.', errors: explained };
}

function plainMessage(field: string, error: FastifySchemaValidationError): string {
  if (error.keyword === 'required') return `${field} is required`;
  if (error.keyword === 'format' && (error.params as { format?: string }).format === 'uuid') return `${field} must be an id such as 3f2b8c1e-5d4a-4b6e-9c7d-0a1b2c3d4e5f.`;
  return `${field} ${error.message ?? 'is not valid'}`;
}

function resolve(contract: Contract, node: Json | undefined): Json | undefined {
  let current = node;
  for (let depth = 0; current && typeof current.$ref === 'string' && depth < 10; depth += 1) {
    current = contract.schemaByName(current.$ref.replace(/#$/, ''));
  }
  return current;
}

function propertyAt(contract: Contract, root: Json, segments: string[]): Json | undefined {
  let node = resolve(contract, root);
  for (const segment of segments) {
    if (!node) return undefined;
    const properties = node.properties as Record<string, Json> | undefined;
    node = resolve(contract, properties?.[segment] ?? (node.items as Json | undefined));
  }
  return node;
}
