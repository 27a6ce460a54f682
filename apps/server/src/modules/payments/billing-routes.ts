import { and, count, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import type { TSubscriptionView } from '@sekolo/shared/schemas/payments';
import { paymentsContracts as api } from '@sekolo/shared/contracts/payments';
import { fromContract } from '../../platform/http/contract-route.ts';
import type { DbExecutor } from '../../platform/db/client.ts';
import { learners } from '../../platform/db/schema/school.ts';
import { forbidden, notFound, unauthorized } from '../../platform/http/errors.ts';
import { defineGuard, getSessionUser, requireSession } from '../../platform/auth/guards.ts';
import {
  cancelSubscription,
  cancellationEndDate,
  changeSubscriptionPackage,
  findSubscription,
  learnerLimitOf,
  mayManageSubscription,
  resumeSubscription,
  type TSubscription,
} from './subscriptions.ts';

const NO_SUBSCRIPTION = 'Your school has no subscription yet.';

async function toView(db: DbExecutor, sub: TSubscription, today: string): Promise<TSubscriptionView> {
  let learnerCount: number | null = null;
  if (sub.organizationId) {
    const [row] = await db
      .select({ n: count() })
      .from(learners)
      .where(and(eq(learners.organizationId, sub.organizationId), isNull(learners.archivedAt)));
    learnerCount = Number(row?.n ?? 0);
  }
  return {
    id: sub.id,
    status: sub.status,
    packageId: sub.packageId,
    amountCents: sub.amountCents,
    provider: sub.provider as TSubscriptionView['provider'],
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    nextBillingDate: sub.nextBillingDate,
    pendingPackageId: sub.pendingPackageId,
    cancelAt: sub.cancelAt,
    learnerLimit: learnerLimitOf(sub),
    learnerCount,
    cancelTodayEndsOn: sub.status === 'cancelled' || sub.cancelAt ? null : cancellationEndDate(sub, today),
  };
}

/**
 * A school's billing settings, prefix /api/payments/subscription: the plan, cancel (with
 * the two weeks' notice rule), resume, and change package from the next billing date. Only the
 * person who set it up or an admin of the school.
 */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;

  // The changes' guard: the caller's subscription, which they may manage (404 none, 403 not theirs
  // to manage), found before the body is read (guards.ts) and kept for the handler (`mine`).
  const managed = new WeakMap<FastifyRequest, TSubscription>();
  const managesSubscription = defineGuard(async (request) => {
    const user = await getSessionUser(request);
    if (!user) throw unauthorized();
    const sub = await findSubscription(db, { organizationId: user.organization?.id ?? null, userId: user.id });
    if (!sub) throw notFound(NO_SUBSCRIPTION);
    if (!(await mayManageSubscription(db, sub, user.id))) throw forbidden();
    managed.set(request, sub);
  });
  const mine = (request: FastifyRequest): TSubscription => managed.get(request)!;

  app.route({
    ...fromContract(app, api.subscription),
    onRequest: requireSession,
    handler: async (request) => {
      const user = await getSessionUser(request);
      if (!user) throw unauthorized();
      const sub = await findSubscription(db, { organizationId: user.organization?.id ?? null, userId: user.id });
      if (!sub || !(await mayManageSubscription(db, sub, user.id))) return { subscription: null };
      return { subscription: await toView(db, sub, todayInSouthAfrica()) };
    },
  });

  app.route({
    ...fromContract(app, api.cancelSubscription),
    onRequest: managesSubscription,
    handler: async (request) => {
      const sub = await cancelSubscription(db, mine(request));
      return { subscription: await toView(db, sub, todayInSouthAfrica()) };
    },
  });

  app.route({
    ...fromContract(app, api.resumeSubscription),
    onRequest: managesSubscription,
    handler: async (request) => {
      const sub = await resumeSubscription(db, mine(request));
      return { subscription: await toView(db, sub, todayInSouthAfrica()) };
    },
  });

  app.route({
    ...fromContract(app, api.changeSubscription),
    onRequest: managesSubscription,
    handler: async (request) => {
      const sub = await changeSubscriptionPackage(db, mine(request), request.body.packageId);
      return { subscription: await toView(db, sub, todayInSouthAfrica()) };
    },
  });
};
