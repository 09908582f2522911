import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openDatabase } from '@/server/db/client';
import { users } from '@/server/db/schema';

const root = path.resolve(__dirname, '../..');
const run = promisify(execFile);

/** Runs `npm run user:create -- ...` as an operator would, against an embedded database in dataDir. */
async function userCreate(dataDir: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/user-create.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

describe('npm run user:create', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'payroll-user-create-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('creates a SYSTEM user who is stored with a hashed password', async () => {
    const result = await userCreate(dataDir, ['--role', 'system', '--email', 'Ops@Example.com', '--password', 'long-enough', '--name', 'Ops']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/Created SYSTEM user ops@example.com/);
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    try {
      const [stored] = await database.db.select().from(users);
      expect(stored).toMatchObject({ role: 'SYSTEM', email: 'ops@example.com', name: 'Ops', companyId: null });
      expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    } finally {
      await database.close();
    }
  });

  it('refuses an email that is taken, whatever its case', async () => {
    const result = await userCreate(dataDir, ['--role', 'SYSTEM', '--email', 'OPS@example.com', '--password', 'long-enough']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch('A user with this email already exists.');
  });

  it('explains what is wrong with the arguments', async () => {
    const result = await userCreate(dataDir, ['--role', 'ADMIN', '--email', 'not-an-email', '--password', 'abc']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch('--email must be a valid email address');
    expect(result.stderr).toMatch('Password must be at least 4 characters');
    expect(result.stderr).toMatch('--company is required for ADMIN and STAFF users');
    expect(result.stderr).toMatch('Usage: npm run user:create');
  });
});
