import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TConsoleJobList, TConsoleJobRetry } from '@sekolo/shared/schemas/jobs';
import { consoleContracts as api } from '@sekolo/shared/contracts/console';
import { fromContract } from '../../platform/http/contract-route.ts';
import { transaction } from '../../platform/db/transaction.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { getSessionUser, requireRole } from '../../platform/auth/guards.ts';

/** The operator's view of background jobs: failed ones, and a retry. Prefix /api/console/jobs. */
export const consoleJobRoutes: FastifyPluginAsyncZod = async (app) => {
  const operator = requireRole('platform_admin');
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.route({
    ...fromContract(app, api.jobs),
    onRequest: operator,
    handler: async (request) => {
      const jobs = await app.deps.jobs.list({ state: request.query.state, limit: 200 });
      return {
        items: jobs.map((job) => ({
          id: job.id,
          name: job.name,
          state: job.state,
          attempts: job.attempts,
          error: job.error,
          createdAt: job.createdAt.toISOString(),
          startedAt: job.startedAt?.toISOString() ?? null,
          endedAt: job.endedAt?.toISOString() ?? null,
        })),
      } satisfies TConsoleJobList;
    },
  });

  app.route({
    ...fromContract(app, api.retryJob),
    onRequest: operator,
    handler: async (request) => {
      const actor = (await getSessionUser(request))!;
      const { id } = request.params;
      const job = await transaction(app.deps.database.db, async (tx) => {
        const retried = await app.deps.jobs.retry(id, { within: tx });
        if (!retried) return null;
        await recordAudit(tx, {
          action: 'jobs.retried',
          actorUserId: actor.id,
          target: `job:${retried.id}`,
          ip: request.ip,
          details: { name: retried.name },
        });
        return retried;
      });
      if (job) return { job } satisfies TConsoleJobRetry;
      // Not failed (any more, or never): say whether it exists at all.
      if (await app.deps.jobs.find(id)) throw conflict('This job has not failed: only a failed job can be retried.');
      throw notFound('Job not found.');
    },
  });
};
