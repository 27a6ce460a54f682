import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBasketItemsSchema, type TBasketItems } from '@sekolo/shared/schemas/payments';
import type { DbExecutor } from '../../db/client.ts';
import { basketItems } from '../../db/schema/basket.ts';
import { unauthorized } from '../../lib/errors.ts';
import { getSessionUser, requireSession } from '../auth/guards.ts';

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
 * The signed-in user's basket (issue 5), prefix /api/payments/basket:
 * - GET: the basket kept in the account;
 * - PUT { items }: replaces it (the browser saves every change);
 * - POST /merge { items }: on sign-in, the browser's basket joins the account's: an item in both
 *   keeps the larger quantity (so merging twice never doubles it). Answers the merged basket.
 */
export const basketRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const userOf = async (request: Parameters<typeof getSessionUser>[0]) => {
    const user = await getSessionUser(request);
    if (!user) throw unauthorized();
    return user;
  };

  app.get('/', { onRequest: requireSession }, async (request) => basketOf(db, (await userOf(request)).id));

  app.put('/', { schema: { body: ZBasketItemsSchema }, onRequest: requireSession }, async (request) => {
    const user = await userOf(request);
    const items = distinct(request.body.items);
    await db.transaction(async (tx) => {
      await tx.delete(basketItems).where(eq(basketItems.userId, user.id));
      if (items.length > 0) {
        await tx.insert(basketItems).values(rowsOf(user.id, items));
      }
    });
    return basketOf(db, user.id);
  });

  app.post('/merge', { schema: { body: ZBasketItemsSchema }, onRequest: requireSession }, async (request) => {
    const user = await userOf(request);
    const items = distinct(request.body.items);
    if (items.length > 0) {
      await db
        .insert(basketItems)
        .values(rowsOf(user.id, items))
        .onConflictDoUpdate({
          target: [basketItems.userId, basketItems.itemId],
          set: { quantity: sql`greatest(${basketItems.quantity}, excluded.quantity)`, updatedAt: sql`now()` },
        });
    }
    return basketOf(db, user.id);
  });
};
