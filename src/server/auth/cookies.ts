import type { FastifyReply } from 'fastify';
import type { Config } from '../config';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';
/** The refresh token travels only to the session endpoints. */
const REFRESH_PATH = '/api/auth';

/**
 * Both cookies live as long as the session may. The access token inside expires much sooner: an
 * expired one still arrives, so the server can answer TOKEN_EXPIRED and the client refreshes.
 */
export function setSessionCookies(reply: FastifyReply, config: Config, tokens: { accessToken: string; refreshToken: string }): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: config.cookieSecure, maxAge: config.refreshTokenTtlSeconds };
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, { ...base, path: '/' });
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, { ...base, path: REFRESH_PATH });
}

export function clearSessionCookies(reply: FastifyReply, config: Config): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: config.cookieSecure };
  reply.clearCookie(ACCESS_COOKIE, { ...base, path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { ...base, path: REFRESH_PATH });
}
