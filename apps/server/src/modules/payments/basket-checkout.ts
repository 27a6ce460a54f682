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
import { getSessionUser, requireSession, type TSessionUser } from '../../platform/auth/guards.ts';
import { priceBasket } from '../listings/index.ts';
import { createOrder } from './create-order.ts';
import { withOrderParam } from './order-view.ts';
import { paymentProviderFor } from './providers/index.ts';
import type { TOrder } from './providers/types.ts';

/*
 * The basket checkout: the signed-in buyer's basket, priced from the listings, becomes
 * one 'basket' order (createOrder adds the 6.8% processing fee). The provider's notification
 * credits it through creditOrder: the 'payment' journal (buyer paid, seller payable after the 5%
 * commission, commission, fee), the invoice, and the basket kept in the account is emptied.
 */

export const BASKET_RETURN_PATH = '/payment-success?kind=basket';
export const BASKET_CANCEL_PATH = '/payment-cancel?kind=basket';

type TDeps = { config: TConfig; database: DatabaseHandle };

/** What a basket order keeps of its checkout in metadata.context. */
type TBasketContext = TBasketQuote & { purpose: 'basket'; idempotencyKey?: string };

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
    purpose: 'basket',
    lines: priced.lines,
    subtotalCents: priced.subtotalCents,
    processingFeeCents: priced.processingFeeCents,
    totalCents: priced.totalCents,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  };
  try {
    const created = await createOrder(
      deps,
      {
        kind: 'basket',
        grossCents: priced.subtotalCents,
        payeeOrganizationId: priced.sellerOrganizationId,
        description: `Basket from ${priced.lines[0]!.sellerName} (${itemCount} ${itemCount === 1 ? 'item' : 'items'})`,
        returnPath: BASKET_RETURN_PATH,
        cancelPath: BASKET_CANCEL_PATH,
        buyerUserId: user.id,
        context,
      },
      { firstName: user.firstName, lastName: user.lastName, email: user.email },
    );
    return {
      orderId: created.order.id,
      redirectUrl: created.checkout.redirect.url,
      redirect: created.checkout.redirect,
    };
  } catch (error) {
    // A concurrent request with the same key won the unique index: answer its order.
    if (idempotencyKey) {
      const existing = await findByKey(db, user.id, idempotencyKey);
      if (existing) return answerFor(deps, user, existing);
    }
    throw error;
  }
}

/**
 * Prefix /api/payments:
 * - POST /basket-quote { items }: the priced basket (lines, subtotal, 6.8% fee, total);
 * - POST /basket-checkout { items } (signed in; optional Idempotency-Key): the order and where to pay;
 * - GET /basket-checkout/:orderId: the buyer's own basket order, for /payment-success.
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
    handler: async (request): Promise<TBasketQuote> => {
      const { sellerOrganizationId: _seller, ...quote } = await priceBasket(db, request.body);
      return quote;
    },
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
};
