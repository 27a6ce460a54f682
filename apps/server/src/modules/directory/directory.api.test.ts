import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applications,
  auditEvents,
  marketplaceSellers,
  organizations,
  schoolProfiles,
} from '../../platform/db/schema/index.ts';
import { ensureOrganizationWithMember } from '../../platform/tenancy/organizations.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The directory: approved schools, business partners and charities, searched by name
 * (typos forgiven), type, province and town; each organisation's public profile shows only the
 * contacts it chose; the organisation's admin chooses on its "Public profile" settings.
 */
describe('directory: search, profiles and what each organisation shows (API)', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const cookies: Record<string, string> = {};
  const origin = () => new URL(t.app.deps.config.publicUrl).origin;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    // A school in Durban with its profile (contacts, street address).
    const admin = await createUser(db, {
      role: 'school_admin',
      organization: { name: 'Hillcrest Primary School', type: 'school', slug: 'hillcrest-primary' },
    });
    ids.school = admin.organizationId!;
    cookies.school = (await signIn(t.app, admin.email, admin.password, { ip: '10.42.0.1' })).cookie;
    await db.insert(schoolProfiles).values({
      organizationId: ids.school,
      streetAddress: '14 Old Main Road',
      suburb: 'Hillcrest',
      city: 'Durban',
      province: 'kwazulu_natal',
      postalCode: '3610',
      phone: '031 765 1100',
      email: 'office@hillcrest-primary.test',
    });
    const teacher = await createUser(db, {
      role: 'teacher',
      organization: { name: 'Hillcrest Primary School', type: 'school', slug: 'hillcrest-primary' },
    });
    cookies.teacher = (await signIn(t.app, teacher.email, teacher.password, { ip: '10.42.0.2' })).cookie;

    // Tutors in Pretoria (a marketplace profile) and a uniform shop in Durban.
    const tutor = await createUser(db, {
      role: 'business_partner',
      organization: { name: 'Pretoria Maths Tutors', type: 'business', slug: 'pretoria-maths-tutors' },
    });
    ids.tutor = tutor.organizationId!;
    cookies.tutor = (await signIn(t.app, tutor.email, tutor.password, { ip: '10.42.0.3' })).cookie;
    await db.insert(marketplaceSellers).values({
      organizationId: ids.tutor,
      partnerTypes: ['tutor'],
      province: 'gauteng',
      town: 'Pretoria',
      tagLine: 'Grade 12 maths, one learner at a time',
    });
    const shop = await createUser(db, {
      role: 'business_partner',
      organization: { name: 'Durban Uniform Company', type: 'business', slug: 'durban-uniform-company' },
    });
    await db.insert(marketplaceSellers).values({
      organizationId: shop.organizationId!,
      partnerTypes: ['product_vendor'],
      province: 'kwazulu_natal',
      town: 'Durban',
    });

    // A charity: what it registered is in its approved application.
    const charity = await createUser(db, { role: 'charity', email: 'founder@ikhaya-books.test' });
    ids.charity = await ensureOrganizationWithMember(db, {
      name: 'Ikhaya Books Trust',
      slug: 'ikhaya-books-trust',
      type: 'charity',
      userId: charity.id,
      role: 'charity',
    });
    await db.insert(applications).values({
      userId: charity.id,
      userType: 'charity',
      status: 'approved',
      organizationId: ids.charity,
      stepData: {
        '1': {
          tagLine: 'Libraries for rural schools',
          streetAddress: '5 Market Street',
          suburb: 'Central',
          town: 'Gqeberha',
          postalCode: '6001',
          province: 'eastern_cape',
        },
      },
    });
    cookies.charity = (await signIn(t.app, charity.email, charity.password, { ip: '10.42.0.4' })).cookie;

    // Not in the directory: a young entrepreneur's shop and a suspended school.
    await createUser(db, { role: 'young_entrepreneur', organization: { name: 'Hillcrest Cupcakes', type: 'shop' } });
    await db
      .insert(organizations)
      .values({ name: 'Hillcrest Closed College', slug: 'hillcrest-closed', type: 'school', status: 'suspended' });
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const names = async (query: string) => {
    const res = await get(`/api/directory?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as { name: string }[]).map((i) => i.name);
  };
  const save = (cookie: string, body: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/directory/settings',
      headers: { cookie, origin: origin() },
      payload: body,
    });

  it('finds organisations by a part of the name, forgives a typo, and filters by type, province and town', async () => {
    expect(await names('q=hillcrest')).toEqual(['Hillcrest Primary School']);
    expect(await names('q=Hilcrest%20Primery')).toEqual(['Hillcrest Primary School']);
    expect(await names('q=maths')).toEqual(['Pretoria Maths Tutors']);
    expect(await names('type=school')).toEqual(['Hillcrest Primary School']);
    expect(await names('type=business')).toEqual(['Durban Uniform Company', 'Pretoria Maths Tutors']);
    expect(await names('type=tutor')).toEqual(['Pretoria Maths Tutors']);
    expect(await names('type=charity')).toEqual(['Ikhaya Books Trust']);
    expect(await names('province=kwazulu_natal')).toEqual(['Durban Uniform Company', 'Hillcrest Primary School']);
    expect(await names('town=durb')).toEqual(['Durban Uniform Company', 'Hillcrest Primary School']);
    expect(await names('province=eastern_cape&type=charity')).toEqual(['Ikhaya Books Trust']);
    // No shop of a young entrepreneur, no suspended organisation.
    expect(await names('')).toEqual([
      'Durban Uniform Company',
      'Hillcrest Primary School',
      'Ikhaya Books Trust',
      'Pretoria Maths Tutors',
    ]);
    const entry = (await get('/api/directory?q=ikhaya')).json().items[0];
    expect(entry).toMatchObject({
      slug: 'ikhaya-books-trust',
      kind: 'charity',
      tagLine: 'Libraries for rural schools',
      town: 'Gqeberha',
      province: 'eastern_cape',
    });
  });

  it('pages the results with the total', async () => {
    const first = (await get('/api/directory?pageSize=3&page=1')).json();
    const second = (await get('/api/directory?pageSize=3&page=2')).json();
    const past = (await get('/api/directory?pageSize=3&page=5')).json();
    expect([first.items.length, second.items.length, first.total, second.total]).toEqual([3, 1, 4, 4]);
    expect(second.items[0].name).toBe('Pretoria Maths Tutors');
    expect({ items: past.items, total: past.total }).toEqual({ items: [], total: 4 });
    expect((await get('/api/directory?type=nonsense')).statusCode).toBe(400);
  });

  it('shows a school with its registered contacts and without its street address until it chooses', async () => {
    const res = await get('/api/directory/profiles/hillcrest-primary');
    expect(res.statusCode, res.body).toBe(200);
    const { profile } = res.json();
    expect(profile).toMatchObject({
      name: 'Hillcrest Primary School',
      kind: 'school',
      email: 'office@hillcrest-primary.test',
      phone: '031 765 1100',
      address: null,
      mapUrl: null,
      shopPath: null,
      admissionsPath: null,
    });
    expect(res.body).not.toContain('Old Main Road');
    // A business partner shows its town and links to its shop; a charity its registered address.
    const tutor = (await get('/api/directory/profiles/pretoria-maths-tutors')).json().profile;
    expect(tutor).toMatchObject({
      tagLine: 'Grade 12 maths, one learner at a time',
      partnerTypes: ['tutor'],
      shopPath: '/marketplace/sellers/pretoria-maths-tutors',
      address: ['Pretoria', 'Gauteng'],
    });
    expect(tutor.mapUrl).toBe(
      'https://www.google.com/maps/search/?api=1&query=Pretoria%20Maths%20Tutors%2C%20Pretoria%2C%20Gauteng',
    );
    const charity = (await get('/api/directory/profiles/ikhaya-books-trust')).json().profile;
    expect(charity).toMatchObject({
      email: 'founder@ikhaya-books.test',
      phone: null,
      address: ['5 Market Street', 'Central', 'Gqeberha 6001', 'Eastern Cape'],
    });
    expect((await get('/api/directory/profiles/hillcrest-closed')).statusCode).toBe(404);
    expect((await get('/api/directory/profiles/no-such-place')).statusCode).toBe(404);
  });

  it('never sends contacts in the search results', async () => {
    const body = (await get('/api/directory')).body;
    for (const secret of [
      'office@hillcrest-primary.test',
      '031 765 1100',
      'founder@ikhaya-books.test',
      'Old Main Road',
    ])
      expect(body).not.toContain(secret);
  });

  it('lets the school admin hide the phone and show the address; the profile follows, the phone never leaves the server', async () => {
    const before = await get('/api/directory/settings', cookies.school!);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().settings).toMatchObject({
      kind: 'school',
      listed: true,
      showEmail: true,
      showPhone: true,
      showAddress: false,
      showMap: false,
      chosen: false,
      contactPhone: '031 765 1100',
      address: ['14 Old Main Road', 'Hillcrest', 'Durban 3610', 'KwaZulu-Natal'],
    });
    const saved = await save(cookies.school!, {
      listed: true,
      showEmail: true,
      showPhone: false,
      showAddress: true,
      showMap: true,
      tagLine: 'Small classes in the valley of a thousand hills',
      // A school's contacts are changed in its school profile, not here.
      contactPhone: '000 000 0000',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings).toMatchObject({ showPhone: false, chosen: true, contactPhone: '031 765 1100' });
    const profile = await get('/api/directory/profiles/hillcrest-primary');
    expect(profile.json().profile).toMatchObject({
      phone: null,
      email: 'office@hillcrest-primary.test',
      tagLine: 'Small classes in the valley of a thousand hills',
      address: ['14 Old Main Road', 'Hillcrest', 'Durban 3610', 'KwaZulu-Natal'],
    });
    expect(profile.json().profile.mapUrl).toContain('14%20Old%20Main%20Road');
    expect(profile.body).not.toContain('765 1100');
    // Only what changed is recorded, never the values.
    const [audit] = await t.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'directory.profile_updated'))
      .orderBy(desc(auditEvents.at))
      .limit(1);
    expect((audit?.details as { changed: string[] }).changed.sort()).toEqual([
      'showAddress',
      'showMap',
      'showPhone',
      'tagLine',
    ]);
  });

  it('lets a business partner set its public contacts, and checks them', async () => {
    const bad = await save(cookies.tutor!, {
      listed: true,
      showEmail: true,
      showPhone: true,
      showAddress: true,
      showMap: true,
      tagLine: 'x'.repeat(151),
      contactEmail: 'not-an-address',
    });
    expect(bad.statusCode).toBe(400);
    const good = await save(cookies.tutor!, {
      listed: true,
      showEmail: true,
      showPhone: true,
      showAddress: true,
      showMap: false,
      tagLine: 'Grade 12 maths, one learner at a time',
      contactEmail: 'lessons@pretoria-maths.test',
      contactPhone: '012 345 6789',
    });
    expect(good.statusCode, good.body).toBe(200);
    expect((await get('/api/directory/profiles/pretoria-maths-tutors')).json().profile).toMatchObject({
      email: 'lessons@pretoria-maths.test',
      phone: '012 345 6789',
      mapUrl: null,
    });
  });

  it('takes a hidden organisation out of the search, its profile and the sitemap', async () => {
    const sitemap = async () => (await get('/sitemap.xml')).body;
    expect(await sitemap()).toContain('/directory/ikhaya-books-trust</loc>');
    expect(await sitemap()).toContain('/directory</loc>');
    const hidden = await save(cookies.charity!, {
      listed: false,
      showEmail: true,
      showPhone: true,
      showAddress: true,
      showMap: true,
      tagLine: 'Libraries for rural schools',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await names('type=charity')).toEqual([]);
    expect(await names('q=ikhaya')).toEqual([]);
    expect((await get('/api/directory/profiles/ikhaya-books-trust')).statusCode).toBe(404);
    expect(await sitemap()).not.toContain('ikhaya-books-trust');
    // Its admin still sees its settings, and can list it again.
    expect((await get('/api/directory/settings', cookies.charity!)).json().settings.listed).toBe(false);
  });

  it('keeps each organisation to its own settings; a teacher cannot change the school’s', async () => {
    expect((await get('/api/directory/settings', cookies.tutor!)).json().settings.name).toBe('Pretoria Maths Tutors');
    expect((await get('/api/directory/settings', cookies.teacher!)).statusCode).toBe(403);
    const [row] = await t.database.db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, ids.school!));
    expect(row?.name).toBe('Hillcrest Primary School');
  });
});
