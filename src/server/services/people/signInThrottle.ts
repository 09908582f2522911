import { createHash } from 'node:crypto';
import { and, eq, gt, lte, or, type SQL, sql } from 'drizzle-orm';
import { hashRefreshToken, newRefreshToken } from '../../auth/tokens';
import type { LoginLimits } from '../../config';
import type { AppContext } from '../../context';
import type { Database, Executor } from '../../db/client';
import { knownDevices, loginFailures } from '../../db/schema';
import { tooManyRequests } from '../../http/errors';

/**
 * Advisory lock classes (the two-key form, apart from every single-key lock): one serialises the
 * attempts on one email, the other those from one address, and one purge runs at a time.
 */
const EMAIL_LOCK = 727_274_101;
const IP_LOCK = 727_274_102;
const PURGE_LOCK = 727_274_103;

export interface SignInClient {
  ip: string;
  /** The known-device cookie the browser presented, if any. */
  knownDevice?: string;
}

/** A browser's known-device token that is live: some account was signed in to from it. */
interface LiveDevice {
  token: string;
  tokenHash: string;
  /** This account was signed in to from it. */
  knowsEmail: boolean;
}

/** A sign-in attempt written down before its password is checked. */
export interface SignInAttempt {
  email: string;
  ip: string;
  device?: LiveDevice;
}

/**
 * Writes the attempt down as a failure before its password is checked, in one transaction with the
 * counts that allow it, holding locks on the email and the address until it commits: of any burst of
 * attempts, however many API processes share the database, no more are checked than the limits let
 * through. Refuses with 429 past a limit (see LoginLimits for the policy). A successful sign-in
 * takes the failure back with {@link forgetFailures}.
 */
export async function reserveSignInAttempt(ctx: AppContext, email: string, client: SignInClient): Promise<SignInAttempt> {
  const limits = ctx.config.loginLimits;
  const now = new Date();
  await purgeExpired(ctx.db, limits, now);
  const attempt: SignInAttempt = { email, ip: client.ip, device: await liveDevice(ctx.db, email, client.knownDevice, now) };
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${EMAIL_LOCK}::int, ${lockKey(email)}::int)`);
    await tx.execute(sql`select pg_advisory_xact_lock(${IP_LOCK}::int, ${lockKey(client.ip)}::int)`);
    const refusal = refusalOf(await recentFailures(tx, attempt, windowStart(limits, now)), attempt, limits);
    if (refusal) throw tooManyRequests(refusal);
    await tx.insert(loginFailures).values({ email, ip: client.ip, device: knownDeviceHash(attempt), createdAt: now });
  });
  return attempt;
}

/** On a successful sign-in: the failures this client made on this account are forgotten. */
export async function forgetFailures(tx: Executor, attempt: SignInAttempt): Promise<void> {
  await tx.delete(loginFailures).where(and(eq(loginFailures.email, attempt.email), sameClient(attempt)));
}

/**
 * On a successful sign-in: the browser becomes (or stays) known to the account for another
 * lifetime. A live token is kept, so one browser can be known to every account signed in from it.
 * Answers the token for the cookie.
 */
export async function rememberDevice(tx: Executor, attempt: SignInAttempt, limits: LoginLimits): Promise<string> {
  const token = attempt.device?.token ?? newRefreshToken();
  const expiresAt = new Date(Date.now() + limits.knownDeviceTtlSeconds * 1000);
  await tx
    .insert(knownDevices)
    .values({ tokenHash: hashRefreshToken(token), email: attempt.email, expiresAt })
    .onConflictDoUpdate({ target: [knownDevices.tokenHash, knownDevices.email], set: { expiresAt } });
  return token;
}

/** The presented known-device token, when it is live (made at a sign-in, not expired). */
async function liveDevice(db: Database, email: string, token: string | undefined, now: Date): Promise<LiveDevice | undefined> {
  if (!token) return undefined;
  const tokenHash = hashRefreshToken(token);
  const accounts = await db
    .select({ email: knownDevices.email })
    .from(knownDevices)
    .where(and(eq(knownDevices.tokenHash, tokenHash), gt(knownDevices.expiresAt, now)));
  if (accounts.length === 0) return undefined;
  return { token, tokenHash, knowsEmail: accounts.some((account) => account.email === email) };
}

/** The device an attempt is counted by: a browser known to the account, wherever it is. */
function knownDeviceHash(attempt: SignInAttempt): string | null {
  return attempt.device?.knowsEmail ? attempt.device.tokenHash : null;
}

/** The failures one client made: those of its known device if it has one, else those of its address. */
function sameClient(attempt: SignInAttempt): SQL {
  const device = knownDeviceHash(attempt);
  return device ? eq(loginFailures.device, device) : eq(loginFailures.ip, attempt.ip);
}

interface FailureCounts {
  byEmailAndClient: number;
  byEmail: number;
  byIp: number;
}

const failuresWhere = (condition: SQL | undefined) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

async function recentFailures(tx: Executor, attempt: SignInAttempt, since: Date): Promise<FailureCounts> {
  const sameEmail = eq(loginFailures.email, attempt.email);
  const sameIp = eq(loginFailures.ip, attempt.ip);
  const [counts] = await tx
    .select({ byEmailAndClient: failuresWhere(and(sameEmail, sameClient(attempt))), byEmail: failuresWhere(sameEmail), byIp: failuresWhere(sameIp) })
    .from(loginFailures)
    .where(and(or(sameEmail, sameIp), gt(loginFailures.createdAt, since)));
  return counts;
}

/** Why the attempt is refused, or undefined when it may go ahead. */
function refusalOf(counts: FailureCounts, attempt: SignInAttempt, limits: LoginLimits): string | undefined {
  const minutes = Math.max(1, Math.ceil(limits.windowSeconds / 60));
  if (counts.byEmailAndClient >= limits.maxFailuresPerEmailAndIp) {
    return `Too many login attempts. Please wait ${minutes} minutes and try again.`;
  }
  if (knownDeviceHash(attempt)) return undefined;
  if (counts.byEmail >= limits.maxFailuresPerEmail || counts.byIp >= limits.maxFailuresPerIp) {
    return `Too many login attempts. Please sign in from a device you have signed in with before, or wait ${minutes} minutes and try again.`;
  }
  return undefined;
}

function windowStart(limits: LoginLimits, now: Date): Date {
  return new Date(now.getTime() - limits.windowSeconds * 1000);
}

/** A 32-bit advisory lock key for a text; two texts sharing one only wait for each other. */
function lockKey(text: string): number {
  return createHash('sha256').update(text).digest().readInt32BE(0);
}

/**
 * Forgets the failures past the window and the devices past their lifetime, on every attempt (both
 * found by index, so cheap when there are none). One purge runs at a time: an attempt that finds
 * one under way leaves the work to it.
 */
async function purgeExpired(db: Database, limits: LoginLimits, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = (await tx.execute(sql`select pg_try_advisory_xact_lock(${PURGE_LOCK}::int, 0) as acquired`)) as unknown as { rows: { acquired: boolean }[] };
    if (!locked.rows[0]?.acquired) return;
    await tx.delete(loginFailures).where(lte(loginFailures.createdAt, windowStart(limits, now)));
    await tx.delete(knownDevices).where(lte(knownDevices.expiresAt, now));
  });
}
