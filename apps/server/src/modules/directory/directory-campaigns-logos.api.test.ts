import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { auditEvents, campaigns } from '../../platform/db/schema/index.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { multipartBody, SAMPLE } from '../../test/uploads.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * A charity's directory profile lists its campaigns open today (not drafts, ended or future ones),
 * each with its progress and a link to its page; business partners and charities choose a logo on
 * their public profile, shown publicly, which nobody else can replace.
 */
describe('directory: charities campaigns and organisation logos (API)', { timeout: 120_000 }, () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const orgs: Record<string, string> = {};
  const today = todayInSouthAfrica();
  const origin = () => new URL(t.app.deps.config.publicUrl).origin;
  const call = (who: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { origin: origin(), ...(cookies[who] ? { cookie: cookies[who] } : {}) },
      ...(payload ? { payload } : {}),
    });
  const upload = async (who: string, bytes: Buffer, name: string, type: string) => {
    const body = multipartBody({ name, type, bytes });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...body.headers, cookie: cookies[who]!, origin: origin() },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const settingsWith = (extra: object) => ({
    listed: true,
    showEmail: true,
    showPhone: true,
    showAddress: true,
    showMap: true,
    tagLine: '',
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    let ip = 1;
    for (const [key, role, type, name] of [
      ['charity', 'charity', 'charity', 'Masiphumelele Food Garden'],
      ['otherCharity', 'charity', 'charity', 'Karoo Book Bus'],
      ['business', 'business_partner', 'business', 'Soweto Science Tutors'],
    ] as const) {
      const user = await createUser(db, {
        role,
        organization: { name, type, slug: name.toLowerCase().replace(/ /g, '-') },
      });
      orgs[key] = user.organizationId!;
      cookies[key] = (await signIn(t.app, user.email, user.password, { ip: `10.43.0.${ip++}` })).cookie;
    }
    const base = { organizationId: orgs.charity!, goalCents: 2_000_000 };
    await db.insert(campaigns).values([
      {
        ...base,
        slug: 'seedlings-for-winter',
        title: 'Seedlings for winter',
        summary: 'Spinach and cabbage for 40 families.',
        state: 'active',
        startsOn: addDays(today, -10),
        raisedCents: 450_000,
        donationCount: 9,
      },
      { ...base, slug: 'garden-tools-draft', title: 'Garden tools', state: 'draft', startsOn: today },
      { ...base, slug: 'borehole-ended', title: 'A borehole', state: 'ended', startsOn: addDays(today, -90) },
      {
        ...base,
        slug: 'past-its-end',
        title: 'Past its end date',
        state: 'active',
        startsOn: addDays(today, -90),
        endsOn: addDays(today, -1),
      },
      { ...base, slug: 'starts-next-month', title: 'Starts next month', state: 'active', startsOn: addDays(today, 30) },
    ]);
  }, 300_000);
  afterAll(() => t.close());

  it("a charity's profile lists its open campaigns with their progress, not drafts or ended ones", async () => {
    const res = await call('', 'GET', '/api/directory/profiles/masiphumelele-food-garden');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile.campaigns).toEqual([
      {
        slug: 'seedlings-for-winter',
        title: 'Seedlings for winter',
        summary: 'Spinach and cabbage for 40 families.',
        goalCents: 2_000_000,
        raisedCents: 450_000,
        donationCount: 9,
        endsOn: null,
      },
    ]);
    // Another charity's profile lists none of them; a business partner has no campaigns.
    expect((await call('', 'GET', '/api/directory/profiles/karoo-book-bus')).json().profile.campaigns).toEqual([]);
    expect((await call('', 'GET', '/api/directory/profiles/soweto-science-tutors')).json().profile.campaigns).toEqual(
      [],
    );
  });

  it('a charity uploads a logo on its public profile; anyone loads it, and it shows on its pages', async () => {
    const uploadId = await upload('charity', SAMPLE.png, 'garden.png', 'image/png');
    const saved = await call('charity', 'PUT', '/api/directory/settings', settingsWith({ logoUploadId: uploadId }));
    expect(saved.statusCode, saved.body).toBe(200);
    const logoUrl = saved.json().settings.logoUrl as string;
    expect(logoUrl).toContain(`/api/directory/logos/${orgs.charity}`);
    const logo = await call('', 'GET', logoUrl);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(SAMPLE.png)).toBe(true);
    expect((await call('', 'GET', '/api/directory/profiles/masiphumelele-food-garden')).json().profile.logoUrl).toBe(
      logoUrl,
    );
    const search = (await call('', 'GET', '/api/directory?q=masiphumelele')).json();
    expect(search.items[0].logoUrl).toBe(logoUrl);
    const campaign = (await call('', 'GET', '/api/funding/campaigns/seedlings-for-winter')).json();
    expect(campaign.charity).toMatchObject({ logoUrl, profilePath: '/directory/masiphumelele-food-garden' });
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'directory.profile_updated'));
    expect(audit!.details).toMatchObject({ changed: expect.arrayContaining(['logoUploadId']) });
    // The other charity has none.
    expect((await call('', 'GET', `/api/directory/logos/${orgs.otherCharity}`)).statusCode).toBe(404);
  });

  it("a business partner's logo shows on its shop page", async () => {
    const uploadId = await upload('business', SAMPLE.jpeg, 'tutors.jpg', 'image/jpeg');
    const saved = await call('business', 'PUT', '/api/directory/settings', settingsWith({ logoUploadId: uploadId }));
    expect(saved.statusCode, saved.body).toBe(200);
    const seller = await call('', 'GET', '/api/marketplace/sellers/soweto-science-tutors');
    expect(seller.statusCode, seller.body).toBe(200);
    expect(seller.json().seller.logoUrl).toBe(saved.json().settings.logoUrl);
  });

  it("another organisation cannot take over a logo: someone else's upload or a file that is not a picture is refused", async () => {
    const theirs = await upload('charity', SAMPLE.webp, 'another.webp', 'image/webp');
    const before = (await call('', 'GET', '/api/directory/profiles/karoo-book-bus')).json().profile.logoUrl;
    const refused = await call(
      'otherCharity',
      'PUT',
      '/api/directory/settings',
      settingsWith({ logoUploadId: theirs }),
    );
    expect(refused.statusCode).toBe(400);
    expect((await call('', 'GET', '/api/directory/profiles/karoo-book-bus')).json().profile.logoUrl).toBe(before);
    const pdf = await upload('otherCharity', SAMPLE.pdf, 'letter.pdf', 'application/pdf');
    const notImage = await call('otherCharity', 'PUT', '/api/directory/settings', settingsWith({ logoUploadId: pdf }));
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().error.fields).toMatchObject({
      logoUploadId: 'The logo must be a PNG, JPEG or WebP picture.',
    });
    // The first charity's logo is still its own; removing it answers 404 from then on.
    const settings = (await call('charity', 'GET', '/api/directory/settings')).json().settings;
    expect(settings.logoUrl).not.toBeNull();
    const removed = await call('charity', 'PUT', '/api/directory/settings', settingsWith({ logoUploadId: null }));
    expect(removed.json().settings.logoUrl).toBeNull();
    expect((await call('', 'GET', `/api/directory/logos/${orgs.charity}`)).statusCode).toBe(404);
  });
});
