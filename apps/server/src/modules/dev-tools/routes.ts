import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { outboxMessages } from '../../db/schema/index.ts';

/**
 * Development only (registered when DEV_TOOLS is on, never in production by default): the embedded
 * outbox, so a developer can read the mail the platform "sent".
 */
export const devToolsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  app.get(
    '/outbox',
    { schema: { querystring: z.object({ to: z.string().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }) } },
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
