import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payoutsContracts as api } from '@sekolo/shared/contracts/payouts';
import type { FastifyRequest } from 'fastify';
import { getSessionUser, requireRole } from '../../platform/auth/guards.ts';
import { fromContract } from '../../platform/http/contract-route.ts';
import { limitPerClientAddress } from '../../platform/rate-limits/rate-limit.ts';
import {
  cancelPayeeAccountChange,
  confirmPayeeAccount,
  guardianConfirmAccount,
  payoutOverview,
  readGuardianAccountChange,
  requestPayeeAccountChange,
} from './payee-account.ts';
import { partnerBilling } from './partner-billing.ts';
import { PAYEE_ROLES, payeeOf, shopsOfGuardian } from './payees.ts';
import { listConsolePayouts, markPayoutsPaid, requestImmediatePayout } from './payouts.ts';

async function callerOf(request: FastifyRequest) {
  const user = await getSessionUser(request);
  const payee = payeeOf(user);
  return { payee, actor: { userId: user!.id, email: user!.email, ip: request.ip } };
}

/**
 * Payouts of business partners, charities and young entrepreneurs' shops, prefix /api/payouts:
 * the overview, an immediate payout, the bank account and its confirmation (a shop's by its
 * consenting guardian, with the link alone), and a guardian's read-only view of their shops.
 */
export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const payee = requireRole(...PAYEE_ROLES);
  const guardianLimit = limitPerClientAddress({
    name: 'payout-guardian-confirm',
    limit: 30,
    windowMs: 10 * 60 * 1000,
    what: 'attempts',
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.route({
    ...fromContract(app, api.overview),
    onRequest: payee,
    handler: async (request) => payoutOverview(db, (await callerOf(request)).payee),
  });
  app.route({
    ...fromContract(app, api.payOutNow),
    onRequest: payee,
    handler: async (request, reply) => {
      const { payee: who, actor } = await callerOf(request);
      const payout = await requestImmediatePayout(
        db,
        app.deps.mailer,
        { organizationId: who.organizationId, userId: actor.userId, ip: actor.ip },
        request.body.amountCents,
      );
      return reply.code(201).send({ payout });
    },
  });
  app.route({
    ...fromContract(app, api.requestAccountChange),
    onRequest: payee,
    handler: async (request, reply) => {
      const { payee: who, actor } = await callerOf(request);
      return reply
        .code(202)
        .send(
          await requestPayeeAccountChange(db, app.deps.mailer, app.deps.config.publicUrl, who, actor, request.body),
        );
    },
  });
  app.route({
    ...fromContract(app, api.cancelAccountChange),
    onRequest: payee,
    handler: async (request) => {
      const { payee: who, actor } = await callerOf(request);
      return cancelPayeeAccountChange(db, who, actor);
    },
  });
  app.route({
    ...fromContract(app, api.confirmAccount),
    onRequest: payee,
    handler: async (request) => {
      const { payee: who, actor } = await callerOf(request);
      return confirmPayeeAccount(db, app.deps.mailer, who, actor, request.body.token);
    },
  });

  // Public by design: the guardian's signed link is the proof (D23); rate limited per address.
  app.route({
    ...fromContract(app, api.guardianAccountChange),
    preHandler: guardianLimit,
    handler: async (request) => readGuardianAccountChange(db, request.query.token),
  });
  app.route({
    ...fromContract(app, api.guardianConfirmAccount),
    preHandler: guardianLimit,
    handler: async (request) => guardianConfirmAccount(db, app.deps.mailer, request.body.token, request.ip),
  });

  app.route({
    ...fromContract(app, api.partnerBilling),
    onRequest: requireRole('business_partner', 'service_vendor', 'product_vendor', 'lms_tutor'),
    handler: async (request) => {
      const user = (await getSessionUser(request))!;
      return partnerBilling(db, user, payeeOf(user).organizationId);
    },
  });
  app.route({
    ...fromContract(app, api.guardianShops),
    onRequest: requireRole('parent'),
    handler: async (request) => {
      const user = (await getSessionUser(request))!;
      const shops = await shopsOfGuardian(db, user.email);
      const views = [];
      for (const shop of shops) {
        const { fees: _fees, ...view } = await payoutOverview(db, shop);
        views.push(view);
      }
      return { shops: views };
    },
  });
};

/** The operator's batch, prefix /api/console/payouts: the bank file is made outside the platform. */
export const consolePayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const operator = requireRole('platform_admin');
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.route({
    ...fromContract(app, api.consoleList),
    onRequest: operator,
    handler: async () => ({ payouts: await listConsolePayouts(db) }),
  });
  app.route({
    ...fromContract(app, api.consoleMarkPaid),
    onRequest: operator,
    handler: async (request) => {
      const user = (await getSessionUser(request))!;
      return { marked: await markPayoutsPaid(db, { userId: user.id, ip: request.ip }, request.body.payoutIds) };
    },
  });
};
