import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@/server/app';
import { loadConfig } from '@/server/config';
import type { DatabaseHandle } from '@/server/db/client';
import { freshDatabase } from '../../helpers/testDatabase';

/** A built SPA in miniature: index.html and one content-hashed script, each with its brotli and gzip copies, and a source map. */
const INDEX_HTML = '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('the login screen '.repeat(200))});\n`;
const SCRIPT_PATH = '/assets/index-Ab12Cd34.js';

async function writeBuilt(root: string, file: string, content: string): Promise<void> {
  await writeFile(path.join(root, file), content);
  await writeFile(path.join(root, `${file}.br`), brotliCompressSync(content));
  await writeFile(path.join(root, `${file}.gz`), gzipSync(content));
}

describe('the built SPA, served', () => {
  let webRoot: string;
  let dataDir: string;
  let database: DatabaseHandle;
  let app: FastifyInstance;

  beforeAll(async () => {
    webRoot = await mkdtemp(path.join(os.tmpdir(), 'payroll-web-'));
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'payroll-test-'));
    await mkdir(path.join(webRoot, 'assets'));
    await writeBuilt(webRoot, 'index.html', INDEX_HTML);
    await writeBuilt(webRoot, SCRIPT_PATH.slice(1), SCRIPT);
    await writeFile(path.join(webRoot, `${SCRIPT_PATH.slice(1)}.map`), '{"version":3,"sources":["src/web/main.tsx"],"mappings":""}');
    await writeFile(path.join(webRoot, 'robots.txt'), 'User-agent: *\n');
    const config = loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://payroll.example', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SESSION_SECRET: 'x'.repeat(48) });
    database = await freshDatabase();
    app = await buildApp({ config, database, webRoot, logger: false });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await rm(webRoot, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) => app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends the brotli copy of a script to a browser that accepts brotli, even when it lists gzip first', async () => {
    const response = await get(SCRIPT_PATH, 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a browser that accepts gzip only', async () => {
    const response = await get(SCRIPT_PATH, 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that accepts no compression', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const response = await get(SCRIPT_PATH, acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(SCRIPT);
    }
  });

  it('lets browsers keep content-hashed files for a year without asking again, whichever copy they got', async () => {
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const response = await get(SCRIPT_PATH, acceptEncoding);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('makes browsers ask again for index.html every time, compressed too', async () => {
    const response = await get('/index.html', 'br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX_HTML);
    const plain = await get('/robots.txt', 'br');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe('User-agent: *\n');
  });

  it('answers a client-side route with index.html, not cached and compressed as the browser accepts', async () => {
    for (const [acceptEncoding, decode] of [
      ['br', (body: Buffer) => brotliDecompressSync(body).toString()],
      ['gzip', (body: Buffer) => gunzipSync(body).toString()],
      ['identity', (body: Buffer) => body.toString()],
    ] as const) {
      const response = await get('/auth/admin', acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-encoding']).toBe(acceptEncoding === 'identity' ? undefined : acceptEncoding);
      expect(decode(response.rawPayload)).toBe(INDEX_HTML);
    }
    expect((await get('/admin/weekly-uploads?week=2026-11-23', 'br')).headers['content-encoding']).toBe('br');
  });

  it('sends the page and its files with the security headers, keeping their caching', async () => {
    for (const url of ['/', '/auth/admin', SCRIPT_PATH]) {
      const response = await get(url, 'br');
      const policy = String(response.headers['content-security-policy']);
      expect([url, policy]).toEqual([url, expect.stringContaining("script-src 'self';")]);
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("connect-src 'self' wss://payroll.example");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toBe('max-age=15552000');
      expect(response.headers['cache-control']).not.toContain('no-store');
    }
  });

  it('serves no source map, in any encoding', async () => {
    for (const url of [`${SCRIPT_PATH}.map`, `${SCRIPT_PATH}.map.br`, `${SCRIPT_PATH}.map.gz`, '/main.js.map']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('mappings');
    }
  });

  it('answers a missing build file with 404 rather than the page, so a stale page fails plainly', async () => {
    const response = await get('/assets/index-Gone0000.js', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('keeps API answers out of the fallback', async () => {
    const response = await get('/api/no-such-route', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, error: 'NOT_FOUND' });
  });
});
