import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * Node's HTTP server answers an HTTP/1.1 request without a Host header (which HTTP/1.1 requires)
 * with a bare 400 of its own: no body, none of the product's headers. The server is created without
 * that check (these options), and `requireHost` answers such a request instead.
 */
export const WITHOUT_NODE_HOST_CHECK = { requireHostHeader: false } as const;

/**
 * An onRequest hook, after the security headers: an HTTP/1.1 request without a Host header answers
 * 400 in the product's shape and closes its connection, as Node's own check would have (an HTTP/1.0
 * request needs none, and gets through as before).
 */
export async function requireHost(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.raw.httpVersion !== '1.1' || request.headers.host !== undefined) return;
  reply.header('connection', 'close');
  throw new AppError(400, 'BAD_REQUEST', 'The request could not be read: it names no host.');
}
