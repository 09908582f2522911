import { StatementNames } from '@/server/db/namedStatements';

/** Which texts of queries on PostgreSQL get a name: the ones that recur, within a limit. */
describe('names for the statements a server runs again', () => {
  it('names a text the second time it is seen, and gives it the same name from then on', () => {
    const names = new StatementNames();
    expect(names.nameOf('select $1::int')).toBeUndefined();
    const name = names.nameOf('select $1::int');
    expect(name).toMatch(/^kept_\d+$/);
    expect(names.nameOf('select $1::int')).toBe(name);
    expect(names.size).toBe(1);
  });

  it('gives different texts different names', () => {
    const names = new StatementNames();
    const texts = ['select $1::int', 'select $1::text', 'select $1::int '];
    for (const text of [...texts, ...texts]) names.nameOf(text);
    expect(new Set(texts.map((text) => names.nameOf(text))).size).toBe(3);
  });

  it('names no more texts than its limit; the rest run unnamed, and the named ones keep their names', () => {
    const names = new StatementNames(2);
    const first = ['a $1', 'b $1'].map((text) => (names.nameOf(text), names.nameOf(text)));
    expect(first.every((name) => name !== undefined)).toBe(true);
    names.nameOf('c $1');
    expect(names.nameOf('c $1')).toBeUndefined();
    expect(names.size).toBe(2);
    expect(['a $1', 'b $1'].map((text) => names.nameOf(text))).toEqual(first);
  });

  it('forgets the texts seen once when too many have been, and still names the ones that recur', () => {
    const names = new StatementNames();
    for (let i = 0; i < 5_000; i++) names.nameOf(`insert into t values ($1) -- ${i}`);
    expect(names.size).toBe(0);
    names.nameOf('select $1::int');
    expect(names.nameOf('select $1::int')).toBeDefined();
  });
});
