import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Contract } from './contract';
import { AppError } from './errors';
import { explainValidation } from './validation';

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
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ success: false, message: 'Something went wrong on our side. Please try again in a moment.', error: 'INTERNAL' });
    }
    if (status === 413) {
      return reply.code(413).send({ success: false, message: 'File size must be less than 100MB', error: 'TOO_LARGE' });
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
