import type { FastifyServerOptions } from 'fastify';
import type { TConfig } from '../config/env.ts';

/**
 * Structured logs with no personal data: only the path is logged (query strings carry tokens and
 * e-mail addresses), and credentials, cookies and bodies are never serialised.
 */
export function loggerOptions(config: Pick<TConfig, 'LOG_LEVEL' | 'NODE_ENV'>): FastifyServerOptions['logger'] {
  if (config.NODE_ENV === 'test') return false;
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.email'],
      censor: '[redacted]',
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
