import type PgBoss from 'pg-boss';
import type { TokenService } from './auth/tokens';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { Role } from './db/schema';
import type { ProcessingPublisher } from './realtime/processingUpdates';
import type { UploadQueue } from './services/uploads/uploadQueue';
import type { FileStorage } from './storage/fileStorage';

/** Everything the routes and services share, built once by buildApp. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  tokens: TokenService;
  queue?: PgBoss;
  /** The processing queue as the services enqueue on it (built from `queue` by the job side); absent with no queue. */
  uploadQueue?: UploadQueue;
  storage: FileStorage;
  /**
   * Where a status change of an upload goes once it is written: the realtime server's publisher when
   * this process serves sockets, otherwise one that publishes nowhere.
   */
  publisher: ProcessingPublisher;
}

/** The signed-in caller, from the session (never from the request body or query). */
export interface SessionUser {
  id: string;
  role: Role;
  companyId: string | null;
  sessionId: string;
  name: string;
  email: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    user?: SessionUser;
  }
  /** Each route carries the contract operation it serves. */
  interface FastifyContextConfig {
    operationId?: string;
  }
}
