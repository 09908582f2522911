import os from 'node:os';
import path from 'node:path';
import * as yup from 'yup';
import { MAX_UPLOAD_BYTES } from '@/common/limits';

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
  COOKIE_SECURE: booleanText.optional(),
  ALLOWED_ORIGINS: yup.string().default(''),
  TRUST_PROXY: booleanText.default('false'),
  LOG_LEVEL: yup.string().oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_MAX_FAILURES_PER_EMAIL: yup.number().integer().min(1).default(10),
  LOGIN_MAX_FAILURES_PER_IP: yup.number().integer().min(1).default(50),
  LOGIN_FAILURE_WINDOW_SECONDS: yup.number().integer().min(1).default(900),
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
  SHUTDOWN_GRACE_SECONDS: yup.number().integer().min(1).max(3600).default(25),
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
  cookieSecure: boolean;
  allowedOrigins: string[];
  trustProxy: boolean;
  logLevel: string;
  loginLimits: { maxFailuresPerEmail: number; maxFailuresPerIp: number; windowSeconds: number };
  consolidatedFileLinkTemplate: string;
  /** Which storage keeps uploaded and produced files: a local folder (storageDir) or an S3 bucket (s3). */
  storage: 'local' | 's3';
  /** Where the local file storage keeps files; `<DATA_DIR>/files` unless set. */
  storageDir: string;
  /** The bucket and how to reach it; present exactly when `storage` is 's3'. */
  s3?: S3Config;
  /** The largest file an upload may carry (spec: 100 MB). */
  maxUploadBytes: number;
  processing: {
    /** Uploads one worker process runs at once; by default one per core but one, so the API keeps a core. */
    concurrency: number;
    /**
     * How long one upload's job may run before the queue takes it back and hands it out again (a
     * worker that died mid-job is noticed after this long).
     */
    jobExpireSeconds: number;
  };
  /**
   * How long a stopping process (SIGTERM) gives the requests, upload streams and jobs under way to
   * finish; jobs still running then are handed back to the queue.
   */
  shutdownGraceSeconds: number;
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
    cookieSecure: raw.COOKIE_SECURE === undefined ? envName === 'production' : isTrue(raw.COOKIE_SECURE),
    allowedOrigins: raw.ALLOWED_ORIGINS.split(',').map((origin) => origin.trim()).filter(Boolean),
    trustProxy: isTrue(raw.TRUST_PROXY),
    logLevel: raw.LOG_LEVEL,
    loginLimits: {
      maxFailuresPerEmail: raw.LOGIN_MAX_FAILURES_PER_EMAIL,
      maxFailuresPerIp: raw.LOGIN_MAX_FAILURES_PER_IP,
      windowSeconds: raw.LOGIN_FAILURE_WINDOW_SECONDS,
    },
    consolidatedFileLinkTemplate: raw.CONSOLIDATED_FILE_LINK_TEMPLATE,
    storage: raw.STORAGE as Config['storage'],
    storageDir: path.resolve(raw.STORAGE_DIR ?? path.join(raw.DATA_DIR, 'files')),
    s3: raw.STORAGE === 's3' ? s3Config(raw) : undefined,
    maxUploadBytes: raw.MAX_UPLOAD_BYTES,
    processing: {
      concurrency: raw.PROCESSING_CONCURRENCY ?? Math.max(1, os.availableParallelism() - 1),
      jobExpireSeconds: raw.PROCESSING_JOB_EXPIRE_SECONDS,
    },
    shutdownGraceSeconds: raw.SHUTDOWN_GRACE_SECONDS,
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
