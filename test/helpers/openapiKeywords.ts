/**
 * Walks an OpenAPI 3.0 or 3.1 document and lists every key that is neither a keyword of the object
 * it sits in (schema, parameter, header, request body, media type, response, operation, path item,
 * components, reference) nor an `x-` extension.
 *
 * Why: tools that read a schema leniently ignore a key they do not know, so a mistake that adds one
 * passes unnoticed. The case it was written for is a plain YAML description inside a flow mapping,
 * `{ type: integer, description: Rejected, not yet uploaded again. }`: the comma ends the text and
 * the rest becomes a key of its own (`not yet uploaded again.`) with no value. The served reference
 * then shows a cut description, and strict generators refuse the contract.
 *
 * Free-form values (`example`, `examples`, `default`, `enum`, `const`, extensions) are not walked:
 * any key is allowed there.
 */
type Node = Record<string, unknown>;

const SCHEMA_3_0 = [
  'title', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern',
  'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties', 'required', 'enum', 'type', 'allOf', 'oneOf',
  'anyOf', 'not', 'items', 'properties', 'additionalProperties', 'description', 'format', 'default', 'nullable',
  'discriminator', 'readOnly', 'writeOnly', 'xml', 'externalDocs', 'example', 'deprecated',
];
/** OpenAPI 3.1 schemas are JSON Schema 2020-12 plus OpenAPI's own keywords; `nullable` is gone. */
const SCHEMA_3_1 = [
  ...SCHEMA_3_0.filter((key) => key !== 'nullable'),
  '$ref', '$id', '$schema', '$anchor', '$dynamicRef', '$dynamicAnchor', '$vocabulary', '$comment', '$defs', 'const', 'examples',
  'prefixItems', 'contains', 'minContains', 'maxContains', 'unevaluatedItems', 'unevaluatedProperties', 'patternProperties',
  'propertyNames', 'dependentRequired', 'dependentSchemas', 'if', 'then', 'else', 'contentEncoding', 'contentMediaType',
  'contentSchema',
];
const PARAMETER = ['name', 'in', 'description', 'required', 'deprecated', 'allowEmptyValue', 'style', 'explode', 'allowReserved', 'schema', 'example', 'examples', 'content'];
const HEADER = PARAMETER.filter((key) => key !== 'name' && key !== 'in');
const OPERATION = ['tags', 'summary', 'description', 'externalDocs', 'operationId', 'parameters', 'requestBody', 'responses', 'callbacks', 'deprecated', 'security', 'servers'];
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const PATH_ITEM = ['$ref', 'summary', 'description', 'servers', 'parameters', ...METHODS];
const COMPONENTS = ['schemas', 'responses', 'parameters', 'examples', 'requestBodies', 'headers', 'securitySchemes', 'links', 'callbacks'];
const ROOT = ['openapi', 'info', 'servers', 'paths', 'components', 'security', 'tags', 'externalDocs'];

/** One key out of place, with the JSON pointer of the object that carries it. */
export interface KeywordProblem {
  path: string;
  key: string;
  message: string;
}

const pointer = (parts: string[]): string => `#/${parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
const isObject = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

export function keywordProblems(document: Node): KeywordProblem[] {
  const version = String(document.openapi ?? '');
  if (!/^3\.[01]\./.test(version)) throw new Error(`keywordProblems reads OpenAPI 3.0 and 3.1 documents, not "${version}"`);
  const is31 = version.startsWith('3.1.');
  const schemaKeywords = new Set(is31 ? SCHEMA_3_1 : SCHEMA_3_0);
  const problems: KeywordProblem[] = [];

  /** Refuses the keys of `node` outside `allowed`; returns false when `node` is not an object at all. */
  const keys = (node: unknown, at: string[], kind: string, allowed: Iterable<string>): node is Node => {
    if (!isObject(node)) return false;
    const known = new Set(allowed);
    for (const [key, value] of Object.entries(node)) {
      if (known.has(key) || key.startsWith('x-')) continue;
      const hint = value === null ? ' (it has no value: a description cut at a comma or a colon? quote it)' : '';
      problems.push({ path: pointer(at), key, message: `${pointer(at)}: "${key}" is not a ${kind} keyword${hint}` });
    }
    return true;
  };
  /** A Reference Object: in 3.0 nothing may sit beside `$ref` (tools ignore it); 3.1 allows a summary and a description. */
  const reference = (node: unknown, at: string[]): boolean => {
    if (!isObject(node) || typeof node.$ref !== 'string') return false;
    keys(node, at, 'Reference Object', is31 ? ['$ref', 'summary', 'description'] : ['$ref']);
    return true;
  };
  /** Visits a map's values; `extensions` says whether an `x-` key there is an extension (skipped) or a name like any other. */
  const each = (map: unknown, at: string[], visit: (value: unknown, at: string[]) => void, extensions = true): void => {
    if (isObject(map)) for (const [key, value] of Object.entries(map)) if (!extensions || !key.startsWith('x-')) visit(value, [...at, key]);
  };
  const list = (items: unknown, at: string[], visit: (value: unknown, at: string[]) => void): void => {
    if (Array.isArray(items)) items.forEach((item, index) => visit(item, [...at, String(index)]));
  };

  const schema = (node: unknown, at: string[]): void => {
    if (typeof node === 'boolean' && is31) return;
    if (!is31 && reference(node, at)) return;
    if (!keys(node, at, 'Schema Object', schemaKeywords)) return;
    each(node.properties, [...at, 'properties'], schema, false);
    for (const key of ['allOf', 'oneOf', 'anyOf', 'prefixItems']) list(node[key], [...at, key], schema);
    for (const key of ['items', 'not', 'additionalProperties', 'contains', 'if', 'then', 'else', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'contentSchema']) {
      if (isObject(node[key])) schema(node[key], [...at, key]);
    }
    for (const key of ['patternProperties', 'dependentSchemas', '$defs']) each(node[key], [...at, key], schema, false);
    keys(node.discriminator, [...at, 'discriminator'], 'Discriminator Object', ['propertyName', 'mapping']);
    keys(node.xml, [...at, 'xml'], 'XML Object', ['name', 'namespace', 'prefix', 'attribute', 'wrapped']);
  };
  const content = (node: unknown, at: string[]): void =>
    each(node, at, (media, mediaAt) => {
      if (!keys(media, mediaAt, 'Media Type Object', ['schema', 'example', 'examples', 'encoding'])) return;
      if (media.schema !== undefined) schema(media.schema, [...mediaAt, 'schema']);
      each(media.encoding, [...mediaAt, 'encoding'], (encoding, encodingAt) => {
        if (keys(encoding, encodingAt, 'Encoding Object', ['contentType', 'headers', 'style', 'explode', 'allowReserved'])) each(encoding.headers, [...encodingAt, 'headers'], header);
      });
    });
  const parameterLike = (kind: string, allowed: string[]) => (node: unknown, at: string[]): void => {
    if (reference(node, at) || !keys(node, at, kind, allowed)) return;
    if (node.schema !== undefined) schema(node.schema, [...at, 'schema']);
    content(node.content, [...at, 'content']);
  };
  const parameter = parameterLike('Parameter Object', PARAMETER);
  const header = parameterLike('Header Object', HEADER);
  const requestBody = (node: unknown, at: string[]): void => {
    if (reference(node, at) || !keys(node, at, 'Request Body Object', ['description', 'content', 'required'])) return;
    content(node.content, [...at, 'content']);
  };
  const response = (node: unknown, at: string[]): void => {
    if (reference(node, at) || !keys(node, at, 'Response Object', ['description', 'headers', 'content', 'links'])) return;
    each(node.headers, [...at, 'headers'], header);
    content(node.content, [...at, 'content']);
  };
  const operation = (node: unknown, at: string[]): void => {
    if (!keys(node, at, 'Operation Object', OPERATION)) return;
    list(node.parameters, [...at, 'parameters'], parameter);
    if (node.requestBody !== undefined) requestBody(node.requestBody, [...at, 'requestBody']);
    each(node.responses, [...at, 'responses'], (answer, answerAt) => {
      const status = answerAt[answerAt.length - 1];
      if (/^([1-5](\d\d|XX)|default)$/.test(status)) response(answer, answerAt);
      else problems.push({ path: pointer([...at, 'responses']), key: status, message: `${pointer([...at, 'responses'])}: "${status}" is not a status code` });
    });
  };
  const pathItem = (node: unknown, at: string[]): void => {
    if (!keys(node, at, 'Path Item Object', PATH_ITEM)) return;
    list(node.parameters, [...at, 'parameters'], parameter);
    for (const method of METHODS) if (node[method] !== undefined) operation(node[method], [...at, method]);
  };

  keys(document, [], 'OpenAPI Object', is31 ? [...ROOT, 'webhooks', 'jsonSchemaDialect'] : ROOT);
  each(document.paths, ['paths'], pathItem);
  if (keys(document.components, ['components'], 'Components Object', is31 ? [...COMPONENTS, 'pathItems'] : COMPONENTS)) {
    const components = document.components as Node;
    each(components.schemas, ['components', 'schemas'], schema);
    each(components.parameters, ['components', 'parameters'], parameter);
    each(components.headers, ['components', 'headers'], header);
    each(components.requestBodies, ['components', 'requestBodies'], requestBody);
    each(components.responses, ['components', 'responses'], response);
  }
  return problems;
}
