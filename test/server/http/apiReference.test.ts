import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { contractPath } from '@/server/http/contract';
import { buildTestApp, type TestApp } from '../../helpers/buildTestApp';

/** The contract served to those who script against the API: the document and its reference page. */
describe('the API reference', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await buildTestApp();
  });
  afterAll(() => testApp.close());

  it('serves openapi/openapi.yaml as it is at /api/openapi.json, to anyone', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const served = response.json() as { openapi: string; info: { description: string }; paths: Record<string, unknown> };
    const written = parse(readFileSync(contractPath(), 'utf8')) as typeof served;
    expect(served.openapi).toBe(written.openapi);
    expect(Object.keys(served.paths).sort()).toEqual(Object.keys(written.paths).sort());
    expect(served.info.description).toContain('Signing in from a script');
  });

  it('serves a reference page at /api/docs that reads the same document', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('swagger-ui');
    const json = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys((json.json() as { paths: object }).paths)).toContain('/company/bulk-download');
  });

  it('leaves unknown API routes answering as before', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, error: 'NOT_FOUND' });
  });
});
