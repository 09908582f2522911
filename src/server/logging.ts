/**
 * How the server logs: one set of options for the API's logger (Fastify's) and the worker's and
 * start-up's own pino loggers. A log line never carries the values of a query or of a row: an upload's
 * failure reaches the log with the database's error, and that error holds the query's parameters (a
 * payroll's names, identifiers, pay and rates), the row it failed on (`detail`: "Failing row contains
 * (...)") and the data it could not read (`where`: "JSON data, line 1: ..."). Errors are logged by
 * their kind, code and message only, with those values withheld.
 */
import type { LoggerOptions } from 'pino';

/** Fields of an error that carry a query, its parameters or the data it was given or failed on. */
const WITHHELD_FIELDS = new Set(['params', 'parameters', 'values', 'query', 'sql', 'text', 'internalQuery', 'detail', 'where', 'data', 'body']);

/** A query error (drizzle's) spells the query and its parameters in its message. */
const QUERY_FIELDS = ['query', 'params', 'parameters', 'sql'];

/** How deep a chain of causes is followed. */
const MAX_CAUSES = 5;

interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  cause?: SerializedError;
  errors?: SerializedError[];
  [field: string]: unknown;
}

function isErrorLike(value: unknown): value is Error & Record<string, unknown> {
  return value instanceof Error || (typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string');
}

/** Whether the error is one of PostgreSQL's data exceptions (SQLSTATE class 22), whose messages quote the value refused. */
function isDataException(error: Record<string, unknown>): boolean {
  return typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code);
}

/** The message, without the values it may quote. */
function safeMessage(error: Error & Record<string, unknown>): string {
  if (QUERY_FIELDS.some((field) => field in error)) return 'Failed query (its text and parameters are not logged)';
  const message = String(error.message);
  // 'invalid input syntax for type integer: "12x"': the quoted text is the refused value
  return isDataException(error) ? message.replace(/"(?:[^"\\]|\\.)*"/g, '"…"') : message;
}

/** The stack's frames under the safe message (the first lines of a stack repeat the message). */
function safeStack(type: string, message: string, stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${type}: ${message}`, ...frames].join('\n');
}

/**
 * An error as a log line shows it: its kind, message, stack frames and plain fields (code, severity,
 * constraint, status...), its causes the same way; never the fields that carry values.
 */
export function serializeError(value: unknown, depth = 0): unknown {
  if (!isErrorLike(value)) return value;
  const type = value.constructor?.name && value.constructor.name !== 'Object' ? value.constructor.name : String(value.name ?? 'Error');
  const message = safeMessage(value);
  const serialized: SerializedError = { type, message };
  for (const field of Object.keys(value)) {
    const fieldValue = value[field];
    if (WITHHELD_FIELDS.has(field) || field === 'message' || field === 'stack' || field === 'cause' || field === 'errors') continue;
    if (typeof fieldValue === 'string' || typeof fieldValue === 'number' || typeof fieldValue === 'boolean') serialized[field] = fieldValue;
  }
  serialized.stack = safeStack(type, message, value.stack);
  if (depth < MAX_CAUSES && value.cause !== undefined) serialized.cause = serializeError(value.cause, depth + 1) as SerializedError;
  if (depth < MAX_CAUSES && Array.isArray(value.errors)) serialized.errors = value.errors.map((error) => serializeError(error, depth + 1) as SerializedError);
  return serialized;
}

/** The options every logger of the server is made with. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: ['req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: { err: serializeError, error: serializeError },
  };
}
