import http from 'node:http';
import net from 'node:net';
import { ConfigError, loadConfig } from '@/server/config';
import { buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { multipart, payrollWorkbook, staffedClient, XLSX_TYPE } from '../jobs/uploadHarness';
import { cookieOf, listen } from '../realtime/socketClient';

/**
 * Request timeouts (src/server/http/timeouts.ts), with short settings: a client that stops sending
 * cannot hold a connection, whether it stalls in its headers, in a small JSON body or in an upload,
 * while an upload that keeps moving may take far longer than a small body is given.
 */
const TIMEOUTS = {
  HTTP_HEADERS_TIMEOUT_SECONDS: '1',
  HTTP_BODY_TIMEOUT_SECONDS: '1',
  HTTP_IDLE_TIMEOUT_SECONDS: '3',
  HTTP_REQUEST_TIMEOUT_SECONDS: '60',
};
/** Slack for a loaded machine, on top of the deadline being checked. */
const SLACK_MS = 1500;

jest.setTimeout(30_000);

interface Exchange {
  /** Everything the server sent before closing. */
  answer: string;
  /** How long after the last byte was sent the server closed the connection. */
  closedAfterMs: number;
}

/** Sends `pieces` over a raw connection, `gapMs` apart, then waits for the server to close it. */
function rawExchange(port: number, pieces: (string | Buffer)[], gapMs = 0): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let lastSentAt = Date.now();
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ answer: Buffer.concat(received).toString(), closedAfterMs: Date.now() - lastSentAt }));
    const send = (index: number) => {
      if (index >= pieces.length || socket.destroyed) return;
      socket.write(pieces[index]);
      lastSentAt = Date.now();
      setTimeout(() => send(index + 1), gapMs);
    };
    socket.once('connect', () => send(0));
    setTimeout(() => reject(new Error('the server kept the connection open for 20 s')), 20_000).unref();
  });
}

function bodyOf(answer: string): unknown {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
}

describe('request timeouts', () => {
  let t: TestApp;
  let port: number;
  let staff: Awaited<ReturnType<typeof staffedClient>>;
  let workbook: Buffer;

  beforeAll(async () => {
    t = await buildTestApp(TIMEOUTS, { queue: true });
    staff = await staffedClient(t);
    workbook = await payrollWorkbook();
    port = Number(new URL(await listen(t)).port);
  });
  afterAll(() => t.close());

  function uploadForm() {
    return multipart([
      { name: 'clientId', content: staff.clientId },
      { name: 'file', filename: 'week.xlsx', contentType: XLSX_TYPE, content: workbook },
    ]);
  }

  function uploadHead(form: ReturnType<typeof uploadForm>): string {
    return [
      'POST /api/staff/upload-required-document HTTP/1.1',
      'Host: 127.0.0.1',
      `Origin: http://127.0.0.1:${port}`,
      `Cookie: ${cookieOf(staff.agent)}`,
      `Content-Type: ${form.headers['content-type']}`,
      `Content-Length: ${form.payload.length}`,
      '',
      '',
    ].join('\r\n');
  }

  it('answers a JSON request that sent 5 of its 47 body bytes with 408 once the body deadline passes, and closes it', async () => {
    const head = 'POST /api/auth/staff HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 47\r\n\r\n';
    const { answer, closedAfterMs } = await rawExchange(port, [head + '{"ema']);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(bodyOf(answer)).toEqual({ success: false, message: 'The request took too long to arrive. Please check your connection and try again.', error: 'REQUEST_TIMEOUT' });
    expect(closedAfterMs).toBeGreaterThanOrEqual(900);
    expect(closedAfterMs).toBeLessThan(1000 + SLACK_MS);
  });

  it('gives a small body its deadline in total: trickling bytes does not stretch it', async () => {
    const head = 'POST /api/auth/staff HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 47\r\n\r\n';
    const started = Date.now();
    const { answer } = await rawExchange(port, [head, ...'{"email":"a@example.com","password":"x'.split('')], 200);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(Date.now() - started).toBeLessThan(1000 + SLACK_MS + 200);
  });

  it('answers headers that never finish with 408 in the product shape once the headers deadline passes', async () => {
    const started = Date.now();
    // A header line now and then keeps the connection from going idle; only the headers deadline ends it.
    const { answer } = await rawExchange(port, ['GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n', ...Array.from({ length: 20 }, (_, i) => `X-Slow-${i}: 1\r\n`)], 200);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(answer)).toMatchObject({ success: false, error: 'REQUEST_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(1000 + SLACK_MS);
  });

  /** A body that never finishes: its first bytes, then one byte every 200 ms for 8 s, which keeps the connection from going idle. */
  const trickledBody = (head: string) => [head + '{"ti', ...Array.from({ length: 40 }, () => 't')];

  it('closes the connection of a request answered before its body arrived (401), however the body trickles on', async () => {
    const head = 'POST /api/ticket HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n';
    const started = Date.now();
    const { answer } = await rawExchange(port, trickledBody(head), 200);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(bodyOf(answer)).toEqual({ success: false, message: 'Please sign in to continue.', error: 'UNAUTHORIZED' });
    expect(Date.now() - started).toBeLessThan(1000 + SLACK_MS);
  });

  it('closes the connection of an address the router cannot read, whose body still arrives', async () => {
    const head = 'POST /api/ticket/%zz HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n';
    const started = Date.now();
    const { answer } = await rawExchange(port, trickledBody(head), 200);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(Date.now() - started).toBeLessThan(1000 + SLACK_MS);
  });

  it('cuts the connection of a request answered outside the framework once the body deadline passes after the answer', async () => {
    // The realtime transport refuses an unknown session at once, keeping the connection for what follows.
    const head = 'POST /socket.io/?EIO=4&transport=polling&sid=unknown HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\n';
    const started = Date.now();
    const { answer } = await rawExchange(port, trickledBody(head), 200);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(Date.now() - started).toBeLessThan(1000 + SLACK_MS);
  });

  it('closes an upload that stalls once nothing has moved for the idle timeout', async () => {
    const form = uploadForm();
    const { closedAfterMs } = await rawExchange(port, [uploadHead(form) + form.payload.subarray(0, 200).toString('latin1')]);
    expect(closedAfterMs).toBeGreaterThanOrEqual(2900);
    expect(closedAfterMs).toBeLessThan(3000 + SLACK_MS);
  });

  it('lets an upload that keeps moving take far longer than a small body is given', async () => {
    const form = uploadForm();
    const pieces = 8;
    const gapMs = 400;
    const size = Math.ceil(form.payload.length / pieces);
    const started = Date.now();
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port, path: '/api/staff/upload-required-document', method: 'POST', headers: { ...form.headers, cookie: cookieOf(staff.agent), origin: `http://127.0.0.1:${port}`, 'content-length': form.payload.length } },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      const send = (index: number) => {
        if (index >= pieces) return void request.end();
        request.write(form.payload.subarray(index * size, (index + 1) * size));
        setTimeout(() => send(index + 1), gapMs);
      };
      send(0);
    });
    // Well past the 1 s a small body is given, with no gap near the 3 s idle limit.
    expect(Date.now() - started).toBeGreaterThanOrEqual((pieces - 1) * gapMs);
    expect([answer.status, answer.body]).toEqual([202, expect.stringContaining('"success":true')]);
  });
});

describe('the timeout settings', () => {
  const base = { DATA_DIR: '/tmp/unused', SESSION_SECRET: 'x'.repeat(48) };

  it('default to short caps on headers and small bodies, an idle limit, and an hour for a whole upload', () => {
    expect(loadConfig(base).timeouts).toEqual({ headersSeconds: 20, idleSeconds: 30, bodySeconds: 20, requestSeconds: 3600, keepAliveSeconds: 72 });
  });

  it('refuse a whole-request deadline shorter than the headers deadline', () => {
    expect(() => loadConfig({ ...base, HTTP_HEADERS_TIMEOUT_SECONDS: '30', HTTP_REQUEST_TIMEOUT_SECONDS: '10' })).toThrow(ConfigError);
  });
});
