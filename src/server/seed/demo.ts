import { eq } from 'drizzle-orm';
import { hashPassword } from '../auth/password';
import type { Database } from '../db/client';
import { clients, companies, requiredDocuments, ticketComments, tickets, users } from '../db/schema';
import { WEEKLY_DOCUMENT_STORED_TITLE } from '../services/clients/requiredDocuments';

export const DEMO_PASSWORD = 'demo1234';

export interface DemoAccount {
  role: 'SYSTEM' | 'ADMIN' | 'STAFF';
  email: string;
  company: string | null;
}

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { role: 'SYSTEM', email: 'operator@payroll.demo', company: null },
  { role: 'ADMIN', email: 'admin@northwind.demo', company: 'Northwind Payroll Services' },
  { role: 'STAFF', email: 'staff@northwind.demo', company: 'Northwind Payroll Services' },
  { role: 'ADMIN', email: 'admin@bluebird.demo', company: 'Bluebird Bookkeeping' },
  { role: 'STAFF', email: 'staff@bluebird.demo', company: 'Bluebird Bookkeeping' },
];

const COMPANIES = [
  {
    name: 'Northwind Payroll Services',
    admin: { name: 'Nora Whitfield', email: 'admin@northwind.demo' },
    staff: [
      { name: 'Sam Ortega', email: 'staff@northwind.demo', clients: ['Harbor Diner', 'Maple Street Dental', 'Summit Fitness'] },
      { name: 'Priya Nair', email: 'priya@northwind.demo', clients: ['Lakeside Landscaping', 'Copper Kettle Bakery'] },
    ],
  },
  {
    name: 'Bluebird Bookkeeping',
    admin: { name: 'Ben Castillo', email: 'admin@bluebird.demo' },
    staff: [{ name: 'Tessa Young', email: 'staff@bluebird.demo', clients: ['Riverside Auto Repair', 'Golden Gate Florist', 'Pine Ridge Pharmacy'] }],
  },
];

/**
 * Loads the demo data set into an empty database (two companies with their admins, staff and
 * clients, and a few tickets). Does nothing when the database already has a company.
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  const existing = await db.select({ id: companies.id }).from(companies).limit(1);
  const operatorExists = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS[0].email)).limit(1);
  if (existing.length > 0 || operatorExists.length > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    const [operator] = await tx
      .insert(users)
      .values({ role: 'SYSTEM', name: 'Olivia Operator', email: DEMO_ACCOUNTS[0].email, passwordHash })
      .returning({ id: users.id });
    for (const company of COMPANIES) {
      const [companyRow] = await tx.insert(companies).values({ name: company.name }).returning({ id: companies.id });
      const [admin] = await tx
        .insert(users)
        .values({ role: 'ADMIN', companyId: companyRow.id, name: company.admin.name, email: company.admin.email, passwordHash })
        .returning({ id: users.id });
      for (const member of company.staff) {
        const [staff] = await tx
          .insert(users)
          .values({ role: 'STAFF', companyId: companyRow.id, name: member.name, email: member.email, passwordHash })
          .returning({ id: users.id });
        for (const clientName of member.clients) {
          const [client] = await tx
            .insert(clients)
            .values({ companyId: companyRow.id, name: clientName, assignedStaffId: staff.id })
            .returning({ id: clients.id });
          await tx.insert(requiredDocuments).values({ clientId: client.id, title: WEEKLY_DOCUMENT_STORED_TITLE });
        }
        const [ticket] = await tx
          .insert(tickets)
          .values({
            companyId: companyRow.id,
            createdById: staff.id,
            title: `Overtime column missing for ${member.clients[0]}`,
            description: `The consolidated file for ${member.clients[0]} shows no overtime hours although the workbook has an "OT Hrs" column on the second sheet.`,
          })
          .returning({ id: tickets.id });
        await tx.insert(ticketComments).values({ ticketId: ticket.id, userId: operator.id, comment: 'Thanks, we are looking into it.' });
      }
      await tx.insert(tickets).values({
        companyId: companyRow.id,
        createdById: admin.id,
        title: 'Add a second reviewer for month-end',
        description: 'Could two admins review the same upload at month-end?',
        status: 'IN_PROGRESS',
      });
    }
  });
  return true;
}

export function describeDemoAccounts(baseUrl: string): string {
  const lines = DEMO_ACCOUNTS.map(
    (account) => `  ${account.role.padEnd(6)}  ${account.email.padEnd(24)}  ${baseUrl}/auth/${account.role.toLowerCase()}${account.company ? `  (${account.company})` : ''}`,
  );
  return [`Demo sign-ins (password for all: ${DEMO_PASSWORD}):`, ...lines].join('\n');
}
