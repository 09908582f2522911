import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type PgBoss from 'pg-boss';
import { buildApp } from '@/server/app';
import { ownOrigin } from '@/server/auth/origin';
import { hashPassword } from '@/server/auth/password';
import { loadConfig } from '@/server/config';
import type { DatabaseHandle } from '@/server/db/client';
import { companies, type Role, users } from '@/server/db/schema';
import { startQueue } from '@/server/jobs/queue';
import { freshDatabase } from './testDatabase';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The job queue, when the app was built with `{ queue: true }` (it does not supervise: tests drive the jobs). */
  queue?: PgBoss;
  /** Creates a company and returns its id. */
  createCompany(name?: string): Promise<string>;
  /** Creates a user; the password is 'secret-pass' unless given. */
  createUser(role: Role, options?: { companyId?: string | null; email?: string; name?: string; password?: string }): Promise<{ id: string; email: string; password: string }>;
  /** A cookie-keeping client, optionally signed in at the user's own login endpoint. */
  agent(): Agent;
  signIn(role: Role, email: string, password: string): Promise<Agent>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * Seeded users share one hash per password: argon2 with the server's own settings costs tens of
 * milliseconds of CPU a hash, and the suites create hundreds of users. Each hash is a real one of
 * that password (sign-in verifies it as it would any other); the server's own hashing (new staff,
 * new admins, the user:create script) is untouched.
 */
const passwordHashes = new Map<string, Promise<string>>();

function seededHash(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hash.catch(() => passwordHashes.delete(password));
    passwordHashes.set(password, hash);
  }
  return hash;
}

export async function buildTestApp(env: Record<string, string> = {}, options: { queue?: boolean } = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'payroll-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SESSION_SECRET: 'x'.repeat(48), ...env });
  const database = await freshDatabase();
  const queue = options.queue ? await startQueue(database, { supervise: false, jobExpireSeconds: config.processing.jobExpireSeconds }) : undefined;
  const app = await buildApp({ config, database, queue, logger: false });
  await app.ready();

  const testApp: TestApp = {
    app,
    database,
    queue,
    async createCompany(name = `Company ${++counter}`) {
      const [row] = await database.db.insert(companies).values({ name }).returning({ id: companies.id });
      return row.id;
    },
    async createUser(role, options = {}) {
      counter += 1;
      const email = options.email ?? `${role.toLowerCase()}${counter}@example.com`;
      const password = options.password ?? 'secret-pass';
      const [row] = await database.db
        .insert(users)
        .values({
          role,
          companyId: options.companyId ?? null,
          name: options.name ?? `${role} User ${counter}`,
          email,
          passwordHash: await seededHash(password),
        })
        .returning({ id: users.id });
      return { id: row.id, email, password };
    },
    agent: () => new Agent(app),
    async signIn(role, email, password) {
      const agent = new Agent(app);
      const response = await agent.post(`/api/auth/${role.toLowerCase()}`, { email, password });
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
      return agent;
    },
    async close() {
      await app.close();
      await queue?.stop({ graceful: false, wait: true, timeout: 5_000 });
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/**
 * Keeps cookies between requests, the way a browser does (paths respected, cleared cookies removed),
 * and sends each request from a page of the app itself (its Origin), as the SPA's requests are.
 */
export class Agent {
  readonly cookies = new Map<string, { value: string; path: string }>();

  constructor(private readonly app: FastifyInstance) {}

  async request(options: InjectOptions & { url: string }) {
    const cookieHeader = [...this.cookies.entries()]
      .filter(([, cookie]) => options.url.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
    const response = await this.app.inject({
      ...options,
      headers: { origin: ownOrigin(this.app.ctx.config, this.app.server), ...(cookieHeader ? { cookie: cookieHeader } : {}), ...(options.headers ?? {}) },
    });
    for (const cookie of response.cookies as { name: string; value: string; path?: string; maxAge?: number; expires?: Date }[]) {
      const expired = cookie.value === '' || cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, { value: cookie.value, path: cookie.path ?? '/' });
    }
    return response;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'GET', url, headers });
  }

  post(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers });
  }

  put(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'], headers });
  }

  patch(url: string, payload?: unknown, headers?: Record<string, string>) {
    return this.request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'], headers });
  }

  delete(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'DELETE', url, headers });
  }
}
