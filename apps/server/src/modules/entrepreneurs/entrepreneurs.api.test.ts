import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { auditEvents, entrepreneurApprovals } from '../../platform/db/schema/index.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { multipartBody } from '../../test/uploads.ts';
import { samplePhoto } from '../../test/factories/marketplace.ts';
import { createApprovedEntrepreneur } from './test-fixtures.ts';

/** The token of the newest approval link e-mailed to an address. */
async function linkToken(t: TestApp, to: string): Promise<string> {
  const [mail] = await t.outbox(to);
  const match = /shop-approval\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`No approval link in the mail to ${to}`);
  return match[1]!;
}

describe('young entrepreneurs: the guardian approves the shop and each listing before it is on sale (API, D23)', () => {
  let t: TestApp;
  let learner: { cookie: string; organizationId: string; userId: string };
  let guardian: { cookie: string; id: string };
  let otherGuardian: { cookie: string };
  const guardianEmail = 'thandeka.mahlangu@example.test';

  beforeAll(async () => {
    t = await createTestApp();
    const made = await createApprovedEntrepreneur(t.database.db, {
      firstName: 'Naledi',
      lastName: 'Mahlangu',
      shopName: 'Naledi Beads',
      shopSlug: 'naledi-beads',
      shopDescription: 'Handmade beaded bracelets and necklaces from Soweto.',
      guardian: { firstName: 'Thandeka', lastName: 'Mahlangu', email: guardianEmail },
    });
    learner = {
      cookie: (await signIn(t.app, made.user.email, made.user.password)).cookie,
      organizationId: made.organizationId,
      userId: made.user.id,
    };
    const parent = await createUser(t.database.db, { role: 'parent', email: guardianEmail });
    guardian = { cookie: (await signIn(t.app, parent.email, parent.password)).cookie, id: parent.id };
    const other = await createUser(t.database.db, { role: 'parent' });
    otherGuardian = { cookie: (await signIn(t.app, other.email, other.password)).cookie };
  }, 300_000);
  afterAll(() => t.close());

  const as = (cookie?: string) => ({
    ...(cookie ? { cookie } : {}),
    origin: new URL(t.app.deps.config.publicUrl).origin,
  });
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: as(cookie) });
  const post = (url: string, payload: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url, headers: as(cookie), payload });

  let listingId = '';
  let heldImageId = '';

  it('makes the shop from the approved application and asks the consenting guardian to approve it', async () => {
    const overview = await get('/api/entrepreneurs/shop', learner.cookie);
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json()).toMatchObject({
      shop: {
        name: 'Naledi Beads',
        description: 'Handmade beaded bracelets and necklaces from Soweto.',
        category: 'Crafts & Handmade',
        status: 'pending',
        guardianName: 'Thandeka Mahlangu',
      },
      approvals: [{ subject: 'shop', status: 'pending' }],
    });
    const [mail] = await t.outbox(guardianEmail);
    expect(mail?.subject).toBe(`Please approve Naledi Mahlangu's shop "Naledi Beads"`);
    // Not live yet: the seller page is hidden.
    expect((await get('/api/marketplace/sellers/naledi-beads')).statusCode).toBe(404);
  });

  it('lets the entrepreneur list a product; asking to publish holds it until the guardian approves', async () => {
    const created = await post(
      '/api/listings/own',
      {
        title: 'Zulu love-letter bracelet',
        description: 'A hand-beaded bracelet in the colours of a Zulu love letter.',
        kind: 'product',
        category: 'supplies',
        subcategory: 'art_craft_supplies',
        priceCents: 8_500,
        stock: 6,
        variants: [],
      },
      learner.cookie,
    );
    expect(created.statusCode, created.body).toBe(201);
    listingId = created.json().id;
    const body = multipartBody({ name: 'bracelet.jpg', type: 'image/jpeg', bytes: await samplePhoto(800, 600) });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/listings/own/${listingId}/images`,
      headers: { ...as(learner.cookie), ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    heldImageId = uploaded.json().images[0].id;

    const held = await post(`/api/listings/own/${listingId}/status`, { status: 'published' }, learner.cookie);
    expect(held.statusCode, held.body).toBe(200);
    expect(held.json()).toMatchObject({
      status: 'draft',
      publicationNote: 'Waiting for your guardian’s approval: it goes on sale once they approve it.',
    });
    const [mail] = await t.outbox(guardianEmail);
    expect(mail?.subject).toBe('Please approve "Zulu love-letter bracelet" before it goes on sale');
  });

  it('keeps the held listing out of the catalogue, search, sitemap, seller page and its own address', async () => {
    const catalogue = await get('/api/marketplace/listings?q=bracelet');
    expect(catalogue.json().items.map((i: { id: string }) => i.id)).not.toContain(listingId);
    expect((await get(`/api/marketplace/listings/${listingId}`)).statusCode).toBe(404);
    expect((await get('/sitemap.xml')).body).not.toContain(listingId);
    expect((await get('/api/marketplace/sellers/naledi-beads')).statusCode).toBe(404);
  });

  it('refuses a forged link, and a listing before the shop is approved', async () => {
    expect((await get('/api/entrepreneurs/approvals/link/forged-token-0123456789abcdef')).statusCode).toBe(404);
    const forged = await post('/api/entrepreneurs/approvals/link/forged-token-0123456789abcdef', {
      decision: 'approve',
    });
    expect(forged.statusCode).toBe(404);
    const listingToken = await linkToken(t, guardianEmail);
    const early = await post(`/api/entrepreneurs/approvals/link/${listingToken}`, { decision: 'approve' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      'Please approve the shop first: its listings go on sale once the shop is live.',
    );
  });

  it('lets another guardian neither see nor approve, and the consenting guardian approve the shop in their account', async () => {
    const others = await get('/api/entrepreneurs/guardian', otherGuardian.cookie);
    expect(others.json()).toEqual({ shops: [] });
    const mine = await get('/api/entrepreneurs/guardian', guardian.cookie);
    expect(mine.statusCode, mine.body).toBe(200);
    const shopApproval = mine
      .json()
      .shops[0].approvals.find(
        (a: { subject: string; status: string }) => a.subject === 'shop' && a.status === 'pending',
      );
    expect(shopApproval).toBeTruthy();
    // The listing's picture: for its guardian, not for another.
    const listingApproval = mine
      .json()
      .shops[0].approvals.find(
        (a: { subject: string; status: string }) => a.subject === 'listing' && a.status === 'pending',
      );
    const url = `/api/entrepreneurs/guardian/approvals/${listingApproval.id}/picture`;
    expect((await get(url, guardian.cookie)).statusCode).toBe(200);
    expect((await get(url, otherGuardian.cookie)).statusCode).toBe(404);
    const stolen = await post(
      `/api/entrepreneurs/guardian/approvals/${shopApproval.id}`,
      { decision: 'approve' },
      otherGuardian.cookie,
    );
    expect(stolen.statusCode).toBe(404);
    const approved = await post(
      `/api/entrepreneurs/guardian/approvals/${shopApproval.id}`,
      { decision: 'approve' },
      guardian.cookie,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().shops[0].shop.status).toBe('approved');
    expect((await get('/api/marketplace/sellers/naledi-beads')).statusCode).toBe(200);
    const [told] = await t.outbox(
      (await t.database.db.query.users.findFirst({ where: (u, { eq: e }) => e(u.id, learner.userId) }))!.email,
    );
    expect(told?.subject).toBe('Thandeka Mahlangu approved your shop "Naledi Beads"');
  });

  it('puts the listing on sale when the guardian approves it by the e-mailed link, once', async () => {
    const token = await linkToken(t, guardianEmail);
    const view = await get(`/api/entrepreneurs/approvals/link/${token}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({
      approval: {
        subject: 'listing',
        status: 'pending',
        listing: { title: 'Zulu love-letter bracelet', priceCents: 8_500 },
      },
      childName: 'Naledi Mahlangu',
      earnings: { salesCents: 0, balanceCents: 0 },
    });
    // The guardian sees the listing's picture, though it is not public yet.
    const picture = await get(`/api/entrepreneurs/approvals/link/${token}/picture`);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect((await get(`/api/listings/images/${heldImageId}`)).statusCode).toBe(404);
    const approved = await post(`/api/entrepreneurs/approvals/link/${token}`, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().approval.status).toBe('approved');
    expect((await get(`/api/entrepreneurs/approvals/link/${token}/picture`)).statusCode).toBe(404);
    expect((await get(`/api/marketplace/listings/${listingId}`)).statusCode).toBe(200);
    const catalogue = await get('/api/marketplace/listings?q=bracelet');
    expect(catalogue.json().items.map((i: { id: string }) => i.id)).toContain(listingId);
    expect((await get('/sitemap.xml')).body).toContain(listingId);
    // The link works once.
    expect((await post(`/api/entrepreneurs/approvals/link/${token}`, { decision: 'approve' })).statusCode).toBe(404);
  });

  it('sends a declined listing back to draft with the guardian’s reason, and refuses an expired link', async () => {
    const created = await post(
      '/api/listings/own',
      {
        title: 'Beaded phone pouch',
        description: 'A small pouch for a phone, beaded in blue and white.',
        kind: 'product',
        category: 'supplies',
        subcategory: 'art_craft_supplies',
        priceCents: 12_000,
        stock: 2,
        variants: [],
      },
      learner.cookie,
    );
    const id = created.json().id;
    const body = multipartBody({ name: 'pouch.jpg', type: 'image/jpeg', bytes: await samplePhoto(800, 600) });
    await t.app.inject({
      method: 'POST',
      url: `/api/listings/own/${id}/images`,
      headers: { ...as(learner.cookie), ...body.headers },
      payload: body.payload,
    });
    await post(`/api/listings/own/${id}/status`, { status: 'published' }, learner.cookie);
    const token = await linkToken(t, guardianEmail);
    const noReason = await post(`/api/entrepreneurs/approvals/link/${token}`, { decision: 'decline' });
    expect(noReason.statusCode).toBe(400);
    const declined = await post(`/api/entrepreneurs/approvals/link/${token}`, {
      decision: 'decline',
      reason: 'Please use a photo without your school badge.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const own = await get(`/api/listings/own/${id}`, learner.cookie);
    expect(own.json()).toMatchObject({
      status: 'draft',
      publicationNote: 'Your guardian declined it: Please use a photo without your school badge.',
    });
    expect((await get(`/api/marketplace/listings/${id}`)).statusCode).toBe(404);

    // Asking again sends a new link; once past its time it approves nothing.
    await post(`/api/listings/own/${id}/status`, { status: 'published' }, learner.cookie);
    const fresh = await linkToken(t, guardianEmail);
    await t.database.db
      .update(entrepreneurApprovals)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(entrepreneurApprovals.listingId, id));
    const expired = await post(`/api/entrepreneurs/approvals/link/${fresh}`, { decision: 'approve' });
    expect(expired.statusCode).toBe(410);
    expect((await get(`/api/entrepreneurs/approvals/link/${fresh}`)).json()).toMatchObject({
      approval: { status: 'expired' },
      earnings: null,
    });
    expect((await get(`/api/marketplace/listings/${id}`)).statusCode).toBe(404);
  });

  it('audits every request and decision with who decided and how', async () => {
    const rows = await t.database.db.select().from(auditEvents).where(like(auditEvents.action, 'entrepreneur.%'));
    const actions = rows.map((r) => r.action);
    expect(actions.filter((a) => a === 'entrepreneur.approval_requested')).toHaveLength(4);
    expect(actions).toEqual(
      expect.arrayContaining([
        'entrepreneur.shop_approved',
        'entrepreneur.listing_approved',
        'entrepreneur.listing_declined',
      ]),
    );
    const shop = rows.find((r) => r.action === 'entrepreneur.shop_approved')!;
    expect(shop.actorUserId).toBe(guardian.id);
    expect(shop.details).toMatchObject({ via: 'account', guardianEmail });
    const declined = rows.find((r) => r.action === 'entrepreneur.listing_declined')!;
    expect(declined.actorUserId).toBeNull();
    expect(declined.details).toMatchObject({ via: 'link', reason: 'Please use a photo without your school badge.' });
  });

  it('keeps the dashboard to young entrepreneurs with a shop, and a guardian’s page to the signed-in', async () => {
    const vendor = await createUser(t.database.db, { role: 'business_partner' });
    const vendorCookie = (await signIn(t.app, vendor.email, vendor.password)).cookie;
    expect((await get('/api/entrepreneurs/shop', vendorCookie)).statusCode).toBe(403);
    expect((await get('/api/entrepreneurs/earnings', guardian.cookie)).statusCode).toBe(403);
    expect((await get('/api/entrepreneurs/shop')).statusCode).toBe(401);
    expect((await get('/api/entrepreneurs/guardian')).statusCode).toBe(401);
    const earnings = await get('/api/entrepreneurs/earnings', learner.cookie);
    expect(earnings.json()).toMatchObject({ salesCents: 0, commissionCents: 0, balanceCents: 0 });
  });
});
