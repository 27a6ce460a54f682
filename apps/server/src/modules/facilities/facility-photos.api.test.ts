import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACILITY_MESSAGES as M, MAX_FACILITY_PHOTOS, type TFacilityInput } from '@sekolo/shared/schemas/facilities';
import { auditEvents, facilityPhotos } from '../../platform/db/schema/index.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { multipartBody, pngOfSize, SAMPLE } from '../../test/uploads.ts';

/**
 * A facility's photos through the API: the school's admin adds them (checked by their bytes,
 * resized to a 1 200 px WebP and a 480 px thumbnail), describes, orders and removes them; the
 * public page and the pictures themselves are public while the facility is listed. A teacher
 * (without manage_events) is refused, another school's admin finds nothing of this school's.
 */
describe('facility photos', () => {
  let t: TestApp;
  const cookie: Record<string, string> = {};
  let facilityId: string;

  const FIELD: TFacilityInput = {
    name: 'Sports Field',
    kind: 'sports_field',
    description: 'A full-size grass field with floodlights.',
    capacity: 200,
    hourlyRateCents: 30_000,
    dailyRateCents: null,
    rules: 'Studs only.',
    requiresApproval: false,
    cancellationNoticeHours: 48,
    openingHours: [6, 7].map((day) => ({ day, opens: '08:00', closes: '18:00' })),
  };

  /** A real photograph-sized JPEG (a sky over a green field). */
  const photo = (width = 1600, height = 1200) =>
    sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="50%" fill="#7dd3fc"/><rect y="50%" width="100%" height="50%" fill="#15803d"/></svg>`,
      ),
    )
      .jpeg()
      .toBuffer();

  const send = (who: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie[who] ? { cookie: cookie[who] } : {}, ...(payload ? { payload } : {}) });
  const upload = async (
    who: string,
    id: string,
    bytes: Buffer,
    fields: Record<string, string>,
    type = 'image/jpeg',
  ) => {
    const body = multipartBody({ name: 'field.jpg', type, bytes }, fields);
    return t.app.inject({
      method: 'POST',
      url: `/api/school/facilities/${id}/photos`,
      headers: { ...body.headers, ...(cookie[who] ? { cookie: cookie[who] } : {}) },
      payload: body.payload,
    });
  };
  const publicPage = async () =>
    (await send('', 'GET', '/api/facilities/schools/kwa-thema-secondary')).json() as {
      facilities: {
        id: string;
        photos: { id: string; url: string; thumbUrl: string; alt: string; caption: string }[];
      }[];
    };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const school = { name: 'KwaThema Secondary', type: 'school' as const, slug: 'kwa-thema-secondary' };
    const users = {
      admin: await createUser(db, { role: 'school_admin', organization: school }),
      teacher: await createUser(db, { role: 'teacher', organization: school }),
      otherAdmin: await createUser(db, {
        role: 'school_admin',
        organization: { name: 'Tsakane High', type: 'school', slug: 'tsakane-high' },
      }),
      customer: await createUser(db, { role: 'customer' }),
    };
    let ip = 1;
    for (const [key, user] of Object.entries(users))
      cookie[key] = (await signIn(t.app, user.email, user.password, { ip: `10.69.0.${ip++}` })).cookie;
    const created = await send('admin', 'POST', '/api/school/facilities', FIELD);
    expect(created.statusCode, created.body).toBe(201);
    facilityId = created.json().facility.id;
  }, 300_000);
  afterAll(() => t.close());

  it('adds a photo resized to a page-sized WebP and a thumbnail, shown on the public page with its alt text', async () => {
    const added = await upload('admin', facilityId, await photo(), {
      alt: 'The field from the pavilion, goalposts at the far end',
      caption: 'Floodlit until 20:00',
    });
    expect(added.statusCode, added.body).toBe(201);
    const [shown] = added.json().facility.photos;
    expect(shown).toMatchObject({
      width: 1200,
      height: 900,
      alt: 'The field from the pavilion, goalposts at the far end',
      caption: 'Floodlit until 20:00',
    });

    const full = await send('', 'GET', shown.url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 900 });
    const thumb = await send('', 'GET', shown.thumbUrl);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 480, height: 360 });

    const [listed] = (await publicPage()).facilities;
    expect(listed!.photos).toEqual([expect.objectContaining({ id: shown.id, alt: shown.alt, caption: shown.caption })]);
    // Without alt text the photo is described by the facility's name.
    const second = await upload('admin', facilityId, await photo(800, 600), {});
    expect(second.json().facility.photos[1]).toMatchObject({ alt: 'Sports Field', caption: '', width: 800 });
  });

  it('refuses a file that is not a picture and one over 10 MB with a clear message, storing nothing', async () => {
    const before = await t.database.db.select().from(facilityPhotos);
    const text = await upload('admin', facilityId, SAMPLE.text, { alt: 'Notes' }, 'image/png');
    expect(text.statusCode).toBe(415);
    expect(text.json().error.message).toBe(M.photoType);
    const pdf = await upload('admin', facilityId, SAMPLE.pdf, { alt: 'A PDF' }, 'application/pdf');
    expect(pdf.json().error.message).toBe(M.photoType);
    const large = await upload('admin', facilityId, pngOfSize(10 * 1024 * 1024 + 1), { alt: 'Too big' }, 'image/png');
    expect(large.statusCode).toBe(413);
    expect(large.json().error.message).toBe(M.photoTooLarge);
    expect(await t.database.db.select().from(facilityPhotos)).toHaveLength(before.length);
  });

  it('lets the admin describe, order and remove the photos; each change is audited', async () => {
    const [first, second] = (await send('admin', 'GET', '/api/school/facilities')).json().facilities[0].photos;
    const described = await send('admin', 'PATCH', `/api/school/facilities/${facilityId}/photos/${second.id}`, {
      alt: 'The changing rooms beside the pavilion',
      caption: 'Showers with hot water',
    });
    expect(described.statusCode, described.body).toBe(200);
    expect(described.json().facility.photos[1]).toMatchObject({ alt: 'The changing rooms beside the pavilion' });
    const noAlt = await send('admin', 'PATCH', `/api/school/facilities/${facilityId}/photos/${second.id}`, {
      alt: ' ',
    });
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json().error.fields.alt).toBe(M.altRequired);

    const reordered = await send('admin', 'PUT', `/api/school/facilities/${facilityId}/photo-order`, {
      photoIds: [second.id, first.id],
    });
    expect(reordered.json().facility.photos.map((p: { id: string }) => p.id)).toEqual([second.id, first.id]);
    expect((await publicPage()).facilities[0]!.photos.map((p) => p.id)).toEqual([second.id, first.id]);
    const partial = await send('admin', 'PUT', `/api/school/facilities/${facilityId}/photo-order`, {
      photoIds: [first.id],
    });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().error.message).toBe(M.photoOrderInvalid);

    const removed = await send('admin', 'DELETE', `/api/school/facilities/${facilityId}/photos/${second.id}`);
    expect(removed.json().facility.photos.map((p: { id: string }) => p.id)).toEqual([first.id]);
    expect((await send('', 'GET', second.url)).statusCode).toBe(404);
    const actions = (
      await t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.target, `facility:${facilityId}`))
    ).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'facility.photo_added',
        'facility.photo_described',
        'facility.photo_reordered',
        'facility.photo_removed',
      ]),
    );
  });

  it('keeps a facility to its limit of photos, also when uploads race', async () => {
    const have = (await send('admin', 'GET', '/api/school/facilities')).json().facilities[0].photos.length;
    const small = await photo(64, 48);
    const answers = await Promise.all(
      Array.from({ length: MAX_FACILITY_PHOTOS - have + 2 }, () =>
        upload('admin', facilityId, small, { alt: 'Field' }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(MAX_FACILITY_PHOTOS - have);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused.map((a) => [a.statusCode, a.json().error.message])).toEqual([
      [400, M.tooManyPhotos],
      [400, M.tooManyPhotos],
    ]);
    expect(
      await t.database.db.select().from(facilityPhotos).where(eq(facilityPhotos.facilityId, facilityId)),
    ).toHaveLength(MAX_FACILITY_PHOTOS);
  });

  it("only the school's admin edits them: a teacher and a customer are refused, another school's admin finds nothing", async () => {
    const photos = (await send('admin', 'GET', '/api/school/facilities')).json().facilities[0].photos;
    const target = photos[0];
    const calls = async (who: string) => [
      (await upload(who, facilityId, await photo(64, 48), { alt: 'Mine now' })).statusCode,
      (await send(who, 'PATCH', `/api/school/facilities/${facilityId}/photos/${target.id}`, { alt: 'Changed by me' }))
        .statusCode,
      (
        await send(who, 'PUT', `/api/school/facilities/${facilityId}/photo-order`, {
          photoIds: [...photos.map((p: { id: string }) => p.id)].reverse(),
        })
      ).statusCode,
      (await send(who, 'DELETE', `/api/school/facilities/${facilityId}/photos/${target.id}`)).statusCode,
    ];
    expect(await calls('teacher')).toEqual([403, 403, 403, 403]);
    expect(await calls('customer')).toEqual([403, 403, 403, 403]);
    expect(await calls('')).toEqual([401, 401, 401, 401]);
    expect(await calls('otherAdmin')).toEqual([404, 404, 404, 404]);
    const after = (await send('admin', 'GET', '/api/school/facilities')).json().facilities[0].photos;
    expect(after).toEqual(photos);
  });

  it('hides the photos of a facility taken off the public page from everyone but its school', async () => {
    const [cover] = (await send('admin', 'GET', '/api/school/facilities')).json().facilities[0].photos;
    expect((await send('', 'GET', cover.url)).statusCode).toBe(200);
    const off = await send('admin', 'PUT', `/api/school/facilities/${facilityId}`, { ...FIELD, active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await send('', 'GET', cover.url)).statusCode).toBe(404);
    expect((await send('otherAdmin', 'GET', cover.url)).statusCode).toBe(404);
    expect((await send('admin', 'GET', cover.url)).statusCode).toBe(200);
  });
});
