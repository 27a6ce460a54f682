import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import { PAYOUT_MESSAGES as M } from '@sekolo/shared/schemas/payouts';
import {
  applications,
  auditEvents,
  guardianConsents,
  marketplacePayouts,
  marketplaceSellers,
  outboxMessages,
  schoolPayoutAccounts,
} from '../../platform/db/schema/index.ts';
import { rowsOf } from '../../platform/db/client.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { postJournal } from '../ledger/index.ts';
import { runWeeklyPayouts } from './payouts.ts';

/**
 * Payouts of business partners, charities and young entrepreneurs' shops: the bank account confirmed
 * from the e-mail (a shop's by its consenting guardian only), payouts never more than the balance,
 * even at once, the weekly run once per week, the R4 and R12 fees in the ledger, the operator's batch.
 */
describe('payouts', () => {
  let t: TestApp;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-payouts-'));
  const people: Record<string, TCreatedUser> = {};
  const cookies: Record<string, string> = {};
  let ip = 0;
  const account = {
    accountHolder: 'Kasi Crafts (Pty) Ltd',
    bank: 'fnb',
    accountNumber: '6234 5678 901',
    branchCode: '250655',
    accountType: 'business',
  };

  const call = (who: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      remoteAddress: `10.88.${(ip = (ip + 1) % 250)}.1`,
      headers: who ? { cookie: cookies[who]! } : {},
      ...(payload ? { payload } : {}),
    });
  const mailsTo = (email: string, tag: string) =>
    t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.to, email), eq(outboxMessages.tag, tag)))
      .orderBy(desc(outboxMessages.createdAt));
  const tokenIn = (text: string) => new URL(/https?:\/\/\S+\?token=\S+/.exec(text)![0]).searchParams.get('token')!;
  /** A sale of `cents` owed to the organisation, less `commission`, as the ledger records marketplace sales. */
  async function sale(organizationId: string, cents: number, commission = 0) {
    const reference = `test-sale-${randomUUID()}`;
    await postJournal(t.database.db, {
      kind: 'payment',
      reference,
      description: 'Test sale',
      entries: [
        { account: 'provider_clearing', amountCents: cents },
        { account: 'organization_payable', organizationId, amountCents: -cents },
      ],
    });
    if (commission)
      await postJournal(t.database.db, {
        kind: 'commission',
        reference,
        description: 'Test commission',
        entries: [
          { account: 'organization_payable', organizationId, amountCents: commission },
          { account: 'commission_revenue', amountCents: -commission },
        ],
      });
  }
  const balance = async (who: string) => (await call(who, 'GET', '/api/payouts')).json().availableCents as number;
  async function confirmAccountOf(who: string) {
    expect((await call(who, 'POST', '/api/payouts/bank-account', account)).statusCode).toBe(202);
    const [mail] = await mailsTo(people[who]!.email, 'payout-account-confirm');
    const confirmed = await call(who, 'POST', '/api/payouts/bank-account/confirm', { token: tokenIn(mail!.text) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir });
    const db = t.database.db;
    people.business = await createUser(db, {
      role: 'business_partner',
      firstName: 'Lerato',
      organization: { name: 'Kasi Crafts', type: 'business' },
    });
    people.otherBusiness = await createUser(db, {
      role: 'business_partner',
      organization: { name: 'Durban Tutors', type: 'business' },
    });
    people.charity = await createUser(db, {
      role: 'charity',
      organization: { name: 'Ubuntu Reading Trust', type: 'charity' },
    });
    people.learner = await createUser(db, {
      role: 'young_entrepreneur',
      firstName: 'Sipho',
      organization: { name: 'Sipho’s Sneaker Care', type: 'shop' },
    });
    people.guardian = await createUser(db, { role: 'parent', firstName: 'Busisiwe' });
    people.otherParent = await createUser(db, { role: 'parent' });
    people.customer = await createUser(db, { role: 'customer' });
    people.operator = await createUser(db, { role: 'platform_admin' });
    people.schoolAdmin = await createUser(db, {
      role: 'school_admin',
      organization: { name: 'Payout Primary', type: 'school' },
    });
    // The learner's approved application and the guardian's consent from the wizard (D23).
    const [application] = await db
      .insert(applications)
      .values({
        userId: people.learner.id,
        userType: 'young_entrepreneur',
        status: 'approved',
        organizationId: people.learner.organizationId,
      })
      .returning();
    await db.insert(guardianConsents).values({
      applicationId: application!.id,
      tokenHash: `consent-${randomUUID()}`,
      guardianName: 'Busisiwe Dlamini',
      guardianEmail: people.guardian.email.toUpperCase(),
      relation: 'parent',
      expiresAt: new Date(Date.now() + 86_400_000),
      consentedAt: new Date(),
    });
    for (const [who, person] of Object.entries(people)) {
      cookies[who] = (await signIn(t.app, person.email, person.password)).cookie;
    }
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a business confirms its bank account from the e-mail before any payout; audited; others cannot', async () => {
    await sale(people.business!.organizationId!, 50_000, 7_500);
    const first = (await call('business', 'GET', '/api/payouts')).json();
    expect(first).toMatchObject({
      organization: { name: 'Kasi Crafts', type: 'business' },
      availableCents: 42_500,
      earnings: { salesCents: 50_000, commissionCents: 7_500, payoutsCents: 0, adjustmentsCents: 0 },
      account: { confirmed: null, pending: null, confirmationTo: [people.business!.email] },
      confirmedBy: 'members',
      fees: { weeklyCents: 400, immediateCents: 1200 },
    });
    const refused = await call('business', 'POST', '/api/payouts', { amountCents: 10_000 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(M.noAccount);

    const asked = await call('business', 'POST', '/api/payouts/bank-account', account);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({
      confirmed: null,
      pending: { bankName: 'FNB', accountNumberMasked: '•••• 8901', status: 'pending' },
    });
    const [mail] = await mailsTo(people.business!.email, 'payout-account-confirm');
    expect(mail!.text).toContain('•••• 8901');
    expect(mail!.text).not.toContain('62345678901');
    expect(mail!.text).toContain('/dashboard/business/payouts?token=');
    const token = tokenIn(mail!.text);
    // Another business's partner, a wrong token, a customer: refused.
    expect((await call('otherBusiness', 'POST', '/api/payouts/bank-account/confirm', { token })).statusCode).toBe(404);
    expect(
      (await call('business', 'POST', '/api/payouts/bank-account/confirm', { token: `${token}x` })).statusCode,
    ).toBe(404);
    expect((await call('customer', 'POST', '/api/payouts/bank-account/confirm', { token })).statusCode).toBe(403);
    // A business's link is not a guardian's: the public route refuses it.
    expect((await call('', 'POST', '/api/payouts/guardian-confirmation', { token })).statusCode).toBe(404);

    const confirmed = await call('business', 'POST', '/api/payouts/bank-account/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ confirmed: { bankName: 'FNB', status: 'confirmed' }, pending: null });
    expect((await call('business', 'POST', '/api/payouts/bank-account/confirm', { token })).statusCode).toBe(404);
    expect(await mailsTo(people.business!.email, 'payout-account-changed')).toHaveLength(1);
    const actions = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(like(auditEvents.action, 'payouts.payout_account%'));
    expect(actions.map((a) => a.action)).toEqual([
      'payouts.payout_account_change_requested',
      'payouts.payout_account_confirmed',
    ]);
    // The other business sees nothing of it.
    expect((await call('otherBusiness', 'GET', '/api/payouts')).json()).toMatchObject({
      availableCents: 0,
      account: { confirmed: null },
      payouts: [],
    });
  });

  it('an immediate payout costs R12, is never more than the balance, and e-mails a remittance advice', async () => {
    expect(await balance('business')).toBe(42_500);
    const tooMuch = await call('business', 'POST', '/api/payouts', { amountCents: 42_501 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toMatch(/balance is R\s?425,00/);
    expect((await call('business', 'POST', '/api/payouts', { amountCents: 1_200 })).statusCode).toBe(400);

    const made = await call('business', 'POST', '/api/payouts', { amountCents: 20_000 });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().payout).toMatchObject({
      schedule: 'immediate',
      amountCents: 20_000,
      feeCents: 1_200,
      netCents: 18_800,
      status: 'processing',
      accountNumberMasked: '•••• 8901',
    });
    expect(await balance('business')).toBe(22_500);
    const overview = (await call('business', 'GET', '/api/payouts')).json();
    expect(overview.earnings).toMatchObject({ payoutsCents: 20_000, payoutFeesCents: 1_200, adjustmentsCents: 0 });
    expect(overview.payouts).toHaveLength(1);
    const [advice] = await mailsTo(people.business!.email, 'payout-remittance');
    expect(advice!.text).toContain('188,00');
    expect(advice!.text).toContain('•••• 8901');
    const [fees] = rowsOf<{ sum: string }>(
      await t.database.db.execute(
        sql`SELECT coalesce(sum(amount_cents), 0)::bigint AS sum FROM ledger_entries WHERE account_code = 'payout_fee_revenue'`,
      ),
    );
    expect(Number(fees!.sum)).toBe(-1_200);
  });

  it('requests at once cannot overdraw the balance', async () => {
    // R225 left: three requests of R100 at once; two are paid, the third is refused.
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('business', 'POST', '/api/payouts', { amountCents: 10_000 })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409]);
    expect(await balance('business')).toBe(2_500);
  });

  it('the weekly run pays each confirmed payee its balance once a week with the R4 fee', async () => {
    const charityOrg = people.charity!.organizationId!;
    await sale(charityOrg, 30_000);
    await sale(people.otherBusiness!.organizationId!, 9_000); // no confirmed account: waits
    await sale(people.schoolAdmin!.organizationId!, 9_000); // a school: modules/finance pays it
    await confirmAccountOf('charity');
    const monday = '2026-12-07';
    const first = await runWeeklyPayouts(t.database.db, t.app.deps.mailer, monday);
    expect(first).toEqual({ paid: 2, week: '2026-W50' });
    const again = await runWeeklyPayouts(t.database.db, t.app.deps.mailer, '2026-12-09');
    expect(again.paid).toBe(0);
    expect(await balance('charity')).toBe(0);
    expect(await balance('business')).toBe(0);
    const [weekly] = await t.database.db
      .select()
      .from(marketplacePayouts)
      .where(eq(marketplacePayouts.reference, `payout:${charityOrg}:2026-W50`));
    expect(weekly).toMatchObject({ schedule: 'weekly', amountCents: 30_000, feeCents: 400, dueBy: '2026-12-16' });
    expect(await balance('otherBusiness')).toBe(9_000);
    expect(await mailsTo(people.charity!.email, 'payout-remittance')).toHaveLength(1);
    // The next week pays what came in since.
    await sale(charityOrg, 5_000);
    expect((await runWeeklyPayouts(t.database.db, t.app.deps.mailer, '2026-12-14')).paid).toBe(1);
    expect(await balance('charity')).toBe(0);
  });

  it('a shop’s account is confirmed by the consenting guardian, never by the learner; the guardian sees the payouts', async () => {
    await sale(people.learner!.organizationId!, 12_000, 3_000);
    const asked = await call('learner', 'POST', '/api/payouts/bank-account', {
      ...account,
      accountHolder: 'Busisiwe Dlamini',
      bank: 'capitec',
      branchCode: '470010',
      accountType: 'savings',
      accountNumber: '1122334455',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().confirmationTo).toEqual([people.guardian!.email]);
    expect(await mailsTo(people.learner!.email, 'payout-account-guardian-confirm')).toHaveLength(0);
    const [mail] = await mailsTo(people.guardian!.email, 'payout-account-guardian-confirm');
    expect(mail!.text).toContain('/payout-account/confirm?token=');
    const token = tokenIn(mail!.text);
    // The learner cannot confirm it, even holding the link.
    expect((await call('learner', 'POST', '/api/payouts/bank-account/confirm', { token })).statusCode).toBe(404);
    const preview = await call('', 'GET', `/api/payouts/guardian-confirmation?token=${encodeURIComponent(token)}`);
    expect(preview.json()).toMatchObject({
      shopName: 'Sipho’s Sneaker Care',
      guardianName: 'Busisiwe Dlamini',
      accountNumberMasked: '•••• 4455',
      status: 'pending',
    });
    const confirmed = await call('', 'POST', '/api/payouts/guardian-confirmation', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().status).toBe('confirmed');
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'payouts.payout_account_confirmed'))
      .orderBy(desc(auditEvents.at))
      .limit(1);
    expect(audit!.details).toMatchObject({ confirmedBy: people.guardian!.email });
    expect((await call('learner', 'GET', '/api/payouts')).json()).toMatchObject({
      availableCents: 9_000,
      confirmedBy: 'guardian',
      account: { confirmed: { bankName: 'Capitec' } },
    });
    // Changing it again needs the guardian again.
    await call('learner', 'POST', '/api/payouts/bank-account', { ...account, accountNumber: '9988776655' });
    const [pendingRow] = await t.database.db
      .select()
      .from(schoolPayoutAccounts)
      .where(
        and(
          eq(schoolPayoutAccounts.organizationId, people.learner!.organizationId!),
          eq(schoolPayoutAccounts.status, 'pending'),
        ),
      );
    expect(pendingRow!.confirmerEmail).toBe(people.guardian!.email);

    expect((await call('learner', 'POST', '/api/payouts', { amountCents: 5_000 })).statusCode).toBe(201);
    expect(await mailsTo(people.guardian!.email, 'payout-remittance')).toHaveLength(1);
    const seen = (await call('guardian', 'GET', '/api/payouts/guardian')).json();
    expect(seen.shops).toHaveLength(1);
    expect(seen.shops[0]).toMatchObject({
      organization: { name: 'Sipho’s Sneaker Care' },
      availableCents: 4_000,
      payouts: [{ amountCents: 5_000, feeCents: 1_200 }],
    });
    expect((await call('otherParent', 'GET', '/api/payouts/guardian')).json()).toEqual({ shops: [] });
    expect((await call('learner', 'GET', '/api/payouts/guardian')).statusCode).toBe(403);
  });

  it('the operator marks the bank’s batch paid; nobody else may', async () => {
    expect((await call('business', 'GET', '/api/console/payouts')).statusCode).toBe(403);
    const list = (await call('operator', 'GET', '/api/console/payouts')).json();
    const waiting = list.payouts.filter((p: { status: string }) => p.status === 'processing');
    expect(waiting.length).toBeGreaterThanOrEqual(5);
    const ids = waiting.map((p: { id: string }) => p.id);
    expect((await call('business', 'POST', '/api/console/payouts/mark-paid', { payoutIds: ids })).statusCode).toBe(403);
    const marked = await call('operator', 'POST', '/api/console/payouts/mark-paid', { payoutIds: ids });
    expect(marked.json()).toEqual({ marked: ids.length });
    expect((await call('operator', 'POST', '/api/console/payouts/mark-paid', { payoutIds: ids })).statusCode).toBe(409);
    const history = (await call('business', 'GET', '/api/payouts')).json().payouts;
    expect(history.every((p: { status: string; paidAt: string | null }) => p.status === 'paid' && p.paidAt)).toBe(true);
  });

  it('the Billing page shows the partner’s registration and recurring fees as spec 9 sets them', async () => {
    await t.database.db.insert(marketplaceSellers).values({
      organizationId: people.business!.organizationId!,
      partnerTypes: ['tutor', 'product_vendor'],
      commissionTier: 'basic',
    });
    const billing = await call('business', 'GET', '/api/payouts/billing');
    expect(billing.statusCode, billing.body).toBe(200);
    // Registration R99 + R199; recurring tutor R199 a year and basic R99 a month, halved for two roles.
    expect(billing.json()).toMatchObject({
      partnerTypes: ['tutor', 'product_vendor'],
      commissionTier: 'basic',
      registration: { feeCents: 29_800, paidAt: null },
      recurring: { multiRoleHalved: true, monthlyCents: 4_950, yearlyCents: 9_950 },
      subscription: null,
    });
    expect((await call('charity', 'GET', '/api/payouts/billing')).statusCode).toBe(403);
  });

  it('every route refuses those it is not for', async () => {
    const payeeRoutes: [string, 'GET' | 'POST' | 'DELETE', object?][] = [
      ['/api/payouts', 'GET'],
      ['/api/payouts', 'POST', { amountCents: 5_000 }],
      ['/api/payouts/bank-account', 'POST', account],
      ['/api/payouts/bank-account/pending', 'DELETE'],
      ['/api/payouts/bank-account/confirm', 'POST', { token: 'x'.repeat(40) }],
    ];
    for (const [url, method, body] of payeeRoutes) {
      expect((await call('', method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      for (const who of ['customer', 'guardian', 'operator', 'schoolAdmin'])
        expect((await call(who, method, url, body)).statusCode, `${who} ${method} ${url}`).toBe(403);
    }
    expect((await call('', 'GET', '/api/payouts/guardian')).statusCode).toBe(401);
    expect((await call('', 'GET', '/api/console/payouts')).statusCode).toBe(401);
    expect((await call('charity', 'GET', '/api/console/payouts')).statusCode).toBe(403);
  });
});
