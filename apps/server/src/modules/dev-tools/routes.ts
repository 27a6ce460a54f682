import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxMessages } from '../../platform/db/schema/index.ts';

/** A job that fails its first `failRuns` runs: to see the console's failed jobs and their retry. */
export const REHEARSAL_JOB = 'dev.rehearsal';

/**
 * Development only (registered when DEV_TOOLS is on, never in production by default): the embedded
 * outbox, so a developer can read the mail the platform "sent", and a rehearsal of a failing job.
 */
export const devToolsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.deps.jobs.register<{ failRuns: number }>({
    name: REHEARSAL_JOB,
    retryLimit: 0,
    handler: async ({ failRuns }, run) => {
      if (run.attempt <= failRuns)
        throw new Error(`Rehearsal: run ${run.attempt} fails on purpose (${failRuns} of them do).`);
      return { succeededOnRun: run.attempt };
    },
  });

  app.post(
    '/jobs/rehearsal',
    { schema: { body: z.object({ failRuns: z.number().int().min(0).max(5).default(1) }) } },
    async (request) => {
      const id = await app.deps.jobs.send(REHEARSAL_JOB, { failRuns: request.body.failRuns });
      await app.deps.jobs.settle(REHEARSAL_JOB, { timeoutMs: 10_000 });
      return { job: await app.deps.jobs.find(id!) };
    },
  );

  app.get(
    '/outbox',
    {
      schema: {
        querystring: z.object({
          to: z.string().optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
      },
    },
    async (request) => {
      const { to, limit } = request.query;
      const rows = await db
        .select()
        .from(outboxMessages)
        .where(to ? eq(outboxMessages.to, to.toLowerCase()) : undefined)
        .orderBy(desc(outboxMessages.createdAt))
        .limit(limit);
      return { messages: rows };
    },
  );
};
