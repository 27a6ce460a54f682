import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The script-src sources of a CSP header. */
function scriptSources(header: string | string[] | number | undefined): string[] {
  expect(typeof header).toBe('string');
  const directive = String(header)
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('script-src '));
  expect(directive).toBeDefined();
  return directive!.split(/\s+/).slice(1);
}

/**
 * The text of every inline script of a page, found without a regular expression over whole tags
 * (a second reading, independent of the server's): each `<script` opening, its `>`, its `</script>`.
 */
function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  let at = 0;
  for (;;) {
    const open = html.toLowerCase().indexOf('<script', at);
    if (open < 0) return scripts;
    const tagEnd = html.indexOf('>', open);
    const close = html.toLowerCase().indexOf('</script', tagEnd);
    const tag = html.slice(open, tagEnd + 1);
    if (!/\ssrc=/i.test(tag)) scripts.push(html.slice(tagEnd + 1, close));
    at = close + 1;
  }
}

const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/** Every served page runs all of its inline scripts and nothing else inline. */
function expectPolicyFits(page: { headers: Record<string, unknown>; body: string }) {
  const sources = scriptSources(page.headers['content-security-policy'] as string);
  expect(sources).not.toContain("'unsafe-inline'");
  expect(sources).not.toContain("'unsafe-eval'");
  expect(sources[0]).toBe("'self'");
  const scripts = inlineScripts(page.body);
  for (const script of scripts) expect(sources).toContain(hashOf(script));
  expect(sources.slice(1).sort()).toEqual([...new Set(scripts.map(hashOf))].sort());
}

describe('the Content-Security-Policy of the built pages', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-web-csp-'));
  // The shapes a React Router build writes: its context, the route modules' module script, React's
  // streaming helpers; one with an id, one with non-ASCII text, one external.
  const home = [
    '<!doctype html><html><head><script src="/assets/a.js"></script>',
    '<script>window.__reactRouterContext = {"basename":"/","isSpaMode":false};</script>',
    '<script type="module" async="">import "/assets/manifest.js";\nimport * as route0 from "/assets/root.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client.js");</script>',
    '</head><body><h1>Welkom — Sekolo</h1>',
    '<script id="_R_">requestAnimationFrame(function(){$RT=performance.now()});</script>',
    '<script>console.log("Molo, ñandú ✓")</script>',
    '<SCRIPT>$RC("B:1","S:1")</SCRIPT></body></html>',
  ].join('');
  const pricing =
    '<!doctype html><h1>Pricing</h1><script>window.__reactRouterContext = {"isSpaMode":false,"page":"pricing"};</script>';
  const fallback =
    '<!doctype html><div id="root"></div><script>window.__reactRouterContext = {"isSpaMode":true};</script><script type="module" async="">import("/assets/entry.client.js");</script>';

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'pricing'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), home);
    fs.writeFileSync(path.join(dist, 'pricing/index.html'), pricing);
    fs.writeFileSync(path.join(dist, '__spa-fallback.html'), fallback);
    fs.writeFileSync(path.join(dist, 'assets/a.js'), 'console.log(1)');
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("lets each page run exactly its own inline scripts, by hash, without 'unsafe-inline'", async () => {
    const pages = {
      '/': home,
      '/pricing': pricing,
      '/pricing/index.html': pricing,
      '/dashboard/school': fallback,
      '/login?redirectTo=%2Fx': fallback,
    };
    for (const [url, html] of Object.entries(pages)) {
      const page = await t.app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(html);
      expectPolicyFits(page);
    }
    // Five distinct inline scripts on the home page (one external script, which 'self' covers).
    expect(scriptSources((await t.app.inject({ url: '/' })).headers['content-security-policy'])).toHaveLength(6);
  });

  it('keeps the rest of the policy on pages, and allows no inline script at all on API answers and files', async () => {
    const page = await t.app.inject({ url: '/pricing' });
    const api = await t.app.inject({ url: '/api/health' });
    const file = await t.app.inject({ url: '/assets/a.js' });
    for (const answer of [api, file])
      expect(scriptSources(answer.headers['content-security-policy'])).toEqual(["'self'"]);
    const withoutScripts = (header: unknown) =>
      String(header)
        .split(';')
        .filter((part) => !part.startsWith('script-src '));
    expect(withoutScripts(page.headers['content-security-policy'])).toEqual(
      withoutScripts(api.headers['content-security-policy']),
    );
    expect(String(api.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(String(api.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(String(api.headers['content-security-policy'])).toContain("object-src 'none'");
    expect(String(api.headers['content-security-policy'])).toContain("script-src-attr 'none'");
  });

  it('follows a page rebuilt while the server runs', async () => {
    const rebuilt = '<!doctype html><h1>Pricing</h1><script>window.__reactRouterContext = {"rebuilt":true};</script>';
    const file = path.join(dist, 'pricing/index.html');
    fs.writeFileSync(file, rebuilt);
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(file, later, later);
    const page = await t.app.inject({ url: '/pricing' });
    expect(page.body).toBe(rebuilt);
    expectPolicyFits(page);
  });
});

// The real web build, when there is one (npm run build): every page it serves runs under the policy.
const realBuild = path.resolve(import.meta.dirname, '../../../../web/build/client');
describe.runIf(fs.existsSync(path.join(realBuild, 'index.html')))(
  'the Content-Security-Policy of the real web build',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ WEB_DIST: realBuild });
    });
    afterAll(() => t.close());

    it('covers every inline script of every prerendered page and of the SPA fallback', async () => {
      const urls = ['/dashboard/school', '/login'];
      const walk = (dir: string) => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          if (entry.isDirectory()) walk(path.join(dir, entry.name));
          else if (entry.name === 'index.html')
            urls.push(`/${path.relative(realBuild, dir)}`.replace(/\/$/, '') || '/');
        }
      };
      walk(realBuild);
      expect(urls.length).toBeGreaterThan(5);
      for (const url of urls) {
        const page = await t.app.inject({ url });
        expect(page.statusCode, url).toBe(200);
        expect(inlineScripts(page.body).length, url).toBeGreaterThan(0);
        expectPolicyFits(page);
      }
    });
  },
);
