import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { FINITE_NUMBER, STORABLE_TEXT } from './requestVocabulary';

/**
 * Reads openapi/openapi.yaml and turns each operation into a Fastify route schema, so requests are
 * validated and responses serialised from the contract itself. Component schemas become shared
 * Fastify schemas (`$ref: 'Company#'`); parameters, bodies and responses are inlined.
 */
type Json = Record<string, unknown>;

export interface ContractOperation {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  url: string;
  isPublic: boolean;
  schema: { params?: Json; querystring?: Json; body?: Json; response?: Record<string, Json> };
}

export interface Contract {
  operations: ContractOperation[];
  sharedSchemas: Json[];
  /** A component schema by name, for reading `x-messages` while explaining a validation error. */
  schemaByName(name: string): Json | undefined;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function contractPath(): string {
  // Source checkout (tsx, jest) and the built server (dist/server) both find it from the project root.
  const candidates = [path.resolve(__dirname, '../../../openapi/openapi.yaml'), path.resolve(__dirname, '../../openapi/openapi.yaml')];
  for (const candidate of candidates) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // try the next
    }
  }
  throw new Error('openapi/openapi.yaml not found');
}

let cached: Contract | undefined;
/**
 * The document as parsed, once per process: the routes and the reference page are both built from
 * it, and parsing its three thousand lines of YAML is a noticeable part of building an app.
 */
let parsed: Json | undefined;

/**
 * The contract as its document (openapi/openapi.yaml parsed, or the file given), for serving it as it
 * is; each caller has a copy of its own.
 */
export function readContractDocument(file?: string): Json {
  if (file) return parse(readFileSync(file, 'utf8')) as Json;
  parsed ??= parse(readFileSync(contractPath(), 'utf8')) as Json;
  return structuredClone(parsed);
}

export function loadContract(file?: string): Contract {
  if (cached) return cached;
  const document = readContractDocument(file);
  const components = (document.components ?? {}) as Record<string, Record<string, Json>>;

  const resolveRef = (ref: string): Json => {
    const [, , section, name] = ref.split('/');
    const target = components[section]?.[name];
    if (!target) throw new Error(`Unresolved reference ${ref}`);
    return target;
  };

  // Inline every non-schema reference; point schema references at the shared Fastify schemas.
  const convert = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(convert);
    if (!node || typeof node !== 'object') return node;
    const object = node as Json;
    if (typeof object.$ref === 'string') {
      if (object.$ref.startsWith('#/components/schemas/')) return { $ref: `${object.$ref.split('/').pop()}#` };
      return convert(resolveRef(object.$ref));
    }
    return withTextCheck(Object.fromEntries(Object.entries(object).map(([key, value]) => [key, convert(value)])));
  };

  const sharedSchemas = Object.entries(components.schemas ?? {}).map(([name, schema]) => ({ $id: name, ...(convert(schema) as Json) }));
  const globalSecurity = document.security as unknown[] | undefined;
  const operations: ContractOperation[] = [];

  for (const [pathKey, pathItemRaw] of Object.entries(document.paths as Record<string, Json>)) {
    const pathItem = convert(pathItemRaw) as Json;
    const sharedParameters = (pathItem.parameters ?? []) as Json[];
    for (const method of METHODS) {
      const operation = pathItem[method] as Json | undefined;
      if (!operation) continue;
      const parameters = [...sharedParameters, ...((operation.parameters ?? []) as Json[])];
      const schema: ContractOperation['schema'] = {};
      const params = objectOf(parameters.filter((p) => p.in === 'path'));
      const querystring = objectOf(parameters.filter((p) => p.in === 'query'));
      if (params) schema.params = params;
      if (querystring) schema.querystring = querystring;
      const body = ((operation.requestBody as Json | undefined)?.content as Json | undefined)?.['application/json'] as Json | undefined;
      if (body?.schema) schema.body = body.schema as Json;
      const response: Record<string, Json> = {};
      for (const [status, answer] of Object.entries((operation.responses ?? {}) as Record<string, Json>)) {
        const json = (answer.content as Json | undefined)?.['application/json'] as Json | undefined;
        if (/^\d{3}$/.test(status) && json?.schema) response[status] = json.schema as Json;
      }
      if (Object.keys(response).length > 0) schema.response = response;
      const security = (operation.security ?? globalSecurity) as unknown[] | undefined;
      operations.push({
        operationId: operation.operationId as string,
        method: method.toUpperCase() as ContractOperation['method'],
        path: pathKey,
        url: pathKey.replace(/\{(\w+)\}/g, ':$1'),
        isPublic: !security || security.length === 0,
        schema,
      });
    }
  }

  const byName = new Map(sharedSchemas.map((schema) => [schema.$id as string, schema]));
  cached = { operations, sharedSchemas, schemaByName: (name) => byName.get(name) };
  return cached;
}

/**
 * Every string the contract describes, except a file's bytes, refuses text that cannot be stored,
 * and every number one that is not finite (see requestVocabulary).
 */
function withTextCheck(node: Json): Json {
  if (node.type === 'string' && node.format !== 'binary') return { ...node, [STORABLE_TEXT]: true };
  if (node.type === 'integer' || node.type === 'number') return { ...node, [FINITE_NUMBER]: true };
  return node;
}

function objectOf(parameters: Json[]): Json | undefined {
  if (parameters.length === 0) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p.name as string, p.schema as Json])),
    required: parameters.filter((p) => p.required).map((p) => p.name as string),
  };
}
