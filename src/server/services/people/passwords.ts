import { and, eq, isNull, ne, type SQL } from 'drizzle-orm';
import { isCommonPassword } from '../../auth/commonPasswords';
import { hashPassword, verifyPassword } from '../../auth/password';
import type { AppContext, SessionUser } from '../../context';
import type { Executor } from '../../db/client';
import { companies, type Role, sessions, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit';
import { ADMIN_NOT_FOUND, type ChangeAuthor, COMPANY_NOT_FOUND } from '../companies/companies';
import { STAFF_NOT_FOUND } from './companyStaff';
import { normaliseEmail } from './sessions';
import { forgetFailures, reserveSignInAttempt, type SignInClient } from './signInThrottle';

export const PASSWORD_TOO_COMMON = 'This password is too common. Choose one that is harder to guess.';
export const PASSWORD_UNCHANGED = 'The new password must be different from your current password.';
export const CURRENT_PASSWORD_WRONG = 'Your current password is not correct.';
export const PASSWORD_CHANGED_MEANWHILE = 'Your password was changed at the same moment elsewhere. Please try again.';

/** Why a session ended, as its row and the audit log say it. */
const ENDED_BY_CHANGE = 'password changed';
const ENDED_BY_RESET = 'password reset';

function refuseField(field: string, message: string) {
  return badRequest(message, [{ field, message }]);
}

/** The rules a new password meets beyond its length (which the contract checks): not a common one. */
async function assertAcceptableNewPassword(newPassword: string): Promise<void> {
  if (await isCommonPassword(newPassword)) throw refuseField('newPassword', PASSWORD_TOO_COMMON);
}

/** Ends the user's live sessions, all of them or all but the one kept; answers the ids ended. */
async function endSessions(tx: Executor, userId: string, reason: string, keep?: string): Promise<string[]> {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined))
    .returning({ id: sessions.id });
  return ended.map((row) => row.id);
}

/**
 * Changes the signed-in user's own password. The current password is checked like a sign-in: the
 * attempt is counted as a failure of the sign-in throttle before the check (so the form cannot be
 * used to guess faster than the sign-in page allows) and forgotten when it succeeds. Every other
 * session of the user ends with the change (and their open sockets are closed once it commits); the
 * caller's own stays. Refusals that depend only on what the caller typed (the same password twice,
 * a common one) come before any check.
 */
export async function changeOwnPassword(
  ctx: AppContext,
  user: SessionUser,
  input: { currentPassword: string; newPassword: string },
  client: SignInClient,
): Promise<{ endedSessionIds: string[] }> {
  if (input.newPassword === input.currentPassword) throw refuseField('newPassword', PASSWORD_UNCHANGED);
  await assertAcceptableNewPassword(input.newPassword);
  const attempt = await reserveSignInAttempt(ctx, normaliseEmail(user.email), client);
  const [stored] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id)).limit(1);
  if (!(await verifyPassword(stored?.passwordHash, input.currentPassword))) throw refuseField('currentPassword', CURRENT_PASSWORD_WRONG);
  const passwordHash = await hashPassword(input.newPassword);
  const endedSessionIds = await ctx.db.transaction(async (tx) => {
    // Only over the password just checked: a change that landed in between wins, and this one is refused.
    const changed = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, stored.passwordHash)))
      .returning({ id: users.id });
    if (changed.length === 0) throw conflict(PASSWORD_CHANGED_MEANWHILE);
    const ended = await endSessions(tx, user.id, ENDED_BY_CHANGE, user.sessionId);
    await forgetFailures(tx, attempt);
    await recordAudit(tx, {
      actor: { id: user.id, role: user.role },
      companyId: user.companyId,
      action: 'user.password_change',
      entityType: 'user',
      entityId: user.id,
      details: { sessionsEnded: ended.length },
      ip: client.ip,
    });
    return ended;
  });
  // Once committed: the sockets of the sessions that ended are closed.
  await ctx.publisher.accessChanged({ endedSessionIds });
  return { endedSessionIds };
}

/** Whose password a reset may set: one user of one role in one company. */
interface ResetTarget {
  companyId: string;
  userId: string;
  role: Extract<Role, 'ADMIN' | 'STAFF'>;
  /** The answer when no such user is in the company (another company's user included). */
  notFoundMessage: string;
}

/**
 * Sets a new password for a user of a company and ends every session of theirs, in one
 * transaction with its audit row. The user's row is locked, so a deletion at the same moment
 * either comes first (not found) or waits for the reset. Unlike a change of one's own password,
 * the new one is not compared with the current: that would tell the person resetting it whether
 * they had guessed the user's password.
 */
async function resetPassword(ctx: AppContext, target: ResetTarget, newPassword: string, author: ChangeAuthor): Promise<{ name: string }> {
  await assertAcceptableNewPassword(newPassword);
  const isTarget: SQL | undefined = and(eq(users.id, target.userId), eq(users.companyId, target.companyId), eq(users.role, target.role));
  // Someone else's user is refused before any hashing work is spent on them.
  const [found] = await ctx.db.select({ id: users.id }).from(users).where(isTarget).limit(1);
  if (!found) throw notFound(target.notFoundMessage);
  const passwordHash = await hashPassword(newPassword);
  const reset = await ctx.db.transaction(async (tx) => {
    const [member] = await tx.select({ name: users.name, email: users.email }).from(users).where(isTarget).for('update');
    if (!member) throw notFound(target.notFoundMessage);
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, target.userId));
    const endedSessionIds = await endSessions(tx, target.userId, ENDED_BY_RESET);
    await recordAudit(tx, {
      ...author,
      companyId: target.companyId,
      action: 'user.password_reset',
      entityType: 'user',
      entityId: target.userId,
      details: { name: member.name, email: member.email, role: target.role, sessionsEnded: endedSessionIds.length },
    });
    return { name: member.name, endedSessionIds };
  });
  // Once committed: every socket of the user is closed (and, with no session left, cannot come back).
  await ctx.publisher.accessChanged({ userIds: [target.userId], endedSessionIds: reset.endedSessionIds });
  return { name: reset.name };
}

/** An admin sets a new password for a staff member of their own company; anyone else is not found. */
export function resetCompanyStaffPassword(ctx: AppContext, companyId: string, staffId: string, newPassword: string, author: ChangeAuthor): Promise<{ name: string }> {
  return resetPassword(ctx, { companyId, userId: staffId, role: 'STAFF', notFoundMessage: STAFF_NOT_FOUND }, newPassword, author);
}

/** An operator sets a new password for an admin of the company; any other user is not found. */
export async function resetCompanyAdminPassword(ctx: AppContext, companyId: string, adminId: string, newPassword: string, author: ChangeAuthor): Promise<{ name: string }> {
  const [company] = await ctx.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) throw notFound(COMPANY_NOT_FOUND);
  return resetPassword(ctx, { companyId, userId: adminId, role: 'ADMIN', notFoundMessage: ADMIN_NOT_FOUND }, newPassword, author);
}
