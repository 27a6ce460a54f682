import { AsyncResource } from 'node:async_hooks';
import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { healthContracts, type TNotReady } from '@sekolo/shared/contracts/health';
import { pendingMigrations } from '../db/client.ts';
import { fromContract } from '../http/contract-route.ts';
import { AppError } from '../http/errors.ts';
import { runWithRequestId } from './request-context.ts';
import { createMetrics } from './metrics.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's async context, re-entered once its body is read (streams lose it). */
    requestScope?: AsyncResource;
  }
}

/** How long readiness waits for the database before answering not ready. */
const READY_TIMEOUT_MS = 3000;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Whether this caller may read /metrics. With METRICS_TOKEN set: only with `Authorization: Bearer
 * <token>`. Without it: only a caller on this machine that no proxy forwarded (a Prometheus agent
 * on the host); nginx on the same machine forwards the public's requests with X-Forwarded-For, and
 * those are refused (the deploy guide also blocks /metrics at nginx).
 */
function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const sent = request.headers.authorization ?? '';
    const expected = `Bearer ${token}`;
    return sent.length === expected.length && timingSafeEqual(Buffer.from(sent), Buffer.from(expected));
  }
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && request.headers['x-forwarded-for'] === undefined;
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * What an operator watches: every request runs in a context carrying its id (logs, jobs and mail
 * it starts say it; X-Request-Id answers it), is counted and timed per route pattern for
 * `/metrics` (Prometheus), and `/api/health/live` and `/api/health/ready` answer the load balancer
 * and the container's health check.
 */
export const observabilityPlugin = fp(async (app) => {
  const { database, config } = app.deps;
  const metrics = createMetrics(database);

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    runWithRequestId(request.id, () => {
      request.requestScope = new AsyncResource('sekolo.request');
      done();
    });
  });
  // A body is read from a stream, whose events run outside the request's context: the handler
  // (and what it enqueues) runs in it again.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.requestScope) request.requestScope.runInAsyncScope(done);
    else done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest({
      method: request.method,
      // The pattern (/api/schools/:id), never the URL: one series per route, no ids or tokens.
      route: request.routeOptions.url ?? 'unmatched',
      statusCode: reply.statusCode,
      seconds: reply.elapsedTime / 1000,
    });
    done();
  });

  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    if (!mayReadMetrics(request, config.METRICS_TOKEN)) {
      throw config.METRICS_TOKEN
        ? new AppError(401, 'UNAUTHORIZED', 'The metrics need their bearer token.')
        : new AppError(403, 'FORBIDDEN', 'The metrics are served only on this machine (or set METRICS_TOKEN).');
    }
    const { contentType, body } = await metrics.scrape();
    return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
  });

  app.route({
    ...fromContract(app, healthContracts.live),
    logLevel: 'warn',
    handler: async () => ({ status: 'ok' as const }),
  });

  app.route({
    ...fromContract(app, healthContracts.ready),
    logLevel: 'warn',
    handler: async (_request, reply) => {
      const reasons: string[] = [];
      try {
        await withTimeout(database.db.execute('select 1' as never), READY_TIMEOUT_MS, 'The database');
        const pending = await withTimeout(pendingMigrations(database.db), READY_TIMEOUT_MS, 'The database');
        if (pending.length) reasons.push(`${pending.length} migration(s) not applied yet: ${pending.join(', ')}`);
      } catch (error) {
        reasons.push(
          `The database is unreachable: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`,
        );
      }
      reply.header('cache-control', 'no-store');
      if (reasons.length) {
        const body: TNotReady = { status: 'not_ready', database: database.engine, reasons };
        // Outside the contract's success schema: sent as it is.
        return (reply as unknown as FastifyReply).code(503).type('application/json').send(JSON.stringify(body));
      }
      return { status: 'ready' as const, database: database.engine, pendingMigrations: 0 };
    },
  });
});
