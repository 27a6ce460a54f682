import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { uploads } from '../../platform/db/schema/index.ts';
import { createS3FileStorage } from './s3-storage.ts';
import { createFileStorage } from './create-file-storage.ts';
import type { IFileStorage } from './storage.ts';
import { multipartBody, SAMPLE, startLocalS3 } from '../../test/uploads.ts';
import { loadConfig } from '../../platform/config/env.ts';
import S3rver from 's3rver';
import { UPLOAD_MESSAGES } from '@sekolo/shared/schemas/uploads';

/** The S3 adapter against a real S3-compatible server (s3rver on loopback; it checks the access key, not the V4 signature itself). */
describe('S3-compatible storage (D3)', () => {
  let s3: Awaited<ReturnType<typeof startLocalS3>>;
  let storage: IFileStorage;

  beforeAll(async () => {
    s3 = await startLocalS3();
    storage = createS3FileStorage({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    });
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('puts, heads, gets and deletes objects', async () => {
    const key = '2026/11/0123456789abcdef0123456789abcdef';
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await storage.put(key, SAMPLE.pdf, 'application/pdf');
    expect(await storage.exists(key)).toBe(true);
    const got = await storage.get(key);
    expect(got!.size).toBe(SAMPLE.pdf.length);
    expect((await buffer(got!.body)).equals(SAMPLE.pdf)).toBe(true);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    // Deleting what is gone is fine.
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('refuses keys it did not generate and fails loudly on an unknown access key or bucket', async () => {
    await expect(storage.put('../etc/passwd', SAMPLE.png, 'image/png')).rejects.toThrow(/unsafe storage key/);
    const wrong = createS3FileStorage({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      accessKeyId: 'NOT-A-KEY',
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    });
    await expect(wrong.put('2026/11/ffffffffffffffffffffffffffffffff', SAMPLE.png, 'image/png')).rejects.toThrow(
      /Access Key Id/,
    );
    const noBucket = createS3FileStorage({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: 'no-such-bucket',
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    });
    await expect(noBucket.put('2026/11/ffffffffffffffffffffffffffffffff', SAMPLE.png, 'image/png')).rejects.toThrow(
      /bucket/i,
    );
  });

  it('is chosen by STORAGE_DRIVER=s3, and the config insists on a bucket and paired keys', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: os.tmpdir() };
    expect(createFileStorage(loadConfig(base)).driver).toBe('local');
    expect(createFileStorage(loadConfig({ ...base, STORAGE_DRIVER: 's3', S3_BUCKET: 'files' })).driver).toBe('s3');
    expect(() => loadConfig({ ...base, STORAGE_DRIVER: 's3' })).toThrow(
      /S3_BUCKET: is required when STORAGE_DRIVER=s3/,
    );
    expect(() => loadConfig({ ...base, STORAGE_DRIVER: 's3', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'x' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
  });

  describe('through the API', () => {
    let t: TestApp;
    let cookie: string;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-uploads-s3-'));

    beforeAll(async () => {
      t = await createTestApp({
        DATA_DIR: dataDir,
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      });
      const user = await createUser(t.database.db, { role: 'customer' });
      cookie = (await signIn(t.app, user.email, user.password, { ip: '10.8.0.1' })).cookie;
    });
    afterAll(async () => {
      await t?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('stores in the bucket (not on local disk), serves the same bytes and deletes', async () => {
      const { payload, headers } = multipartBody({ name: 'logo.webp', type: 'image/webp', bytes: SAMPLE.webp });
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...headers, cookie },
        payload,
      });
      expect(created.statusCode).toBe(201);
      const { id } = created.json();
      const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, id));
      expect(await storage.exists(row!.storageKey)).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);

      const read = await t.app.inject({ method: 'GET', url: `/api/uploads/${id}`, headers: { cookie } });
      expect(read.statusCode).toBe(200);
      expect(read.headers['content-type']).toBe('image/webp');
      expect(read.headers['content-security-policy']).toMatch(/^default-src 'none'; img-src 'self'/);
      expect(read.rawPayload.equals(SAMPLE.webp)).toBe(true);

      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/uploads/${id}`, headers: { cookie } });
      expect(deleted.statusCode).toBe(204);
      expect(await storage.exists(row!.storageKey)).toBe(false);
    });
  });

  describe('drill: the S3 service goes down', () => {
    it('answers a clear 503 to an upload while it is down, stores nothing half, and works again once it is back', async () => {
      // A service of our own, on a port that stays the same when it comes back.
      const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-s3-drill-'));
      const start = (port: number) =>
        new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: 'drill' }] });
      let service = start(0);
      const { port } = await service.run();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-uploads-s3-drill-'));
      const t = await createTestApp({
        DATA_DIR: dataDir,
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: 'drill',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      });
      try {
        const user = await createUser(t.database.db, { role: 'customer' });
        const { cookie } = await signIn(t.app, user.email, user.password, { ip: '10.8.0.2' });
        const upload = () => {
          const { payload, headers } = multipartBody({
            name: 'report.pdf',
            type: 'application/pdf',
            bytes: SAMPLE.pdf,
          });
          return t.app.inject({ method: 'POST', url: '/api/uploads', headers: { ...headers, cookie }, payload });
        };
        const first = await upload();
        expect(first.statusCode).toBe(201);
        const rowsBefore = await t.database.db.select().from(uploads);
        const objectsBefore = fs.readdirSync(directory, { recursive: true }).length;

        await service.close();
        const down = await upload();
        expect(down.statusCode).toBe(503);
        expect(down.json()).toEqual({
          error: { code: 'STORAGE_UNAVAILABLE', message: UPLOAD_MESSAGES.storageUnavailable },
        });
        // Reading a stored file says the same, rather than a server error.
        const read = await t.app.inject({ method: 'GET', url: `/api/uploads/${first.json().id}`, headers: { cookie } });
        expect(read.statusCode).toBe(503);
        expect(read.json().error.code).toBe('STORAGE_UNAVAILABLE');

        service = start(port);
        await service.run();
        // Nothing of the failed upload: no row, no object.
        expect(await t.database.db.select().from(uploads)).toEqual(rowsBefore);
        expect(fs.readdirSync(directory, { recursive: true }).length).toBe(objectsBefore);

        const back = await upload();
        expect(back.statusCode).toBe(201);
        const again = await t.app.inject({ method: 'GET', url: `/api/uploads/${back.json().id}`, headers: { cookie } });
        expect(again.rawPayload.equals(SAMPLE.pdf)).toBe(true);
      } finally {
        await t.close();
        await service.close().catch(() => undefined);
        fs.rmSync(directory, { recursive: true, force: true });
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
});
