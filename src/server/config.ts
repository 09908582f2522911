import os from 'node:os';
import path from 'node:path';
import * as yup from 'yup';
import { MAX_UPLOAD_BYTES } from '@/common/limits';
import { WEEK_OVER_WEEK_DEFAULTS } from './processing/history/weekOverWeek';
import type { WeekOverWeekThresholds } from './processing/types';

/** Every setting the server reads, validated once at start-up. `.env.example` documents each. */
const booleanText = yup
  .string()
  .oneOf(['true', 'false', '1', '0', 'yes', 'no', ''], '${path} must be true or false');

function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** An http(s) origin: scheme, host and an optional port, with nothing after them but a slash. */
function isOrigin(value: string): boolean {
  if (!isHttpUrl(value)) return false;
  const url = new URL(value);
  return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
}

const originList = (value: string): string[] => value.split(',').map((origin) => origin.trim()).filter(Boolean);
/** The origin as a browser's Origin header writes it: lower case, no default port, no trailing slash. */
const originOf = (value: string): string => new URL(value).origin;

const configSchema = yup.object({
  NODE_ENV: yup.string().oneOf(['development', 'production', 'test']).default('development'),
  PORT: yup.number().integer().min(0).max(65535).default(3000),
  HOST: yup.string().default('0.0.0.0'),
  DATA_DIR: yup.string().default('./data'),
  DATABASE_URL: yup.string().optional(),
  SEED_DEMO: booleanText.optional(),
  SESSION_SECRET: yup.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: yup.number().integer().min(10).default(900),
  REFRESH_TOKEN_TTL_SECONDS: yup.number().integer().min(60).default(7 * 24 * 3600),
  REFRESH_REUSE_GRACE_SECONDS: yup.number().integer().min(0).max(60, 'REFRESH_REUSE_GRACE_SECONDS must be at most 60: a spent refresh token is honoured that long').default(10),
  COOKIE_SECURE: booleanText.optional(),
  PUBLIC_ORIGIN: yup
    .string()
    .optional()
    .test('origin', 'PUBLIC_ORIGIN must be an origin such as https://payroll.example.com (scheme, host and port only)', (value) => value === undefined || isOrigin(value))
    .test(
      'required-in-production',
      'PUBLIC_ORIGIN is required in production: set it to the address people open the app at, such as https://payroll.example.com (or list the allowed origins in ALLOWED_ORIGINS)',
      (value, context) => value !== undefined || context.parent.NODE_ENV !== 'production' || originList(context.parent.ALLOWED_ORIGINS ?? '').length > 0,
    ),
  ALLOWED_ORIGINS: yup
    .string()
    .default('')
    .test('origins', 'ALLOWED_ORIGINS must list origins such as https://app.example.com, separated by commas', (value) => originList(value).every(isOrigin)),
  TRUST_PROXY: booleanText.default('false'),
  LOG_LEVEL: yup.string().oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_MAX_FAILURES_PER_EMAIL_AND_IP: yup.number().integer().min(1).default(10),
  LOGIN_MAX_FAILURES_PER_EMAIL: yup.number().integer().min(1).default(50),
  LOGIN_MAX_FAILURES_PER_IP: yup.number().integer().min(1).default(100),
  LOGIN_FAILURE_WINDOW_SECONDS: yup.number().integer().min(1).default(900),
  LOGIN_KNOWN_DEVICE_TTL_SECONDS: yup.number().integer().min(60).default(90 * 24 * 3600),
  CONSOLIDATED_FILE_LINK_TEMPLATE: yup.string().default(''),
  STORAGE: yup.string().oneOf(['local', 's3'], 'STORAGE must be local or s3').default('local'),
  STORAGE_DIR: yup.string().optional(),
  S3_BUCKET: yup.string().when('STORAGE', {
    is: 's3',
    then: (schema) => schema.required('S3_BUCKET is required when STORAGE=s3'),
    otherwise: (schema) => schema.optional(),
  }),
  S3_REGION: yup.string().default('us-east-1'),
  S3_ENDPOINT: yup
    .string()
    .optional()
    .test('http-url', 'S3_ENDPOINT must be an http(s) URL such as http://minio:9000', (value) => value === undefined || isHttpUrl(value)),
  S3_ACCESS_KEY_ID: yup
    .string()
    .optional()
    .test(
      'paired',
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the default credential chain',
      (value, context) => Boolean(value) === Boolean((context.parent as { S3_SECRET_ACCESS_KEY?: string }).S3_SECRET_ACCESS_KEY),
    ),
  S3_SECRET_ACCESS_KEY: yup.string().optional(),
  S3_FORCE_PATH_STYLE: booleanText.default('false'),
  MAX_UPLOAD_BYTES: yup.number().integer().min(1).default(MAX_UPLOAD_BYTES),
  PROCESSING_CONCURRENCY: yup.number().integer().min(1, 'PROCESSING_CONCURRENCY must be at least 1').optional(),
  PROCESSING_JOB_EXPIRE_SECONDS: yup.number().integer().min(2).max(23 * 3600).default(15 * 60),
  WORKER_LEASE_SECONDS: yup.number().integer().min(5, 'WORKER_LEASE_SECONDS must be at least 5').max(3600).default(30),
  REVIEW_PACK_CONCURRENCY: yup.number().integer().min(1, 'REVIEW_PACK_CONCURRENCY must be at least 1').default(1),
  PROCESSING_WARM_UP_RUNS: yup.number().integer().min(0, 'PROCESSING_WARM_UP_RUNS must be 0 or more').max(1000, 'PROCESSING_WARM_UP_RUNS must be at most 1000').default(30),
  COMPANY_MAX_QUEUED_UPLOADS: yup.number().integer().min(1).default(20),
  COMPANY_STORAGE_QUOTA_BYTES: yup.number().integer().min(1).default(5 * 1024 ** 3),
  CLIENT_WEEK_FAILED_UPLOADS_PER_DAY: yup.number().integer().min(1).default(5),
  CLIENT_WEEK_FAILED_FILES_KEPT: yup.number().integer().min(1).default(3),
  WEEK_OVER_WEEK_EMPLOYEE_GROSS_PERCENT: yup.number().min(0).default(WEEK_OVER_WEEK_DEFAULTS.employeeGrossPercent),
  WEEK_OVER_WEEK_EMPLOYEE_GROSS_AMOUNT: yup.number().min(0).default(WEEK_OVER_WEEK_DEFAULTS.employeeGrossAmount),
  WEEK_OVER_WEEK_TOTAL_GROSS_PERCENT: yup.number().min(0).default(WEEK_OVER_WEEK_DEFAULTS.totalGrossPercent),
  WEEK_OVER_WEEK_TOTAL_HOURS_PERCENT: yup.number().min(0).default(WEEK_OVER_WEEK_DEFAULTS.totalHoursPercent),
  SHUTDOWN_GRACE_SECONDS: yup.number().integer().min(1).max(3600).default(25),
  HTTP_HEADERS_TIMEOUT_SECONDS: yup.number().integer().min(1).default(20),
  HTTP_IDLE_TIMEOUT_SECONDS: yup.number().integer().min(1).default(30),
  HTTP_BODY_TIMEOUT_SECONDS: yup.number().integer().min(1).default(20),
  HTTP_REQUEST_TIMEOUT_SECONDS: yup
    .number()
    .integer()
    .min(1)
    .default(3600)
    .test(
      'after-headers',
      'HTTP_REQUEST_TIMEOUT_SECONDS must be longer than HTTP_HEADERS_TIMEOUT_SECONDS',
      (value, context) => value > (context.parent as { HTTP_HEADERS_TIMEOUT_SECONDS: number }).HTTP_HEADERS_TIMEOUT_SECONDS,
    ),
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: yup.number().integer().min(1).default(72),
  REALTIME_MAX_SOCKETS_PER_SESSION: yup.number().integer().min(1).default(5),
  REALTIME_MAX_SOCKETS_PER_USER: yup.number().integer().min(1).default(10),
  REALTIME_ROOM_REQUEST_BURST: yup.number().integer().min(1).default(30),
  REALTIME_ROOM_REQUESTS_PER_SECOND: yup.number().min(0.1).default(10),
  REALTIME_REFUSALS_BEFORE_CLOSE: yup.number().integer().min(1).default(30),
  REALTIME_MAX_ROOMS_PER_SOCKET: yup.number().integer().min(1).default(200),
  REALTIME_ACCESS_CHECKS_AT_ONCE: yup.number().integer().min(1).default(2),
  REALTIME_ACCESS_CHECKS_WAITING: yup.number().integer().min(0).default(64),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  seedDemo: boolean;
  sessionSecret?: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /**
   * How long after a refresh token was rotated presenting it again still answers the same new pair
   * (two tabs, or a download beside a request, refreshing at once); later it counts as theft and
   * ends the session. 0 turns the window off.
   */
  refreshReuseGraceSeconds: number;
  cookieSecure: boolean;
  /**
   * The origin people open the app at (PUBLIC_ORIGIN), as a browser's Origin header writes it. Unset
   * outside production, the address the server listens on stands in for it (see auth/origin).
   */
  publicOrigin?: string;
  /** Other origins whose pages may act on the API and open the realtime socket (ALLOWED_ORIGINS). */
  allowedOrigins: string[];
  trustProxy: boolean;
  logLevel: string;
  loginLimits: LoginLimits;
  consolidatedFileLinkTemplate: string;
  /** Which storage keeps uploaded and produced files: a local folder (storageDir) or an S3 bucket (s3). */
  storage: 'local' | 's3';
  /** Where the local file storage keeps files; `<DATA_DIR>/files` unless set. */
  storageDir: string;
  /** The bucket and how to reach it; present exactly when `storage` is 's3'. */
  s3?: S3Config;
  /** The largest file an upload may carry (spec: 100 MB). */
  maxUploadBytes: number;
  /** What one company may take of the shared processing and storage, so that no company can hurt the others. */
  companyLimits: CompanyLimits;
  processing: {
    /** Uploads one worker process runs at once; by default one per core but one, so the API keeps a core. */
    concurrency: number;
    /** Review packs (the viewer's rows) one worker process builds at once, in slots of their own beside the uploads'. */
    reviewPackConcurrency: number;
    /** Runs of the engine on its own sample when a worker process starts, made while it has no upload (0: none). */
    warmUpRuns: number;
    /**
     * How long one upload's job may run before the queue takes it back and hands it out again (a
     * worker that died mid-job is noticed after this long).
     */
    jobExpireSeconds: number;
    /**
     * How long a worker process that stops renewing its lease (it died) keeps its jobs before another
     * worker hands them back to the queue and takes them up (several processes on PostgreSQL).
     */
    workerLeaseSeconds: number;
    /** When a change since the client's last approved week is worth a warning. */
    weekOverWeek: WeekOverWeekThresholds;
  };
  /**
   * How long a stopping process (SIGTERM) gives the requests, upload streams and jobs under way to
   * finish; jobs still running then are handed back to the queue.
   */
  shutdownGraceSeconds: number;
  timeouts: HttpTimeouts;
  realtime: RealtimeLimits;
}

/**
 * What one browser may ask of the realtime server, so that nobody's sockets slow down anyone else's
 * requests. Past a limit the oldest socket is closed, or a request refused, with words the page shows.
 */
export interface RealtimeLimits {
  /** Open sockets (tabs) one session, and one user over all their sessions, may have; a new one closes the oldest. */
  maxSocketsPerSession: number;
  maxSocketsPerUser: number;
  /** Room requests (joins and leaves) one socket may send at once, and how many a second after that. */
  roomRequestBurst: number;
  roomRequestsPerSecond: number;
  /** Refused requests past which a socket that keeps sending is closed (the count wears off at the same rate). */
  refusalsBeforeClose: number;
  /** Uploads one socket may follow at once. */
  maxRoomsPerSocket: number;
  /**
   * Access checks (handshakes and joins) one process runs against the database at once, and how many
   * may wait for a turn; past that a check is refused with "try again" rather than queued, so the
   * embedded database's single connection always has room for the HTTP requests between them.
   */
  accessChecksAtOnce: number;
  accessChecksWaiting: number;
}

/**
 * What one company may use at once, so that a company's uploads (by mistake or on purpose) cannot
 * crowd out the others: each refusal says which limit was reached and what to do.
 */
export interface CompanyLimits {
  /** Uploads of the company waiting to be processed or being processed at once; more are refused until some finish. */
  maxQueuedUploads: number;
  /** Bytes of stored files (uploads' raw, consolidated and scrubbed files, operators' files) the company may keep; uploads past it are refused. */
  storageQuotaBytes: number;
  /** Uploads of one client's week that may fail processing within 24 hours; the next is refused until the oldest of them is a day old. */
  failedUploadsPerDay: number;
  /** Failed versions of one client's week whose files are kept (the newest); older failed versions keep their row and history only. */
  failedFilesKept: number;
}

/**
 * How long the HTTP server waits on a client, so that a client that stops sending cannot hold a
 * connection: the headers and a small body have short total caps, while an upload (up to 100 MB over
 * a slow line) is ended only when it stalls.
 */
export interface HttpTimeouts {
  /** A request's headers must all arrive within this long. */
  headersSeconds: number;
  /** A connection on which no byte moves either way for this long is closed: where a stalled upload ends. */
  idleSeconds: number;
  /** The body of any request but an upload (JSON, at most 1 MB) must arrive within this long. */
  bodySeconds: number;
  /** No request, an upload included, may take longer than this to arrive in full. */
  requestSeconds: number;
  /** How long an unused connection is kept open for the client's next request. */
  keepAliveSeconds: number;
}

/**
 * How failed sign-ins are held back, so that guessing a password stays hopeless while nobody can lock
 * its owner out by failing on purpose. Failures count within a sliding window:
 * - one email from one address (or from one known device, wherever it is) is refused past
 *   `maxFailuresPerEmailAndIp`: the hard limit that stops guessing from one place;
 * - one email from every address together (`maxFailuresPerEmail`) and one address for every email
 *   together (`maxFailuresPerIp`, high enough for a bureau's office behind one address) hold back only
 *   unknown devices: a browser that signed in to that account before is let through, so an attacker's
 *   failures from many addresses, or from the owner's own office, cannot lock its owner out.
 */
export interface LoginLimits {
  maxFailuresPerEmailAndIp: number;
  maxFailuresPerEmail: number;
  maxFailuresPerIp: number;
  windowSeconds: number;
  /** How long a browser stays known to the accounts it signed in to, since its last sign-in. */
  knownDeviceTtlSeconds: number;
}

export interface S3Config {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, ...); AWS S3 itself when absent. */
  endpoint?: string;
  /** Both or neither: without them the SDK's default credential chain applies (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Address the bucket as a path (`endpoint/bucket/key`) rather than as a host name, as most S3-compatible services want. */
  forcePathStyle: boolean;
}

const isTrue = (value: string | undefined): boolean => value !== undefined && ['true', '1', 'yes'].includes(value);

export class ConfigError extends Error {}

/** Reads the environment; throws ConfigError listing every problem at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  let raw: yup.InferType<typeof configSchema>;
  try {
    raw = configSchema.validateSync(
      Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')),
      { abortEarly: false, stripUnknown: true },
    );
  } catch (error) {
    const messages = error instanceof yup.ValidationError ? error.errors : [String(error)];
    throw new ConfigError(`Invalid configuration:\n  - ${messages.join('\n  - ')}`);
  }
  const envName = raw.NODE_ENV as Config['env'];
  return {
    env: envName,
    port: raw.PORT,
    host: raw.HOST,
    dataDir: path.resolve(raw.DATA_DIR),
    databaseUrl: raw.DATABASE_URL || undefined,
    seedDemo: raw.SEED_DEMO === undefined ? !raw.DATABASE_URL : isTrue(raw.SEED_DEMO),
    sessionSecret: raw.SESSION_SECRET,
    accessTokenTtlSeconds: raw.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: raw.REFRESH_TOKEN_TTL_SECONDS,
    refreshReuseGraceSeconds: raw.REFRESH_REUSE_GRACE_SECONDS,
    cookieSecure: raw.COOKIE_SECURE === undefined ? envName === 'production' : isTrue(raw.COOKIE_SECURE),
    publicOrigin: raw.PUBLIC_ORIGIN === undefined ? undefined : originOf(raw.PUBLIC_ORIGIN),
    allowedOrigins: originList(raw.ALLOWED_ORIGINS).map(originOf),
    trustProxy: isTrue(raw.TRUST_PROXY),
    logLevel: raw.LOG_LEVEL,
    loginLimits: {
      maxFailuresPerEmailAndIp: raw.LOGIN_MAX_FAILURES_PER_EMAIL_AND_IP,
      maxFailuresPerEmail: raw.LOGIN_MAX_FAILURES_PER_EMAIL,
      maxFailuresPerIp: raw.LOGIN_MAX_FAILURES_PER_IP,
      windowSeconds: raw.LOGIN_FAILURE_WINDOW_SECONDS,
      knownDeviceTtlSeconds: raw.LOGIN_KNOWN_DEVICE_TTL_SECONDS,
    },
    consolidatedFileLinkTemplate: raw.CONSOLIDATED_FILE_LINK_TEMPLATE,
    storage: raw.STORAGE as Config['storage'],
    storageDir: path.resolve(raw.STORAGE_DIR ?? path.join(raw.DATA_DIR, 'files')),
    s3: raw.STORAGE === 's3' ? s3Config(raw) : undefined,
    maxUploadBytes: raw.MAX_UPLOAD_BYTES,
    companyLimits: {
      maxQueuedUploads: raw.COMPANY_MAX_QUEUED_UPLOADS,
      storageQuotaBytes: raw.COMPANY_STORAGE_QUOTA_BYTES,
      failedUploadsPerDay: raw.CLIENT_WEEK_FAILED_UPLOADS_PER_DAY,
      failedFilesKept: raw.CLIENT_WEEK_FAILED_FILES_KEPT,
    },
    processing: {
      concurrency: raw.PROCESSING_CONCURRENCY ?? Math.max(1, os.availableParallelism() - 1),
      reviewPackConcurrency: raw.REVIEW_PACK_CONCURRENCY,
      warmUpRuns: raw.PROCESSING_WARM_UP_RUNS,
      jobExpireSeconds: raw.PROCESSING_JOB_EXPIRE_SECONDS,
      workerLeaseSeconds: raw.WORKER_LEASE_SECONDS,
      weekOverWeek: {
        employeeGrossPercent: raw.WEEK_OVER_WEEK_EMPLOYEE_GROSS_PERCENT,
        employeeGrossAmount: raw.WEEK_OVER_WEEK_EMPLOYEE_GROSS_AMOUNT,
        totalGrossPercent: raw.WEEK_OVER_WEEK_TOTAL_GROSS_PERCENT,
        totalHoursPercent: raw.WEEK_OVER_WEEK_TOTAL_HOURS_PERCENT,
      },
    },
    shutdownGraceSeconds: raw.SHUTDOWN_GRACE_SECONDS,
    timeouts: {
      headersSeconds: raw.HTTP_HEADERS_TIMEOUT_SECONDS,
      idleSeconds: raw.HTTP_IDLE_TIMEOUT_SECONDS,
      bodySeconds: raw.HTTP_BODY_TIMEOUT_SECONDS,
      requestSeconds: raw.HTTP_REQUEST_TIMEOUT_SECONDS,
      keepAliveSeconds: raw.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS,
    },
    realtime: {
      maxSocketsPerSession: raw.REALTIME_MAX_SOCKETS_PER_SESSION,
      maxSocketsPerUser: raw.REALTIME_MAX_SOCKETS_PER_USER,
      roomRequestBurst: raw.REALTIME_ROOM_REQUEST_BURST,
      roomRequestsPerSecond: raw.REALTIME_ROOM_REQUESTS_PER_SECOND,
      refusalsBeforeClose: raw.REALTIME_REFUSALS_BEFORE_CLOSE,
      maxRoomsPerSocket: raw.REALTIME_MAX_ROOMS_PER_SOCKET,
      accessChecksAtOnce: raw.REALTIME_ACCESS_CHECKS_AT_ONCE,
      accessChecksWaiting: raw.REALTIME_ACCESS_CHECKS_WAITING,
    },
  };
}

function s3Config(raw: yup.InferType<typeof configSchema>): S3Config {
  return {
    bucket: raw.S3_BUCKET as string,
    region: raw.S3_REGION,
    endpoint: raw.S3_ENDPOINT,
    credentials: raw.S3_ACCESS_KEY_ID && raw.S3_SECRET_ACCESS_KEY ? { accessKeyId: raw.S3_ACCESS_KEY_ID, secretAccessKey: raw.S3_SECRET_ACCESS_KEY } : undefined,
    forcePathStyle: isTrue(raw.S3_FORCE_PATH_STYLE),
  };
}
