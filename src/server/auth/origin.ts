import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../http/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request sent by a page of another site: its Origin must be this
 * server's own (its Host, or X-Forwarded-Host behind a trusted proxy) or a configured allowed origin. Requests with
 * no Origin (not from a browser page) pass; the SameSite cookie already keeps them anonymous.
 */
export function originGuard(allowedOrigins: string[]) {
  const allowed = new Set(allowedOrigins.map((origin) => origin.replace(/\/$/, '')));
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    if (allowed.has(origin)) return;
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      throw forbidden('This request was refused because it came from another site.');
    }
    if (host !== request.host) throw forbidden('This request was refused because it came from another site.');
  };
}
