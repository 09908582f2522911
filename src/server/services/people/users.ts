import { asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/password';
import type { Executor } from '../../db/client';
import { companies, type Role, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit';
import { offsetOf, type PageRequest } from '../shared/pagination';
import { normaliseEmail } from './sessions';

export const EMAIL_TAKEN = 'A user with this email already exists. Use another email address.';

export interface NewUser {
  role: Role;
  name: string;
  email: string;
  password: string;
  companyId: string | null;
}

/**
 * Creates a user. An email belongs to one user on the whole platform, whatever its case; company
 * users need an existing company, platform operators have none.
 */
export async function createUser(
  executor: Executor,
  input: NewUser,
  audit: { actor: { id: string; role: string } | null; ip?: string },
): Promise<typeof users.$inferSelect> {
  const email = normaliseEmail(input.email);
  const name = input.name.trim();
  if (input.role === 'SYSTEM' && input.companyId) throw badRequest('A SYSTEM user belongs to no company.');
  if (input.role !== 'SYSTEM') {
    if (!input.companyId) throw badRequest('Company is required for ADMIN and STAFF users.');
    const [company] = await executor.select({ id: companies.id }).from(companies).where(eq(companies.id, input.companyId)).limit(1);
    if (!company) throw notFound('Company not found');
  }
  const [taken] = await executor.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email)).limit(1);
  if (taken) throw conflict(EMAIL_TAKEN);
  const passwordHash = await hashPassword(input.password);
  let created: typeof users.$inferSelect;
  try {
    [created] = await executor.insert(users).values({ role: input.role, name, email, passwordHash, companyId: input.companyId }).returning();
  } catch (error) {
    // Two requests raced for the same email: the unique index decides.
    if (String((error as { code?: string }).code) === '23505' || /users_email_unique/.test(String(error))) throw conflict(EMAIL_TAKEN);
    throw error;
  }
  await recordAudit(executor, {
    actor: audit.actor,
    companyId: created.companyId,
    action: 'user.create',
    entityType: 'user',
    entityId: created.id,
    details: { name: created.name, role: created.role, email: created.email },
    ip: audit.ip,
  });
  return created;
}

/** One page of the users `where` selects, oldest first (ties by id), and how many it selects in all. */
export async function pageOfUsers(db: Executor, where: SQL | undefined, page: PageRequest) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
      .from(users)
      .where(where)
      .orderBy(asc(users.createdAt), asc(users.id))
      .limit(page.limit)
      .offset(offsetOf(page)),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total };
}
