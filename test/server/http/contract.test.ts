import { readFile } from 'node:fs/promises';
import ValidatorSelector from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import Fastify from 'fastify';
import { allOperations } from '@/server/app';
import { loadContract } from '@/server/http/contract';
import { registerOperations } from '@/server/http/operations';
import { extendRequestValidator } from '@/server/http/requestVocabulary';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Operations whose work arrives with later issues (weekly statistics, weekly documents, uploads and
 * their review, downloads): they may still lack handlers. Every other operation must have one.
 */
const NOT_YET_SERVED: string[] = [];

describe('the contract', () => {
  const contract = loadContract();

  it('gives every operation a handler, except those waiting for later work', async () => {
    const document = (await import('yaml')).parse(await readFile('openapi/openapi.yaml', 'utf8')) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const missing: string[] = [];
    for (const pathItem of Object.values(document.paths)) {
      for (const operation of Object.values(pathItem)) {
        if (!operation?.operationId) continue;
        if (!NOT_YET_SERVED.includes(operation.operationId) && !(operation.operationId in allOperations)) missing.push(operation.operationId);
      }
    }
    expect(missing).toEqual([]);
  });

  it('lists as waiting only operations that exist and still have no handler', () => {
    const ids = new Set(contract.operations.map((operation) => operation.operationId));
    expect(NOT_YET_SERVED.filter((id) => !ids.has(id) || id in allOperations)).toEqual([]);
  });

  it('has an operation for every handler, with matching access', () => {
    const ids = new Set(contract.operations.map((operation) => operation.operationId));
    expect(Object.keys(allOperations).filter((id) => !ids.has(id))).toEqual([]);
    for (const operation of contract.operations) {
      const handler = allOperations[operation.operationId as keyof typeof allOperations];
      if (handler) expect([operation.operationId, handler.access === 'public']).toEqual([operation.operationId, operation.isPublic]);
    }
  });

  it('refuses to start with a handler the contract does not know', () => {
    const app = Fastify();
    const stray = { notInTheContract: { access: 'public' as const, handler: async () => ({}) } };
    expect(() => registerOperations(app, contract, stray as never, { authenticate: () => async () => undefined })).toThrow(/no operation in the contract/);
  });

  it('compiles every request validator and response serialiser, as the server does when it starts', async () => {
    // The suites' apps compile a route's validators and serialisers when it is first called (test/helpers/fastify-lazy-compilers.cjs);
    // with Fastify's own factories every one is compiled at ready(), as in the server.
    const app = Fastify({
      ajv: { customOptions: { keywords: ['x-messages'], removeAdditional: true }, onCreate: extendRequestValidator },
      schemaController: { compilersFactory: { buildValidator: ValidatorSelector(), buildSerializer: SerializerSelector() } },
    });
    for (const schema of contract.sharedSchemas) app.addSchema(schema);
    registerOperations(app, contract, allOperations, { authenticate: () => async () => undefined });
    await expect(app.ready()).resolves.toBe(app);
    await app.close();
  });

  it('has up-to-date generated endpoints and server types (run npm run generate:api)', async () => {
    // The generators are ES modules, so the check runs as its own process.
    const root = path.resolve(__dirname, '../../..');
    const check = promisify(execFile)(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/generate-api.ts', '--check'], { cwd: root });
    await expect(check).resolves.toBeDefined();
  });
});
