import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { BuiltServer } from '../../scripts/bench/builtServer';
import { payrollWorkbook } from '../server/jobs/uploadHarness';
import { startS3Server, type TestS3Server } from '../server/storage/s3Server';
import { FaultProduct, running, streamUpload, uploadForm } from './faultHarness';
import { startTcpProxy, type TcpProxy } from './tcpProxy';

/**
 * An upload that cannot finish: the S3 storage out of reach while the file streams into it (a TCP
 * proxy between the product and the S3 server is cut), and a client that goes away mid-upload. Each
 * leaves no upload row and no object in the bucket; the first answers with a message, and the
 * server runs on.
 */
const BUCKET = 'payroll-faults';

describe('an upload that cannot finish', () => {
  let product: FaultProduct;
  let s3: TestS3Server;
  let proxy: TcpProxy;
  let server: BuiltServer;
  let cookie: string;
  /** Several 5 MiB parts: the storage is cut while some are sent and others still to come. */
  let workbook: Buffer;

  beforeAll(async () => {
    product = await FaultProduct.create('payroll_faults_upload');
    s3 = await startS3Server();
    await s3.createBucket(BUCKET);
    const endpoint = new URL(s3.endpoint);
    proxy = await startTcpProxy({ host: endpoint.hostname, port: Number(endpoint.port) });
    server = await product.start('all', { ...s3.env(BUCKET), S3_ENDPOINT: `http://127.0.0.1:${proxy.port}` });
    cookie = await product.signInStaff(server.baseUrl);
    workbook = await payrollWorkbook({ sheets: 12, rowsPerSheet: 6000, seed: 21 });
  });

  afterAll(async () => {
    await product?.stop();
    await proxy?.close();
    await s3?.stop();
  });

  async function objectsInBucket(): Promise<string[]> {
    const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
    return (listed.Contents ?? []).map((object) => object.Key ?? '');
  }

  it('answers with a message and keeps nothing when the storage goes away while the file streams', async () => {
    const clientId = await product.clientId('Harbor Diner');
    const outcome = await streamUpload(server.baseUrl, cookie, uploadForm(clientId, workbook), {
      pieces: 20,
      delayMs: 50,
      onPiece: async (sent) => {
        if (sent === 12) await proxy.cut();
      },
    });
    await proxy.restore();

    expect(outcome).toMatchObject({ status: 503, body: { success: false, message: expect.stringMatching(/try again/) } });
    expect(await product.uploadsOf(clientId)).toEqual([]);
    expect(await objectsInBucket()).toEqual([]);
    expect(running(server)).toBe(true);
  });

  it('keeps nothing of an upload whose client went away mid-file', async () => {
    const clientId = await product.clientId('Summit Fitness');
    const outcome = await streamUpload(server.baseUrl, cookie, uploadForm(clientId, workbook), {
      pieces: 20,
      delayMs: 50,
      onPiece: (sent, request) => {
        if (sent === 8) request.destroy();
      },
    });
    expect(outcome).toMatchObject({ failed: expect.any(String) });

    // The server notices the broken form, aborts the stored parts and records nothing.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await product.uploadsOf(clientId)).toEqual([]);
    expect(await objectsInBucket()).toEqual([]);
    expect(running(server)).toBe(true);
  });
});
