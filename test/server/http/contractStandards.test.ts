import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { contractPath, readContractDocument } from '@/server/http/contract';
import { buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { keywordProblems } from '../../helpers/openapiKeywords';

/**
 * The contract as an integrator meets it: the document served at `/api/openapi.json` (and the one
 * the reference page at `/api/docs` reads) validates with a standard OpenAPI validator, and carries
 * no key that is not an OpenAPI keyword or an `x-` extension. The server and the SPA read the YAML
 * leniently, so a description cut at a comma (a stray key in a schema) would otherwise pass unseen.
 */
type Document = Record<string, unknown>;

/** swagger-parser's verdict as the lines of its message: none when the document is valid. */
async function validatorErrors(document: Document): Promise<string[]> {
  try {
    // validate() resolves the references in place: it gets a copy.
    await SwaggerParser.validate(structuredClone(document) as never);
    return [];
  } catch (error) {
    return String((error as Error).message).split('\n').map((line) => line.trim()).filter(Boolean);
  }
}

/**
 * Rules of a stricter linter (Redocly's) that generators and gateways apply and swagger-parser does
 * not: two templates of one path that differ only in their parameters' names, a path two templates
 * could both match, a `nullable` without a `type` beside it (OpenAPI 3.0.3), an operationId used
 * twice, a path parameter no operation defines, a reference that resolves nowhere, and the shape of
 * every object (`struct`).
 */
const STRICT_RULES = {
  struct: 'error',
  'no-unresolved-refs': 'error',
  'no-identical-paths': 'error',
  'no-ambiguous-paths': 'error',
  'operation-operationId-unique': 'error',
  'operation-parameters-unique': 'error',
  'path-parameters-defined': 'error',
  'nullable-type-sibling': 'error',
} as const;

/** The strict linter's errors, each as `rule: message (where)`: none when the document passes. */
async function strictLintErrors(document: Document): Promise<string[]> {
  const config = await createConfig({ extends: [], rules: STRICT_RULES });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: '/openapi.json', config });
  return problems
    .filter((problem) => problem.severity === 'error')
    .map((problem) => `${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer ?? 'document'})`);
}

/** Inserts YAML lines right after a top-level section of `components` (e.g. `schemas`). */
function withLinesIn(source: string, section: string, lines: string[]): string {
  const heading = new RegExp(`^  ${section}:\\n`, 'm');
  if (!heading.test(source)) throw new Error(`the contract has no components.${section} to add to`);
  return source.replace(heading, (found) => found + lines.map((line) => `${line}\n`).join(''));
}

describe('the contract against the OpenAPI standard', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  for (const url of ['/api/openapi.json', '/api/docs/json']) {
    it(`validates as served at ${url}, with no error`, async () => {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(await validatorErrors(response.json())).toEqual([]);
    });

    it(`passes the strict linter's rules as served at ${url}, with no error`, async () => {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(await strictLintErrors(response.json())).toEqual([]);
    });

    it(`has only OpenAPI keywords and x- extensions as served at ${url}`, async () => {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(keywordProblems(response.json()).map((problem) => problem.message)).toEqual([]);
    });
  }

  describe('on a copy with descriptions cut at a comma', () => {
    let broken: Document;
    let dir: string;
    beforeAll(async () => {
      // Written and read back the way the server reads the contract, so the YAML splits as it would.
      let source = await readFile(contractPath(), 'utf8');
      source = withLinesIn(source, 'schemas', [
        '    SplitDescription:',
        '      type: object',
        '      properties:',
        '        rejected: { type: integer, description: Newest upload rejected, not yet uploaded again (filter rejected). }',
      ]);
      source = withLinesIn(source, 'parameters', ['    SplitParameter: { name: week, in: query, description: The week, from its Monday., schema: { type: string } }']);
      dir = await mkdtemp(path.join(os.tmpdir(), 'contract-copy-'));
      const file = path.join(dir, 'openapi.yaml');
      await writeFile(file, source);
      broken = readContractDocument(file);
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    it('fails validation, naming where', async () => {
      const errors = await validatorErrors(broken);
      expect(errors[0]).toMatch(/schema validation failed/i);
      expect(errors).toContain('#/components/schemas/SplitDescription/properties/rejected must NOT have additional properties');
      expect(errors).toContain('#/components/parameters/SplitParameter must NOT have additional properties');
    });

    it('fails the keyword check, naming the path and the stray key', () => {
      expect(keywordProblems(broken).map((problem) => problem.message)).toEqual(expect.arrayContaining([
        '#/components/schemas/SplitDescription/properties/rejected: "not yet uploaded again (filter rejected)." is not a Schema Object keyword (it has no value: a description cut at a comma or a colon? quote it)',
        '#/components/parameters/SplitParameter: "from its Monday." is not a Parameter Object keyword (it has no value: a description cut at a comma or a colon? quote it)',
      ]));
    });
  });

  describe('the strict linter on a copy with the mistakes it exists for', () => {
    const ok = { '200': { description: 'ok' } };
    const pathItem = (name: string, operationId: string) => ({
      parameters: [{ name, in: 'path', required: true, schema: { type: 'string' } }],
      get: { operationId, responses: ok },
    });
    const document = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        // one template under two parameter names, and an operationId used twice
        '/companies/{id}/admins': pathItem('id', 'listAdmins'),
        '/companies/{companyId}/admins': pathItem('companyId', 'listAdmins'),
        '/files/{fileId}': { get: { operationId: 'getFile', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Missing' } } } } } } },
      },
      components: {
        schemas: {
          Week: { type: 'object', properties: { upload: { allOf: [{ $ref: '#/components/schemas/Upload' }], nullable: true } } },
          Upload: { type: 'object', properties: { id: { type: 'string' } } },
        },
      },
    };

    it('fails, naming each mistake and where it is', async () => {
      const errors = await strictLintErrors(document);
      const rules = new Set(errors.map((error) => error.split(':')[0]));
      expect(rules).toEqual(
        new Set(['no-identical-paths', 'no-ambiguous-paths', 'operation-operationId-unique', 'no-unresolved-refs', 'path-parameters-defined', 'struct']),
      );
      expect(errors).toContain('struct: The `type` field must be defined when the `nullable` field is used. (#/components/schemas/Week/properties/upload/nullable)');
      expect(errors).toContain(
        'no-identical-paths: The path already exists which differs only by path parameter name(s): `/companies/{id}/admins` and `/companies/{companyId}/admins`. (#/paths/~1companies~1{companyId}~1admins)',
      );
    });

    it('passes once each is mended', async () => {
      const mended = structuredClone(document);
      const paths: Record<string, unknown> = mended.paths;
      delete paths['/companies/{id}/admins'];
      paths['/files/{fileId}'] = pathItem('fileId', 'getFile');
      Object.assign(mended.components.schemas.Week.properties.upload, { type: 'object' });
      expect(await strictLintErrors(mended)).toEqual([]);
    });
  });

  describe('the keyword check', () => {
    const base = { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {} };

    it('refuses a stray key wherever a schema sits: nested, in a parameter, a body, a response', () => {
      const schema = { type: 'object', properties: { a: { type: 'array', items: { type: 'string', lenght: 3 } } } };
      const document = {
        ...base,
        paths: {
          '/x/{id}': {
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', fromat: 'uuid' } }],
            post: {
              requestBody: { content: { 'application/json': { schema: { allOf: [schema] } } } },
              responses: { '200': { description: 'ok', content: { 'application/json': { schema: { oneOf: [{ type: 'integer', minimun: 0 }] } } } }, '2xx': { description: 'x' } },
            },
          },
        },
      };
      expect(keywordProblems(document).map((problem) => problem.message)).toEqual([
        '#/paths/~1x~1{id}/parameters/0/schema: "fromat" is not a Schema Object keyword',
        '#/paths/~1x~1{id}/post/requestBody/content/application~1json/schema/allOf/0/properties/a/items: "lenght" is not a Schema Object keyword',
        '#/paths/~1x~1{id}/post/responses/200/content/application~1json/schema/oneOf/0: "minimun" is not a Schema Object keyword',
        '#/paths/~1x~1{id}/post/responses: "2xx" is not a status code',
      ]);
    });

    it('accepts x- extensions, keys of free-form values, and a property named like a keyword', () => {
      const document = {
        ...base,
        components: {
          schemas: {
            A: {
              type: 'object',
              'x-messages': { anything: 'goes' },
              properties: { type: { type: 'string' }, 'x-id': { type: 'string' } },
              example: { any: { key: true } },
              default: { also: 'free' },
            },
          },
        },
      };
      expect(keywordProblems(document)).toEqual([]);
    });

    it('refuses a key beside $ref in OpenAPI 3.0, where tools ignore it', () => {
      const document = { ...base, components: { schemas: { A: { type: 'string' }, B: { type: 'object', properties: { a: { $ref: '#/components/schemas/A', description: 'lost' } } } } } };
      expect(keywordProblems(document).map((problem) => problem.message)).toEqual([
        '#/components/schemas/B/properties/a: "description" is not a Reference Object keyword',
      ]);
    });
  });
});
