import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { schoolPaymentBreakdown } from '@sekolo/shared/domain/fee-calculator';
import { todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { taxYearRange } from '@sekolo/shared/schemas/campaigns';
import { auditEvents } from '../../platform/db/schema/auth.ts';
import { donations } from '../../platform/db/schema/campaigns.ts';
import { ledgerJournals } from '../../platform/db/schema/ledger.ts';
import { paymentOrders } from '../../platform/db/schema/payments.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { pdfTexts } from '../../test/pdf-text.ts';
import { multipartBody } from '../../test/uploads.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { balanceOf, findUnbalancedJournals } from '../ledger/index.ts';
import { creditOrder, failOrder } from '../payments/index.ts';
import { S18A_STATEMENT } from './receipts.ts';

/**
 * Charities and donations (D24): a charity runs a campaign, donors give through the checkout, the
 * money is in the ledger once, an s18A receipt carries what the Act asks, anonymous donors stay
 * unnamed to the public and to the charity, and a second charity sees nothing of the first.
 */
describe('campaigns and donations (API)', { timeout: 180_000 }, () => {
  let t: TestApp;
  let charity: { cookie: string; organizationId: string; userId: string };
  let otherCharity: { cookie: string };
  let operator: { cookie: string; userId: string };
  let donor: { cookie: string; id: string; email: string };
  let shy: { cookie: string; id: string; email: string };
  let campaignId = '';
  let slug = '';

  const headersOf = (cookie?: string) => ({
    ...(cookie ? { cookie } : {}),
    origin: new URL(t.app.deps.config.publicUrl).origin,
  });
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: headersOf(cookie), ...(payload ? { payload } : {}) });
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp();
    let ip = 1;
    const login = async (user: { email: string; password: string }) =>
      (await signIn(t.app, user.email, user.password, { ip: `10.91.0.${ip++}` })).cookie;
    const c = await createUser(db(), {
      role: 'charity',
      firstName: 'Nomsa',
      lastName: 'Dube',
      organization: { name: 'Ubuntu Reading Trust', type: 'charity' },
    });
    charity = { cookie: await login(c), organizationId: c.organizationId!, userId: c.id };
    const o = await createUser(db(), { role: 'charity', organization: { name: 'Other Hands NPC', type: 'charity' } });
    otherCharity = { cookie: await login(o) };
    const op = await createUser(db(), { role: 'platform_admin' });
    operator = { cookie: await login(op), userId: op.id };
    const d = await createUser(db(), { firstName: 'Johan', lastName: 'Botha' });
    donor = { cookie: await login(d), id: d.id, email: d.email };
    const s = await createUser(db(), { firstName: 'Precious', lastName: 'Mahlangu' });
    shy = { cookie: await login(s), id: s.id, email: s.email };
  }, 300_000);
  afterAll(() => t.close());

  const pay = async (orderId: string, tx = 'tx') =>
    creditOrder(db(), { orderId, provider: 'sandbox', providerTransactionId: `${tx}-${orderId}` });
  const give = async (who: { cookie: string }, body: object) => {
    const res = await call('POST', `/api/funding/campaigns/${slug}/donations`, who.cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    const { donationId } = res.json() as { donationId: string };
    const [row] = await db().select().from(donations).where(eq(donations.id, donationId));
    return row!;
  };

  it('the charity records its PBO number and the operator checks it (audited)', async () => {
    const profile = await call('PUT', '/api/charity/profile', charity.cookie, {
      registeredName: 'Ubuntu Reading Trust',
      npoNumber: '123-456 NPO',
      pboNumber: '930012345',
      s18aApproved: true,
      streetAddress: '14 Lwandle Road',
      suburb: 'Khayelitsha',
      town: 'Cape Town',
      postalCode: '7784',
      province: 'western_cape',
      thankYouText: 'Every rand buys books for a child in Khayelitsha. Enkosi!',
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({ pboNumber: '930012345', issuesReceipts: false, pboVerifiedAt: null });

    const verified = await call(
      'POST',
      `/api/console/charities/${charity.organizationId}/pbo-verification`,
      operator.cookie,
      { verified: true },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().pboVerifiedAt).not.toBeNull();
    const listed = await call('GET', '/api/console/charities', operator.cookie);
    expect(listed.json().charities.map((c: { name: string }) => c.name)).toContain('Ubuntu Reading Trust');
    expect((await call('GET', '/api/charity/profile', charity.cookie)).json().issuesReceipts).toBe(true);
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'charity.pbo_verified'),
          eq(auditEvents.target, `organization:${charity.organizationId}`),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorUserId).toBe(operator.userId);
  });

  it('creates a draft campaign, refuses to go live without a picture, then goes live and is listed', async () => {
    const created = await call('POST', '/api/charity/campaigns', charity.cookie, {
      title: 'Books for Khayelitsha libraries',
      summary: 'Reading corners for four primary schools.',
      story: 'Four schools share one library van.',
      goalCents: 12_000_000,
      startsOn: todayInSouthAfrica(),
    });
    expect(created.statusCode, created.body).toBe(201);
    campaignId = created.json().id;
    slug = created.json().slug;
    expect(slug).toBe('books-for-khayelitsha-libraries');
    expect((await call('GET', '/api/funding/campaigns')).json().campaigns).toEqual([]);
    expect((await call('GET', `/api/funding/campaigns/${slug}`)).statusCode).toBe(404);

    const refused = await call('POST', `/api/charity/campaigns/${campaignId}/state`, charity.cookie, {
      state: 'active',
    });
    expect(refused.statusCode).toBe(400);
    const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a7' } })
      .jpeg()
      .toBuffer();
    const body = multipartBody({ name: 'books.jpg', type: 'image/jpeg', bytes }, { alt: 'Children reading' });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/charity/campaigns/${campaignId}/images`,
      headers: { ...headersOf(charity.cookie), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const image = uploaded.json().images[0];
    // A draft's picture is the charity's own until the campaign goes live.
    expect((await call('GET', image.url)).statusCode).toBe(404);
    const live = await call('POST', `/api/charity/campaigns/${campaignId}/state`, charity.cookie, { state: 'active' });
    expect(live.statusCode, live.body).toBe(200);
    const picture = await call('GET', image.thumbUrl);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');

    const list = (await call('GET', '/api/funding/campaigns')).json();
    expect(list.campaigns).toHaveLength(1);
    expect(list.campaigns[0]).toMatchObject({
      slug,
      charityName: 'Ubuntu Reading Trust',
      goalCents: 12_000_000,
      raisedCents: 0,
    });
    const sitemap = await call('GET', '/sitemap.xml');
    expect(sitemap.body).toContain(`/funding/${slug}</loc>`);
    expect(sitemap.body).toContain('/funding</loc>');
  });

  it('a second charity sees nothing of the first', async () => {
    expect((await call('GET', `/api/charity/campaigns/${campaignId}`, otherCharity.cookie)).statusCode).toBe(404);
    expect(
      (
        await call('PUT', `/api/charity/campaigns/${campaignId}`, otherCharity.cookie, {
          title: 'Taken over',
          goalCents: 10_000,
          startsOn: '2026-01-01',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/charity/campaigns/${campaignId}/state`, otherCharity.cookie, { state: 'ended' }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/charity/campaigns', otherCharity.cookie)).json().campaigns).toEqual([]);
  });

  it('a donation is paid through the checkout and counted once, in the ledger and on the campaign', async () => {
    const gift = await give(donor, {
      amountCents: 50_000,
      donorAddress: '3 Kloof Street, Gardens, Cape Town, 8001',
      donorTaxNumber: '8001015009087',
      message: 'For the reading corners',
    });
    const [order] = await db().select().from(paymentOrders).where(eq(paymentOrders.id, gift.paymentOrderId!));
    // The donor pays the gift plus the 6.8% processing fee (§9); the charity is owed it less 5%.
    expect(order!.amountCents).toBe(53_400);
    expect(order!.buyerUserId).toBe(donor.id);
    const payableBefore = await balanceOf(db(), 'organization_payable', charity.organizationId);
    expect((await pay(order!.id)).credited).toBe(true);
    expect((await pay(order!.id, 'again')).credited).toBe(false);
    const journals = await db().select().from(ledgerJournals).where(eq(ledgerJournals.reference, order!.reference));
    expect(journals).toHaveLength(1);
    expect(await findUnbalancedJournals(db())).toEqual([]);
    const owed = (await balanceOf(db(), 'organization_payable', charity.organizationId)) - payableBefore;
    expect(Math.abs(owed)).toBe(schoolPaymentBreakdown(50_000).schoolReceivesCents);

    const page = (await call('GET', `/api/funding/campaigns/${slug}`)).json();
    expect(page).toMatchObject({ raisedCents: 50_000, donationCount: 1 });
    expect(page.recentDonors[0]).toMatchObject({ name: 'Johan B.', amountCents: 50_000 });
    const [paid] = await db().select().from(donations).where(eq(donations.id, gift.id));
    expect(paid!.status).toBe('paid');
    expect(paid!.receiptNumber).toBe('S18A-000001');
  });

  it('thanks the donor by mail with the charity text and a signed receipt link', async () => {
    const [mail] = await t.outbox(donor.email);
    expect(mail!.subject).toBe('Thank you for your donation to Ubuntu Reading Trust');
    expect(mail!.text).toContain('Every rand buys books for a child in Khayelitsha. Enkosi!');
    expect(mail!.text).toContain('S18A-000001');
    const link = /http\S+\/api\/funding\/receipts\/\S+/.exec(mail!.text)![0];
    const url = new URL(link);
    const receipt = await call('GET', `${url.pathname}${url.search}`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    const tampered = await call('GET', `${url.pathname}?token=${'x'.repeat(43)}`);
    expect(tampered.statusCode).toBe(404);
  });

  it('the s18A receipt carries what section 18A asks', async () => {
    const mine = (await call('GET', '/api/funding/my-donations', donor.cookie)).json().donations;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'paid', receiptNumber: 'S18A-000001', amountCents: 50_000 });
    const res = await call('GET', `/api/funding/my-donations/${mine[0].id}/receipt`, donor.cookie);
    expect(res.statusCode).toBe(200);
    const text = pdfTexts(res.rawPayload).join('\n');
    for (const expected of [
      'Ubuntu Reading Trust',
      'Address: 14 Lwandle Road, Khayelitsha, Cape Town, 7784',
      'PBO number: 930012345',
      'S18A-000001',
      'Johan Botha',
      '3 Kloof Street, Gardens, Cape Town, 8001',
      '8001015009087',
      'R500,00',
      'Five hundred rand',
      'Part I of the Ninth Schedule',
      'section 18A',
    ])
      expect(text).toContain(expected);
    expect(S18A_STATEMENT).toContain('exclusively');
    // Another signed-in person cannot read it.
    expect((await call('GET', `/api/funding/my-donations/${mine[0].id}/receipt`, shy.cookie)).statusCode).toBe(404);

    const taxYear = mine[0].taxYear as number;
    const summary = await call('GET', `/api/funding/my-summaries/${charity.organizationId}/${taxYear}`, donor.cookie);
    expect(summary.statusCode).toBe(200);
    const summaryText = pdfTexts(summary.rawPayload).join('\n');
    const { to } = taxYearRange(taxYear);
    expect(summaryText).toContain(
      `Section 18A summary for the tax year 1 March ${taxYear - 1} to ${Number(to.slice(8))} February ${taxYear}`,
    );
    expect(summaryText).toContain('S18A-000001');
    expect(
      (await call('GET', `/api/funding/my-summaries/${charity.organizationId}/${taxYear - 5}`, donor.cookie))
        .statusCode,
    ).toBe(404);
  });

  it("never shows an anonymous donor's name to the public or to the charity", async () => {
    const gift = await give(shy, { amountCents: 25_000, anonymous: true, message: 'Keep reading' });
    await pay(gift.paymentOrderId!);
    const publicBodies = [
      (await call('GET', `/api/funding/campaigns/${slug}`)).body,
      (await call('GET', '/api/funding/campaigns')).body,
      (await call('GET', '/api/funding/campaigns')).body,
    ];
    const charityBody = (await call('GET', '/api/charity/donations', charity.cookie)).body;
    for (const body of [...publicBodies, charityBody]) {
      expect(body).not.toContain('Precious');
      expect(body).not.toContain('Mahlangu');
      expect(body).not.toContain(shy.email);
    }
    const donors = JSON.parse(charityBody);
    expect(donors.count).toBe(2);
    expect(donors.totalCents).toBe(75_000);
    expect(donors.donors.map((d: { name: string }) => d.name).sort()).toEqual(['Anonymous', 'Johan Botha']);
    // The donor still gets their own receipt in their own name.
    const mine = (await call('GET', '/api/funding/my-donations', shy.cookie)).json().donations;
    const receipt = await call('GET', `/api/funding/my-donations/${mine[0].id}/receipt`, shy.cookie);
    expect(pdfTexts(receipt.rawPayload).join('\n')).toContain('Precious Mahlangu');
  });

  it('a failed payment counts nothing; an ended campaign takes no gifts', async () => {
    const gift = await give(donor, { amountCents: 10_000 });
    await failOrder(db(), gift.paymentOrderId!);
    const [row] = await db().select().from(donations).where(eq(donations.id, gift.id));
    expect(row!.status).toBe('failed');
    expect((await call('GET', `/api/funding/campaigns/${slug}`)).json().raisedCents).toBe(75_000);

    expect(
      (await call('POST', `/api/charity/campaigns/${campaignId}/state`, charity.cookie, { state: 'ended' })).statusCode,
    ).toBe(200);
    const refused = await call('POST', `/api/funding/campaigns/${slug}/donations`, donor.cookie, {
      amountCents: 10_000,
    });
    expect(refused.statusCode).toBe(400);
    expect((await call('GET', '/api/funding/campaigns')).json().campaigns).toEqual([]);
    expect((await call('GET', `/api/funding/campaigns/${slug}`)).json().state).toBe('ended');
  });
});
