import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_COOKIE, clearSessionCookies, KNOWN_DEVICE_COOKIE, REFRESH_COOKIE, setKnownDeviceCookie, setSessionCookies } from '../auth/cookies';
import { sessionUser } from '../auth/guards';
import type { Role } from '../db/schema';
import { notFound } from '../http/errors';
import type { Body, OperationHandlers } from '../http/operations';
import { changeOwnPassword } from '../services/people/passwords';
import { login, publicUser, refresh, revokeSession, sessionOfRefreshToken } from '../services/people/sessions';

function loginAs(role: Role) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { email, password } = request.body as Body<'loginAdmin'>;
    const { ctx } = request.server;
    const client = { ip: request.ip, userAgent: request.headers['user-agent'], knownDevice: request.cookies[KNOWN_DEVICE_COOKIE] };
    const issued = await login(ctx, role, email, password, client);
    setSessionCookies(reply, ctx.config, issued);
    setKnownDeviceCookie(reply, ctx.config, issued.knownDevice);
    return { success: true, message: 'Login successful', data: { user: issued.user } };
  };
}

export const authOperations: OperationHandlers = {
  loginSystem: { access: 'public', handler: loginAs('SYSTEM') },
  loginAdmin: { access: 'public', handler: loginAs('ADMIN') },
  loginStaff: { access: 'public', handler: loginAs('STAFF') },

  refreshSession: {
    access: 'public',
    handler: async (request, reply) => {
      const { ctx } = request.server;
      try {
        const tokens = await refresh(ctx, request.cookies[REFRESH_COOKIE], request.ip);
        setSessionCookies(reply, ctx.config, tokens);
        return { success: true, message: 'Session refreshed' };
      } catch (error) {
        clearSessionCookies(reply, ctx.config);
        throw error;
      }
    },
  },

  logout: {
    access: 'public',
    handler: async (request, reply) => {
      const { ctx } = request.server;
      const presented = request.cookies[REFRESH_COOKIE];
      const access = request.cookies[ACCESS_COOKIE];
      const checked = access ? await ctx.tokens.verifyAccess(access) : undefined;
      const owner = presented ? await sessionOfRefreshToken(ctx, presented) : undefined;
      const sessionId = owner?.sessionId ?? (checked?.ok ? checked.claims.sessionId : undefined);
      if (sessionId) {
        const actor = owner ? { id: owner.userId, role: owner.role } : checked?.ok ? { id: checked.claims.userId, role: checked.claims.role } : null;
        const companyId = owner?.companyId ?? (checked?.ok ? checked.claims.companyId : null);
        await revokeSession(ctx, sessionId, 'logout', actor, companyId, request.ip);
      }
      clearSessionCookies(reply, ctx.config);
      return { success: true, message: 'Logged out' };
    },
  },

  changeOwnPassword: {
    access: ['SYSTEM', 'ADMIN', 'STAFF'],
    handler: async (request) => {
      const input = request.body as Body<'changeOwnPassword'>;
      const client = { ip: request.ip, knownDevice: request.cookies[KNOWN_DEVICE_COOKIE] };
      await changeOwnPassword(request.server.ctx, sessionUser(request), input, client);
      return { success: true, message: 'Your password has been changed.' };
    },
  },

  getMe: {
    access: ['SYSTEM', 'ADMIN', 'STAFF'],
    handler: async (request) => {
      const user = await publicUser(request.server.ctx, sessionUser(request).id);
      if (!user) throw notFound('User not found.');
      return { success: true, data: user };
    },
  },
};
