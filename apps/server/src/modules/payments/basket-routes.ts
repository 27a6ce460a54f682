import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TBasketItems } from '@sekolo/shared/schemas/payments';
import { paymentsContracts as api } from '@sekolo/shared/contracts/payments';
import { fromContract } from '../../platform/http/contract-route.ts';
import type { DbExecutor } from '../../platform/db/client.ts';
import { lockForTransaction, transaction } from '../../platform/db/transaction.ts';
import { basketItems } from '../../platform/db/schema/basket.ts';
import { unauthorized } from '../../platform/http/errors.ts';
import { getSessionUser, requireSession } from '../../platform/auth/guards.ts';

async function basketOf(db: DbExecutor, userId: string): Promise<TBasketItems> {
  const rows = await db
    .select()
    .from(basketItems)
    .where(eq(basketItems.userId, userId))
    .orderBy(asc(basketItems.updatedAt), asc(basketItems.itemId));
  return {
    items: rows.map((row) => ({ id: row.itemId, name: row.name, price: row.priceCents, quantity: row.quantity })),
  };
}

/** Items listed twice in one request count once, with the larger quantity. */
function distinct(items: TBasketItems['items']): TBasketItems['items'] {
  const byId = new Map<string, TBasketItems['items'][number]>();
  for (const item of items) {
    const seen = byId.get(item.id);
    if (!seen || item.quantity > seen.quantity) byId.set(item.id, item);
  }
  return [...byId.values()];
}

/** The basket_items rows of a user's items. */
const rowsOf = (userId: string, items: TBasketItems['items']) =>
  items.map((item) => ({
    userId,
    itemId: item.id,
    name: item.name,
    priceCents: item.price,
    quantity: item.quantity,
  }));

/**
 * Saves of one user's basket run one after the other: two tabs saving at once would otherwise both
 * delete the old rows and both insert the same items, and the second insert would fail on the
 * (user, item) key. Held until the save's transaction ends.
 */
const lockBasket = (tx: DbExecutor, userId: string) => lockForTransaction(tx, `basket:${userId}`);

/**
 * The signed-in user's basket, prefix /api/payments/basket:
 * - GET: the basket kept in the account;
 * - PUT { items }: replaces it (the browser saves every change); answers the basket it saved;
 * - POST /merge { items }: on sign-in, the browser's basket joins the account's: an item in both
 *   keeps the larger quantity (so merging twice never doubles it). Answers the merged basket.
 * Saves sent at once (several tabs) each take their turn (lockBasket): the basket ends as the last
 * replace left it, with the merges after it added, and never answers an error for the collision.
 */
export const basketRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const userOf = async (request: Parameters<typeof getSessionUser>[0]) => {
    const user = await getSessionUser(request);
    if (!user) throw unauthorized();
    return user;
  };

  app.route({
    ...fromContract(app, api.basket),
    onRequest: requireSession,
    handler: async (request) => basketOf(db, (await userOf(request)).id),
  });

  app.route({
    ...fromContract(app, api.saveBasket),
    onRequest: requireSession,
    handler: async (request) => {
      const user = await userOf(request);
      const items = distinct(request.body.items);
      return transaction(db, async (tx) => {
        await lockBasket(tx, user.id);
        await tx.delete(basketItems).where(eq(basketItems.userId, user.id));
        if (items.length > 0) {
          await tx.insert(basketItems).values(rowsOf(user.id, items));
        }
        return basketOf(tx, user.id);
      });
    },
  });

  app.route({
    ...fromContract(app, api.mergeBasket),
    onRequest: requireSession,
    handler: async (request) => {
      const user = await userOf(request);
      const items = distinct(request.body.items);
      return transaction(db, async (tx) => {
        await lockBasket(tx, user.id);
        if (items.length > 0) {
          await tx
            .insert(basketItems)
            .values(rowsOf(user.id, items))
            .onConflictDoUpdate({
              target: [basketItems.userId, basketItems.itemId],
              set: { quantity: sql`greatest(${basketItems.quantity}, excluded.quantity)`, updatedAt: sql`now()` },
            });
        }
        return basketOf(tx, user.id);
      });
    },
  });
};
