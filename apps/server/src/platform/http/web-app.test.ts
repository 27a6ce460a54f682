import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('serving the precompressed web build', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-web-compressed-'));
  const html = `<!doctype html><title>Pricing</title><h1>Pricing</h1>${'<p>R599 per month</p>'.repeat(200)}`;
  const js = `export const x = ${JSON.stringify('a'.repeat(5000))};`;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'pricing'));
    fs.mkdirSync(path.join(dist, 'assets'));
    const write = (file: string, content: string, compressed = true) => {
      fs.writeFileSync(path.join(dist, file), content);
      if (!compressed) return;
      fs.writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(content));
      fs.writeFileSync(path.join(dist, `${file}.gz`), gzipSync(content));
    };
    write('index.html', '<h1>home</h1>', false);
    write('pricing/index.html', html);
    write('assets/app-abc.js', js);
    write('assets/plain-abc.css', 'body{color:red}', false);
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends a prerendered page as brotli to a browser that accepts it', async () => {
    const res = await t.app.inject({ url: '/pricing', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html);
  });

  it('sends gzip when brotli is not accepted, and the plain file when nothing is', async () => {
    const gz = await t.app.inject({ url: '/assets/app-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/javascript/);
    expect(gz.headers['cache-control']).toContain('immutable');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await t.app.inject({ url: '/assets/app-abc.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('falls back to the uncompressed file when the build has no compressed copy', async () => {
    const res = await t.app.inject({ url: '/assets/plain-abc.css', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('body{color:red}');
  });
});
