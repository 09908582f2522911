import type { BuiltServer } from '../../scripts/bench/builtServer';
import { payrollWorkbook } from '../server/jobs/uploadHarness';
import { FaultProduct, running, SERVER_URL, streamUpload, uploadForm } from './faultHarness';
import { startTcpProxy, type TcpProxy } from './tcpProxy';

/**
 * PostgreSQL out of reach for 10 s under an API process and a worker (a TCP proxy between them and
 * the database is cut, then restored): reads answer 503 with a message, uploads are refused without
 * leaving a row or a file, the job under way is finished once the database is back, and neither
 * process exits.
 */
const OUTAGE_MS = 10_000;
/** A job that died with the database is handed out again after this, once the database is back. */
const JOB_EXPIRE_SECONDS = 20;
const UNAVAILABLE = { success: false, message: 'The service is briefly unavailable. Please try again in a moment.', error: 'UNAVAILABLE' };

describe('the database out of reach for 10 s', () => {
  let product: FaultProduct;
  let proxy: TcpProxy;
  let api: BuiltServer;
  let worker: BuiltServer;
  let cookie: string;

  beforeAll(async () => {
    product = await FaultProduct.create('payroll_faults_database');
    const direct = new URL(SERVER_URL);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(product.temporary.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const env = { DATABASE_URL: proxied.toString(), PROCESSING_JOB_EXPIRE_SECONDS: String(JOB_EXPIRE_SECONDS) };
    api = await product.start('api', env);
    worker = await product.start('worker', env);
    cookie = await product.signInStaff(api.baseUrl);
  });

  afterAll(async () => {
    await proxy?.restore().catch(() => undefined);
    await product?.stop();
    await proxy?.close();
  });

  function read(path: string): Promise<Response> {
    return fetch(`${api.baseUrl}${path}`, { headers: { cookie } });
  }

  it('answers 503 with a message, refuses uploads cleanly, finishes the job under way when it returns, and keeps running', async () => {
    // A job at work when the database goes away: the engine takes a few seconds over this one.
    const large = await payrollWorkbook({ sheets: 12, rowsPerSheet: 4000, seed: 3 });
    const queued = await streamUpload(api.baseUrl, cookie, uploadForm(await product.clientId('Maple Street Dental'), large), { pieces: 1 });
    if (!('status' in queued) || queued.status !== 202) throw new Error(`the upload before the outage failed: ${JSON.stringify(queued)}`);
    const jobUpload = queued.body.data?.processingId as string;
    expect(await product.statusReached(jobUpload, ['CONSOLIDATING', 'SCRUBBED', 'FAILED'], 30_000)).toBe('CONSOLIDATING');

    // An upload streaming when it goes away: begun before the cut, its last bytes sent during it.
    const summit = await product.clientId('Summit Fitness');
    let cutAt = 0;
    const streaming = streamUpload(api.baseUrl, cookie, uploadForm(summit, await payrollWorkbook({ sheets: 2, rowsPerSheet: 500, seed: 4 })), {
      onPiece: async (sent) => {
        if (sent !== 2) return;
        await proxy.cut();
        cutAt = Date.now();
      },
    });
    const streamed = await streaming;
    expect(cutAt).toBeGreaterThan(0);

    // During the outage: reads, an upload sent whole, and the readiness check.
    const harbor = await product.clientId('Harbor Diner');
    const whole = await streamUpload(api.baseUrl, cookie, uploadForm(harbor, await payrollWorkbook({ seed: 5 })), { pieces: 1 });
    const reads = await Promise.all(['/api/staff/weekly-documents', '/api/ticket/all', '/api/auth/me'].map(read));
    const ready = await fetch(`${api.baseUrl}/api/ready`);
    expect(Date.now() - cutAt).toBeLessThan(OUTAGE_MS);

    expect(streamed).toEqual({ status: 503, body: UNAVAILABLE });
    expect(whole).toEqual({ status: 503, body: UNAVAILABLE });
    for (const response of reads) expect([response.url, response.status, await response.json()]).toEqual([response.url, 503, UNAVAILABLE]);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ success: false, message: 'The database is not reachable.' });

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, cutAt + OUTAGE_MS - Date.now())));
    // (read past the proxy) the job could not finish without the database
    expect(await product.statusReached(jobUpload, [], 0)).toBe('CONSOLIDATING');
    await proxy.restore();

    // Back: the job is finished with one file of each kind, the refused uploads left nothing, and both processes run on.
    expect(await product.statusReached(jobUpload, ['SCRUBBED', 'FAILED'], 60_000)).toBe('SCRUBBED');
    const { rows: files } = await product.database.query<{ kind: string }>('select kind from upload_files where upload_id = $1 order by kind', [jobUpload]);
    expect(files.map((file) => file.kind)).toEqual(['consolidated', 'raw', 'scrubbed']);
    expect(await product.uploadsOf(summit)).toEqual([]);
    expect(await product.uploadsOf(harbor)).toEqual([]);
    expect(await product.storedFiles()).toEqual(await product.recordedKeys());
    expect([running(api), running(worker)]).toEqual([true, true]);
    const after = await read('/api/staff/weekly-documents');
    expect(after.status).toBe(200);
  });
});
