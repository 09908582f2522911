import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isServiceUnreachable } from '../db/unreachable';
import type { Contract } from './contract';
import { AppError } from './errors';
import { BARE_ANSWER_HEADERS } from './securityHeaders';
import { closeIfBodyUnread } from './timeouts';
import { explainValidation } from './validation';

/** Whatever failed on our side: its details go to the log, never to the client. */
const INTERNAL_ERROR = { success: false, message: 'Something went wrong on our side. Please try again in a moment.', error: 'INTERNAL' } as const;

/** A passing outage (the database or the file storage out of reach): nothing is wrong with the request, so it may be sent again. */
const SERVICE_UNAVAILABLE = 'The service is briefly unavailable. Please try again in a moment.';

/**
 * The one place errors become answers: `{ success: false, message, error }`. Validation failures
 * carry the spec's wording; 5xx answers never show internals (they are logged with the request id).
 */
export function errorHandler(contract: Contract) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send({ success: false, message: error.message, error: error.code, errors: error.errors });
    }
    if (error.validation) {
      const context = error.validationContext;
      const schemas = request.routeOptions.schema as Record<string, Record<string, unknown> | undefined> | undefined;
      const schema = context ? schemas?.[context] : undefined;
      const explained = explainValidation(contract, schema, error.validation, context);
      return reply.code(400).send({ success: false, message: explained.message, error: 'VALIDATION_ERROR', errors: explained.errors });
    }
    if (isServiceUnreachable(error)) {
      request.log.warn({ err: error }, 'a service the request needs could not be reached');
      return reply.code(503).send({ success: false, message: SERVICE_UNAVAILABLE, error: 'UNAVAILABLE' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(INTERNAL_ERROR);
    }
    if (status === 413) {
      // A body over the 1 MB limit, or a form of too many parts. A file over the upload limit is the
      // upload services' to refuse, in the spec's words.
      return reply.code(413).send({ success: false, message: 'This request is too large. Please send less at once.', error: 'TOO_LARGE' });
    }
    if (status === 415) {
      return reply.code(415).send({ success: false, message: 'This request type is not supported.', error: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send({ success: false, message: 'The request body is not valid JSON.', error: 'VALIDATION_ERROR' });
    }
    return reply.code(status).send({ success: false, message: error.message, error: 'BAD_REQUEST' });
  };
}

/**
 * Answers what the router refuses before any route or hook runs, in the product's shape rather than
 * the framework's: an address that is not valid percent-encoding (`/api/%`, `/api/ticket/%zz`), or a
 * path segment longer than any id. The hooks that add the security headers, or close the connection
 * of a request whose body is still arriving, do not run for these.
 */
export function routerErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  reply.headers(BARE_ANSWER_HEADERS);
  closeIfBodyUnread(request, reply);
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.code(400).send({ success: false, message: 'This address is not valid. Please check the link and try again.', error: 'BAD_REQUEST' });
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.code(414).send({ success: false, message: 'This address is too long. Please check the link and try again.', error: 'BAD_REQUEST' });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send(INTERNAL_ERROR);
}
