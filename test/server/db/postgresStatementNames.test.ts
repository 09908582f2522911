import { eq } from 'drizzle-orm';
import { type DatabaseHandle, openDatabase } from '@/server/db/client';
import { companies } from '@/server/db/schema';
import { type TemporaryPostgresDatabase, temporaryPostgresDatabase } from '../../../scripts/temporaryPostgresDatabase';

/**
 * On PostgreSQL, the pool's queries with parameters that recur run as named statements
 * (db/namedStatements.ts): each connection prepares them once, they answer as unnamed ones do, a
 * failing one leaves the connection working, and transactions are unchanged. PostgreSQL only
 * (jest.config.cjs leaves the file out of the embedded pass).
 */
describe('named statements on PostgreSQL', () => {
  let temporary: TemporaryPostgresDatabase;
  let database: DatabaseHandle;

  const prepared = async () =>
    (await database.executeSql("select name, statement from pg_prepared_statements where name like 'kept\\_%' order by name")).rows as Array<{ name: string; statement: string }>;

  beforeAll(async () => {
    temporary = await temporaryPostgresDatabase('payroll_statement_names');
    // one connection, so what it has prepared is what pg_prepared_statements shows
    database = await openDatabase({ databaseUrl: temporary.url, poolSize: 1 });
    await database.migrate();
  });

  afterAll(async () => {
    await database?.close();
    await temporary?.drop();
  });

  it('prepares a recurring text once on the connection and answers as before, run after run', async () => {
    const text = 'select $1::int + 1 as next, $2::text as name';
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await database.executeSql(text, [i, `run ${i}`])).rows);
    expect(answers).toEqual([0, 1, 2, 3].map((i) => [{ next: i + 1, name: `run ${i}` }]));
    expect((await prepared()).filter((statement) => statement.statement === text)).toHaveLength(1);
  });

  it('leaves text without parameters unnamed', async () => {
    for (let i = 0; i < 3; i++) await database.executeSql('select 41 + 1 as answer');
    expect((await prepared()).some((statement) => statement.statement.includes('41 + 1'))).toBe(false);
  });

  it("names Drizzle's queries, inside transactions too, and a rolled-back transaction keeps the statement working", async () => {
    const [company] = await database.db.insert(companies).values({ name: 'Named Ltd' }).returning({ id: companies.id });
    const read = () => database.db.select({ name: companies.name }).from(companies).where(eq(companies.id, company.id));
    expect(await read()).toEqual([{ name: 'Named Ltd' }]);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.update(companies).set({ name: 'Renamed Ltd' }).where(eq(companies.id, company.id));
        expect(await tx.select({ name: companies.name }).from(companies).where(eq(companies.id, company.id))).toEqual([{ name: 'Renamed Ltd' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await read()).toEqual([{ name: 'Named Ltd' }]);
    expect((await prepared()).some((statement) => statement.statement.includes('from "companies"'))).toBe(true);
  });

  it("fails with the database's own error, and the connection and the statement go on working", async () => {
    const text = 'select $1::int / $2::int as share';
    expect((await database.executeSql(text, [6, 3])).rows).toEqual([{ share: 2 }]);
    expect((await database.executeSql(text, [6, 2])).rows).toEqual([{ share: 3 }]);
    await expect(database.executeSql(text, [1, 0])).rejects.toMatchObject({ code: '22012' });
    expect((await database.executeSql(text, [8, 4])).rows).toEqual([{ share: 2 }]);
  });

  it('keeps no statement the database could not parse', async () => {
    const text = 'select nme from companies where id = $1';
    for (let i = 0; i < 3; i++) await expect(database.executeSql(text, ['00000000-0000-4000-8000-000000000000'])).rejects.toMatchObject({ code: '42703' });
    expect((await prepared()).some((statement) => statement.statement === text)).toBe(false);
    expect((await database.executeSql('select $1::int as one', [1])).rows).toEqual([{ one: 1 }]);
  });
});
