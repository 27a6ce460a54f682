import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/client.ts';
import { ledgerJournals } from '../../platform/db/schema/ledger.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createOrder } from './create-order.ts';
import { creditOrder, failOrder } from './credit-order.ts';
import { cancelSandboxOrder } from './cancel-order.ts';
import { onOrderPurpose } from './order-hooks.ts';

/**
 * A module selling through the checkout learns, in the same transaction, that its order was paid
 * or given up (order-hooks.ts); a failing hook never loses the money.
 */
describe('order purpose hooks', () => {
  let t: TestApp;
  let payee: string;
  let buyer: string;
  const seen: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const seller = await createUser(t.database.db, {
      role: 'business_partner',
      organization: { name: 'Hook Tutors', type: 'business' },
    });
    payee = seller.organizationId!;
    buyer = (await createUser(t.database.db)).id;
    await t.database.db.execute(sql`CREATE TABLE hook_effects (order_id uuid PRIMARY KEY, what text NOT NULL)`);
    onOrderPurpose('hook_test', {
      paid: async (tx, order) => {
        seen.push(`paid:${order.reference}`);
        await tx.execute(sql`INSERT INTO hook_effects VALUES (${order.id}, 'paid')`);
      },
      released: async (tx, order) => {
        seen.push(`released:${order.reference}`);
        await tx.execute(sql`INSERT INTO hook_effects VALUES (${order.id}, 'released')`);
      },
    });
    onOrderPurpose('hook_broken', {
      paid: async (tx, order) => {
        await tx.execute(sql`INSERT INTO hook_effects VALUES (${order.id}, 'half')`);
        throw new Error('the module fell over');
      },
    });
  });
  afterAll(() => t.close());

  const newOrder = (purpose: string) =>
    createOrder(t, {
      kind: 'basket',
      grossCents: 25_000,
      payeeOrganizationId: payee,
      description: 'One lesson',
      returnPath: '/dashboard',
      cancelPath: '/dashboard',
      buyerUserId: buyer,
      context: { purpose },
    });
  const effect = async (orderId: string) =>
    rowsOf<{ what: string }>(
      await t.database.db.execute(sql`SELECT what FROM hook_effects WHERE order_id = ${orderId}`),
    ).map((r) => r.what);

  it('runs the paid hook once, in the transaction that records the payment', async () => {
    const { order } = await newOrder('hook_test');
    const first = await creditOrder(t.database.db, {
      orderId: order.id,
      provider: 'sandbox',
      providerTransactionId: 'tx-1',
    });
    const again = await creditOrder(t.database.db, {
      orderId: order.id,
      provider: 'sandbox',
      providerTransactionId: 'tx-1',
    });
    expect(first.credited).toBe(true);
    expect(again.credited).toBe(false);
    expect(seen.filter((s) => s === `paid:${order.reference}`)).toHaveLength(1);
    expect(await effect(order.id)).toEqual(['paid']);
  });

  it('runs the released hook when the payment fails or the buyer cancels, and not for a paid order', async () => {
    const failed = (await newOrder('hook_test')).order;
    await failOrder(t.database.db, failed.id);
    await failOrder(t.database.db, failed.id);
    expect(await effect(failed.id)).toEqual(['released']);

    const cancelled = (await newOrder('hook_test')).order;
    await cancelSandboxOrder(t.database.db, { orderId: cancelled.id, buyerUserId: buyer });
    expect(await effect(cancelled.id)).toEqual(['released']);
  });

  it('keeps the payment when a paid hook throws, and undoes only what the hook wrote', async () => {
    const { order } = await newOrder('hook_broken');
    const result = await creditOrder(t.database.db, {
      orderId: order.id,
      provider: 'sandbox',
      providerTransactionId: 'tx-2',
    });
    expect(result.credited).toBe(true);
    expect(
      await t.database.db.select().from(ledgerJournals).where(eq(ledgerJournals.reference, order.reference)),
    ).toHaveLength(1);
    expect(await effect(order.id)).toEqual([]);
  });
});
