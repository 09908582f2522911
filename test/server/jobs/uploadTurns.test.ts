import { inArray, sql } from 'drizzle-orm';
import { uploads } from '@/server/db/schema';
import { OPEN_JOBS_INDEX, PROCESSING_QUEUE, QUEUE_SCHEMA, REVIEW_PACK_QUEUE } from '@/server/jobs/queue';
import { queueReviewPackJob } from '@/server/jobs/uploadViewerPack';
import { nextUploadTurn, openUploadJobsCount } from '@/server/jobs/uploadTurns';
import { buildTestApp, type TestApp } from '../../helpers/buildTestApp';
import { addClient, payrollWorkbook, staffedClient, uploadDocument } from './uploadHarness';

/** The count of the company's open upload jobs, as the upload's limits read it (in their one statement). */
async function openUploadJobs(db: TestApp['database']['db'], companyId: string): Promise<number> {
  const result = (await db.execute(sql`select ${openUploadJobsCount(companyId)} as jobs`)) as unknown as { rows: Array<{ jobs: number }> };
  return result.rows[0].jobs;
}

/**
 * The order the queue hands uploads out in, with no worker running: the test takes each job itself,
 * as a worker slot would, and reads which upload it was for.
 */
describe('fair turns between companies on the processing queue', () => {
  let t: TestApp;
  let content: Buffer;

  beforeAll(async () => {
    content = await payrollWorkbook();
  });
  beforeEach(async () => {
    t = await buildTestApp({}, { queue: true });
  });
  afterEach(() => t.close());

  /** A company whose staff member has `clients` clients: one upload each per week. */
  async function company(clients: number) {
    const first = await staffedClient(t);
    const clientIds = [first.clientId];
    for (let i = 1; i < clients; i++) clientIds.push(await addClient(t.database.db, first.companyId, first.staffId, `Client ${i}`));
    let next = 0;
    return {
      companyId: first.companyId,
      /** Uploads the next client's document; answers the upload's id. */
      async upload(): Promise<string> {
        const response = await uploadDocument(first.agent, { clientId: clientIds[next++] }, { filename: 'week.xlsx', content });
        expect(response.statusCode).toBe(202);
        return response.json().data.processingId as string;
      },
    };
  }

  /** Takes the next job of the queue as a worker slot does (highest priority, then oldest) and answers its upload's id. */
  async function take(queue = PROCESSING_QUEUE): Promise<string | undefined> {
    const [job] = await t.queue!.fetch<{ uploadId: string }>(queue);
    return job?.data.uploadId;
  }

  async function takeAll(queue = PROCESSING_QUEUE): Promise<string[]> {
    const taken: string[] = [];
    for (let id = await take(queue); id; id = await take(queue)) taken.push(id);
    return taken;
  }

  it("puts another company's first upload right after the upload ahead of it, not behind the whole pile", async () => {
    const a = await company(3);
    const b = await company(1);
    const a1 = await a.upload();
    const a2 = await a.upload();
    const a3 = await a.upload();
    const b1 = await b.upload();

    expect(await takeAll()).toEqual([a1, b1, a2, a3]);
  });

  it('takes the companies waiting in rotation, each in its own upload order, once a pile is being processed', async () => {
    const a = await company(4);
    const b = await company(2);
    const c = await company(1);
    const a1 = await a.upload();
    const a2 = await a.upload();
    const a3 = await a.upload();
    expect(await take()).toBe(a1);
    // a1 runs now; B and C upload while A's pile waits
    const b1 = await b.upload();
    const c1 = await c.upload();
    const b2 = await b.upload();
    const a4 = await a.upload();

    expect(await takeAll()).toEqual([b1, c1, a2, b2, a3, a4]);
  });

  it('starts the turns again once the queue is idle, and counts each company\'s uploads waiting or running', async () => {
    const a = await company(3);
    const b = await company(1);
    const a1 = await a.upload();
    const a2 = await a.upload();
    expect(await openUploadJobs(t.database.db, a.companyId)).toBe(2);
    expect(await take()).toBe(a1);
    expect(await openUploadJobs(t.database.db, a.companyId)).toBe(2);
    expect(await take()).toBe(a2);
    await t.queue!.complete(PROCESSING_QUEUE, [await jobOf(a1), await jobOf(a2)]);
    expect(await openUploadJobs(t.database.db, a.companyId)).toBe(0);

    const b1 = await b.upload();
    const a3 = await a.upload();
    expect(await openUploadJobs(t.database.db, b.companyId)).toBe(1);
    const jobs = await Promise.all([b1, a3].map(async (id) => t.queue!.getJobById(PROCESSING_QUEUE, await jobOf(id))));
    expect(jobs.map((job) => job?.priority)).toEqual([0, 0]);
    expect(await takeAll()).toEqual([b1, a3]);
  });

  it('reads only the jobs that wait or run, through their index, however many completed jobs the queue keeps for the day', async () => {
    const a = await company(2);
    const a1 = await a.upload();
    const a2 = await a.upload();
    expect(await take()).toBe(a1);
    // a day of other uploads done: pg-boss keeps completed jobs (and failed and cancelled ones) in the same table until it archives them
    await t.database.db.execute(sql`
      insert into ${sql.identifier(QUEUE_SCHEMA)}.job (id, name, data, state, priority)
      select gen_random_uuid(), ${PROCESSING_QUEUE}, jsonb_build_object('uploadId', ${a1}::text), (array['completed', 'failed', 'cancelled'])[1 + n % 3]::${sql.identifier(QUEUE_SCHEMA)}.job_state, -n
      from generate_series(1, 3000) as n`);
    await t.database.db.execute(sql`analyze ${sql.identifier(QUEUE_SCHEMA)}.job`);

    expect(await openUploadJobs(t.database.db, a.companyId)).toBe(2);
    expect(await nextUploadTurn(t.database.db, a2)).toBe(2);
    const plan = (await t.database.db.execute(sql`explain select ${openUploadJobsCount(a.companyId)}`)) as unknown as { rows: Array<{ 'QUERY PLAN': string }> };
    const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    const indexes = (await t.database.db.execute(sql`select indexname from pg_indexes where schemaname = ${QUEUE_SCHEMA} and indexname = ${OPEN_JOBS_INDEX}`)) as unknown as { rows: unknown[] };
    expect(indexes.rows).toHaveLength(1);
    expect(text).toMatch(/Index (Only )?Scan using \S+ on j[0-9a-f]+ job/);
    expect(text).not.toMatch(/Seq Scan on j[0-9a-f]+ job/);
  });

  async function jobOf(uploadId: string): Promise<string> {
    const [row] = await t.database.db.select({ jobId: uploads.jobId }).from(uploads).where(inArray(uploads.id, [uploadId]));
    return row.jobId as string;
  }

  describe('and on the review pack queue', () => {
    /** Queues the pack job of each upload as its job does, in the transaction that makes it SCRUBBED. */
    async function queuePacks(...uploadIds: string[]): Promise<void> {
      for (const uploadId of uploadIds) {
        const jobId = await jobOf(uploadId);
        await t.database.db.transaction((tx) => queueReviewPackJob(t.queue!, tx, { uploadId, jobId }));
      }
    }

    it("puts another company's first pack right after the pack ahead of it, and takes the companies waiting in rotation", async () => {
      const a = await company(5);
      const b = await company(2);
      const c = await company(1);
      const [a1, a2, a3] = [await a.upload(), await a.upload(), await a.upload()];
      const [b1, b2, c1, a4] = [await b.upload(), await b.upload(), await c.upload(), await a.upload()];
      // the upload queue's own turns are not the pack queue's: the uploads were all taken long ago
      await takeAll();

      await queuePacks(a1, a2, a3, b1);
      expect(await take(REVIEW_PACK_QUEUE)).toBe(a1);
      // a1's pack is being built; B, C and A have more packs coming
      await queuePacks(c1, b2, a4);
      expect(await takeAll(REVIEW_PACK_QUEUE)).toEqual([b1, c1, a2, b2, a3, a4]);
    });

    it("keeps its turns apart from the upload queue's: a company with a pile of uploads waiting gets the clock's turn for its first pack", async () => {
      const a = await company(3);
      const b = await company(1);
      const [a1, , a3] = [await a.upload(), await a.upload(), await a.upload()];
      const b1 = await b.upload();
      // A's uploads wait on their own queue with turns 0 to 2, B's with turn 0: the packs' turns start afresh
      await queuePacks(a3, b1, a1);
      expect(await takeAll(REVIEW_PACK_QUEUE)).toEqual([a3, b1, a1]);
    });
  });
});
