import { type IncomingMessage, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpTimeouts } from '../config';
import { AppError } from './errors';
import { BARE_ANSWER_HEADERS } from './securityHeaders';

/** Node checks the headers and whole-request deadlines on a clock of its own: this many times per headers deadline, at most every 30 s. */
const CHECKS_PER_HEADERS_DEADLINE = 4;
const TOO_SLOW = 'The request took too long to arrive. Please check your connection and try again.';

/**
 * The HTTP server's own deadlines, as Fastify options: the headers and the whole request (an upload's
 * body included) each have a total cap; a connection on which nothing moves for `idleSeconds` is
 * closed, which is what ends a stalled upload however long a steady one may take.
 */
export function serverTimeouts(timeouts: HttpTimeouts) {
  const headersTimeout = timeouts.headersSeconds * 1000;
  const requestTimeout = timeouts.requestSeconds * 1000;
  return {
    connectionTimeout: timeouts.idleSeconds * 1000,
    keepAliveTimeout: timeouts.keepAliveSeconds * 1000,
    requestTimeout,
    http: { headersTimeout, requestTimeout, connectionsCheckingInterval: Math.min(30_000, headersTimeout / CHECKS_PER_HEADERS_DEADLINE) },
  };
}

/**
 * A preParsing hook giving the body of any request but an upload `bodySeconds` to arrive in full
 * (such bodies are JSON of at most 1 MB); past that the request answers 408 and its connection is
 * closed. An upload (multipart) streams through its handler for as long as it keeps moving.
 */
export function bodyDeadline(timeouts: HttpTimeouts) {
  const deadlineMs = timeouts.bodySeconds * 1000;
  return async (request: FastifyRequest, reply: FastifyReply, payload: Readable): Promise<Readable> => {
    if (!hasParsedBody(request) || isUpload(request)) return payload;
    return withDeadline(payload, deadlineMs, reply);
  };
}

/** Fastify reads a body for every method but GET and HEAD, when the request says it has one. */
function hasParsedBody(request: FastifyRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function isUpload(request: FastifyRequest): boolean {
  return /^multipart\//i.test(request.headers['content-type'] ?? '');
}

/**
 * The body as the parser reads it, failing with a 408 once `deadlineMs` have passed before its end.
 * The deadline lapses with the body read or the request answered.
 */
function withDeadline(payload: Readable, deadlineMs: number, reply: FastifyReply): Readable {
  const guarded = new PassThrough();
  const timer = setTimeout(() => {
    // What is still on its way is not waited for: the answer closes the connection.
    reply.header('connection', 'close');
    payload.unpipe(guarded);
    guarded.destroy(new AppError(408, 'REQUEST_TIMEOUT', TOO_SLOW));
  }, deadlineMs);
  const lapse = () => clearTimeout(timer);
  // The parser hears the refusal through its own listener; a body nobody reads must not end the process with it.
  guarded.on('error', () => undefined);
  guarded.once('close', lapse);
  reply.raw.once('close', lapse);
  payload.pipe(guarded);
  return guarded;
}

/**
 * An answer given before its request's body has arrived in full (a refusal of the guards that run
 * before the body is read, such as 401 or 403; a 413; an upload refused part-way; an address the
 * router cannot read) closes the connection once it is out, rather than keep it open for the rest of
 * a body nobody reads.
 */
export function closeIfBodyUnread(request: FastifyRequest, reply: FastifyReply): void {
  // `complete` is the HTTP server's (a request injected in a test has none).
  if (request.raw.complete === false) reply.header('connection', 'close');
}

/** The same as an onSend hook, for every answer the framework sends through its hooks. */
export async function closeAfterEarlyAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  closeIfBodyUnread(request, reply);
  return payload;
}

/**
 * The same at the HTTP server, for every answer, also those written outside the framework (the
 * realtime transport's refusals) and those that do not close their connection: once an answer is out
 * while its request's body is still arriving, the body gets `bodySeconds` more to end, then the
 * connection is cut. Node itself keeps reading, to drop it, a body that trickles in for as long as it
 * does. Registered after every other request listener (the realtime transport takes over the ones
 * before it for its own paths), it hears every request.
 */
export function cutUnfinishedBodies(server: Server, timeouts: HttpTimeouts): void {
  const deadlineMs = timeouts.bodySeconds * 1000;
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    response.once('finish', () => {
      if (request.complete) return;
      const { socket } = request;
      const timer = setTimeout(() => {
        if (!request.complete) socket.destroy();
      }, deadlineMs);
      timer.unref();
      socket.once('close', () => clearTimeout(timer));
    });
  });
}

/**
 * Answers what Node's HTTP parser refuses before any route sees it (headers or a whole request that
 * did not arrive in time, headers too large to read, a request that is not HTTP) in the product's
 * shape, then closes the connection.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) socket.write(rawAnswer(...clientErrorAnswer(error.code)));
  socket.destroySoon();
}

function clientErrorAnswer(code: string | undefined): [status: number, message: string, error: string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, TOO_SLOW, 'REQUEST_TIMEOUT'];
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'The request headers are too large. Please clear this site’s cookies and try again.', 'TOO_LARGE'];
  return [400, 'The request could not be read.', 'BAD_REQUEST'];
}

function rawAnswer(status: number, message: string, error: string): string {
  const body = JSON.stringify({ success: false, message, error });
  const headers = {
    ...BARE_ANSWER_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, ...lines, '', body].join('\r\n');
}
