import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devToolsContracts as api } from '@sekolo/shared/contracts/dev-tools';
import { smsSandboxContracts } from '@sekolo/shared/contracts/communication';
import { toSmsNumber } from '../../platform/sms/sms-number.ts';
import { fromContract } from '../../platform/http/contract-route.ts';
import { organizations, outboxMessages, smsMessages } from '../../platform/db/schema/index.ts';

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

  const runAndReport = async (name: string, data: object, timeoutMs: number) => {
    const id = await app.deps.jobs.send(name, data);
    await app.deps.jobs.settle(name, { timeoutMs });
    const job = id ? await app.deps.jobs.find(id) : null;
    return {
      job: job && {
        ...job,
        createdAt: job.createdAt.toISOString(),
        startAfter: job.startAfter.toISOString(),
        startedAt: job.startedAt?.toISOString() ?? null,
        endedAt: job.endedAt?.toISOString() ?? null,
      },
    };
  };

  app.route({
    ...fromContract(app, api.rehearseJob),
    handler: async (request) => runAndReport(REHEARSAL_JOB, { failRuns: request.body.failRuns }, 10_000),
  });

  // A scheduled job (a daily reminder run) now, instead of waiting for its time.
  app.route({
    ...fromContract(app, api.runJob),
    handler: async (request) => runAndReport(request.body.name, {}, 30_000),
  });

  app.route({
    ...fromContract(app, api.outbox),
    handler: async (request) => {
      const { to, limit } = request.query;
      const rows = await db
        .select()
        .from(outboxMessages)
        .where(to ? eq(outboxMessages.to, to.toLowerCase()) : undefined)
        .orderBy(desc(outboxMessages.createdAt))
        .limit(limit);
      return {
        messages: rows.map((row) => ({
          ...row,
          createdAt: row.createdAt.toISOString(),
          nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
          sentAt: row.sentAt?.toISOString() ?? null,
        })),
      };
    },
  });

  // The SMS sandbox: what schools' sandbox accounts "sent", beside the mail outbox.
  app.route({
    ...fromContract(app, smsSandboxContracts.messages),
    handler: async (request) => {
      const { to, limit } = request.query;
      const number = to ? toSmsNumber(to) : null;
      const rows = await db
        .select({ m: smsMessages, schoolName: organizations.name })
        .from(smsMessages)
        .innerJoin(organizations, eq(organizations.id, smsMessages.organizationId))
        .where(
          and(
            eq(smsMessages.provider, 'sandbox'),
            number ? eq(smsMessages.toPhone, number.ok ? number.number : to!) : undefined,
          ),
        )
        .orderBy(desc(smsMessages.createdAt))
        .limit(limit);
      return {
        messages: rows.map(({ m, schoolName }) => ({
          id: m.id,
          schoolName,
          to: m.toPhone,
          body: m.body,
          purpose: m.purpose,
          status: m.status,
          createdAt: m.createdAt.toISOString(),
        })),
      };
    },
  });
};
