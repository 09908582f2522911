import type { IncomingMessage } from 'node:http';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { ACCESS_COOKIE } from '../auth/cookies';
import { crossSiteRefusal, type OriginCheck } from '../auth/origin';
import type { AppContext, SessionUser } from '../context';
import type { Executor } from '../db/client';
import { sessions, users } from '../db/schema';
import { activeSessionUser, SESSION_ENDED } from '../services/people/sessions';

/** Why a handshake was refused; the client reads `data.code` from its `connect_error` (TRY_AGAIN: the server is busy, connect again shortly). */
export type RefusalCode = 'UNAUTHORIZED' | 'TOKEN_EXPIRED' | 'TRY_AGAIN';

/** A refused handshake, as socket.io hands it to the client (`err.message`, `err.data`). */
export class SocketRefusal extends Error {
  readonly data: { code: RefusalCode };

  constructor(code: RefusalCode, message: string) {
    super(message);
    this.data = { code };
  }
}

/**
 * The signed-in caller behind a handshake, by the same rules as the HTTP API: the access-token cookie
 * of a live session. An expired token is refused with TOKEN_EXPIRED, so the client refreshes the
 * session over HTTP and connects again; anything else (no cookie, a forged token, a revoked or
 * expired session, a removed user) is UNAUTHORIZED.
 */
export async function handshakeUser(
  ctx: AppContext,
  cookieHeader: string | undefined,
  parseCookie: (header: string) => Record<string, string | undefined>,
): Promise<SessionUser> {
  const token = cookieHeader ? parseCookie(cookieHeader)[ACCESS_COOKIE] : undefined;
  if (!token) throw new SocketRefusal('UNAUTHORIZED', 'Please sign in to continue.');
  const check = await ctx.tokens.verifyAccess(token);
  if (!check.ok) {
    if (check.reason === 'expired') throw new SocketRefusal('TOKEN_EXPIRED', 'Your session has expired.');
    throw new SocketRefusal('UNAUTHORIZED', 'Please sign in to continue.');
  }
  const user = await activeSessionUser(ctx, check.claims.sessionId, check.claims.userId);
  if (!user) throw new SocketRefusal('UNAUTHORIZED', SESSION_ENDED);
  return user;
}

/**
 * Whether a handshake request may open a socket: the same rule as the HTTP API's state-changing
 * requests (see crossSiteRefusal), for a request that always carries the session's cookie. A
 * browser's websocket handshake names its page in Origin; a polling one from the app's own page may
 * instead say so in Sec-Fetch-Site.
 */
export function handshakeOriginAllowed(request: IncomingMessage, trusted: OriginCheck): boolean {
  return crossSiteRefusal(request.headers, true, trusted) === undefined;
}

/** Which of the given sessions are still live: not revoked, not expired, their user still there. */
export async function liveSessionIds(db: Executor, sessionIds: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.id, [...new Set(sessionIds)]), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
  return new Set(rows.map((row) => row.id));
}
