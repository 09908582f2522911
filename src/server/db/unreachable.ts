/** Socket errors of a database server that is down, restarting or cut off by the network. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL's own answers that mean "not now" rather than "not this": the connection-exception
 * class (08), a server shutting down or starting up (57P01-57P03), and no connection slot left (53300).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[1-3]|53300)$/;

/** What the pg driver says when the server's connection ends under a query or a client. */
const LOST_CONNECTION = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/**
 * Whether an error (or one it was caused by: the query builder wraps the driver's) says the
 * database, or another service a request needs such as an S3 storage, could not be reached, as
 * opposed to a request it refused. Such a failure is passing: a request answers 503 and asks to be
 * tried again, and a job whose outcome could not be recorded is handed out again after its expiry.
 */
export function isServiceUnreachable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
    if (LOST_CONNECTION.test(cause.message)) return true;
    // a connection refused on every address of a host name (localhost: IPv4 and IPv6) comes as one
    if (cause instanceof AggregateError && cause.errors.some(isServiceUnreachable)) return true;
  }
  return false;
}

/**
 * Keeps the process running through a rejection nobody awaited when its cause is the database out of
 * reach (a library's background query, such as the job queue's upkeep), which would otherwise end a
 * worker. What was not recorded is not lost: a job whose outcome was not recorded expires and is handed
 * out again, and a run of a finished upload ends at once. Any other unhandled rejection still ends the
 * process, as it does by default.
 */
export function surviveOutages(log: { warn: (details: object, message: string) => void }): void {
  process.on('unhandledRejection', (reason) => {
    if (!isServiceUnreachable(reason)) throw reason;
    log.warn({ err: reason }, 'a service could not be reached; what was not recorded is retried once it is back');
  });
}
