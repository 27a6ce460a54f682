import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { UPLOAD_MESSAGES } from '@sekolo/shared/schemas/uploads';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { multipartBody } from '../../test/uploads.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Logos (a school's, a business partner's, a charity's) are stored resized and re-encoded, never as
 * uploaded: at most 512 px for the profile page, 128 px for lists and cards, without the file's
 * metadata; anything but a PNG, JPEG or WebP picture is refused with a message saying so.
 */
describe('organisation logos: resized, re-encoded, metadata dropped (API)', { timeout: 120_000 }, () => {
  let t: TestApp;
  let cookie = '';
  const origin = () => new URL(t.app.deps.config.publicUrl).origin;
  const uploadLogo = (bytes: Buffer, name: string, type: string) => {
    const body = multipartBody({ name, type, bytes }, { purpose: 'logo' });
    return t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...body.headers, cookie, origin: origin() },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    const user = await createUser(t.database.db, {
      role: 'charity',
      organization: { name: 'Ikhaya Reading Circle', type: 'charity', slug: 'ikhaya-reading-circle' },
    });
    cookie = (await signIn(t.app, user.email, user.password, { ip: '10.62.1.1' })).cookie;
  }, 300_000);
  afterAll(() => t.close());

  it('a 3000 × 2000 photo with camera metadata comes back at 512 px on the profile and 128 px in lists, without metadata', async () => {
    const photo = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 90, b: 40 } },
    })
      .withExif({ IFD0: { Copyright: 'Ikhaya Reading Circle', Artist: 'Phone camera' } })
      .jpeg({ quality: 90 })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const uploaded = await uploadLogo(photo, 'logo.jpg', 'image/jpeg');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json()).toMatchObject({ mimeType: 'image/webp' });
    expect(uploaded.json().size).toBeLessThan(photo.length);

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/directory/settings',
      headers: { cookie, origin: origin() },
      payload: {
        listed: true,
        showEmail: true,
        showPhone: true,
        showAddress: true,
        showMap: true,
        tagLine: '',
        logoUploadId: uploaded.json().id,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const logoUrl = saved.json().settings.logoUrl as string;

    const full = await t.app.inject({ method: 'GET', url: logoUrl });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    const fullMeta = await sharp(full.rawPayload).metadata();
    expect([fullMeta.format, fullMeta.width, fullMeta.height]).toEqual(['webp', 512, 341]);
    expect(fullMeta.exif).toBeUndefined();

    const small = await t.app.inject({ method: 'GET', url: `${logoUrl}&size=small` });
    expect(small.statusCode).toBe(200);
    const smallMeta = await sharp(small.rawPayload).metadata();
    expect([smallMeta.format, smallMeta.width, smallMeta.height]).toEqual(['webp', 128, 85]);
    expect(smallMeta.exif).toBeUndefined();
  });

  it('refuses an SVG, and a file that only looks like a picture, with a message saying what a logo must be', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><circle cx="50" cy="50" r="40"/></svg>',
    );
    const refusedSvg = await uploadLogo(svg, 'logo.svg', 'image/svg+xml');
    expect(refusedSvg.statusCode).toBe(415);
    expect(refusedSvg.json().error.message).toBe(UPLOAD_MESSAGES.logoNotPicture);

    const broken = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(200, 7)]);
    const refusedBroken = await uploadLogo(broken, 'logo.png', 'image/png');
    expect(refusedBroken.statusCode).toBe(415);
    expect(refusedBroken.json().error.message).toBe(UPLOAD_MESSAGES.logoNotPicture);
  });
});
