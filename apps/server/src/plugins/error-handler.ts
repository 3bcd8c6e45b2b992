import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { checkOf, ERRORS, type ErrorCode, type ErrorEnvelope } from '@sukoon/shared';
import { driverCauseOf, isDatabaseUnavailable } from '../db/errors';
import { AppError } from '../lib/errors';
import { errorMessageIn, requestLocale, translateMessage } from '../i18n/translate';

export function errorEnvelope(
  code: ErrorCode,
  message?: string,
  details?: ErrorEnvelope['error']['details'],
  field?: string,
): ErrorEnvelope {
  return {
    success: false,
    data: null,
    error: {
      code,
      message: message ?? ERRORS[code].message,
      ...(details ? { details } : {}),
      ...(field ? { field } : {}),
    },
  };
}

/** Fastify's own 4xx errors (bad JSON, wrong content type, body too large...) mapped to stable codes. */
function codeForClientError(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHENTICATED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'CONFLICT';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return 'BAD_REQUEST';
  }
}

/**
 * The one error handler: every failure leaves as `{ success: false, data: null, error }`. The code is
 * stable; the message is worded in the request's language (the signed-in person's, else its
 * Accept-Language): the catalogue's message for the code, or the error's own catalogue message. A
 * message only the error knows (a framework's, a route's own detail) stays in English for other
 * languages only where no better one exists: there the code's catalogue message is sent instead.
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = requestLocale(request);
    /** The message for a code in the request's language; `own` is kept when the language is English. */
    const say = (code: ErrorCode, own?: string) =>
      locale === 'en' && own ? own : errorMessageIn(locale, code);
    if (error instanceof AppError) {
      const message = error.localized
        ? translateMessage(locale, error.localized)
        : say(error.code, error.message);
      return reply.status(error.status).send({
        ...errorEnvelope(error.code, message, undefined, error.field),
        ...error.extra,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => {
        // The rest of zod's issue: `expected` for a wrong type, a refinement's own `params`.
        const { expected, params } = issue.params as { expected?: unknown; params?: unknown };
        const check = checkOf({ code: issue.keyword, expected, params });
        return {
          path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join(
            '.',
          ),
          message: issue.message ?? 'is not valid',
          code: issue.keyword,
          ...(typeof expected === 'string' ? { expected } : {}),
          // The check's name (a refinement's own, or the code's), by which a client words it.
          ...(check === null ? {} : { check }),
        };
      });
      const first = details[0];
      const message =
        first && locale === 'en'
          ? `${first.path}: ${first.message}`
          : errorMessageIn(locale, 'VALIDATION_FAILED');
      // The first problem's body field (`body.email` -> `email`), as the domain errors name theirs.
      const field =
        error.validationContext === 'body' && first
          ? first.path.split('.').slice(1).join('.') || undefined
          : undefined;
      return reply.status(400).send(errorEnvelope('VALIDATION_FAILED', message, details, field));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(errorEnvelope('INTERNAL', say('INTERNAL')));
    }
    if (isDatabaseUnavailable(error)) {
      // Only the driver's own cause: the wrapping error carries the statement and its parameters
      // (emails, token hashes), which must not reach the logs.
      request.log.warn({ cause: driverCauseOf(error) }, 'database unavailable');
      return reply
        .status(503)
        .send(errorEnvelope('SERVICE_UNAVAILABLE', say('SERVICE_UNAVAILABLE')));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = codeForClientError(status);
      if (status === 429)
        return reply.status(429).send(errorEnvelope(code, say(code, error.message)));
      return reply
        .status(status)
        .send(errorEnvelope(code, say(code, error.message || ERRORS[code].message)));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorEnvelope('INTERNAL', say('INTERNAL')));
  });
});
