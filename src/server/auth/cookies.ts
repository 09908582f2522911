import type { FastifyReply } from 'fastify';
import type { Config } from '../config';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';
export const KNOWN_DEVICE_COOKIE = 'known_device';
/** The refresh token and the known-device token travel only to the session endpoints. */
const AUTH_PATH = '/api/auth';

/**
 * Both cookies live as long as the session may, though the access token inside expires after
 * ACCESS_TOKEN_TTL_SECONDS: its signed expiry, not the cookie's, is what the server enforces, so a
 * longer-lived cookie grants nothing more. It is kept on purpose: an expired token still arrives, the
 * server answers TOKEN_EXPIRED, and the SPA's request, download and socket paths renew the session
 * on that answer alone. Were the cookie to vanish with its token, a request would arrive bare, the
 * server could not tell a lapsed session from a visitor who never signed in, and each of those
 * paths would have to guess at refreshing on every 401.
 */
export function setSessionCookies(reply: FastifyReply, config: Config, tokens: { accessToken: string; refreshToken: string }): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: config.cookieSecure, maxAge: config.refreshTokenTtlSeconds };
  reply.setCookie(ACCESS_COOKIE, tokens.accessToken, { ...base, path: '/' });
  reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, { ...base, path: AUTH_PATH });
}

export function clearSessionCookies(reply: FastifyReply, config: Config): void {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: config.cookieSecure };
  reply.clearCookie(ACCESS_COOKIE, { ...base, path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { ...base, path: AUTH_PATH });
}

/**
 * Marks this browser as one that signed in: kept across sign-outs, so that while unknown devices are
 * held back from an account under attack, its owner's browsers still get in.
 */
export function setKnownDeviceCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(KNOWN_DEVICE_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.cookieSecure,
    maxAge: config.loginLimits.knownDeviceTtlSeconds,
    path: AUTH_PATH,
  });
}
