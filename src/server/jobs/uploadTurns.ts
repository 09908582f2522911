/**
 * Fair turns between companies on the `process-upload` queue, so that one company's pile of uploads
 * never holds another company's upload back by more than the jobs already running; and the same on
 * the `build-review-pack` queue, so one company's pile of review packs never holds back the pack
 * another company's admin waits to review (each queue keeps turns of its own).
 *
 * pg-boss hands out the waiting job with the highest priority first, and the oldest first among
 * equal priorities (its fetch orders by `priority desc, created_on`). So the order is decided when a
 * job is queued, by the priority it is given, and everything else stays pg-boss's own: the job is
 * still written in the upload's transaction, workers in any number of processes still take jobs
 * with `work()` (skipping each other's locked rows), and retries, expiry, stopping and waking work
 * as before. The priority is minus the job's turn, in the manner of start-time fair queuing with
 * one unit of work per job:
 *
 * - the queue's clock is the highest turn among the jobs running now; with none running, the lowest
 *   among the jobs waiting; with none of either, 0 (turns start again when the queue is idle);
 * - a new job's turn is the clock, or one past the highest turn of its company's jobs still waiting
 *   or running, whichever is later.
 *
 * A company with nothing queued therefore gets the clock's turn: its job is taken as soon as a
 * worker is free, ahead of every job that waits behind its own company's running one. Companies
 * with jobs waiting take one turn each in rotation, and within a company the jobs keep the order
 * they were uploaded in. A job handed back (its worker stopped, its expiry passed) keeps its turn,
 * which is early, so it is taken again first. Turns are a preference of order only: two uploads
 * queued at the same moment may get the same turn (the older is taken first), and a job whose
 * upload was deleted is left out of the reckoning.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { uploads } from '../db/schema';
import { PROCESSING_QUEUE, QUEUE_SCHEMA, type REVIEW_PACK_QUEUE } from './queue';

/** The queues whose jobs take fair turns: each job's data names its upload (`uploadId`). */
export type TurnQueue = typeof PROCESSING_QUEUE | typeof REVIEW_PACK_QUEUE;

/**
 * A queue's jobs that wait for a worker or run now (created, retry or active: the states before
 * `completed` in pg-boss's order), each with its upload's company and its turn. Read through the
 * index of open jobs (queue.ts), whose condition this one repeats: the completed jobs pg-boss keeps
 * for the day are never read.
 */
function openJobsOf(queue: TurnQueue): SQL {
  return sql`
  select ${uploads.companyId} as company_id, -job.priority as turn, job.state::text as state
  from ${sql.identifier(QUEUE_SCHEMA)}.job as job
  join ${uploads} on ${uploads.id} = (job.data ->> 'uploadId')::uuid
  where job.name = ${queue} and job.state < 'completed'`;
}

type Rows<Row> = { rows: Row[] };

/**
 * The turn of the next job of a company (`companyId`: its id, or an expression giving it), as an
 * expression of a larger statement: the statement that writes an upload reads its job's turn with it.
 * pg-boss's priority is minus the turn.
 */
export function nextUploadTurnSql(companyId: string | SQL, queue: TurnQueue = PROCESSING_QUEUE): SQL {
  return sql`(
    with open as (${openJobsOf(queue)})
    select greatest(
      coalesce((select max(turn) from open where state = 'active'), (select min(turn) from open), 0),
      (select max(turn) + 1 from open where company_id = ${companyId})
    )::int)`;
}

/**
 * The turn of the job about to be queued on `queue` for this upload (in the transaction that writes
 * the upload, or that makes it SCRUBBED for its review pack), whose row is already there.
 */
export async function nextUploadTurn(db: Executor, uploadId: string, queue: TurnQueue = PROCESSING_QUEUE): Promise<number> {
  const company = sql`(select ${uploads.companyId} from ${uploads} where ${uploads.id} = ${uploadId})`;
  const result = (await db.execute(sql`select ${nextUploadTurnSql(company, queue)} as turn`)) as unknown as Rows<{ turn: number }>;
  return Number(result.rows[0].turn);
}

/** The count of the company's uploads that wait for a worker or are being processed now (their jobs, that is), as an expression of a larger statement. */
export function openUploadJobsCount(companyId: string): SQL {
  return sql`(select count(*)::int from (${openJobsOf(PROCESSING_QUEUE)}) as open where company_id = ${companyId})`;
}
