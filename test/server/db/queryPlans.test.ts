import type pg from 'pg';
import { hashPassword } from '@/server/auth/password';
import { seedWeeklyUploads, type SeededCompany } from '../../../scripts/bench/weeklyUploadsSeed';
import { type Agent, buildTestApp, type TestApp } from '../../helpers/buildTestApp';

/**
 * Every query the heaviest weekly reads run reaches its rows through an index. The requests go
 * through the whole app (session check included) on a bureau-sized company, 500 clients with 20
 * weeks of uploads, beside a second company; each SQL statement the database receives is then
 * EXPLAINed with its own parameters.
 *
 * The rule: uploads, upload_files, clients and required_documents, the tables that grow with every
 * bureau and every week, are never read whole: no Seq Scan, and no Index Scan without an index
 * condition (a whole index is the whole table). Small tables that do not grow with the weeks
 * (companies, users, sessions) are left to the planner.
 *
 * The plans are taken with sequential scans, hash joins and merge joins off. With them on, the
 * planner rightly reads a table whole, or hashes it, when one company holds most of its rows (as
 * here, and in a single-bureau installation), which says nothing about whether an index could
 * serve the read once the table holds many bureaus. With them off, each table is reached by its
 * own filter or by the key of the row it joins, and a whole-table read remains only where no index
 * can serve that access.
 *
 * PostgreSQL only (EXPLAIN of the server the deployments run): the embedded pass leaves the file
 * out (jest.config.cjs).
 */
const GROWING_TABLES = new Set(['uploads', 'upload_files', 'clients', 'required_documents']);
/** Planner settings under which only a missing index leaves a table read whole (see above). */
const INDEX_ONLY_PLANNING = ['enable_seqscan', 'enable_hashjoin', 'enable_mergejoin'];

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

interface CapturedQuery {
  text: string;
  values: unknown[];
}

interface Scan {
  relation: string;
  /** Seq Scan, or an Index Scan or Index Only Scan with no index condition. */
  wholeTable: boolean;
}

interface StatementPlan {
  text: string;
  scans: Scan[];
}

function scansOf(node: PlanNode): Scan[] {
  const type = node['Node Type'];
  const wholeTable = type === 'Seq Scan' || ((type === 'Index Scan' || type === 'Index Only Scan') && !node['Index Cond']);
  const own = node['Relation Name'] ? [{ relation: node['Relation Name'], wholeTable }] : [];
  return [...own, ...(node.Plans ?? []).flatMap(scansOf)];
}

jest.setTimeout(120_000);

describe('the weekly reads on a bureau-sized company', () => {
  let testApp: TestApp;
  let bureau: SeededCompany;
  let admin: Agent;
  let staff: Agent;
  let pool: pg.Pool;
  const captured: CapturedQuery[] = [];

  beforeAll(async () => {
    testApp = await buildTestApp();
    const passwordHash = await hashPassword('secret-pass');
    bureau = await seedWeeklyUploads(testApp.database, { companyName: 'Bureau', emailPrefix: 'bureau', passwordHash, clients: 500, staff: 10, weeks: 20 });
    await seedWeeklyUploads(testApp.database, { companyName: 'Neighbour', emailPrefix: 'neighbour', passwordHash, clients: 200, staff: 4, weeks: 20 });
    await testApp.database.executeSql('analyze');
    admin = await testApp.signIn('ADMIN', bureau.adminEmail, 'secret-pass');
    staff = await testApp.signIn('STAFF', bureau.staffEmails[0], 'secret-pass');

    pool = (testApp.database.db as unknown as { $client: pg.Pool }).$client;
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    pool.query = ((...args: unknown[]) => {
      const [first, second] = args;
      if (typeof first === 'string') captured.push({ text: first, values: (second as unknown[] | undefined) ?? [] });
      else {
        const config = first as { text: string; values?: unknown[] };
        captured.push({ text: config.text, values: (second as unknown[] | undefined) ?? config.values ?? [] });
      }
      return query(...args);
    }) as typeof pool.query;
  });

  afterAll(async () => {
    await testApp?.close();
  });

  async function plansOf(requests: [Agent, string][]): Promise<StatementPlan[]> {
    captured.length = 0;
    for (const [agent, url] of requests) {
      const response = await agent.get(url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
    }
    const statements = [...new Map(captured.map((query) => [query.text, query])).values()];
    const client = await pool.connect();
    try {
      for (const setting of INDEX_ONLY_PLANNING) await client.query(`set ${setting} = off`);
      const plans: StatementPlan[] = [];
      for (const statement of statements) {
        const result = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${statement.text}`, statement.values);
        plans.push({ text: statement.text, scans: scansOf(result.rows[0]['QUERY PLAN'][0].Plan) });
      }
      return plans;
    } finally {
      await client.query('reset all');
      client.release();
    }
  }

  function expectIndexedReads(plans: StatementPlan[]) {
    const tablesRead = new Set(plans.flatMap((plan) => plan.scans.map((scan) => scan.relation)));
    expect([...GROWING_TABLES].filter((table) => tablesRead.has(table)).sort()).toEqual(['clients', 'required_documents', 'upload_files', 'uploads']);
    const wholeTableReads = plans.flatMap((plan) =>
      plan.scans.filter((scan) => scan.wholeTable && GROWING_TABLES.has(scan.relation)).map((scan) => ({ table: scan.relation, query: plan.text })),
    );
    expect(wholeTableReads).toEqual([]);
  }

  it('staff reads of the week use an index for every table that grows', async () => {
    const week = bureau.weekStarts[1];
    expectIndexedReads(
      await plansOf([
        [staff, `/api/staff/weekly-documents?weekStart=${week}`],
        [staff, `/api/staff/weekly-documents?weekStart=${week}&filter=pending&page=2`],
        [staff, `/api/staff/weekly-documents-summary?weekStart=${week}`],
        [staff, `/api/staff/weekly-stats?weekStart=${week}`],
      ]),
    );
  });

  it('admin reads of the week use an index for every table that grows', async () => {
    const week = bureau.weekStarts[1];
    expectIndexedReads(
      await plansOf([
        [admin, `/api/company/weekly-documents?weekStart=${week}`],
        [admin, `/api/company/weekly-documents?weekStart=${week}&filter=remaining&page=3`],
        [admin, `/api/company/weekly-stats?weekStart=${week}`],
      ]),
    );
  });
});
