import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '@/server/db/client';
import { OPEN_JOBS_INDEX_DEFINITION, prepareQueue, queueDefinitions } from '@/server/jobs/queue';

const migrationsDir = path.resolve(__dirname, '../../src/server/db/migrations');

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsDir).sort()) {
    if (file.endsWith('.sql')) hash.update(readFileSync(path.join(migrationsDir, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

/** The embedded template also holds the job queue's schema, queues and index of open jobs: a new pg-boss, queue or index makes a new one. */
function embeddedTemplateHash(): string {
  const pgBossVersion = (JSON.parse(readFileSync(require.resolve('pg-boss/package.json'), 'utf8')) as { version: string }).version;
  const hash = createHash('sha256').update(migrationsHash()).update(pgBossVersion).update(JSON.stringify(queueDefinitions())).update(OPEN_JOBS_INDEX_DEFINITION);
  return hash.digest('hex').slice(0, 12);
}

/**
 * A fresh, migrated database for one test file. Embedded by default (a copy of a migrated
 * template, about a second); with TEST_DATABASE_URL a new PostgreSQL database cloned from a
 * migrated template database.
 */
export async function freshDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? freshPostgres(url) : freshPglite();
}

/**
 * The template is prepared as a process prepares its database (prepareDatabase): the migrations, then
 * the job queue's schema and queues with the default job expiry. Creating pg-boss's schema and queue
 * tables costs the embedded database more than copying them; a suite that starts the queue
 * (startQueue) then finds them in place and only reads the schema's version.
 */
async function freshPglite(): Promise<DatabaseHandle> {
  const templateFile = path.join(os.tmpdir(), `payroll-test-template-${embeddedTemplateHash()}.tar`);
  if (!existsSync(templateFile)) {
    const builder = await openDatabase({});
    await builder.migrate({ then: (executeSql) => prepareQueue(executeSql) });
    const dump = await builder.dump!();
    await builder.close();
    const partial = `${templateFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, templateFile);
  }
  return openDatabase({ loadDataDir: tarOf(await readFile(templateFile)) });
}

/**
 * The template's tar as PGlite reads it (it asks only for `type` and `arrayBuffer()`), over the bytes
 * just read. A Blob made of them would be read back through Node's chunked Blob reader: about half a
 * second of the template's 42 MB for every test file.
 */
function tarOf(data: Buffer): Blob {
  // a file this size is read into a buffer of its own: no copy needed
  const whole = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
  const bytes = whole ? data.buffer : data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
  return { type: 'application/x-tar', arrayBuffer: () => Promise.resolve(bytes) } as Blob;
}

async function freshPostgres(url: string): Promise<DatabaseHandle> {
  const template = `payroll_test_template_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const name = `payroll_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  try {
    await admin.query('select pg_advisory_lock(727274002)');
    const exists = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (exists.rowCount === 0) {
      await admin.query(`create database "${template}"`);
      const builder = await openDatabase({ databaseUrl: withDatabase(url, template), poolSize: 1 });
      await builder.migrate();
      await builder.close();
    }
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.query('select pg_advisory_unlock(727274002)').catch(() => undefined);
    await admin.end();
  }
  const handle = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 4 });
  const close = handle.close.bind(handle);
  return {
    ...handle,
    async close() {
      await close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}"`).catch(() => undefined);
      await dropper.end();
    },
  };
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
