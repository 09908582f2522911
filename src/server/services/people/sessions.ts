import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { verifyPassword } from '../../auth/password';
import { hashRefreshToken, newRefreshToken } from '../../auth/tokens';
import type { AppContext, SessionUser } from '../../context';
import type { Database } from '../../db/client';
import { companies, refreshTokens, type Role, sessions, users } from '../../db/schema';
import { AppError, unauthorized } from '../../http/errors';
import { recordAudit } from '../audit/audit';
import { forgetFailures, rememberDevice, reserveSignInAttempt, type SignInClient } from './signInThrottle';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

export interface IssuedSession {
  user: PublicUser;
  accessToken: string;
  refreshToken: string;
  /** The browser's known-device token, for its cookie. */
  knownDevice: string;
}

export interface PublicUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  company_id: string | null;
  company_name: string | null;
}

interface Client extends SignInClient {
  userAgent?: string;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Signs a user in at the endpoint of one role. Every kind of refusal gets the same answer. The
 * attempt is counted as a failure before the password is checked, and forgotten when it succeeds.
 */
export async function login(ctx: AppContext, role: Role, emailInput: string, password: string, client: Client): Promise<IssuedSession> {
  const email = normaliseEmail(emailInput);
  const attempt = await reserveSignInAttempt(ctx, email, client);
  const [found] = await ctx.db
    .select({ user: users, companyName: companies.name })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sql`lower(${users.email})`, email))
    .limit(1);
  const passwordOk = await verifyPassword(found?.user.passwordHash, password);
  if (!found || !passwordOk || found.user.role !== role) {
    throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }
  const user = found.user;
  const refreshToken = newRefreshToken();
  const { sessionId, knownDevice } = await ctx.db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({
        userId: user.id,
        expiresAt: new Date(Date.now() + ctx.config.refreshTokenTtlSeconds * 1000),
        userAgent: client.userAgent?.slice(0, 500) ?? null,
        ip: client.ip,
      })
      .returning({ id: sessions.id });
    await tx.insert(refreshTokens).values({ sessionId: session.id, tokenHash: hashRefreshToken(refreshToken) });
    await forgetFailures(tx, attempt);
    await recordAudit(tx, {
      actor: { id: user.id, role: user.role },
      companyId: user.companyId,
      action: 'auth.login',
      entityType: 'session',
      entityId: session.id,
      ip: client.ip,
    });
    return { sessionId: session.id, knownDevice: await rememberDevice(tx, attempt, ctx.config.loginLimits) };
  });
  const accessToken = await ctx.tokens.signAccess({ userId: user.id, role: user.role, companyId: user.companyId, sessionId });
  return {
    user: { id: user.id, name: user.name, email: user.email, role: user.role, company_id: user.companyId, company_name: found.companyName },
    accessToken,
    refreshToken,
    knownDevice,
  };
}

/**
 * Rotates a refresh token: the presented one is spent and a new pair is issued. Presenting a spent
 * token again means it was copied, and the whole session is revoked, unless it comes within
 * REFRESH_REUSE_GRACE_SECONDS of the rotation: then it is a second caller of the same browser that
 * sent the token before the first one's new cookies arrived (two tabs, a download beside a screen's
 * request), and it gets the same new refresh token (see TokenService.successorRefreshToken) with an
 * access token of its own. Two refreshes at the same instant both succeed this way: the database lets
 * one of them spend the token, and the other finds it spent a moment ago.
 */
export async function refresh(ctx: AppContext, presented: string | undefined, ip: string): Promise<{ accessToken: string; refreshToken: string }> {
  if (!presented) throw unauthorized(SESSION_ENDED, 'SESSION_ENDED');
  const tokenHash = hashRefreshToken(presented);
  const [row] = await ctx.db
    .select({ token: refreshTokens, session: sessions, user: users })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  if (!row || row.session.revokedAt || row.session.expiresAt.getTime() <= Date.now()) {
    throw unauthorized(SESSION_ENDED, 'SESSION_ENDED');
  }
  const successor = ctx.tokens.successorRefreshToken(tokenHash);
  const rotated =
    row.token.usedAt === null &&
    (await ctx.db.transaction(async (tx) => {
      const spent = await tx
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.id, row.token.id), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      if (spent.length === 0) return false;
      await tx.insert(refreshTokens).values({ sessionId: row.session.id, tokenHash: hashRefreshToken(successor) });
      return true;
    }));
  const next = rotated ? successor : await liveTokenAfterRecentRotation(ctx, row.token.id, row.session.id, tokenHash);
  if (!next) {
    await revokeSession(ctx, row.session.id, 'refresh token reused', { id: row.user.id, role: row.user.role }, row.user.companyId, ip);
    throw unauthorized(SESSION_ENDED, 'SESSION_ENDED');
  }
  const accessToken = await ctx.tokens.signAccess({
    userId: row.user.id,
    role: row.user.role,
    companyId: row.user.companyId,
    sessionId: row.session.id,
  });
  return { accessToken, refreshToken: next };
}

/** How many rotations after a spent token are followed to the session's live one (a few happen within seconds at most). */
const MAX_ROTATIONS_FOLLOWED = 8;

/**
 * The session's live refresh token, when the spent token `spentId` was rotated within the grace
 * window; undefined when it was not (reuse: theft) or its successors cannot be found. Normally that
 * is the token's own successor; if that one was rotated in turn meanwhile, its successor, and so on,
 * so a late answer never puts a spent token back into the browser.
 */
async function liveTokenAfterRecentRotation(ctx: AppContext, spentId: string, sessionId: string, spentHash: string): Promise<string | undefined> {
  const graceMs = ctx.config.refreshReuseGraceSeconds * 1000;
  if (graceMs <= 0) return undefined;
  const [spent] = await ctx.db.select({ usedAt: refreshTokens.usedAt }).from(refreshTokens).where(eq(refreshTokens.id, spentId)).limit(1);
  if (!spent?.usedAt || spent.usedAt.getTime() < Date.now() - graceMs) return undefined;
  let candidate = ctx.tokens.successorRefreshToken(spentHash);
  for (let followed = 0; followed < MAX_ROTATIONS_FOLLOWED; followed += 1) {
    const candidateHash = hashRefreshToken(candidate);
    const [successor] = await ctx.db
      .select({ usedAt: refreshTokens.usedAt })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, candidateHash), eq(refreshTokens.sessionId, sessionId)))
      .limit(1);
    if (!successor) return undefined;
    if (!successor.usedAt) return candidate;
    candidate = ctx.tokens.successorRefreshToken(candidateHash);
  }
  return undefined;
}

export async function revokeSession(
  ctx: AppContext,
  sessionId: string,
  reason: string,
  actor: { id: string; role: string } | null,
  companyId: string | null,
  ip: string,
): Promise<void> {
  const ended = await ctx.db.transaction(async (tx) => {
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (revoked.length === 0) return false;
    await recordAudit(tx, { actor, companyId, action: reason === 'logout' ? 'auth.logout' : 'auth.revoke', entityType: 'session', entityId: sessionId, details: { reason }, ip });
    return true;
  });
  // The session's open sockets (its other tabs) are closed at once, not at the next periodic check.
  if (ended) await ctx.publisher.accessChanged({ endedSessionIds: [sessionId] });
}

/** Ends the session a refresh token belongs to (logout with only the refresh cookie left). */
export async function sessionOfRefreshToken(ctx: AppContext, presented: string): Promise<{ sessionId: string; userId: string; role: Role; companyId: string | null } | undefined> {
  const [row] = await ctx.db
    .select({ sessionId: sessions.id, userId: users.id, role: users.role, companyId: users.companyId })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(presented)))
    .limit(1);
  return row;
}

/**
 * The query behind every authenticated request, built once per database and then only run: building
 * a Drizzle query costs more than the database takes to answer this one (a primary-key lookup).
 * Named, so PostgreSQL parses and plans it once per connection.
 */
function prepareActiveSession(db: Database) {
  return db
    .select({ id: users.id, role: users.role, companyId: users.companyId, name: users.name, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), eq(users.id, sql.placeholder('userId')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('active_session');
}

const activeSessionQueries = new WeakMap<Database, ReturnType<typeof prepareActiveSession>>();

/** The live session behind an access token, or undefined when it was revoked, expired or its user removed. */
export async function activeSessionUser(ctx: AppContext, sessionId: string, userId: string): Promise<SessionUser | undefined> {
  let query = activeSessionQueries.get(ctx.db);
  if (!query) activeSessionQueries.set(ctx.db, (query = prepareActiveSession(ctx.db)));
  const [user] = await query.execute({ sessionId, userId, now: new Date() });
  return user ? { ...user, sessionId } : undefined;
}

export async function publicUser(ctx: AppContext, userId: string): Promise<PublicUser | undefined> {
  const [row] = await ctx.db
    .select({ user: users, companyName: companies.name })
    .from(users)
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  const { user } = row;
  return { id: user.id, name: user.name, email: user.email, role: user.role, company_id: user.companyId, company_name: row.companyName };
}
