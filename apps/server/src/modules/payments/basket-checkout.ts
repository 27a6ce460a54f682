import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BASKET_CHECKOUT_MESSAGES,
  ZBasketCheckoutSchema,
  ZIdempotencyKeyHeader,
  type TBasketCheckout,
  type TBasketCheckoutAnswer,
  type TBasketOrderAnswer,
  type TBasketQuote,
} from '@sekolo/shared/schemas/listings';
import { paymentsContracts as api } from '@sekolo/shared/contracts/payments';
import { fromContract } from '../../platform/http/contract-route.ts';
import type { TConfig } from '../../platform/config/env.ts';
import type { DatabaseHandle, DbExecutor } from '../../platform/db/client.ts';
import { paymentOrders } from '../../platform/db/schema/payments.ts';
import { badRequest, notFound, unauthorized } from '../../platform/http/errors.ts';
import { getSessionUser, requireRole, requireSession, type TSessionUser } from '../../platform/auth/guards.ts';
import { priceBasket, reserveMarketplaceOrders, sellerOrganizationOf, type TPricedBasket } from '../listings/index.ts';
import { marketplaceContracts as mp } from '@sekolo/shared/contracts/marketplace';
import { cancelMarketplaceOrder } from './cancel-marketplace-order.ts';
import { createOrder } from './create-order.ts';
import { withOrderParam } from './order-view.ts';
import { paymentProviderFor } from './providers/index.ts';
import type { TOrder } from './providers/types.ts';

/*
 * The basket checkout (D21): the signed-in buyer's basket, priced from the listings, becomes one
 * 'basket' payment order (createOrder adds the 6.8% processing fee) and one marketplace order per
 * seller holding its stock (listings' reserveMarketplaceOrders). The provider's notification
 * credits it through creditOrder: the orders become paid; the 'payment' journal (what each seller
 * is owed), the 'fee' journal (the buyer's processing fee) and one 'commission' journal per seller
 * order; the invoice; and the basket kept in the account is emptied.
 */

export const BASKET_RETURN_PATH = '/payment-success?kind=basket';
export const BASKET_CANCEL_PATH = '/payment-cancel?kind=basket';

type TDeps = { config: TConfig; database: DatabaseHandle };

/** What a basket order keeps of its checkout in metadata.context. */
type TBasketContext = TBasketQuote & { purpose: 'marketplace'; idempotencyKey?: string };

/** The quote the buyer sees: the lines as the contract has them, without sellers' commissions. */
export function quoteOfPriced(priced: TPricedBasket): TBasketQuote {
  return {
    lines: priced.lines.map((line) => ({
      id: line.id,
      title: line.title,
      sellerName: line.sellerName,
      unitPriceCents: line.unitPriceCents,
      quantity: line.quantity,
      lineTotalCents: line.lineTotalCents,
    })),
    subtotalCents: priced.subtotalCents,
    processingFeeCents: priced.processingFeeCents,
    totalCents: priced.totalCents,
  };
}

function quoteOf(order: TOrder): TBasketQuote {
  const context = (order.metadata.context ?? {}) as Partial<TBasketContext>;
  return {
    lines: context.lines ?? [],
    subtotalCents: context.subtotalCents ?? order.metadata.payment?.grossCents ?? 0,
    processingFeeCents: context.processingFeeCents ?? order.amountCents - (order.metadata.payment?.grossCents ?? 0),
    totalCents: order.amountCents,
  };
}

async function findByKey(db: DbExecutor, userId: string, key: string): Promise<TOrder | undefined> {
  const [order] = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.buyerUserId, userId),
        eq(paymentOrders.kind, 'basket'),
        sql`${paymentOrders.metadata} -> 'context' ->> 'idempotencyKey' = ${key}`,
      ),
    );
  return order;
}

function answerFor(deps: TDeps, user: TSessionUser, order: TOrder): TBasketCheckoutAnswer {
  if (order.status !== 'pending') {
    // Paid (or closed) already: the return page shows where it stands; no second payment.
    const url = withOrderParam(order.status === 'paid' ? order.returnUrl : order.cancelUrl, order.id);
    return { orderId: order.id, redirectUrl: url, redirect: { url, method: 'GET' } };
  }
  const { redirect } = paymentProviderFor(deps).createCheckout(order, {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
  });
  return { orderId: order.id, redirectUrl: redirect.url, redirect };
}

/**
 * Creates the basket order of a signed-in buyer. With an Idempotency-Key, a retry (or a concurrent
 * copy: a unique index on buyer + key) answers the same order.
 */
export async function createBasketCheckout(
  deps: TDeps,
  user: TSessionUser,
  request: TBasketCheckout,
  idempotencyKey: string | null,
): Promise<TBasketCheckoutAnswer> {
  const db = deps.database.db;
  if (idempotencyKey) {
    const existing = await findByKey(db, user.id, idempotencyKey);
    if (existing) return answerFor(deps, user, existing);
  }
  const priced = await priceBasket(db, request);
  const itemCount = priced.lines.reduce((sum, line) => sum + line.quantity, 0);
  const context: TBasketContext = {
    purpose: 'marketplace',
    ...quoteOfPriced(priced),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  };
  const from = priced.sellers.length === 1 ? priced.sellers[0]!.sellerName : `${priced.sellers.length} sellers`;
  let created: Awaited<ReturnType<typeof createOrder>>;
  try {
    created = await createOrder(
      deps,
      {
        kind: 'basket',
        grossCents: priced.subtotalCents,
        payeeOrganizationId: null,
        description: `Basket from ${from} (${itemCount} ${itemCount === 1 ? 'item' : 'items'})`,
        returnPath: BASKET_RETURN_PATH,
        cancelPath: BASKET_CANCEL_PATH,
        buyerUserId: user.id,
        context,
      },
      { firstName: user.firstName, lastName: user.lastName, email: user.email },
    );
  } catch (error) {
    // A concurrent request with the same key won the unique index: answer its order.
    if (idempotencyKey) {
      const existing = await findByKey(db, user.id, idempotencyKey);
      if (existing) return answerFor(deps, user, existing);
    }
    throw error;
  }
  try {
    await reserveMarketplaceOrders(db, {
      paymentOrderId: created.order.id,
      paymentReference: created.order.reference,
      buyerUserId: user.id,
      priced,
    });
  } catch (error) {
    // The stock ran out meanwhile: the payment order is closed before anyone can pay it.
    await db
      .update(paymentOrders)
      .set({ status: 'cancelled', updatedAt: sql`now()` })
      .where(and(eq(paymentOrders.id, created.order.id), eq(paymentOrders.status, 'pending')));
    throw error;
  }
  return {
    orderId: created.order.id,
    redirectUrl: created.checkout.redirect.url,
    redirect: created.checkout.redirect,
  };
}

/**
 * Prefix /api/payments:
 * - POST /basket-quote { items }: the priced basket (lines, subtotal, 6.8% fee, total);
 * - POST /basket-checkout { items } (signed in; optional Idempotency-Key): the order and where to pay;
 * - GET /basket-checkout/:orderId: the buyer's own basket order, for /payment-success;
 * - POST /marketplace-orders/:id/cancel { reason } (the seller): cancels their order, refunds the buyer.
 */
export const basketCheckoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const signedIn = async (request: Parameters<typeof getSessionUser>[0]) => {
    const user = await getSessionUser(request);
    if (!user) throw unauthorized();
    return user;
  };

  app.route({
    ...fromContract(app, api.basketQuote),
    handler: async (request): Promise<TBasketQuote> => quoteOfPriced(await priceBasket(db, request.body)),
  });

  // The body is read here, after the session check (a signed-out caller hears 401 first), and its
  // refusal names `items` whatever line is wrong: the contract's body schema is not the route's.
  const {
    schema: { body: _body, ...checkoutSchema },
    ...checkout
  } = fromContract(app, api.basketCheckout);
  app.route({
    ...checkout,
    schema: checkoutSchema,
    onRequest: requireSession,
    handler: async (request, reply) => {
      // Signed out answers 401 before the body is looked at (requireSession).
      const user = await signedIn(request);
      const body = ZBasketCheckoutSchema.safeParse(request.body ?? {});
      if (!body.success) {
        const message = body.error.issues[0]?.message ?? BASKET_CHECKOUT_MESSAGES.emptyBasket;
        throw badRequest(message, { items: message });
      }
      const rawKey = request.headers['idempotency-key'];
      let key: string | null = null;
      if (rawKey !== undefined) {
        const parsed = ZIdempotencyKeyHeader.safeParse(Array.isArray(rawKey) ? rawKey[0] : rawKey);
        if (!parsed.success)
          throw badRequest(BASKET_CHECKOUT_MESSAGES.idempotencyKey, {
            'Idempotency-Key': BASKET_CHECKOUT_MESSAGES.idempotencyKey,
          });
        key = parsed.data;
      }
      const answer = await createBasketCheckout(app.deps, user, body.data, key);
      return reply.status(201).send(answer);
    },
  });

  app.route({
    ...fromContract(app, api.basketOrder),
    onRequest: requireSession,
    handler: async (request): Promise<TBasketOrderAnswer> => {
      const user = await signedIn(request);
      const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, request.params.orderId));
      if (!order || order.kind !== 'basket' || order.buyerUserId !== user.id) throw notFound('There is no such order.');
      return {
        order: {
          id: order.id,
          reference: order.reference,
          status: order.status,
          amountCents: order.amountCents,
          paidAt: order.paidAt ? order.paidAt.toISOString() : null,
          description: order.description,
        },
        quote: quoteOf(order),
      };
    },
  });

  // A seller cancels their marketplace order and the buyer is refunded (cancel-marketplace-order.ts).
  app.route({
    ...fromContract(app, mp.sellerCancel),
    onRequest: requireRole('business_partner', 'young_entrepreneur'),
    handler: async (request) => {
      const user = (await getSessionUser(request))!;
      return cancelMarketplaceOrder(
        db,
        { mailer: app.deps.mailer, publicUrl: app.deps.config.publicUrl },
        { userId: user.id, organizationId: sellerOrganizationOf(user) },
        request.params.id,
        request.body.reason,
      );
    },
  });
};
