import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { TConfig } from '../config/env.ts';
import { ACCEPTABLE_REQUEST_ID, currentRequestId } from '../observability/request-context.ts';

/** Fields that name or reach a person, at the top of a log line or one level down: never written. */
const PERSONAL_FIELDS = ['password', 'email', 'to', 'phone', 'token', 'idNumber', 'firstName', 'lastName'];

/**
 * Structured logs with no personal data: only the path is logged (query strings carry tokens and
 * e-mail addresses), credentials, cookies and bodies are never serialised, and the fields above are
 * censored wherever a log call passes them. Every line written while serving a request, or running
 * a job or delivering a mail that a request started, carries that request's `requestId`
 * (platform/observability/request-context.ts).
 */
export function loggerOptions(config: Pick<TConfig, 'LOG_LEVEL' | 'NODE_ENV'>): FastifyServerOptions['logger'] {
  if (config.NODE_ENV === 'test') return false;
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        ...PERSONAL_FIELDS,
        ...PERSONAL_FIELDS.map((field) => `*.${field}`),
      ],
      censor: '[redacted]',
    },
    mixin() {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
    serializers: {
      req(request) {
        return { method: request.method, path: request.url.split('?')[0], id: request.id };
      },
      res(reply) {
        return { statusCode: reply.statusCode };
      },
    },
  };
}

/**
 * A request's id: behind a trusted proxy (TRUST_PROXY), the X-Request-Id it set (nginx's
 * $request_id, so its access log and ours agree) when it is a plain token; otherwise a new UUID,
 * unique across server processes and restarts, unlike Fastify's counter. A client's own header is
 * not taken without a proxy. Answered back in X-Request-Id (platform/observability/observability.ts).
 */
export function requestIdOptions(
  config: Pick<TConfig, 'TRUST_PROXY'>,
): Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader'> {
  return {
    requestIdHeader: false,
    genReqId(request: IncomingMessage) {
      const sent = config.TRUST_PROXY ? request.headers['x-request-id'] : undefined;
      return typeof sent === 'string' && ACCEPTABLE_REQUEST_ID.test(sent) ? sent : randomUUID();
    },
  };
}
