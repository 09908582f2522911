import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../http/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request sent by a page of another site: its Origin must be this
 * server's own (its Host, or X-Forwarded-Host behind a trusted proxy) or a configured allowed origin. Requests with
 * no Origin (not from a browser page) pass; the SameSite cookie already keeps them anonymous.
 */
export function originGuard(allowedOrigins: string[]) {
  const allowed = allowedOriginSet(allowedOrigins);
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin) return;
    if (!isAllowedOrigin(origin, request.host, allowed)) throw forbidden('This request was refused because it came from another site.');
  };
}

export function allowedOriginSet(allowedOrigins: string[]): ReadonlySet<string> {
  return new Set(allowedOrigins.map((origin) => origin.replace(/\/$/, '')));
}

/** Whether a page at `origin` may act on this server, reached as `host`: the same host, or a configured origin. The realtime socket applies the same rule. */
export function isAllowedOrigin(origin: string, host: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (allowed.has(origin)) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
