import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import PgBoss from 'pg-boss';
import { type DatabaseHandle, openDatabase } from '@/server/db/client';
import { PROCESSING_QUEUE, QUEUE_SCHEMA, REVIEW_PACK_QUEUE } from '@/server/jobs/queue';
import { type TemporaryPostgresDatabase, temporaryPostgresDatabase } from '../../scripts/temporaryPostgresDatabase';

const root = path.resolve(__dirname, '../..');
const run = promisify(execFile);

jest.setTimeout(90_000);

/**
 * `npm run db:migrate` as a release step: it prepares everything a starting process would (the
 * migrations, the job queue's schema and its queues), so the processes started after it have no schema
 * work left. On PostgreSQL where TEST_DATABASE_URL names a server, else on the embedded database.
 */
describe('npm run db:migrate', () => {
  let dataDir: string;
  let postgres: TemporaryPostgresDatabase | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'payroll-db-migrate-'));
    if (process.env.TEST_DATABASE_URL) postgres = await temporaryPostgresDatabase('payroll_db_migrate');
  });

  afterAll(async () => {
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function dbMigrate(): Promise<{ stdout: string; stderr: string }> {
    return run(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/db-migrate.ts'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: postgres?.url ?? '', LOG_LEVEL: 'warn' },
    });
  }

  async function withDatabase<T>(work: (database: DatabaseHandle) => Promise<T>): Promise<T> {
    const database = await openDatabase(postgres ? { databaseUrl: postgres.url, poolSize: 2 } : { dataDir: path.join(dataDir, 'db') });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }

  it("creates the job queue's schema and queues beside the migrations, leaving a process nothing to create", async () => {
    const { stdout } = await dbMigrate();
    expect(stdout).toMatch(/Migrations and the job queue's schema applied/);

    await withDatabase(async (database) => {
      const { rows } = await database.executeSql(`select name from ${QUEUE_SCHEMA}.queue`);
      expect((rows as { name: string }[]).map((row) => row.name).sort()).toEqual([PROCESSING_QUEUE, REVIEW_PACK_QUEUE].sort());
      // pg-boss started as it is told not to create or migrate anything finds its schema complete.
      const boss = new PgBoss({ db: { executeSql: database.executeSql }, schema: QUEUE_SCHEMA, migrate: false, supervise: false, schedule: false });
      boss.on('error', () => undefined);
      await expect(boss.start()).resolves.toBe(boss);
      await boss.stop({ graceful: false });
    });
  });

  it('finds nothing to do when run again', async () => {
    const { stdout } = await dbMigrate();
    expect(stdout).toMatch(/applied/);
    await withDatabase(async (database) => {
      const { rows } = await database.executeSql(`select count(*)::int as queues from ${QUEUE_SCHEMA}.queue`);
      expect(rows).toEqual([{ queues: 2 }]);
    });
  });
});
