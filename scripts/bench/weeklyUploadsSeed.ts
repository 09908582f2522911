import { shiftWeek, weekContaining, weekToIsoDates } from '@/common/week';
import type { DatabaseHandle } from '@/server/db/client';

/** A bureau's weeks of uploads as the weekly reads find them, written straight into the database. */
export interface WeeklyUploadsSeedOptions {
  companyName: string;
  /** Email prefix of the company's users: `{prefix}-admin@example.com`, `{prefix}-staff1@example.com`, ... */
  emailPrefix: string;
  /** The argon2 hash every seeded user signs in with. */
  passwordHash: string;
  clients: number;
  staff: number;
  /** The current UTC week and the weeks before it. */
  weeks: number;
}

export interface SeededCompany {
  companyId: string;
  adminEmail: string;
  staffEmails: string[];
  /** The seeded weeks, newest first, as ISO dates of their Mondays. */
  weekStarts: string[];
  uploads: number;
}

type SqlRunner = Pick<DatabaseHandle, 'executeSql'>;

/** A PostgreSQL array literal, which both drivers pass as one text parameter. */
function arrayLiteral(values: readonly string[]): string {
  return `{${values.join(',')}}`;
}

/**
 * Seeds a company: an admin, `staff` staff members sharing `clients` clients (every 25th inactive),
 * one required document each, and for each client and week an upload in a mix of states (about a
 * tenth of the client-weeks have none; a rejected upload is followed by a newer attempt in a
 * quarter of cases), with the upload_files rows the state implies. Bulk inserts: a few statements.
 */
export async function seedWeeklyUploads(database: SqlRunner, options: WeeklyUploadsSeedOptions): Promise<SeededCompany> {
  const current = weekContaining(new Date());
  const weekStarts = Array.from({ length: options.weeks }, (_, index) => weekToIsoDates(shiftWeek(current, -index)).weekStart);

  const [company] = (await database.executeSql('insert into companies (name) values ($1) returning id::text as id', [options.companyName])).rows as { id: string }[];
  const companyId = company.id;
  const adminEmail = `${options.emailPrefix}-admin@example.com`;
  await database.executeSql(`insert into users (company_id, role, name, email, password_hash) values ($1, 'ADMIN', $2, $3, $4)`, [
    companyId,
    `${options.companyName} Admin`,
    adminEmail,
    options.passwordHash,
  ]);
  const staff = (
    await database.executeSql(
      `insert into users (company_id, role, name, email, password_hash)
       select $1, 'STAFF', 'Staff ' || i, $2 || '-staff' || i || '@example.com', $3 from generate_series(1, $4::int) as i
       returning id::text as id, email`,
      [companyId, options.emailPrefix, options.passwordHash, options.staff],
    )
  ).rows as { id: string; email: string }[];
  const staffIds = staff.map((member) => member.id);

  await database.executeSql(
    `insert into clients (company_id, name, status, assigned_staff_id)
     select $1, 'Client ' || lpad(i::text, 4, '0'), case when i % 25 = 0 then 'INACTIVE' else 'ACTIVE' end,
            ($2::uuid[])[1 + i % array_length($2::uuid[], 1)]
       from generate_series(1, $3::int) as i`,
    [companyId, arrayLiteral(staffIds), options.clients],
  );
  await database.executeSql(
    `insert into required_documents (client_id, title, created_at)
     select id, name || ' Weekly Document', created_at from clients where company_id = $1`,
    [companyId],
  );

  // k picks the client-week's state: 0-1 no upload, 2 failed, 3 queued, 4-6 rejected, 7-12 approved, else pending review.
  await database.executeSql(
    `with weeks as (select unnest($2::date[]) as week_start),
          cells as (
            select c.id as client_id, d.id as document_id, w.week_start,
                   abs(hashtext(c.id::text || w.week_start::text)) % 20 as k
              from clients c join required_documents d on d.client_id = c.id cross join weeks w
             where c.company_id = $1)
     insert into uploads (company_id, client_id, required_document_id, uploaded_by_name, week_start, status, approval_status,
                          attempt, reviewed_by_name, reviewed_at, created_at, updated_at)
     select $1, client_id, document_id, 'Seeded Staff', week_start,
            case when k = 2 then 'FAILED' when k = 3 then 'QUEUED' else 'SCRUBBED' end,
            case when k between 4 and 6 then 'REJECTED' when k between 7 and 12 then 'APPROVED' else 'PENDING' end,
            1,
            case when k between 4 and 12 then 'Seeded Admin' end,
            case when k between 4 and 12 then week_start + interval '3 days' end,
            week_start + interval '1 day' + k * interval '1 minute',
            week_start + interval '1 day' + k * interval '1 minute'
       from cells where k >= 2
     union all
     select $1, client_id, document_id, 'Seeded Staff', week_start, 'SCRUBBED', 'PENDING', 2, null, null,
            week_start + interval '4 days', week_start + interval '4 days'
       from cells where k = 4`,
    [companyId, arrayLiteral(weekStarts)],
  );
  await database.executeSql(
    `insert into upload_files (upload_id, kind, filename, storage_key, size_bytes, checksum, created_at)
     select u.id, kinds.kind, 'payroll-' || kinds.kind || '.xlsx', 'uploads/' || u.id || '/' || kinds.kind || '.xlsx', 51200, md5(u.id::text || kinds.kind), u.created_at
       from uploads u cross join (values ('raw'), ('consolidated'), ('scrubbed')) as kinds(kind)
      where u.company_id = $1 and (kinds.kind = 'raw' or u.status = 'SCRUBBED')`,
    [companyId],
  );
  const [counted] = (await database.executeSql('select count(*)::int as n from uploads where company_id = $1', [companyId])).rows as { n: number }[];
  return { companyId, adminEmail, staffEmails: staff.map((member) => member.email), weekStarts, uploads: counted.n };
}
