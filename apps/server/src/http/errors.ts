import { Code } from '@maika/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { AppInstance } from './appInstance';
import { isTransientConflict, uniqueViolation } from '../db/errors';
import { AppError, envelopeFor, invalidInput, localeOf, message } from './envelope';
import { describeValidation, inputOf } from './validation';

const sendRaw = (payload: unknown) => JSON.stringify(payload);

/** The one place where outcomes other than success become `{ code, msg, data }` bodies. */
export function registerErrorHandling(app: AppInstance): void {
  app.setErrorHandler((error, request, reply) => {
    // Error bodies skip the route's success schema.
    reply.serializer(sendRaw).type('application/json; charset=utf-8');
    // Whatever the handler began, it did not complete: nothing for the audit log (modules/operators/guardRoutes.ts).
    request.failed = true;
    if (error instanceof AppError) {
      if (error.cause) request.log.warn({ err: error.cause, code: error.code }, error.message);
      return reply.code(200).send(envelopeFor(request, error));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext;
      const { msg, field, reason } = describeValidation(error.validation, context, localeOf(request), inputOf(request, context));
      return reply.code(200).send({ code: Code.InvalidInput, msg, data: { field, reason } });
    }
    if (lostRace(error)) {
      // Services answer the races they know with their own codes; one that slipped through is
      // still a lost race with nothing changed (the transaction rolled back), not a server fault.
      request.log.warn({ err: error }, 'concurrent change answered as a conflict');
      return reply.code(200).send(envelopeFor(request, new AppError(Code.ConcurrentChange)));
    }
    // Anything may be thrown, not only Error objects.
    const status = typeof error === 'object' && error !== null ? Number((error as { statusCode?: unknown }).statusCode ?? 500) : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx (malformed JSON, wrong content type, body too large): a handled outcome.
      const reason = clientFault(error as { code?: string });
      return reply.code(200).send(envelopeFor(request, invalidInput(reason.field, reason.reason)));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ code: Code.Internal, msg: message(Code.Internal, localeOf(request)), data: null });
  });
}

const lostRace = (error: unknown) => isTransientConflict(error) || uniqueViolation(error) !== undefined;

function clientFault(error: { code?: string }): { field: string; reason: string } {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { field: 'body', reason: 'is not valid JSON' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { field: 'Content-Type', reason: 'send application/json (or multipart/form-data for uploads)' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { field: 'body', reason: 'is too large' };
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { field: 'file', reason: 'send the image as multipart/form-data field "file"' };
    default:
      return { field: 'request', reason: 'could not be read' };
  }
}

/**
 * Fastify answers a few faults before any route or error handler runs (a path parameter longer
 * than maxParamLength, a URL with broken %-escapes) in its own body. This option of the Fastify
 * constructor brings them into `{ code, msg, data }` like everything else.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.failed = true;
  const reason = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'is too long' : 'is not a valid URL';
  reply
    .code(200)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(envelopeFor(request, invalidInput('path', reason))));
}
