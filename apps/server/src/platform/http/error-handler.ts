import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';
import { runDeferredGuard } from '../auth/guards.ts';

/** One place decides what an error looks like: `{ error: { code, message, fields? } }`, never a stack. */
export const errorHandlerPlugin = fp(async (app) => {
  app.setErrorHandler(async (thrown, request, reply) => {
    let error = thrown;
    // A body that could not be read (FST_ERR_CTP_*: not JSON, too large, unknown type) on a route
    // whose guard waits for its statement (sessionInStatement): the guard answers first.
    if (String((error as { code?: unknown }).code).startsWith('FST_ERR_CTP_')) {
      try {
        await runDeferredGuard(request, reply);
      } catch (refusal) {
        error = refusal as typeof thrown;
      }
    }
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
        fields[key] ??= issue.message ?? 'Invalid value.';
      }
      const first = Object.values(fields)[0];
      return reply.status(400).send({
        error: { code: 'VALIDATION_ERROR', message: first ?? 'Please check the form and try again.', fields },
      });
    }
    const statusCode = (error as { statusCode?: number }).statusCode ?? 500;
    if (statusCode === 429) {
      return reply.status(429).send({
        error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a few minutes before trying again.' },
      });
    }
    if (statusCode >= 400 && statusCode < 500) {
      return reply.status(statusCode).send({
        error: { code: (error as { code?: string }).code ?? 'BAD_REQUEST', message: (error as Error).message },
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' },
    });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({
        error: { code: 'NOT_FOUND', message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` },
      });
  });
});
