import { PGlite } from '@electric-sql/pglite';
import { KEPT_STATEMENTS, NamedStatements } from '@/server/db/namedStatements';

/**
 * The embedded database's kept statements answer exactly as PGlite's own query does, fail as it
 * does without leaving the database stuck, and stay within their number.
 */
describe('statements kept by the embedded database', () => {
  let db: PGlite;
  let statements: NamedStatements;

  const kept = <T,>(text: string, params: unknown[]) => statements.query<T>(text, params);

  beforeAll(async () => {
    db = await PGlite.create();
    statements = new NamedStatements(db);
    await db.exec(`
      create table people (id uuid primary key, name text not null unique, hours numeric(8,2), born date, seen timestamptz, notes jsonb, photo bytea);
      insert into people values
        ('11111111-1111-4111-8111-111111111111', 'Ana Lopez', 40.5, '1990-02-03', '2026-11-16T09:30:00Z', '{"team":"north"}', '\\x0102ff'),
        ('22222222-2222-4222-8222-222222222222', 'Ben Ortiz', null, null, null, null, null);
    `);
  });

  afterAll(async () => {
    await db.close();
  });

  it('answers as PGlite does, for every type the values and rows carry, run after run', async () => {
    const text = 'select id, name, hours, born, seen, notes, photo, $2::int + 1 as next from people where name like $1 or id = $3 order by name';
    const params = ['%a%', 41, '22222222-2222-4222-8222-222222222222'];
    const own = await db.query(text, params);
    const first = await kept(text, params);
    const second = await kept(text, params);
    expect(first.rows).toEqual(own.rows);
    expect(second.rows).toEqual(own.rows);
    expect(first.fields).toEqual(own.fields);
    expect(first.rows).toHaveLength(2);
    expect(statements.size).toBe(1);
  });

  it('writes and says how many rows it changed', async () => {
    const result = await kept("update people set hours = $1 where name = $2 returning name", [38, 'Ben Ortiz']);
    expect(result.rows).toEqual([{ name: 'Ben Ortiz' }]);
    expect(result.affectedRows).toBe(1);
    expect((await db.query<{ hours: string }>("select hours from people where name = 'Ben Ortiz'")).rows).toEqual([{ hours: '38.00' }]);
  });

  it("fails with the database's own error, and the database and the statement go on working", async () => {
    const insert = 'insert into people (id, name) values ($1, $2)';
    await expect(kept(insert, ['33333333-3333-4333-8333-333333333333', 'Ana Lopez'])).rejects.toMatchObject({ code: '23505' });
    await expect(kept(insert, ['not-a-uuid', 'Cara Diaz'])).rejects.toMatchObject({ code: '22P02' });
    await kept(insert, ['33333333-3333-4333-8333-333333333333', 'Cara Diaz']);
    expect((await kept<{ count: number }>('select count(*)::int as count from people where name <> $1', [''])).rows).toEqual([{ count: 3 }]);
  });

  it('keeps no statement the database could not parse', async () => {
    const before = statements.size;
    await expect(kept('select nme from people where id = $1', ['11111111-1111-4111-8111-111111111111'])).rejects.toMatchObject({ code: '42703' });
    expect(statements.size).toBe(before);
    expect((await db.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('keeps the most recently used statements only, and parses a forgotten one again', async () => {
    const textOf = (n: number) => `select $1::int + ${n} as sum`;
    for (let n = 0; n < KEPT_STATEMENTS + 5; n++) expect((await kept(textOf(n), [1])).rows).toEqual([{ sum: n + 1 }]);
    expect(statements.size).toBe(KEPT_STATEMENTS);
    const { rows } = await db.query<{ count: number }>('select count(*)::int as count from pg_prepared_statements');
    expect(rows).toEqual([{ count: KEPT_STATEMENTS }]);
    expect((await kept(textOf(0), [1])).rows).toEqual([{ sum: 1 }]);
  });
});
