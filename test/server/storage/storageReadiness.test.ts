import { buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { startS3Server, type TestS3Server } from './s3Server';

describe('readiness and the configured file storage', () => {
  let s3: TestS3Server;
  let t: TestApp | undefined;

  beforeAll(async () => {
    s3 = await startS3Server();
    await s3.createBucket('payroll-files');
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  afterAll(() => s3?.stop());

  it('is ready on the local folder by default', async () => {
    t = await buildTestApp();
    const response = await t.agent().get('/api/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, status: 'ready' });
  });

  it('is ready when the bucket answers', async () => {
    t = await buildTestApp(s3.env('payroll-files'));
    const response = await t.agent().get('/api/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, status: 'ready' });
  });

  it('answers 503 when the bucket does not exist', async () => {
    t = await buildTestApp(s3.env('no-such-bucket'));
    const response = await t.agent().get('/api/ready');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ success: false, message: 'The file storage is not reachable.', error: 'NOT_READY' });
  });

  it('answers 503 when the S3 server is not running', async () => {
    const stopped = await startS3Server();
    await stopped.createBucket('payroll-files');
    const env = stopped.env('payroll-files');
    await stopped.stop();
    t = await buildTestApp(env);
    const response = await t.agent().get('/api/ready');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ success: false, message: 'The file storage is not reachable.', error: 'NOT_READY' });
  });
});
