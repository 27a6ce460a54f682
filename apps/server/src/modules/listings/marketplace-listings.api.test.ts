import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { multipartBody } from '../../test/uploads.ts';
import { createSeller, samplePhoto } from '../../test/factories/marketplace.ts';

describe('marketplace listings: sellers list, publish with pictures; the catalogue finds them (API)', () => {
  let t: TestApp;
  let vendor: Awaited<ReturnType<typeof createSeller>>;
  let tutor: Awaited<ReturnType<typeof createSeller>>;

  beforeAll(async () => {
    t = await createTestApp();
    vendor = await createSeller(t, { name: 'Jozi Stationers', province: 'gauteng' });
    tutor = await createSeller(t, { name: 'Cape Maths Tutors', partnerTypes: ['tutor'], province: 'western_cape' });
  });
  afterAll(() => t.close());

  const as = (cookie: string) => ({ cookie, origin: new URL(t.app.deps.config.publicUrl).origin });
  const calculator = {
    title: 'Scientific calculator FX-82ZA Plus',
    description: 'The CAPS-approved calculator for Grades 8 to 12, with 252 functions.',
    kind: 'product',
    category: 'technology',
    subcategory: 'calculators',
    priceCents: 29_995,
    stock: 3,
    variants: [],
  };
  const create = (cookie: string, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/listings/own', headers: as(cookie), payload: body });
  const upload = async (cookie: string, id: string, bytes: Buffer) => {
    const body = multipartBody({ name: 'photo.jpg', type: 'image/jpeg', bytes }, { alt: 'The calculator' });
    return t.app.inject({
      method: 'POST',
      url: `/api/listings/own/${id}/images`,
      headers: { ...as(cookie), ...body.headers },
      payload: body.payload,
    });
  };
  const publish = (cookie: string, id: string, status = 'published') =>
    t.app.inject({ method: 'POST', url: `/api/listings/own/${id}/status`, headers: as(cookie), payload: { status } });

  let listingId = '';

  it('creates a draft, refuses to publish it without a picture, resizes the picture, then publishes', async () => {
    const created = await create(vendor.cookie, calculator);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ status: 'draft', priceCents: 29_995, stock: 3, images: [] });
    listingId = created.json().id;

    const early = await publish(vendor.cookie, listingId);
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe('Add at least one picture before publishing the listing.');

    const uploaded = await upload(vendor.cookie, listingId, await samplePhoto(2400, 1800));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const image = uploaded.json().images[0];
    expect(image).toMatchObject({ alt: 'The calculator' });

    // The seller sees the draft's picture; the public does not until it is published.
    const anonymous = await t.app.inject({ method: 'GET', url: image.url });
    expect(anonymous.statusCode).toBe(404);
    const own = await t.app.inject({ method: 'GET', url: image.url, headers: { cookie: vendor.cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    const full = await sharp(own.rawPayload).metadata();
    expect([full.width, full.height]).toEqual([1200, 900]);

    const published = await publish(vendor.cookie, listingId);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().status).toBe('published');
    const thumb = await t.app.inject({ method: 'GET', url: image.thumbUrl });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(480);
  });

  it('refuses what is not a picture, and keeps products to product vendors', async () => {
    const notImage = await upload(vendor.cookie, listingId, Buffer.from('%PDF-1.4 not a picture'));
    expect(notImage.statusCode).toBe(415);
    const product = await create(tutor.cookie, calculator);
    expect(product.statusCode).toBe(400);
    expect(product.json().error.message).toMatch(/Only product vendors list products/);
    const service = await create(tutor.cookie, {
      title: 'Grade 12 Mathematics tutoring (1 hour)',
      description: 'Paper 1 and 2 preparation, online or in Rondebosch.',
      kind: 'service',
      category: 'services',
      subcategory: 'tutoring',
      priceCents: 35_000,
      stock: null,
      variants: [],
    });
    expect(service.statusCode, service.body).toBe(201);
  });

  it('keeps a seller out of another seller’s listings (404, as if missing)', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/listings/own/${listingId}`,
      headers: as(tutor.cookie),
      payload: { ...calculator, kind: 'service', category: 'services', subcategory: 'tutoring' },
    });
    expect(res.statusCode).toBe(404);
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/listings/own', headers: { cookie: tutor.cookie } })
    ).json();
    expect(list.items.map((i: { id: string }) => i.id)).not.toContain(listingId);
    expect(list.allowedKinds).toEqual(['service']);
  });

  it('finds the published listing by a search with a typo, and filters by section, price and province', async () => {
    const search = async (qs: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/marketplace/listings?${qs}` })).json();
    const typo = await search('q=calclator');
    expect(typo.items.map((i: { id: string }) => i.id)).toEqual([listingId]);
    expect(typo.items[0]).toMatchObject({
      priceCents: 29_995,
      inStock: true,
      seller: { name: 'Jozi Stationers', province: 'gauteng' },
    });
    expect((await search('q=calculators')).total).toBe(1);
    expect((await search('category=technology')).total).toBe(1);
    expect((await search('category=services')).total).toBe(0); // the tutor's service is a draft
    expect((await search('maxPriceCents=20000')).total).toBe(0);
    expect((await search('province=western_cape&q=calculator')).total).toBe(0);
    expect((await search('q=zzqqxx')).total).toBe(0);

    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toMatch(/application\/xml/);
    expect(sitemap.body).toContain(`/marketplace/listings/${listingId}</loc>`);
    expect(sitemap.body).toMatch(/\/marketplace\/sellers\/[a-z0-9-]+<\/loc>/);

    const detail = await t.app.inject({ method: 'GET', url: `/api/marketplace/listings/${listingId}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ title: calculator.title, stock: 3, seller: { name: 'Jozi Stationers' } });
  });

  it('lets only an operator unpublish a listing, which the seller cannot publish again', async () => {
    const byVendor = await t.app.inject({
      method: 'POST',
      url: `/api/console/listings/${listingId}/unpublish`,
      headers: as(vendor.cookie),
      payload: { reason: 'Counterfeit' },
    });
    expect(byVendor.statusCode).toBe(403);
    const admin = await createUser(t.database.db, { role: 'platform_admin', status: 'active' });
    const { cookie } = await signIn(t.app, admin.email, admin.password);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/console/listings/${listingId}/unpublish`,
      headers: as(cookie),
      payload: { reason: 'The photos show another brand' },
    });
    expect(res.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/marketplace/listings/${listingId}` })).statusCode).toBe(404);
    const again = await publish(vendor.cookie, listingId);
    expect(again.statusCode).toBe(409);
    const own = (
      await t.app.inject({ method: 'GET', url: `/api/listings/own/${listingId}`, headers: { cookie: vendor.cookie } })
    ).json();
    expect(own.unpublishedByOperator).toMatchObject({ reason: 'The photos show another brand' });
  });

  it('keeps every seller route to business partners and the unpublish to operators (role table)', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const routes: [string, string][] = [
      ['GET', '/api/listings/own'],
      ['POST', '/api/listings/own'],
      ['GET', `/api/listings/own/${id}`],
      ['PUT', `/api/listings/own/${id}`],
      ['POST', `/api/listings/own/${id}/status`],
      ['POST', `/api/listings/own/${id}/images`],
      ['DELETE', `/api/listings/own/${id}/images/${id}`],
      ['GET', '/api/marketplace/seller/orders'],
      ['GET', `/api/marketplace/seller/orders/${id}`],
      ['POST', `/api/marketplace/seller/orders/${id}/status`],
      ['POST', `/api/payments/marketplace-orders/${id}/cancel`],
      ['POST', `/api/console/listings/${id}/unpublish`],
    ];
    const customerUser = await createUser(t.database.db, { role: 'customer' });
    const customerCookie = (await signIn(t.app, customerUser.email, customerUser.password)).cookie;
    const admin = await createUser(t.database.db, { role: 'platform_admin', status: 'active' });
    const adminCookie = (await signIn(t.app, admin.email, admin.password)).cookie;
    const answers: Record<string, string> = {};
    for (const [method, url] of routes) {
      const codes = [];
      for (const cookie of [undefined, customerCookie, adminCookie]) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { ...(cookie ? as(cookie) : {}) },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        codes.push(res.statusCode);
      }
      answers[`${method} ${url.replaceAll(id, ':id')}`] = codes.join(' ');
    }
    // Signed out 401; a customer 403; the operator 403 on sellers' routes and past the guard on its own.
    const sellerOnly = '401 403 403';
    expect(answers).toEqual({
      'GET /api/listings/own': sellerOnly,
      'POST /api/listings/own': sellerOnly,
      'GET /api/listings/own/:id': sellerOnly,
      'PUT /api/listings/own/:id': sellerOnly,
      'POST /api/listings/own/:id/status': sellerOnly,
      'POST /api/listings/own/:id/images': sellerOnly,
      'DELETE /api/listings/own/:id/images/:id': sellerOnly,
      'GET /api/marketplace/seller/orders': sellerOnly,
      'GET /api/marketplace/seller/orders/:id': sellerOnly,
      'POST /api/marketplace/seller/orders/:id/status': sellerOnly,
      'POST /api/payments/marketplace-orders/:id/cancel': sellerOnly,
      'POST /api/console/listings/:id/unpublish': '401 403 400',
    });
    // The buyer's orders: any signed-in account, its own only.
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/marketplace/orders',
      headers: { cookie: customerCookie },
    });
    expect(mine.json()).toEqual({ items: [] });
  });
});
