import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { AppError } from './platform/http/errors.ts';

describe('the app shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, {
      beforeReady(app) {
        app.get('/api/test/boom', async () => {
          throw new Error('secret internal detail at /srv/db password=hunter2');
        });
        app.get('/api/test/teapot', async () => {
          throw new AppError(402, 'PAYMENT_REQUIRED', 'Please pay first.');
        });
      },
    });
  });
  afterAll(() => t.close());

  it('answers the health check with the database engine', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'pglite' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('never leaks the internals of a 5xx', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.json()).toEqual({ error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' } });
  });

  it('passes a user-facing error through with its code and status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/teapot' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: { code: 'PAYMENT_REQUIRED', message: 'Please pay first.' } });
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('serving the web app', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-web-'));
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'pricing'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<h1>home</h1>');
    fs.writeFileSync(path.join(dist, '__spa-fallback.html'), '<h1>spa</h1>');
    fs.writeFileSync(path.join(dist, 'pricing/index.html'), '<h1>pricing</h1>');
    fs.writeFileSync(path.join(dist, 'assets/app-abc.js'), 'console.log(1)');
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(() => t.close());

  it('serves prerendered pages as their own HTML', async () => {
    expect((await t.app.inject({ url: '/pricing' })).body).toBe('<h1>pricing</h1>');
    expect((await t.app.inject({ url: '/' })).body).toBe('<h1>home</h1>');
  });

  it('serves other paths from the SPA fallback, so the client router decides', async () => {
    const res = await t.app.inject({ url: '/dashboard/school/students' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<h1>spa</h1>');
  });

  it('caches hashed assets for a year and 404s missing files', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc.js' });
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('refuses paths that climb out of the build folder', async () => {
    const res = await t.app.inject({ url: '/..%2f..%2fetc%2fpasswd' });
    expect(res.body).not.toContain('root:');
  });
});
