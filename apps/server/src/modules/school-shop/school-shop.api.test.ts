import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { birthDateForGrade } from '@sekolo/shared/schemas/school';
import type { TShopOrder, TShopProduct, TShopProductInput } from '@sekolo/shared/schemas/school-shop';
import {
  learnerGuardians,
  ledgerJournals,
  notifications,
  paymentOrders,
  schoolShopOrders,
} from '../../platform/db/schema/index.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import { createGuardian, createLearner } from '../../test/factories/school.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { chargeFamilyAccount } from '../finance/index.ts';
import { balanceOf, findUnbalancedJournals, partyBalanceOf } from '../ledger/index.ts';
import { deliverPendingNotifications } from '../notifications/index.ts';
import { creditOrder, failOrder } from '../payments/index.ts';
import { expireUnpaidOrders } from './index.ts';

/**
 * The school shop (D25) through the API: stock as the sum of its movements, orders that never sell
 * what is not there (concurrent orders for the last items), paying online with the D18 amounts,
 * orders on the family account (on the statement, in the balance and the age analysis), the
 * collection steps with the parent told, cancellations that restock and give the money back,
 * released checkouts, and low-stock alerts to the shop's managers.
 */
describe('school shop', () => {
  let t: TestApp;
  let org: string;
  let manager: TCreatedUser;
  let admin: TCreatedUser;
  let parent: TCreatedUser;
  let otherParent: TCreatedUser;
  const cookie: Record<string, string> = {};
  const kids: Record<'sipho' | 'lwazi', string> = { sipho: '', lwazi: '' };
  let blazer: TShopProduct;
  let tie: TShopProduct;

  const send = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: cookie[who]! }, ...(payload ? { payload } : {}) });
  const variant = (product: TShopProduct, label: string) => product.variants.find((v) => v.label === label)!;
  const stockOf = async (variantId: string) =>
    (await send('manager', 'GET', `/api/school/shop/variants/${variantId}/movements`)).json().stock as number;
  const receive = (variantId: string, quantity: number) =>
    send('manager', 'POST', `/api/school/shop/variants/${variantId}/movements`, { kind: 'received', quantity });
  const order = (who: string, learnerId: string, lines: { variantId: string; quantity: number }[], payment = 'online') =>
    send(who, 'POST', '/api/school-shop/orders', { learnerId, lines, payment });
  const orderRow = async (id: string) =>
    (await t.database.db.select().from(schoolShopOrders).where(eq(schoolShopOrders.id, id)))[0]!;
  const pay = async (orderId: string) => {
    const row = await orderRow(orderId);
    return creditOrder(t.database.db, {
      orderId: row.paymentOrderId!,
      provider: 'sandbox',
      providerTransactionId: `sbx_${row.paymentOrderId}`,
    });
  };
  const titlesFor = async (userId: string) =>
    (await t.database.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.title);

  const BLAZER: TShopProductInput = {
    name: 'School blazer',
    category: 'uniform',
    description: 'Bottle green with the school badge.',
    variants: ['32', '34', '36'].map((label) => ({ label, priceCents: 69_500, lowStockThreshold: 2 })),
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const school = { name: 'Rietvlei High School', type: 'school' as const };
    manager = await createUser(db, { role: 'school_shop_manager', organization: school, firstName: 'Busi' });
    admin = await createUser(db, { role: 'school_admin', organization: school });
    const accountant = await createUser(db, { role: 'accountant', organization: school });
    parent = await createUser(db, { role: 'parent', organization: school, firstName: 'Thandi', lastName: 'Mokoena' });
    otherParent = await createUser(db, { role: 'parent', organization: school, firstName: 'Pieter', lastName: 'Mokoena' });
    org = manager.organizationId!;
    const sipho = await createLearner(db, org, {
      firstName: 'Sipho',
      lastName: 'Mokoena',
      grade: 8,
      dateOfBirth: birthDateForGrade(8),
      admissionNumber: 'RV-801',
    });
    const lwazi = await createLearner(db, org, {
      firstName: 'Lwazi',
      lastName: 'Mokoena',
      grade: 10,
      dateOfBirth: birthDateForGrade(10),
      admissionNumber: 'RV-1001',
    });
    kids.sipho = sipho.id;
    kids.lwazi = lwazi.id;
    const thandi = await createGuardian(db, org, sipho.id, {
      firstName: 'Thandi',
      lastName: 'Mokoena',
      email: 'thandi.mokoena@example.test',
      userId: parent.id,
    });
    await db
      .update(learnerGuardians)
      .set({ paysFees: true })
      .where(and(eq(learnerGuardians.learnerId, sipho.id), eq(learnerGuardians.guardianId, thandi.id)));
    await db
      .insert(learnerGuardians)
      .values({ organizationId: org, learnerId: lwazi.id, guardianId: thandi.id, relation: 'parent', paysFees: true });
    // Sipho's father is linked too, but does not pay the fees.
    await createGuardian(db, org, sipho.id, {
      firstName: 'Pieter',
      lastName: 'Mokoena',
      email: 'pieter.mokoena@example.test',
      userId: otherParent.id,
    });
    let ip = 1;
    for (const [key, user] of Object.entries({ manager, admin, accountant, parent, otherParent }))
      cookie[key] = (await signIn(t.app, user.email, user.password, { ip: `10.55.0.${ip++}` })).cookie;

    const created = await send('manager', 'POST', '/api/school/shop/products', BLAZER);
    expect(created.statusCode).toBe(201);
    blazer = created.json().product;
    const tieAnswer = await send('manager', 'POST', '/api/school/shop/products', {
      name: 'School tie',
      category: 'uniform',
      variants: [{ label: 'One size', priceCents: 12_000, lowStockThreshold: 3 }],
    });
    tie = tieAnswer.json().product;
  }, 300_000);
  afterAll(() => t.close());

  it('keeps the stock as the sum of its movements and never below zero', async () => {
    const v = variant(blazer, '32');
    expect(v.stock).toBe(0);
    expect((await receive(v.id, 10)).json().variant.stock).toBe(10);
    const adjusted = await send('manager', 'POST', `/api/school/shop/variants/${v.id}/movements`, {
      kind: 'adjusted',
      quantity: -2,
      reason: 'Two damaged in the storeroom',
    });
    expect(adjusted.json().variant.stock).toBe(8);
    await send('manager', 'POST', `/api/school/shop/variants/${v.id}/movements`, { kind: 'returned', quantity: 1 });
    const noReason = await send('manager', 'POST', `/api/school/shop/variants/${v.id}/movements`, {
      kind: 'adjusted',
      quantity: -1,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Give a reason for the adjustment');
    const tooMany = await send('manager', 'POST', `/api/school/shop/variants/${v.id}/movements`, {
      kind: 'adjusted',
      quantity: -20,
      reason: 'Stock count',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe('The stock cannot go below zero: there are 9 in stock');
    const movements = (await send('manager', 'GET', `/api/school/shop/variants/${v.id}/movements`)).json();
    expect(movements.stock).toBe(9);
    expect(movements.movements.map((m: { kind: string; quantity: number }) => [m.kind, m.quantity])).toEqual([
      ['returned', 1],
      ['adjusted', -2],
      ['received', 10],
    ]);
    // Editing a variant changes its price, never its stock.
    const edited = await send('manager', 'PUT', `/api/school/shop/variants/${v.id}`, {
      label: '32',
      priceCents: 69_500,
      lowStockThreshold: 2,
      stock: 500,
    });
    expect(edited.json().variant.stock).toBe(9);
  });

  it('sells the last items to exactly as many concurrent orders as there is stock for', async () => {
    const v = variant(blazer, '34');
    await receive(v.id, 5);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => order('parent', kids.sipho, [{ variantId: v.id, quantity: 2 }])),
    );
    const won = answers.filter((a) => a.statusCode === 201);
    const lost = answers.filter((a) => a.statusCode !== 201);
    expect(won).toHaveLength(2);
    expect(lost.map((a) => [a.statusCode, a.json().error.message])).toEqual(
      Array.from({ length: 4 }, () => [409, 'Only 1 left of School blazer (34)']),
    );
    expect(await stockOf(v.id)).toBe(1);
    const soldOut = await order('parent', kids.sipho, [{ variantId: v.id, quantity: 2 }]);
    expect(soldOut.json().error.message).toBe('Only 1 left of School blazer (34)');
  });

  it('pays online: the parent pays the price + 6.8 %, the school is owed the price less 5 %', async () => {
    const v = variant(blazer, '36');
    await receive(v.id, 4);
    const placed = await order('parent', kids.sipho, [{ variantId: v.id, quantity: 1 }]);
    expect(placed.statusCode).toBe(201);
    const { order: o, checkout } = placed.json() as { order: TShopOrder; checkout: { redirect: object } };
    expect(checkout.redirect).toBeTruthy();
    expect(o).toMatchObject({ status: 'awaiting_payment', totalCents: 69_500, payCents: 74_226, canPay: true });
    const [paymentOrder] = await t.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, (await orderRow(o.id)).paymentOrderId!));
    expect(paymentOrder!.amountCents).toBe(74_226);
    const payableBefore = await balanceOf(t.database.db, 'organization_payable', org);
    await pay(o.id);
    expect(await balanceOf(t.database.db, 'organization_payable', org)).toBe(payableBefore + 66_025);
    expect(await findUnbalancedJournals(t.database.db)).toEqual([]);
    const mine = (await send('parent', 'GET', '/api/school-shop/orders')).json().orders as TShopOrder[];
    expect(mine.find((x) => x.id === o.id)).toMatchObject({ status: 'paid', statusLabel: 'Paid' });
    // The shop's board shows it as paid.
    const board = (await send('manager', 'GET', '/api/school/shop/orders?status=paid')).json().orders as TShopOrder[];
    expect(board.map((x) => x.reference)).toContain(o.reference);
  });

  it('adds an order to the family account: an invoice on the statement, the balance and the age analysis', async () => {
    const v = variant(tie, 'One size');
    await receive(v.id, 20);
    const placed = await order('parent', kids.lwazi, [{ variantId: v.id, quantity: 2 }], 'account');
    expect(placed.statusCode).toBe(201);
    const o = placed.json().order as TShopOrder;
    expect(o).toMatchObject({ status: 'on_account', statusLabel: 'On account', totalCents: 24_000, payCents: 24_000 });
    expect(o.invoiceNumber).toBeTruthy();
    expect(placed.json().checkout).toBeNull();

    const accounts = (await send('parent', 'GET', '/api/school/my-finance/accounts')).json().accounts;
    expect(accounts).toHaveLength(1);
    expect(accounts[0].balanceCents).toBe(24_000);
    const statement = (
      await send('parent', 'GET', `/api/school/my-finance/accounts/${accounts[0].id}/statement`)
    ).json().statement;
    const line = statement.lines.find((l: { reference: string }) => l.reference === o.invoiceNumber);
    expect(line.description).toContain(`School shop order ${o.reference}: School tie (One size) × 2`);
    expect(line.description).toContain('for Lwazi Mokoena');
    expect(statement.closingBalanceCents).toBe(24_000);
    expect(await partyBalanceOf(t.database.db, accounts[0].id)).toBe(24_000);
    // Due in 30 days: in the age analysis from then on.
    const age = (
      await send('admin', 'GET', `/api/school/finance/age-analysis?asOf=${addDays(todayInSouthAfrica(), 31)}`)
    ).json();
    expect(age.rows.find((r: { accountId: string }) => r.accountId === accounts[0].id).totalCents).toBe(24_000);

    // A retried charge of the same order bills once.
    const again = await chargeFamilyAccount(t.database.db, {
      organizationId: org,
      learnerId: kids.lwazi,
      sourceRef: `school-shop:${o.id}`,
      description: 'again',
      amountCents: 24_000,
    });
    expect(again).toMatchObject({ number: o.invoiceNumber, created: false });
    expect((await send('parent', 'GET', '/api/school/my-finance/accounts')).json().accounts[0].balanceCents).toBe(24_000);

    // The father, who does not pay the fees, pays online instead.
    const refused = await order('otherParent', kids.sipho, [{ variantId: v.id, quantity: 1 }], 'account');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.payment).toContain('Only the parent who pays this child’s school fees');
    const catalogue = (await send('otherParent', 'GET', '/api/school-shop/catalogue')).json();
    expect(catalogue.children).toEqual([{ id: kids.sipho, name: 'Sipho Mokoena', grade: 8, canChargeAccount: false }]);
    // A child who is not theirs.
    const notMine = await order('otherParent', kids.lwazi, [{ variantId: v.id, quantity: 1 }]);
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().error.message).toBe('That child is not linked to your account');
  });

  it('packs, marks ready (the parent is told) and records who collected', async () => {
    const v = variant(tie, 'One size');
    const o = (await order('parent', kids.sipho, [{ variantId: v.id, quantity: 1 }], 'account')).json()
      .order as TShopOrder;
    const early = await send('manager', 'POST', `/api/school/shop/orders/${o.id}/collect`, { collectedBy: 'Sipho' });
    expect(early.statusCode).toBe(409);
    expect((await send('manager', 'POST', `/api/school/shop/orders/${o.id}/pack`)).json().order.status).toBe(
      'packing',
    );
    const ready = await send('manager', 'POST', `/api/school/shop/orders/${o.id}/ready`);
    expect(ready.json().order).toMatchObject({ status: 'ready', statusLabel: 'Ready for collection' });
    expect(await titlesFor(parent.id)).toContain(`Ready for collection: school shop order ${o.reference}`);
    await deliverPendingNotifications(t.database.db, t.mailer, t.config);
    const mail = await t.outbox(parent.email);
    expect(mail.map((m) => m.subject)).toContain(`Ready for collection: school shop order ${o.reference}`);
    expect(mail.find((m) => m.subject.startsWith('Ready'))!.text).toContain('is ready for collection at the school shop');
    // The parent cannot cancel once the shop has packed it.
    expect((await send('parent', 'POST', `/api/school-shop/orders/${o.id}/cancel`)).statusCode).toBe(409);

    const collected = await send('manager', 'POST', `/api/school/shop/orders/${o.id}/collect`, {
      collectedBy: 'Sipho Mokoena (the learner)',
    });
    expect(collected.json().order).toMatchObject({ status: 'collected', collectedBy: 'Sipho Mokoena (the learner)' });
    expect(collected.json().order.collectedAt).toBeTruthy();
    const mine = (await send('parent', 'GET', '/api/school-shop/orders')).json().orders as TShopOrder[];
    expect(mine.find((x) => x.id === o.id)!.statusLabel).toBe('Collected');
  });

  it('cancels with the stock put back and the money returned (refund or credit note)', async () => {
    const v = variant(tie, 'One size');
    const stockBefore = await stockOf(v.id);
    // Paid online, then cancelled by the shop: a full refund.
    const paid = (await order('parent', kids.sipho, [{ variantId: v.id, quantity: 3 }])).json().order as TShopOrder;
    await pay(paid.id);
    const payable = await balanceOf(t.database.db, 'organization_payable', org);
    expect(await stockOf(v.id)).toBe(stockBefore - 3);
    const cancelled = await send('manager', 'POST', `/api/school/shop/orders/${paid.id}/cancel`, {
      reason: 'Sizes discontinued',
    });
    expect(cancelled.json().order).toMatchObject({ status: 'cancelled', refundedCents: 36_000 });
    expect(await stockOf(v.id)).toBe(stockBefore);
    expect(await balanceOf(t.database.db, 'organization_payable', org)).toBe(payable - 34_200);
    const refunds = await t.database.db
      .select()
      .from(ledgerJournals)
      .where(and(eq(ledgerJournals.kind, 'refund'), eq(ledgerJournals.reference, `${paid.reference}-refund`)));
    expect(refunds).toHaveLength(1);
    expect(await titlesFor(parent.id)).toContain(`Cancelled: school shop order ${paid.reference}`);

    // On account, cancelled by the parent before packing: a credit note clears the invoice.
    const accounts = (await send('parent', 'GET', '/api/school/my-finance/accounts')).json().accounts;
    const balance = accounts[0].balanceCents;
    const onAccount = (await order('parent', kids.lwazi, [{ variantId: v.id, quantity: 1 }], 'account')).json()
      .order as TShopOrder;
    expect((await send('parent', 'GET', '/api/school/my-finance/accounts')).json().accounts[0].balanceCents).toBe(
      balance + 12_000,
    );
    const mine = await send('parent', 'POST', `/api/school-shop/orders/${onAccount.id}/cancel`);
    expect(mine.json().order.status).toBe('cancelled');
    expect((await send('parent', 'GET', '/api/school/my-finance/accounts')).json().accounts[0].balanceCents).toBe(
      balance,
    );
    expect(await stockOf(v.id)).toBe(stockBefore);
    expect(await findUnbalancedJournals(t.database.db)).toEqual([]);
  });

  it('gives the stock back when the checkout fails or the hold runs out', async () => {
    const v = variant(blazer, '36');
    const before = await stockOf(v.id);
    const failed = (await order('parent', kids.sipho, [{ variantId: v.id, quantity: 1 }])).json().order as TShopOrder;
    expect(await stockOf(v.id)).toBe(before - 1);
    await failOrder(t.database.db, (await orderRow(failed.id)).paymentOrderId!);
    expect((await orderRow(failed.id)).status).toBe('expired');
    expect(await stockOf(v.id)).toBe(before);

    const abandoned = (await order('parent', kids.sipho, [{ variantId: v.id, quantity: 2 }])).json()
      .order as TShopOrder;
    expect(await expireUnpaidOrders(t.database.db)).toBe(0);
    expect(await expireUnpaidOrders(t.database.db, new Date(Date.now() + 2 * 60 * 60 * 1000))).toBeGreaterThan(0);
    const row = await orderRow(abandoned.id);
    expect(row.status).toBe('expired');
    expect(await stockOf(v.id)).toBe(before);
    // A payment arriving after all is refunded at once.
    const [late] = await t.database.db.select().from(paymentOrders).where(eq(paymentOrders.id, row.paymentOrderId!));
    expect(late!.status).toBe('failed');
    const mine = (await send('parent', 'GET', '/api/school-shop/orders')).json().orders as TShopOrder[];
    expect(mine.find((x) => x.id === abandoned.id)).toMatchObject({
      statusLabel: 'Payment not completed',
      canPay: false,
    });
  });

  it('alerts the shop managers when a sale takes a variant to its low-stock level', async () => {
    const created = await send('manager', 'POST', '/api/school/shop/products', {
      name: 'Grade 8 stationery pack',
      category: 'stationery',
      grade: 8,
      variants: [{ label: 'Grade 8', priceCents: 48_500, lowStockThreshold: 3 }],
    });
    const v = created.json().product.variants[0];
    await receive(v.id, 6);
    await order('parent', kids.sipho, [{ variantId: v.id, quantity: 2 }], 'account');
    expect(await titlesFor(manager.id)).not.toContain('Low stock: Grade 8 stationery pack (Grade 8)');
    await order('parent', kids.sipho, [{ variantId: v.id, quantity: 1 }], 'account');
    expect(await titlesFor(manager.id)).toContain('Low stock: Grade 8 stationery pack (Grade 8)');
    // The school admin runs the shop too (manage_settings); the parent hears nothing of it.
    expect(await titlesFor(admin.id)).toContain('Low stock: Grade 8 stationery pack (Grade 8)');
    expect(await titlesFor(parent.id)).not.toContain('Low stock: Grade 8 stationery pack (Grade 8)');
    const overview = (await send('manager', 'GET', '/api/school/shop/products')).json();
    expect(overview.lowStock).toContainEqual({
      variantId: v.id,
      productName: 'Grade 8 stationery pack',
      label: 'Grade 8',
      stock: 3,
      lowStockThreshold: 3,
    });
  });

  it('shows another school nothing of this shop', async () => {
    const db = t.database.db;
    const other = { name: 'Bosveld Primary', type: 'school' as const };
    const otherManager = await createUser(db, { role: 'school_shop_manager', organization: other });
    const otherParentUser = await createUser(db, { role: 'parent', organization: other });
    const c1 = (await signIn(t.app, otherManager.email, otherManager.password, { ip: '10.55.1.1' })).cookie;
    const c2 = (await signIn(t.app, otherParentUser.email, otherParentUser.password, { ip: '10.55.1.2' })).cookie;
    const get = (c: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: c } });
    expect((await get(c1, '/api/school/shop/products')).json()).toEqual({ products: [], lowStock: [] });
    expect((await get(c1, '/api/school/shop/orders')).json()).toEqual({ orders: [] });
    const v = variant(blazer, '32');
    expect((await get(c1, `/api/school/shop/variants/${v.id}/movements`)).statusCode).toBe(404);
    const someOrder = (await db.select().from(schoolShopOrders).limit(1))[0]!;
    const ready = await t.app.inject({
      method: 'POST',
      url: `/api/school/shop/orders/${someOrder.id}/ready`,
      headers: { cookie: c1 },
    });
    expect(ready.statusCode).toBe(404);
    expect((await get(c2, '/api/school-shop/catalogue')).json().products).toEqual([]);
    expect((await get(c2, '/api/school-shop/orders')).json().orders).toEqual([]);
  });
});
