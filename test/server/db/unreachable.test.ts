import { DrizzleQueryError } from 'drizzle-orm';
import { isServiceUnreachable } from '@/server/db/unreachable';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('telling a database out of reach from a query it refused', () => {
  it('recognises a refused or lost connection, also wrapped by the query builder', () => {
    expect(isServiceUnreachable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isServiceUnreachable(new DrizzleQueryError('select 1', [], withCode('read ECONNRESET', 'ECONNRESET')))).toBe(true);
    expect(isServiceUnreachable(new DrizzleQueryError('select 1', [], new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isServiceUnreachable(new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]))).toBe(true);
  });

  it('recognises the server shutting down or out of connection slots', () => {
    expect(isServiceUnreachable(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isServiceUnreachable(withCode('sorry, too many clients already', '53300'))).toBe(true);
    expect(isServiceUnreachable(withCode('connection failure', '08006'))).toBe(true);
  });

  it('leaves a refused query and any other failure alone', () => {
    expect(isServiceUnreachable(new DrizzleQueryError('insert', [], withCode('duplicate key value', '23505')))).toBe(false);
    expect(isServiceUnreachable(withCode('syntax error', '42601'))).toBe(false);
    expect(isServiceUnreachable(new Error('something else'))).toBe(false);
    expect(isServiceUnreachable('a string')).toBe(false);
  });
});
