import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BuiltServer } from '../../scripts/bench/builtServer';
import { DEMO } from '../../scripts/bench/builtServer';
import { writeModelXlsx } from '../../scripts/bench/payrollFiles';
import { payrollModel } from '../../scripts/bench/payrollModel';
import { signIn } from '../../scripts/bench/signIn';
import { FaultProduct, streamUpload, uploadForm } from './faultHarness';

/**
 * One company floods the queue: its staff member queues eight 5 MB workbooks, then another
 * company's staff member uploads a 50 KB one. The product as deployed scaled out (an API process and
 * a worker process taking one upload at a time, on PostgreSQL) takes the companies' uploads in
 * turn, so the small upload waits for the large one being processed when it arrived, not for the
 * pile. How long that is in seconds depends on the machine: `npm run bench:abuse` prints it; this
 * test holds the order that bounds it.
 */
const BURST = 8;
/** The worker process takes one upload at a time (PROCESSING_CONCURRENCY on two cores). */
const WORKER_SLOTS = 1;
const OTHER_STAFF = 'staff@bluebird.demo';

/** The dense workbooks of the benchmarks: 12 sheets of real-looking payroll, 2,250 rows a sheet (5 MB) or 18 (50 KB). */
async function denseWorkbook(rowsPerSheet: number): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'payroll-fair-'));
  try {
    const file = path.join(dir, 'payroll.xlsx');
    await writeModelXlsx(payrollModel({ sheets: 12, rowsPerSheet, seed: 2025, dense: true }), file, true);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('fair processing across companies', () => {
  let product: FaultProduct;
  let api: BuiltServer;

  beforeAll(async () => {
    product = await FaultProduct.create('payroll_faults_fairness');
    api = await product.start('api');
    await product.start('worker');
  });
  afterAll(() => product?.stop());

  /** New clients of the company of the demo staff member with this email, assigned to them. */
  async function clientsOf(staffEmail: string, count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 1; i <= count; i++) {
      const { rows } = await product.database.query<{ id: string }>(
        `insert into clients (company_id, name, assigned_staff_id)
           select company_id, $2, id from users where email = $1 returning id`,
        [staffEmail, `Fairness client ${i}`],
      );
      await product.database.query(`insert into required_documents (client_id, title) values ($1, 'Weekly Payroll')`, [rows[0].id]);
      ids.push(rows[0].id);
    }
    return ids;
  }

  async function upload(cookie: string, clientId: string, file: Buffer): Promise<string> {
    const outcome = await streamUpload(api.baseUrl, cookie, uploadForm(clientId, file), { pieces: 1, delayMs: 0 });
    if (!('status' in outcome) || outcome.status !== 202) throw new Error(`the upload was not queued: ${JSON.stringify(outcome)}`);
    return outcome.body.data!.processingId;
  }

  it("another company's 50 KB upload waits for at most the upload being processed, not for the eight 5 MB uploads queued ahead of it", async () => {
    const [large, small] = await Promise.all([denseWorkbook(2250), denseWorkbook(18)]);
    const floodCookie = await product.signInStaff(api.baseUrl);
    const otherCookie = await signIn(api.baseUrl, 'staff', OTHER_STAFF, DEMO.password);
    const floodClients = await clientsOf(DEMO.staff, BURST);
    const [otherClient, warmUpClient] = await clientsOf(OTHER_STAFF, 2);

    // the worker's first upload starts its pipeline: not part of what is measured
    expect(await product.statusReached(await upload(otherCookie, warmUpClient, small), ['SCRUBBED', 'FAILED'], 60_000)).toBe('SCRUBBED');

    const flood: string[] = [];
    for (const clientId of floodClients) flood.push(await upload(floodCookie, clientId, large));
    const smallId = await upload(otherCookie, otherClient, small);
    expect(await product.statusReached(smallId, ['SCRUBBED', 'FAILED'], 120_000)).toBe('SCRUBBED');

    // once it was queued, none of the pile was taken before it (the queue's own clock says when each job was)
    const { rows } = await product.database.query<{ overtaken: number }>(
      `select count(*)::int as overtaken from pgboss.job pile, pgboss.job small
        where small.id::text = (select job_id from uploads where id = $1)
          and pile.id::text in (select job_id from uploads where id = any($2))
          and pile.started_on > small.created_on and pile.started_on < small.started_on`,
      [smallId, flood],
    );
    expect(rows[0].overtaken).toBe(0);
    // and it waited only for what was already running when it was queued: at most one job per slot
    const waitedFor = await product.database.query<{ jobs: number }>(
      `select count(*)::int as jobs from pgboss.job pile, pgboss.job small
        where small.id::text = (select job_id from uploads where id = $1)
          and pile.id::text in (select job_id from uploads where id = any($2))
          and pile.started_on < small.started_on and pile.completed_on > small.created_on`,
      [smallId, flood],
    );
    expect(waitedFor.rows[0].jobs).toBeLessThanOrEqual(WORKER_SLOTS);
  });
});
