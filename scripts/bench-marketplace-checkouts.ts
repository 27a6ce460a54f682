// The marketplace bench's checkout side (scripts/bench-marketplace.mjs), run in the bench's own
// process on the bench database: the buyers and seller members it signs in as (made by the test
// factories, with Better Auth's own password hash), the shelf the baskets are filled from, the
// gateway's signed notification (the sandbox provider's own code), and the checks of what the
// concurrent checkouts left in the database.
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as schema from '../apps/server/src/platform/db/schema/index.ts';
import { rowsOf, type DbExecutor } from '../apps/server/src/platform/db/client.ts';
import { loadConfig } from '../apps/server/src/platform/config/env.ts';
import { createUser } from '../apps/server/src/test/factories/accounts.ts';
import { findUnbalancedJournals } from '../apps/server/src/modules/ledger/index.ts';
import { paymentProvidersFor } from '../apps/server/src/modules/payments/providers/index.ts';

export type TShelfListing = { id: string; title: string; priceCents: number };
export type TShelfSeller = { organizationId: string; listings: TShelfListing[] };
export type TScarce = TShelfListing & { stock: number; organizationId: string };
export type TBasketItem = { id: string; quantity: number };
/** One buyer's checkout as the bench saw it: the basket, and the payment order when it was accepted. */
export type TFlow = {
  buyerId: string;
  items: TBasketItem[];
  orderId: string | null;
  refused: boolean;
};

async function withDb<T>(connectionString: string, run: (db: DbExecutor) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString, max: 4 });
  pool.on('error', () => {});
  try {
    return await run(drizzle({ client: pool, schema }) as unknown as DbExecutor);
  } finally {
    await pool.end();
  }
}

/**
 * The run's buyers, the sellers their baskets come from (each with a member who hears of its
 * orders) and their listings with stock to spare, and `scarceCount` new listings with only
 * `scarceStock` units each, for several buyers to race for.
 */
export function prepareCheckouts(
  connectionString: string,
  options: { run: string; buyers: number; sellers: number; scarceCount: number; scarceStock: number; password: string },
): Promise<{ buyers: { id: string; email: string }[]; shelf: TShelfSeller[]; scarce: TScarce[] }> {
  return withDb(connectionString, async (db) => {
    const sellers = rowsOf<{ id: string; name: string; slug: string; members: number }>(
      await db.execute(sql`
        SELECT o.id, o.name, o.slug, (SELECT count(*)::int FROM organization_members m WHERE m.organization_id = o.id) AS members
        FROM organizations o WHERE o.slug LIKE 'bench-seller-%' AND o.status = 'active'
          AND EXISTS (SELECT 1 FROM listings l WHERE l.organization_id = o.id AND l.status = 'published' AND (l.stock IS NULL OR l.stock >= 20))
        ORDER BY random() LIMIT ${options.sellers}`),
    );
    if (sellers.length < 3) throw new Error('the bench database has fewer than 3 sellers');
    for (const seller of sellers.filter((s) => s.members === 0)) {
      await createUser(db, {
        email: `owner@${seller.slug}.bench.test`,
        password: options.password,
        role: 'business_partner',
        firstName: 'Bench',
        lastName: seller.name,
        organization: { name: seller.name, type: 'business', slug: seller.slug, memberRole: 'business_partner' },
      });
    }
    const shelf: TShelfSeller[] = [];
    for (const seller of sellers) {
      const listings = rowsOf<TShelfListing>(
        await db.execute(sql`
          SELECT l.id, l.title, l.price_cents AS "priceCents" FROM listings l
          WHERE l.organization_id = ${seller.id} AND l.status = 'published' AND (l.stock IS NULL OR l.stock >= 20)
            AND NOT EXISTS (SELECT 1 FROM listing_variants v WHERE v.listing_id = l.id)
          ORDER BY random() LIMIT 4`),
      );
      if (listings.length > 0) shelf.push({ organizationId: seller.id, listings });
    }
    const scarce: TScarce[] = [];
    for (let k = 0; k < options.scarceCount; k++) {
      const seller = shelf[k % shelf.length]!;
      const title = `Graphing calculator, last units ${k + 1} (run ${options.run})`;
      const [row] = rowsOf<{ id: string }>(
        await db.execute(sql`
          INSERT INTO listings (organization_id, title, description, price_cents, status, published_at, kind, category, subcategory, stock)
          VALUES (${seller.organizationId}, ${title}, 'The last few calculators of a school''s bulk order.', 129900, 'published', now(),
            'product', 'technology', 'calculators', ${options.scarceStock})
          RETURNING id`),
      );
      scarce.push({
        id: row!.id,
        title,
        priceCents: 129_900,
        stock: options.scarceStock,
        organizationId: seller.organizationId,
      });
    }
    const buyers: { id: string; email: string }[] = [];
    for (let i = 0; i < options.buyers; i++) {
      const user = await createUser(db, {
        email: `buyer-${i + 1}@run-${options.run}.bench.test`,
        password: options.password,
        role: 'customer',
        firstName: 'Bench',
        lastName: `Buyer ${i + 1}`,
      });
      buyers.push({ id: user.id, email: user.email });
    }
    return { buyers, shelf, scarce };
  });
}

/**
 * The sandbox gateway's notification of a payment, signed as the server's sandbox provider checks
 * it: `env` is the bench server's environment (its AUTH_SECRET and PUBLIC_URL).
 */
export function sandboxNotifier(env: Record<string, string>) {
  const config = loadConfig(env);
  const { sandbox } = paymentProvidersFor({ config, database: {} as never });
  if (!sandbox) throw new Error('the bench server does not use the sandbox provider');
  return (payload: { reference: string; transactionId: string; amountCents: number }) =>
    sandbox.buildNotification({ ...payload, status: 'COMPLETE', cardLast4: '4242' });
}

type TCheckInput = {
  flows: TFlow[];
  /** Each listing's seller, for the lines' check. */
  sellerOf: Record<string, string>;
  scarce: TScarce[];
};

/**
 * What the checkouts left in the database, against what the bench asked for. Answers the figures
 * and every failed check (none when all hold):
 * - every accepted payment paid, and credited exactly once (one 'credited' notification, one
 *   payment and one fee journal, one commission journal per seller order); no order left pending;
 * - every paid basket split into one order per seller of its items, each line with the seller that
 *   listed it, the lines the basket's, the orders adding up to what was paid;
 * - every journal of the ledger balanced; what the provider holds from these payments is what the
 *   buyers paid, and each seller is owed its subtotals less commission;
 * - no stock below zero anywhere; each scarce listing sold exactly its units;
 * - each seller order told to each member of its seller once; the paid buyers' baskets emptied.
 */
export function checkCheckouts(connectionString: string, input: TCheckInput) {
  return withDb(connectionString, async (db) => {
    const failures: string[] = [];
    const fail = (message: string) => failures.push(message);
    const accepted = input.flows.filter((f) => f.orderId);
    const orderIds = accepted.map((f) => f.orderId!);
    const buyerIds = input.flows.map((f) => f.buyerId);

    const payments = rowsOf<{
      id: string;
      buyer_user_id: string;
      status: string;
      reference: string;
      amount_cents: number;
    }>(
      await db.execute(sql`
        SELECT id, buyer_user_id, status, reference, amount_cents FROM payment_orders
        WHERE buyer_user_id = ANY(${sql.param(buyerIds)}::text[])`),
    );
    const paymentById = new Map(payments.map((p) => [p.id, p]));
    const pending = payments.filter((p) => p.status === 'pending');
    if (pending.length) fail(`${pending.length} payment orders left pending`);
    const unpaid = orderIds.filter((id) => paymentById.get(id)?.status !== 'paid');
    if (unpaid.length) fail(`${unpaid.length} accepted checkouts not paid`);
    const strays = payments.filter((p) => p.status === 'paid' && !orderIds.includes(p.id));
    if (strays.length) fail(`${strays.length} paid orders the bench did not accept`);

    const credits = rowsOf<{ order_id: string; credited: number; duplicates: number }>(
      await db.execute(sql`
        SELECT order_id, count(*) FILTER (WHERE outcome = 'credited')::int AS credited,
          count(*) FILTER (WHERE outcome = 'duplicate')::int AS duplicates
        FROM payment_notifications WHERE order_id = ANY(${sql.param(orderIds)}::uuid[]) GROUP BY order_id`),
    );
    const creditsOf = new Map(credits.map((c) => [c.order_id, c]));
    const doubleCredits = credits.filter((c) => c.credited > 1).length;
    const uncredited = orderIds.filter((id) => (creditsOf.get(id)?.credited ?? 0) === 0).length;
    if (doubleCredits) fail(`${doubleCredits} payments credited more than once`);
    if (uncredited) fail(`${uncredited} paid orders without their credit`);
    const duplicatesRefused = credits.reduce((sum, c) => sum + c.duplicates, 0);

    const lines = rowsOf<{
      payment_order_id: string;
      order_id: string;
      reference: string;
      seller: string;
      status: string;
      subtotal_cents: number;
      processing_fee_cents: number;
      commission_cents: number;
      listing_id: string;
      quantity: number;
      listing_seller: string;
    }>(
      await db.execute(sql`
        SELECT o.payment_order_id, o.id AS order_id, o.reference, o.seller_organization_id AS seller, o.status,
          o.subtotal_cents, o.processing_fee_cents, o.commission_cents, ol.listing_id, ol.quantity,
          l.organization_id AS listing_seller
        FROM marketplace_orders o
        JOIN marketplace_order_lines ol ON ol.order_id = o.id
        JOIN listings l ON l.id = ol.listing_id
        WHERE o.payment_order_id = ANY(${sql.param(orderIds)}::uuid[])`),
    );
    const linesOf = new Map<string, typeof lines>();
    for (const line of lines) linesOf.set(line.payment_order_id, [...(linesOf.get(line.payment_order_id) ?? []), line]);
    let badSplits = 0;
    let sellerOrders = 0;
    const sellerOrderRefs: string[] = [];
    for (const flow of accepted) {
      const own = linesOf.get(flow.orderId!) ?? [];
      const orders = new Map(own.map((l) => [l.order_id, l]));
      sellerOrders += orders.size;
      for (const o of orders.values()) sellerOrderRefs.push(o.reference);
      const wanted = new Set(flow.items.map((item) => input.sellerOf[item.id]));
      const sellers = [...orders.values()].map((o) => o.seller);
      const sameLines =
        own
          .map((l) => `${l.listing_id}×${l.quantity}`)
          .sort()
          .join() ===
        flow.items
          .map((item) => `${item.id}×${item.quantity}`)
          .sort()
          .join();
      const total = [...orders.values()].reduce((sum, o) => sum + o.subtotal_cents + o.processing_fee_cents, 0);
      const ok =
        sellers.length === wanted.size &&
        sellers.every((s) => wanted.has(s)) &&
        own.every((l) => l.listing_seller === l.seller) &&
        [...orders.values()].every((o) => o.status === 'paid') &&
        sameLines &&
        total === paymentById.get(flow.orderId!)?.amount_cents;
      if (!ok) badSplits++;
    }
    if (badSplits) fail(`${badSplits} baskets not split into one paid order per seller with their own lines`);

    const references = accepted.map((f) => paymentById.get(f.orderId!)?.reference ?? '');
    const journals = rowsOf<{ kind: string; reference: string; n: number }>(
      await db.execute(sql`
        SELECT kind, reference, count(*)::int AS n FROM ledger_journals
        WHERE reference = ANY(${sql.param([...references, ...sellerOrderRefs])}::text[]) GROUP BY kind, reference`),
    );
    const count = (kind: string) => journals.filter((j) => j.kind === kind).reduce((sum, j) => sum + j.n, 0);
    const commissionOrders = new Set(lines.filter((l) => l.commission_cents > 0).map((l) => l.order_id)).size;
    const journalCounts = { payment: count('payment'), fee: count('fee'), commission: count('commission') };
    if (journalCounts.payment !== accepted.length)
      fail(`${journalCounts.payment} payment journals for ${accepted.length} payments`);
    if (journalCounts.fee !== accepted.length)
      fail(`${journalCounts.fee} fee journals for ${accepted.length} payments`);
    if (journalCounts.commission !== commissionOrders)
      fail(`${journalCounts.commission} commission journals for ${commissionOrders} seller orders with commission`);
    const unbalanced = await findUnbalancedJournals(db);
    if (unbalanced.length) fail(`${unbalanced.length} unbalanced journals`);

    const [money] = rowsOf<{ held: string; owed: string }>(
      await db.execute(sql`
        SELECT coalesce(sum(e.amount_cents) FILTER (WHERE e.account_code = 'provider_clearing'), 0) AS held,
          coalesce(-sum(e.amount_cents) FILTER (WHERE e.account_code = 'organization_payable'), 0) AS owed
        FROM ledger_entries e JOIN ledger_journals j ON j.id = e.journal_id
        WHERE j.reference = ANY(${sql.param([...references, ...sellerOrderRefs])}::text[])`),
    );
    const paidTotal = accepted.reduce((sum, f) => sum + (paymentById.get(f.orderId!)?.amount_cents ?? 0), 0);
    const perOrder = new Map(lines.map((l) => [l.order_id, l]));
    const owedTotal = [...perOrder.values()].reduce((sum, o) => sum + o.subtotal_cents - o.commission_cents, 0);
    if (Number(money!.held) !== paidTotal) fail(`the provider holds ${money!.held} cents of ${paidTotal} paid`);
    if (Number(money!.owed) !== owedTotal) fail(`sellers are owed ${money!.owed} cents, expected ${owedTotal}`);

    const [negative] = rowsOf<{ listings: number; variants: number }>(
      await db.execute(sql`
        SELECT (SELECT count(*)::int FROM listings WHERE stock < 0) AS listings,
          (SELECT count(*)::int FROM listing_variants WHERE stock < 0) AS variants`),
    );
    if (negative!.listings + negative!.variants > 0)
      fail(`${negative!.listings} listings and ${negative!.variants} variants below zero stock`);
    const scarceRows = rowsOf<{ id: string; stock: number; sold_count: number }>(
      await db.execute(
        sql`SELECT id, stock, sold_count FROM listings WHERE id = ANY(${sql.param(input.scarce.map((s) => s.id))}::uuid[])`,
      ),
    );
    for (const s of input.scarce) {
      const row = scarceRows.find((r) => r.id === s.id);
      const winners = accepted.filter((f) => f.items.some((item) => item.id === s.id)).length;
      if (!row || row.stock !== 0 || row.sold_count !== s.stock || winners !== s.stock)
        fail(`"${s.title}": ${winners} buyers got ${s.stock} units (stock now ${row?.stock}, sold ${row?.sold_count})`);
    }

    const told = rowsOf<{ order_id: string; members: number; told: number }>(
      await db.execute(sql`
        SELECT o.id AS order_id,
          (SELECT count(*)::int FROM organization_members m WHERE m.organization_id = o.seller_organization_id) AS members,
          (SELECT count(*)::int FROM notifications n WHERE n.event_key = 'marketplace-order-paid:' || o.id::text) AS told
        FROM marketplace_orders o WHERE o.payment_order_id = ANY(${sql.param(orderIds)}::uuid[])`),
    );
    const untold = told.filter((t) => t.told !== t.members).length;
    if (untold) fail(`${untold} seller orders not told once to each of their seller's members`);
    const sellerNotices = told.reduce((sum, t) => sum + t.told, 0);

    const baskets = rowsOf<{ user_id: string; n: number }>(
      await db.execute(sql`
        SELECT user_id, count(*)::int AS n FROM basket_items WHERE user_id = ANY(${sql.param(buyerIds)}::text[]) GROUP BY user_id`),
    );
    const kept = new Set(baskets.map((b) => b.user_id));
    const notEmptied = accepted.filter((f) => kept.has(f.buyerId)).length;
    const lost = input.flows.filter((f) => f.refused && !kept.has(f.buyerId)).length;
    if (notEmptied) fail(`${notEmptied} paid buyers still have their basket`);
    if (lost) fail(`${lost} refused buyers lost their basket`);

    return {
      failures,
      figures: {
        paymentsPaid: accepted.length - unpaid.length,
        sellerOrders,
        doubleCredits,
        duplicatesRefused,
        journals: journalCounts,
        unbalancedJournals: unbalanced.length,
        heldCents: Number(money!.held),
        negativeStock: negative!.listings + negative!.variants,
        sellerNotices,
      },
    };
  });
}
