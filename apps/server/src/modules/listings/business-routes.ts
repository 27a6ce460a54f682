import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { marketplaceBusinessContracts as api } from '@sekolo/shared/contracts/marketplace-business';
import { fromContract } from '../../platform/http/contract-route.ts';
import { getSessionUser, requireRole, requireSession, type TSessionUser } from '../../platform/auth/guards.ts';
import { consumeRateLimit, rateLimitedError } from '../../platform/rate-limits/rate-limit.ts';
import { sellerOrganizationOf } from './seller-profile.ts';
import { consoleReviews, createReview, hideReview, replyToReview, sellerReviews } from './reviews.ts';
import {
  businessAnalytics,
  businessCustomers,
  businessOverview,
  salesReportCsv,
  salesReportPdf,
  saveShopPolicies,
  shopPolicies,
} from './business-dashboard.ts';

const REVIEW_RATE_LIMIT = { limit: 20, windowMs: 60 * 60 * 1000 } as const;

/**
 * Prefix /api/marketplace: the buyer's review of a completed order, and the business dashboard's
 * marketplace pages (reviews and replies, overview, analytics, customers, sales reports, shop
 * policies): role `business_partner`, their own organisation's figures only.
 */
export const businessMarketplaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const notices = { mailer: app.deps.mailer, publicUrl: app.deps.config.publicUrl };
  const seller = requireRole('business_partner');
  const actorOf = async (request: Parameters<typeof getSessionUser>[0]) => {
    const user = (await getSessionUser(request)) as TSessionUser;
    return {
      userId: user.id,
      organizationId: sellerOrganizationOf(user),
      organizationName: user.organization?.name ?? '',
    };
  };

  app.route({
    ...fromContract(app, api.review),
    onRequest: requireSession,
    preHandler: async (request, reply) => {
      const user = (await getSessionUser(request))!;
      const result = await consumeRateLimit(db, { key: `marketplace-review:${user.id}`, ...REVIEW_RATE_LIMIT });
      if (!result.allowed) {
        reply.header('retry-after', String(result.retryAfterSeconds));
        throw rateLimitedError(result.retryAfterSeconds);
      }
    },
    handler: async (request, reply) => {
      const user = (await getSessionUser(request))!;
      return reply.status(201).send(await createReview(db, notices, user.id, request.params.id, request.body));
    },
  });
  app.route({
    ...fromContract(app, api.sellerReviews),
    onRequest: seller,
    handler: async (request) => sellerReviews(db, (await actorOf(request)).organizationId),
  });
  app.route({
    ...fromContract(app, api.reply),
    onRequest: seller,
    handler: async (request) => replyToReview(db, await actorOf(request), request.params.id, request.body.reply),
  });
  app.route({
    ...fromContract(app, api.overview),
    onRequest: seller,
    handler: async (request) => businessOverview(db, (await actorOf(request)).organizationId),
  });
  app.route({
    ...fromContract(app, api.analytics),
    onRequest: seller,
    handler: async (request) => businessAnalytics(db, (await actorOf(request)).organizationId, request.query),
  });
  app.route({
    ...fromContract(app, api.customers),
    onRequest: seller,
    handler: async (request) => businessCustomers(db, (await actorOf(request)).organizationId, request.query),
  });
  app.route({
    ...fromContract(app, api.salesReport),
    onRequest: seller,
    handler: async (request, reply) => {
      const actor = await actorOf(request);
      const { from, to, format } = request.query;
      const name = `sales-${from}-to-${to}.${format}`;
      reply
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store');
      if (format === 'pdf') {
        const pdf = await salesReportPdf(db, { id: actor.organizationId, name: actor.organizationName }, { from, to });
        return reply.header('content-type', 'application/pdf').send(Buffer.from(pdf));
      }
      const csv = await salesReportCsv(db, actor.organizationId, { from, to });
      return reply.header('content-type', 'text/csv; charset=utf-8').send(`\uFEFF${csv}`);
    },
  });
  app.route({
    ...fromContract(app, api.settings),
    onRequest: seller,
    handler: async (request) => shopPolicies(db, (await actorOf(request)).organizationId),
  });
  app.route({
    ...fromContract(app, api.saveSettings),
    onRequest: seller,
    handler: async (request) => saveShopPolicies(db, await actorOf(request), request.body),
  });
};

/** Prefix /api/console/marketplace-reviews: the operator's review moderation (`platform_admin`). */
export const consoleReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const operator = requireRole('platform_admin');
  app.route({
    ...fromContract(app, api.consoleReviews),
    onRequest: operator,
    handler: async () => consoleReviews(db),
  });
  app.route({
    ...fromContract(app, api.hide),
    onRequest: operator,
    handler: async (request, reply) => {
      const user = (await getSessionUser(request))!;
      await hideReview(db, user.id, request.params.id, request.body.reason);
      return reply.status(204).send();
    },
  });
};
