import net from 'node:net';
import { buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { listen } from '../realtime/socketClient';

/** Sends a raw request and answers everything the server sent until it closed the connection. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    const received: Buffer[] = [];
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(received).toString()));
    setTimeout(() => reject(new Error('the server kept the connection open')), 10_000).unref();
  });
}

/** The status, headers (lower-cased names) and JSON body of a raw answer. */
function parseAnswer(answer: string): { status: number; headers: Record<string, string>; body: unknown } {
  const [head, body] = [answer.slice(0, answer.indexOf('\r\n\r\n')), answer.slice(answer.indexOf('\r\n\r\n') + 4)];
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) };
}

/**
 * What the framework itself refuses answers in the product's shape, `{ success: false, message,
 * error }`, with a message a person can act on: a JSON body over the 1 MB limit (not the upload
 * message, which stays the uploads': staff.uploads.test.ts), and addresses the router cannot read.
 */
describe('framework refusals in the product shape', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('says a JSON body over the limit is too large, not that a file is', async () => {
    const account = await t.createUser('STAFF', { companyId: await t.createCompany() });
    const staff = await t.signIn('STAFF', account.email, account.password);
    const response = await staff.post('/api/ticket', { title: 'Big', description: 'x'.repeat(1_100_000) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ success: false, message: 'This request is too large. Please send less at once.', error: 'TOO_LARGE' });
  });

  it.each(['/api/%', '/api/ticket/%zz', '/api/staff/download/%E0%A4%A?type=raw', '/%'])('answers the malformed address %s with 400', async (url) => {
    const response = await t.agent().get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'This address is not valid. Please check the link and try again.', error: 'BAD_REQUEST' });
  });

  it('answers an HTTP/1.1 request without a Host header with 400 in the product shape, with its security headers, and closes it', async () => {
    const port = Number(new URL(await listen(t)).port);
    for (const path of ['/api/health', '/api/ticket', '/auth/admin']) {
      const answer = parseAnswer(await rawRequest(port, `GET ${path} HTTP/1.1\r\n\r\n`));
      expect({ path, status: answer.status, body: answer.body }).toEqual({
        path,
        status: 400,
        body: { success: false, message: 'The request could not be read: it names no host.', error: 'BAD_REQUEST' },
      });
      expect(answer.headers).toMatchObject({
        connection: 'close',
        'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
        'x-frame-options': 'DENY',
        'x-content-type-options': 'nosniff',
        'referrer-policy': 'same-origin',
      });
    }
    // HTTP/1.0 needs no Host header.
    expect(parseAnswer(await rawRequest(port, 'GET /api/health HTTP/1.0\r\n\r\n'))).toMatchObject({ status: 200, body: { success: true } });
  });

  it('answers a path segment longer than any id with 414', async () => {
    const response = await t.agent().get(`/api/ticket/${'a'.repeat(500)}`);
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ success: false, message: 'This address is too long. Please check the link and try again.', error: 'BAD_REQUEST' });
  });
});
