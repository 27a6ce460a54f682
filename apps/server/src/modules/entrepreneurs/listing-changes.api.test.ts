import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
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

const bracelet = {
  title: 'Ndebele pattern bracelet',
  description: 'Glass beads on waxed cotton, in the colours of Ndebele house painting.',
  kind: 'product',
  category: 'supplies',
  subcategory: 'art_craft_supplies',
  priceCents: 8_500,
  stock: 5,
  variants: [],
};

describe('young entrepreneurs: changes to an approved listing or shop wait for the guardian (API, D23)', () => {
  let t: TestApp;
  let learner: { cookie: string; organizationId: string; email: string };
  let guardian: { cookie: string };
  let otherLearner: { cookie: string };
  let otherGuardian: { cookie: string };
  let seller: { cookie: string };
  const guardianEmail = 'busisiwe.ndlovu@example.test';
  const otherGuardianEmail = 'mpho.khumalo@example.test';
  let listingId = '';
  let staleToken = '';

  const as = (cookie?: string) => ({
    ...(cookie ? { cookie } : {}),
    origin: new URL(t.app.deps.config.publicUrl).origin,
  });
  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: as(cookie) });
  const send = (method: 'POST' | 'PUT', url: string, payload: object, cookie?: string) =>
    t.app.inject({ method, url, headers: as(cookie), payload });
  const upload = async (cookie: string, id: string) => {
    const body = multipartBody({ name: 'bracelet.jpg', type: 'image/jpeg', bytes: await samplePhoto(640, 480) });
    return t.app.inject({
      method: 'POST',
      url: `/api/listings/own/${id}/images`,
      headers: { ...as(cookie), ...body.headers },
      payload: body.payload,
    });
  };
  const publicListing = async () => {
    const page = await get(`/api/marketplace/listings/${listingId}`);
    expect(page.statusCode, page.body).toBe(200);
    return page.json() as { title: string; priceCents: number; images: { id: string }[] };
  };
  const pendingOf = async (cookie: string) =>
    (await get('/api/entrepreneurs/guardian', cookie))
      .json()
      .shops.flatMap((s: { approvals: { id: string; status: string; changes: unknown }[] }) =>
        s.approvals.filter((a) => a.status === 'pending'),
      ) as {
      id: string;
      status: string;
      subject: string;
      changes: { label: string; before: string; after: string }[];
    }[];

  beforeAll(async () => {
    t = await createTestApp();
    const made = await createApprovedEntrepreneur(t.database.db, {
      firstName: 'Ayanda',
      lastName: 'Ndlovu',
      shopName: 'Ayanda Beadwork',
      shopSlug: 'ayanda-beadwork',
      shopDescription: 'Beaded bracelets and key rings made in Mamelodi.',
      guardian: { firstName: 'Busisiwe', lastName: 'Ndlovu', email: guardianEmail },
    });
    learner = {
      cookie: (await signIn(t.app, made.user.email, made.user.password, { ip: '10.62.0.1' })).cookie,
      organizationId: made.organizationId,
      email: made.user.email,
    };
    const parent = await createUser(t.database.db, { role: 'parent', email: guardianEmail });
    guardian = { cookie: (await signIn(t.app, parent.email, parent.password, { ip: '10.62.0.2' })).cookie };
    // Another child's shop with its own guardian, and a business partner: sellers of their own.
    const other = await createApprovedEntrepreneur(t.database.db, {
      firstName: 'Kabelo',
      lastName: 'Khumalo',
      guardian: { firstName: 'Mpho', lastName: 'Khumalo', email: otherGuardianEmail },
    });
    otherLearner = { cookie: (await signIn(t.app, other.user.email, other.user.password, { ip: '10.62.0.3' })).cookie };
    const otherParent = await createUser(t.database.db, { role: 'parent', email: otherGuardianEmail });
    otherGuardian = {
      cookie: (await signIn(t.app, otherParent.email, otherParent.password, { ip: '10.62.0.4' })).cookie,
    };
    const partner = await createUser(t.database.db, {
      role: 'business_partner',
      organization: { name: 'Pretoria Craft Supplies', type: 'business' },
    });
    seller = { cookie: (await signIn(t.app, partner.email, partner.password, { ip: '10.62.0.5' })).cookie };
    expect((await get('/api/entrepreneurs/shop', otherLearner.cookie)).statusCode).toBe(200);

    // The shop and the listing as the guardian approved them.
    expect((await get('/api/entrepreneurs/shop', learner.cookie)).statusCode).toBe(200);
    const shopToken = await linkToken(t, guardianEmail);
    expect(
      (await send('POST', `/api/entrepreneurs/approvals/link/${shopToken}`, { decision: 'approve' })).statusCode,
    ).toBe(200);
    const created = await send('POST', '/api/listings/own', bracelet, learner.cookie);
    expect(created.statusCode, created.body).toBe(201);
    listingId = created.json().id;
    expect((await upload(learner.cookie, listingId)).statusCode).toBe(201);
    await send('POST', `/api/listings/own/${listingId}/status`, { status: 'published' }, learner.cookie);
    const listingToken = await linkToken(t, guardianEmail);
    const approved = await send('POST', `/api/entrepreneurs/approvals/link/${listingToken}`, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await publicListing()).toMatchObject({ title: bracelet.title, priceCents: 8_500 });
  }, 300_000);
  afterAll(() => t.close());

  it('holds an edit of the approved listing: buyers keep the approved price, the guardian is asked with before and after', async () => {
    const edited = await send(
      'PUT',
      `/api/listings/own/${listingId}`,
      { ...bracelet, priceCents: 9_500 },
      learner.cookie,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    // The learner sees their change and why it is not on the page yet.
    expect(edited.json()).toMatchObject({
      status: 'published',
      priceCents: 9_500,
      publicationNote:
        'Your changes wait for your guardian’s approval: buyers see the approved version until they approve them.',
    });
    expect(await publicListing()).toMatchObject({ priceCents: 8_500 });
    const catalogue = await get(`/api/marketplace/listings?q=${encodeURIComponent('Ndebele')}`);
    expect(catalogue.json().items.find((i: { id: string }) => i.id === listingId)).toMatchObject({ priceCents: 8_500 });

    const [mail] = await t.outbox(guardianEmail);
    expect(mail?.subject).toBe(`Please approve the changes to "${bracelet.title}"`);
    expect(mail?.text).toContain('Price: R85,00 → R95,00');
    staleToken = await linkToken(t, guardianEmail);
  });

  it('keeps a picture added to the change off the public page', async () => {
    const added = await upload(learner.cookie, listingId);
    expect(added.statusCode, added.body).toBe(201);
    const images = added.json().images as { id: string; thumbUrl: string }[];
    expect(images).toHaveLength(2);
    const newPicture = images[1]!;
    expect((await publicListing()).images).toHaveLength(1);
    expect((await get(newPicture.thumbUrl)).statusCode).toBe(404);
    expect((await get(newPicture.thumbUrl, learner.cookie)).statusCode).toBe(200);
    // One request waits, with both changes.
    const [pending] = await pendingOf(guardian.cookie);
    expect(pending?.changes).toEqual([
      { label: 'Price', before: 'R85,00', after: 'R95,00' },
      { label: 'Pictures', before: '1 picture', after: '2 pictures, 1 new' },
    ]);
  });

  it('refuses the superseded link, a forged one, another guardian, another child and another seller', async () => {
    expect(
      (await send('POST', `/api/entrepreneurs/approvals/link/${staleToken}`, { decision: 'approve' })).statusCode,
    ).toBe(404);
    expect(
      (await send('POST', '/api/entrepreneurs/approvals/link/forged-token-0123456789abcdef', { decision: 'approve' }))
        .statusCode,
    ).toBe(404);
    const [pending] = await pendingOf(guardian.cookie);
    const byOther = await send(
      'POST',
      `/api/entrepreneurs/guardian/approvals/${pending!.id}`,
      { decision: 'approve' },
      otherGuardian.cookie,
    );
    expect(byOther.statusCode).toBe(404);
    // The other guardian sees only their own child's shop waiting.
    expect((await pendingOf(otherGuardian.cookie)).map((a) => a.id)).not.toContain(pending!.id);
    for (const cookie of [otherLearner.cookie, seller.cookie]) {
      const edit = await send('PUT', `/api/listings/own/${listingId}`, { ...bracelet, priceCents: 100 }, cookie);
      expect(edit.statusCode).toBe(404);
    }
    expect(await publicListing()).toMatchObject({ priceCents: 8_500 });
  });

  it('lets the guardian approve by the link: buyers see the new price and picture; audited; the learner is told', async () => {
    const token = await linkToken(t, guardianEmail);
    const view = await get(`/api/entrepreneurs/approvals/link/${token}`);
    expect(view.json().approval.changes[0]).toEqual({ label: 'Price', before: 'R85,00', after: 'R95,00' });
    const approved = await send('POST', `/api/entrepreneurs/approvals/link/${token}`, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    const page = await publicListing();
    expect(page.priceCents).toBe(9_500);
    expect(page.images).toHaveLength(2);
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(like(auditEvents.action, 'entrepreneur.listing_change_%'));
    expect(audit.map((a) => a.action)).toEqual(['entrepreneur.listing_change_approved']);
    const [mail] = await t.outbox(learner.email);
    expect(mail?.subject).toBe(`Busisiwe Ndlovu approved your changes to "${bracelet.title}"`);
    expect((await send('POST', `/api/entrepreneurs/approvals/link/${token}`, { decision: 'approve' })).statusCode).toBe(
      404,
    );
  });

  it('changes stock at once: stock is not something the guardian approves', async () => {
    const edited = await send(
      'PUT',
      `/api/listings/own/${listingId}`,
      { ...bracelet, priceCents: 9_500, stock: 2 },
      learner.cookie,
    );
    expect(edited.json().publicationNote).toBeNull();
    expect((await publicListing()) as unknown).toMatchObject({ stock: 2 });
    expect(await pendingOf(guardian.cookie)).toEqual([]);
  });

  it('on a decline keeps the approved version on sale, drops the new picture and tells the learner why', async () => {
    await send(
      'PUT',
      `/api/listings/own/${listingId}`,
      { ...bracelet, title: 'Cheap bracelet!!!', priceCents: 9_500, stock: 2 },
      learner.cookie,
    );
    const added = await upload(learner.cookie, listingId);
    const newPicture = (added.json().images as { id: string }[])[2]!;
    const [pending] = await pendingOf(guardian.cookie);
    const declined = await send(
      'POST',
      `/api/entrepreneurs/guardian/approvals/${pending!.id}`,
      { decision: 'decline', reason: 'Keep the proper name of the pattern' },
      guardian.cookie,
    );
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await publicListing()).toMatchObject({ title: bracelet.title, priceCents: 9_500 });
    const own = (await get(`/api/listings/own/${listingId}`, learner.cookie)).json();
    expect(own).toMatchObject({
      title: bracelet.title,
      status: 'published',
      publicationNote:
        'Your guardian declined your changes: Keep the proper name of the pattern. Buyers still see the approved version.',
    });
    expect(own.images.map((i: { id: string }) => i.id)).not.toContain(newPicture.id);
    const [row] = await t.database.db
      .select()
      .from(entrepreneurApprovals)
      .where(and(eq(entrepreneurApprovals.id, pending!.id), eq(entrepreneurApprovals.status, 'declined')));
    expect(row?.reason).toBe('Keep the proper name of the pattern');
  });

  it('holds a change to the approved shop until the guardian approves it in their account', async () => {
    const changed = await send(
      'PUT',
      '/api/entrepreneurs/shop',
      {
        shopName: 'Ayanda Beads & Keyrings',
        shopDescription: 'Beaded bracelets and key rings made in Mamelodi.',
        shopCategory: 'crafts',
      },
      learner.cookie,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().shop.name).toBe('Ayanda Beadwork');
    expect(changed.json().approvals).toMatchObject([
      {
        subject: 'shop',
        status: 'pending',
        changes: [{ label: 'Shop name', before: 'Ayanda Beadwork', after: 'Ayanda Beads & Keyrings' }],
      },
    ]);
    expect((await get('/api/marketplace/sellers/ayanda-beadwork')).json().seller.name).toBe('Ayanda Beadwork');
    const [pending] = await pendingOf(guardian.cookie);
    expect(
      (
        await send(
          'POST',
          `/api/entrepreneurs/guardian/approvals/${pending!.id}`,
          { decision: 'approve' },
          otherGuardian.cookie,
        )
      ).statusCode,
    ).toBe(404);
    const approved = await send(
      'POST',
      `/api/entrepreneurs/guardian/approvals/${pending!.id}`,
      { decision: 'approve' },
      guardian.cookie,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await get('/api/marketplace/sellers/ayanda-beadwork')).json().seller.name).toBe('Ayanda Beads & Keyrings');
    const shop = (await get('/api/entrepreneurs/shop', learner.cookie)).json().shop;
    expect(shop).toMatchObject({ name: 'Ayanda Beads & Keyrings', status: 'approved' });
  });
});
