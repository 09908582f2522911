import type { FastifyRequest } from 'fastify';
import type { Role } from '../db/schema';
import { forbidden, unauthorized } from '../http/errors';
import { activeSessionUser, SESSION_ENDED } from '../services/people/sessions';
import { ACCESS_COOKIE } from './cookies';

/**
 * The onRequest hook of every non-public operation: a valid access token of a live session, whose
 * role is one of those allowed. An expired token answers TOKEN_EXPIRED so the client refreshes.
 */
export function authenticate(roles: readonly Role[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = request.cookies[ACCESS_COOKIE];
    if (!token) throw unauthorized();
    const { ctx } = request.server;
    const check = await ctx.tokens.verifyAccess(token);
    if (!check.ok) {
      if (check.reason === 'expired') throw unauthorized('Your session has expired.', 'TOKEN_EXPIRED');
      throw unauthorized();
    }
    const user = await activeSessionUser(ctx, check.claims.sessionId, check.claims.userId);
    if (!user) throw unauthorized(SESSION_ENDED, 'SESSION_ENDED');
    if (!roles.includes(user.role)) throw forbidden();
    request.user = user;
  };
}

/** The signed-in caller of an authenticated operation. */
export function sessionUser(request: FastifyRequest) {
  if (!request.user) throw unauthorized();
  return request.user;
}
