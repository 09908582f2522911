import { type SQL, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Executor } from '../db/client';

/**
 * The queue's statements run by a Drizzle transaction, for pg-boss's `db` option: a job sent through
 * it is inserted by that transaction, so it commits or rolls back with the rows written beside it.
 * On the embedded database this is the only way to reach the queue while the transaction is open
 * (the one connection belongs to it until it ends); on PostgreSQL it keeps the job on the
 * transaction's connection rather than the pool's.
 *
 * pg-boss writes positional parameters ($1, $2, ...); each occurrence becomes a bound parameter of
 * the statement Drizzle sends (the sending statements hold no dollar-quoted text).
 */
export function queueDbOf(tx: Executor): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const result = (await tx.execute(positional(text, values))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

function positional(text: string, values: unknown[]): SQL {
  const query = sql.empty();
  text.split(/\$(\d+)/).forEach((piece, index) => {
    if (index % 2 === 0) query.append(sql.raw(piece));
    else query.append(sql`${sql.param(values[Number(piece) - 1] ?? null)}`);
  });
  return query;
}
