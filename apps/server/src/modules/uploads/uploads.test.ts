import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { APPLICANT_UPLOAD_LIMITS, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '@sekolo/shared/schemas/uploads';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { authPost, signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import { applications, auditEvents, uploads, users } from '../../platform/db/schema/index.ts';
import { multipartBody, pngOfSize, SAMPLE } from '../../test/uploads.ts';
import {
  assertUploadsOwnedBy,
  createFileStorage,
  getUploadMeta,
  removeStoredBytes,
  storageKeysOf,
} from './uploads-service.ts';

describe('uploads API (D9, spec 2.11)', () => {
  let t: TestApp;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-uploads-'));
  const people: Record<string, TCreatedUser> = {};
  const cookies: Record<string, string> = {};
  let ip = 0;
  const nextIp = () => `10.9.${Math.floor(ip / 200)}.${(ip++ % 200) + 1}`;

  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir });
    const db = t.database.db;
    const school = { name: 'Upload High School', type: 'school' as const };
    const otherSchool = { name: 'Elsewhere Academy', type: 'school' as const };
    people.admin = await createUser(db, { role: 'school_admin', organization: school });
    people.teacher = await createUser(db, { role: 'teacher', organization: school });
    people.colleague = await createUser(db, { role: 'teacher', organization: school });
    people.otherAdmin = await createUser(db, { role: 'school_admin', organization: otherSchool });
    people.applicant = await createUser(db, { role: 'school_admin', status: 'applicant' });
    people.applicant2 = await createUser(db, { role: 'charity', status: 'applicant' });
    people.customer = await createUser(db, { role: 'customer' });
    people.operator = await createUser(db, { role: 'platform_admin' });
    for (const [key, person] of Object.entries(people)) {
      const { response, cookie } = await signIn(t.app, person.email, person.password, { ip: nextIp() });
      expect(response.statusCode).toBe(200);
      cookies[key] = cookie;
    }
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function upload(
    who: string | null,
    file: { name: string; type: string; bytes: Buffer } | null,
    fields: Record<string, string> = {},
  ) {
    const { payload, headers } = multipartBody(file, fields);
    return t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      remoteAddress: nextIp(),
      headers: { ...headers, ...(who ? { cookie: cookies[who]! } : {}) },
      payload,
    });
  }
  const get = (id: string, who: string | null, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/uploads/${id}${query}`, headers: who ? { cookie: cookies[who]! } : {} });
  const remove = (id: string, who: string | null) =>
    t.app.inject({ method: 'DELETE', url: `/api/uploads/${id}`, headers: who ? { cookie: cookies[who]! } : {} });

  it('stores a PDF, PNG, JPEG or WebP recognised by content, under a generated name, and answers TUploadedFile', async () => {
    const cases = [
      { name: 'certificate.pdf', type: 'application/pdf', bytes: SAMPLE.pdf, mime: 'application/pdf' },
      // The browser's claim and the name do not matter: the bytes do.
      { name: 'logo', type: 'application/octet-stream', bytes: SAMPLE.png, mime: 'image/png' },
      { name: 'photo.jpeg', type: 'image/jpeg', bytes: SAMPLE.jpeg, mime: 'image/jpeg' },
      { name: 'banner.webp', type: 'image/webp', bytes: SAMPLE.webp, mime: 'image/webp' },
    ];
    for (const sample of cases) {
      const res = await upload('teacher', sample, { purpose: 'application-document' });
      expect(res.statusCode, sample.name).toBe(201);
      const body = res.json();
      expect(body).toEqual({
        id: expect.any(String),
        name: sample.name,
        size: sample.bytes.length,
        mimeType: sample.mime,
      });
      const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, body.id));
      expect(row).toMatchObject({
        ownerUserId: people.teacher!.id,
        purpose: 'application-document',
        originalName: sample.name,
        sizeBytes: sample.bytes.length,
        sha256: createHash('sha256').update(sample.bytes).digest('hex'),
        deletedAt: null,
      });
      // Stored privately under our generated key, never under the user's file name.
      expect(row!.storageKey).toMatch(/^\d{4}\/\d{2}\/[0-9a-f]{32}$/);
      const stored = path.join(dataDir, 'uploads', ...row!.storageKey.split('/'));
      expect(fs.readFileSync(stored).equals(sample.bytes)).toBe(true);
      expect(fs.statSync(stored).mode & 0o077).toBe(0);
    }
  });

  it('cleans the original name and defaults the purpose', async () => {
    const res = await upload('teacher', { name: '..\\..\\evil\u202egpj.exe', type: 'image/png', bytes: SAMPLE.png });
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe('evilgpj.exe');
    const meta = await getUploadMeta(t.database.db, res.json().id);
    expect(meta).toMatchObject({ purpose: 'general', name: 'evilgpj.exe', mimeType: 'image/png' });
  });

  it('refuses a file over 10 MB with 413 and a clear message (announced size and streamed size)', async () => {
    const eleven = await upload('teacher', { name: 'huge.png', type: 'image/png', bytes: pngOfSize(11 * 1024 * 1024) });
    expect(eleven.statusCode).toBe(413);
    expect(eleven.json()).toEqual({
      error: { code: 'FILE_TOO_LARGE', message: 'File is too large. Maximum size 10MB.' },
    });

    // Just over the limit, inside the multipart allowance: caught while reading the stream.
    const justOver = await upload('teacher', {
      name: 'big.png',
      type: 'image/png',
      bytes: pngOfSize(MAX_UPLOAD_BYTES + 1),
    });
    expect(justOver.statusCode).toBe(413);
    expect(justOver.json().error.message).toBe(UPLOAD_MESSAGES.tooLarge);

    const exactly = await upload('teacher', { name: 'max.png', type: 'image/png', bytes: pngOfSize(MAX_UPLOAD_BYTES) });
    expect(exactly.statusCode).toBe(201);
    expect(exactly.json().size).toBe(MAX_UPLOAD_BYTES);
  });

  it('refuses renamed executables, text and HTML with 415 and stores nothing', async () => {
    const before = await t.database.db.select().from(uploads).where(eq(uploads.ownerUserId, people.customer!.id));
    for (const impostor of [
      { name: 'invoice.pdf', type: 'application/pdf', bytes: SAMPLE.exe },
      { name: 'setup.png', type: 'image/png', bytes: SAMPLE.exe },
      { name: 'notes.jpg', type: 'image/jpeg', bytes: SAMPLE.text },
      { name: 'page.pdf', type: 'application/pdf', bytes: SAMPLE.html },
    ]) {
      const res = await upload('customer', impostor);
      expect(res.statusCode, impostor.name).toBe(415);
      expect(res.json()).toEqual({
        error: {
          code: 'UNSUPPORTED_FILE_TYPE',
          message: 'This file type is not supported. Please upload a PDF, PNG, JPEG or WebP file.',
        },
      });
    }
    const after = await t.database.db.select().from(uploads).where(eq(uploads.ownerUserId, people.customer!.id));
    expect(after).toHaveLength(before.length);
  });

  it('answers 400 without a file, for an empty file or a bad purpose, and 401 when signed out', async () => {
    expect((await upload('teacher', null, { purpose: 'logo' })).statusCode).toBe(400);
    const empty = await upload('teacher', { name: 'empty.pdf', type: 'application/pdf', bytes: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(UPLOAD_MESSAGES.empty);
    const purpose = await upload(
      'teacher',
      { name: 'a.png', type: 'image/png', bytes: SAMPLE.png },
      { purpose: '../etc' },
    );
    expect(purpose.statusCode).toBe(400);
    // Two files in one request.
    const { payload, headers } = multipartBody({ name: 'a.png', type: 'image/png', bytes: SAMPLE.png });
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      remoteAddress: nextIp(),
      headers: { ...headers, cookie: cookies.teacher! },
      payload: Buffer.concat([
        payload.subarray(0, payload.lastIndexOf('--' + headers['content-type'].split('boundary=')[1] + '--')),
        payload,
      ]),
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toBe(UPLOAD_MESSAGES.oneAtATime);
    const signedOut = await upload(null, { name: 'a.png', type: 'image/png', bytes: SAMPLE.png });
    expect(signedOut.statusCode).toBe(401);
  });

  it('serves the bytes to the owner and platform admins; everyone else, their school admin included, gets 404', async () => {
    const created = await upload('teacher', {
      name: 'Verslag — été; 2026.pdf',
      type: 'application/pdf',
      bytes: SAMPLE.pdf,
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();

    for (const who of ['teacher', 'operator']) {
      const res = await get(id, who);
      expect(res.statusCode, who).toBe(200);
      expect(res.rawPayload.equals(SAMPLE.pdf), who).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toMatch(/^private/);
      // Chrome's PDF viewer needs <embed>: no object-src 'none' on PDFs.
      expect(res.headers['content-security-policy']).toBe("frame-ancestors 'self'");
      expect(res.headers['content-disposition']).toBe(
        `inline; filename="Verslag ete_ 2026.pdf"; filename*=UTF-8''Verslag%20%E2%80%94%20%C3%A9t%C3%A9%3B%202026.pdf`,
      );
    }
    const download = await get(id, 'teacher', '?download=1');
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);

    // The file is attached to no organisation's record (upload-access.api.test.ts covers one that is), so the
    // school's admin is refused like a colleague, an admin of another organisation, a customer and an applicant: 404, like a missing file.
    const missing = await get('00000000-0000-4000-8000-000000000000', 'teacher');
    expect(missing.statusCode).toBe(404);
    for (const who of ['admin', 'colleague', 'otherAdmin', 'customer', 'applicant']) {
      const res = await get(id, who);
      expect(res.statusCode, who).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    expect((await get('not-a-uuid', 'teacher')).statusCode).toBe(404);
    expect((await get(id, null)).statusCode).toBe(401);

    // Reads by someone other than the owner are audited; the owner's own are not.
    const reads = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'upload.read'), eq(auditEvents.target, `upload:${id}`)));
    expect(reads.map((r) => [r.actorUserId, (r.details as { access: string }).access])).toEqual([
      [people.operator!.id, 'platform_admin'],
    ]);
  });

  it('lets only the owner delete: the row is marked, the bytes are removed, the act is audited', async () => {
    const { id } = (await upload('teacher', { name: 'old.png', type: 'image/png', bytes: SAMPLE.png })).json();
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, id));
    const stored = path.join(dataDir, 'uploads', ...row!.storageKey.split('/'));
    expect(fs.existsSync(stored)).toBe(true);

    for (const who of ['admin', 'operator', 'customer']) {
      expect((await remove(id, who)).statusCode, who).toBe(404);
    }
    expect((await remove(id, null)).statusCode).toBe(401);
    expect((await remove(id, 'teacher')).statusCode).toBe(204);

    expect(fs.existsSync(stored)).toBe(false);
    const [after] = await t.database.db.select().from(uploads).where(eq(uploads.id, id));
    expect(after!.deletedAt).toBeInstanceOf(Date);
    expect((await get(id, 'teacher')).statusCode).toBe(404);
    expect((await get(id, 'operator')).statusCode).toBe(404);
    expect((await remove(id, 'teacher')).statusCode).toBe(404);
    expect(await getUploadMeta(t.database.db, id)).toBeNull();
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'upload.deleted'), eq(auditEvents.target, `upload:${id}`)));
    expect(events).toHaveLength(1);
    expect(events[0]!.actorUserId).toBe(people.teacher!.id);
  });

  it('lets an applicant upload (D5) within 30 files and 100 MB, counting only live files', async () => {
    const db = t.database.db;
    const owner = people.applicant!.id;
    // Earlier uploads, recorded directly: 29 files, 95 MB.
    const each = Math.floor((95 * 1024 * 1024) / 29);
    await db.insert(uploads).values(
      Array.from({ length: APPLICANT_UPLOAD_LIMITS.files - 1 }, (_, i) => ({
        ownerUserId: owner,
        purpose: 'application-document',
        originalName: `doc-${i}.pdf`,
        mimeType: 'application/pdf',
        sizeBytes: each,
        storageKey: `2026/01/${createHash('md5').update(`${owner}-${i}`).digest('hex')}`,
        sha256: '0'.repeat(64),
      })),
    );

    // 95 MB + 6 MB would pass 100 MB.
    const tooMuch = await upload('applicant', {
      name: 'scan.png',
      type: 'image/png',
      bytes: pngOfSize(6 * 1024 * 1024),
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toEqual({
      error: { code: 'UPLOAD_LIMIT_REACHED', message: UPLOAD_MESSAGES.applicantLimit },
    });

    // The 30th file fits.
    const thirtieth = await upload('applicant', { name: 'id.png', type: 'image/png', bytes: SAMPLE.png });
    expect(thirtieth.statusCode).toBe(201);
    // A 31st does not, and leaves no bytes behind.
    const filesBefore = fs.readdirSync(path.join(dataDir, 'uploads'), { recursive: true }).length;
    const thirtyFirst = await upload('applicant', { name: 'more.png', type: 'image/png', bytes: SAMPLE.png });
    expect(thirtyFirst.statusCode).toBe(409);
    expect(fs.readdirSync(path.join(dataDir, 'uploads'), { recursive: true }).length).toBe(filesBefore);

    // Deleting one makes room again.
    expect((await remove(thirtieth.json().id, 'applicant')).statusCode).toBe(204);
    expect((await upload('applicant', { name: 'again.png', type: 'image/png', bytes: SAMPLE.png })).statusCode).toBe(
      201,
    );

    // Active accounts have no such limit (the 10 MB per file still applies).
    expect((await upload('customer', { name: 'ok.png', type: 'image/png', bytes: SAMPLE.png })).statusCode).toBe(201);
  });

  it('lets two concurrent uploads at the applicant limit through only once', async () => {
    const db = t.database.db;
    const owner = people.applicant2!.id;
    await db.insert(uploads).values(
      Array.from({ length: APPLICANT_UPLOAD_LIMITS.files - 1 }, (_, i) => ({
        ownerUserId: owner,
        originalName: `doc-${i}.pdf`,
        mimeType: 'application/pdf',
        sizeBytes: 1000,
        storageKey: `2026/02/${createHash('md5').update(`${owner}-${i}`).digest('hex')}`,
        sha256: '0'.repeat(64),
      })),
    );
    const results = await Promise.all([
      upload('applicant2', { name: 'a.png', type: 'image/png', bytes: SAMPLE.png }),
      upload('applicant2', { name: 'b.png', type: 'image/png', bytes: SAMPLE.png }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('rate-limits uploads per user', async () => {
    const user = await createUser(t.database.db, { role: 'customer' });
    const { cookie } = await signIn(t.app, user.email, user.password, { ip: nextIp() });
    cookies.limited = cookie;
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      // An empty body is refused cheaply after the limit is counted.
      statuses.push((await upload('limited', null)).statusCode);
    }
    expect(statuses.slice(0, 60).every((s) => s === 400)).toBe(true);
    const last = await upload('limited', { name: 'a.png', type: 'image/png', bytes: SAMPLE.png });
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toBeDefined();
  });

  it('assertUploadsOwnedBy names the first id that is not a live file of that user', async () => {
    const db = t.database.db;
    const mine = (await upload('colleague', { name: 'mine.pdf', type: 'application/pdf', bytes: SAMPLE.pdf })).json()
      .id;
    const theirs = (await upload('admin', { name: 'theirs.pdf', type: 'application/pdf', bytes: SAMPLE.pdf })).json()
      .id;
    await expect(assertUploadsOwnedBy(db, people.colleague!.id, [mine, mine])).resolves.toBeUndefined();
    await expect(assertUploadsOwnedBy(db, people.colleague!.id, [])).resolves.toBeUndefined();
    await expect(assertUploadsOwnedBy(db, people.colleague!.id, [mine, theirs])).rejects.toMatchObject({
      statusCode: 400,
      message: `File not found: ${theirs}.`,
    });
    await expect(assertUploadsOwnedBy(db, people.colleague!.id, ['nope'])).rejects.toMatchObject({
      statusCode: 400,
      message: 'File not found: nope.',
    });
    expect(await getUploadMeta(db, mine)).toMatchObject({
      id: mine,
      ownerUserId: people.colleague!.id,
      name: 'mine.pdf',
      mimeType: 'application/pdf',
      size: SAMPLE.pdf.length,
    });
    expect(await getUploadMeta(db, 'nope')).toBeNull();
  });

  it('lets account deletion remove the stored bytes (keys read before, bytes removed after)', async () => {
    const db = t.database.db;
    const leaving = await createUser(db, { role: 'customer' });
    cookies.leaving = (await signIn(t.app, leaving.email, leaving.password, { ip: nextIp() })).cookie;
    await upload('leaving', { name: 'a.png', type: 'image/png', bytes: SAMPLE.png });
    await upload('leaving', { name: 'b.pdf', type: 'application/pdf', bytes: SAMPLE.pdf });
    const keys = await storageKeysOf(db, leaving.id);
    expect(keys).toHaveLength(2);
    await db.delete(users).where(eq(users.id, leaving.id));
    expect(await db.select().from(uploads).where(eq(uploads.ownerUserId, leaving.id))).toHaveLength(0);
    const storage = createFileStorage(t.config);
    expect(await storage.exists(keys[0]!)).toBe(true);
    expect(await removeStoredBytes(storage, keys)).toBe(0);
    for (const key of keys) expect(await storage.exists(key)).toBe(false);
  });

  it('keeps a file that a submitted application refers to, and lets a draft file go', async () => {
    const db = t.database.db;
    const applying = await createUser(db, { role: 'charity', status: 'applicant' });
    cookies.applying = (await signIn(t.app, applying.email, applying.password, { ip: nextIp() })).cookie;
    const first = await upload('applying', { name: 'cert.pdf', type: 'application/pdf', bytes: SAMPLE.pdf });
    const second = await upload('applying', { name: 'extra.pdf', type: 'application/pdf', bytes: SAMPLE.pdf });
    const kept = first.json() as { id: string };
    const loose = second.json() as { id: string };
    await db.insert(applications).values({
      userId: applying.id,
      userType: 'charity',
      status: 'submitted',
      currentStep: 3,
      stepData: { '1': { documentFiles: { registrationCertificate: kept } } },
    });
    const refused = await remove(kept.id, 'applying');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(UPLOAD_MESSAGES.inSubmittedApplication);
    expect((await get(kept.id, 'applying')).statusCode).toBe(200);
    expect((await remove(loose.id, 'applying')).statusCode).toBe(204);
    await db.update(applications).set({ status: 'changes_requested' }).where(eq(applications.userId, applying.id));
    expect((await remove(kept.id, 'applying')).statusCode).toBe(204);
  });

  it('removes the stored files when the owner deletes their account through the API', async () => {
    const db = t.database.db;
    const leaving = await createUser(db, { role: 'customer' });
    cookies.leavingApi = (await signIn(t.app, leaving.email, leaving.password, { ip: nextIp() })).cookie;
    expect((await upload('leavingApi', { name: 'c.png', type: 'image/png', bytes: SAMPLE.png })).statusCode).toBe(201);
    const keys = await storageKeysOf(db, leaving.id);
    const storage = createFileStorage(t.config);
    expect(await storage.exists(keys[0]!)).toBe(true);
    const deleted = await authPost(
      t.app,
      '/delete-user',
      { password: leaving.password },
      { cookie: cookies.leavingApi },
    );
    expect(deleted.statusCode).toBe(200);
    expect(await storage.exists(keys[0]!)).toBe(false);
  });
});
