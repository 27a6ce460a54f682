import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { authPost, cookiesFrom, signedInUser, signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { marketplaceSellers } from '../db/schema/marketplace.ts';
import { subscriptions } from '../db/schema/index.ts';
import { createStarterSubscriptionOrder } from '../../test/factories/payments.ts';
import { routeTable } from '../../test/route-table.ts';
import { loadConfig } from '../config/env.ts';
import { trustedOrigins } from '../config/trusted-origins.ts';
import { STATE_CHANGING_METHODS } from './cross-site-requests.ts';

const OWN_ORIGIN = 'http://localhost:3000';
const CROSS_SITE = {
  error: {
    code: 'CROSS_SITE_REQUEST',
    message: `This request did not come from a Sekolo page, so it was refused. Open Sekolo at ${OWN_ORIGIN} and try again.`,
  },
};

/** The headers a request from another site can arrive with (or a tool that sends none). */
const FOREIGN: [label: string, headers: Record<string, string | undefined>][] = [
  ['another site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
  ['a sibling subdomain (same site)', { origin: 'http://evil.localhost:3000', 'sec-fetch-site': 'same-site' }],
  ['our host on another port', { origin: 'http://localhost:3001' }],
  ['our host over another scheme', { origin: 'https://localhost:3000' }],
  ['an opaque origin ("null": a sandboxed frame, a data: page)', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
  ['no Origin, from another site', { origin: undefined, 'sec-fetch-site': 'cross-site' }],
  ['no Origin, from a sibling subdomain', { origin: undefined, 'sec-fetch-site': 'same-site' }],
  ['no Origin, typed in the address bar', { origin: undefined, 'sec-fetch-site': 'none' }],
  ['neither Origin nor Sec-Fetch-Site', { origin: undefined }],
];

/** A body of each type a page of another site can send without asking for CORS, or that a JSON route does not read. */
const NOT_JSON: [contentType: string | undefined, payload: string][] = [
  ['application/x-www-form-urlencoded', 'email=attacker%40evil.example&items=1'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n'],
  ['text/plain', '{"items":[]}'],
  ['application/xml', '<items/>'],
  [undefined, '{"items":[]}'],
];

const UUID = '00000000-0000-4000-8000-000000000000';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Every POST, PUT, PATCH and DELETE route the app serves, as `METHOD /path` (all under /api: the web
 * app's are GETs). Fastify's printout names a wildcard route by its `*` alone, so routeTable does not
 * see Better Auth's /api/auth/*: it is added by name, once the app confirms it serves it.
 */
function stateChangingRoutes(t: TestApp): string[] {
  expect(t.app.hasRoute({ method: 'POST', url: '/api/auth/*' })).toBe(true);
  const routes = routeTable(t.app, '/api').filter((route) => STATE_CHANGING_METHODS.has(route.split(' ')[0]!));
  return [...routes, 'POST /api/auth/*'].sort();
}

function requestTo(route: string, headers: Record<string, string | undefined>, body?: [string | undefined, string]) {
  const [method, url] = route.split(' ') as [InjectOptions['method'], string];
  const [contentType, payload] = body ?? ['application/json', '{}'];
  return {
    method,
    url: url.replace(/:[A-Za-z]+/g, UUID).replace(/\*$/, 'sign-in/email'),
    headers: { ...headers, ...(contentType ? { 'content-type': contentType } : { 'content-type': undefined }) },
    payload,
  } satisfies InjectOptions;
}

describe('cross-site requests (sandbox payments)', () => {
  let t: TestApp;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-cross-site-'));
  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a request from anywhere but our own pages on every state-changing route but the server-to-server ones', async () => {
    // Called by another server, never by a browser: they prove the sender themselves (receive-notification.ts;
    // the SMS gateway's reports by the secret token in their address, modules/notifications).
    const SERVER_TO_SERVER = ['POST /api/payments/notify/sandbox', 'POST /api/sms/bulksms/:token'];
    const routes = stateChangingRoutes(t);
    // The walk reads the real table: Better Auth's routes, the JSON ones, uploads, the notification.
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/auth/*',
        'PUT /api/payments/basket',
        'POST /api/uploads',
        ...SERVER_TO_SERVER,
      ]),
    );
    const answered: Record<string, Set<string>> = {};
    for (const route of routes) {
      for (const [label, headers] of FOREIGN) {
        const res = await t.app.inject(requestTo(route, headers));
        if (res.statusCode === 403 && res.json().error?.code === 'CROSS_SITE_REQUEST') {
          expect(res.json(), `${route} from ${label}`).toEqual(CROSS_SITE);
        } else {
          (answered[route] ??= new Set()).add(label);
        }
      }
    }
    expect(Object.keys(answered).sort()).toEqual(SERVER_TO_SERVER);
    // Refused every time: the route's own guard never ran (an anonymous caller would get 401).
    for (const route of SERVER_TO_SERVER) expect([...answered[route]!]).toEqual(FOREIGN.map(([label]) => label));
  });

  it('reads, from our own pages, no body of a type the route does not take: JSON on every route but uploads', async () => {
    const MULTIPART_ROUTES = [
      'POST /api/charity/campaigns/:id/images',
      'POST /api/listings/own/:id/images',
      'POST /api/me/avatar',
      'POST /api/school/facilities/:facilityId/photos',
      'POST /api/uploads',
      'POST /api/uploads/',
    ];
    // Each route's guard answers first (401/403, as for any body); a caller it lets through gets
    // the 415. So the walk goes as nobody and as someone of each role.
    const school = { name: 'Cross-site High School', type: 'school' as const };
    const people = [
      await createUser(t.database.db, { role: 'customer' }),
      await createUser(t.database.db, { role: 'school_admin', organization: school }),
      await createUser(t.database.db, { role: 'teacher', organization: school }),
      await createUser(t.database.db, { role: 'parent', organization: school }),
      await createUser(t.database.db, { role: 'school_admin', status: 'applicant' }),
      await createUser(t.database.db, { role: 'platform_admin' }),
      await createUser(t.database.db, { role: 'student', organization: school }),
      // A seller: the marketplace's listing and order routes.
      await createUser(t.database.db, { role: 'business_partner' }),
      // A young entrepreneur: their shop's routes.
      await createUser(t.database.db, { role: 'young_entrepreneur' }),
      // A charity: its campaigns' routes.
      await createUser(t.database.db, {
        role: 'charity',
        organization: { name: 'Cross-site Charity', type: 'charity' },
      }),
    ];
    // A tutor: the bookings' provider routes (a business partner whose partner types take bookings).
    const tutor = await createUser(t.database.db, {
      role: 'business_partner',
      organization: { name: 'Cross-site Tutors', type: 'business' },
    });
    await t.database.db
      .insert(marketplaceSellers)
      .values({ organizationId: tutor.organizationId!, partnerTypes: ['tutor'] });
    people.push(tutor);
    const [, admin] = people;
    // The school's subscription, so the billing routes' guard (the subscription's manager) lets the admin through.
    const { order } = await createStarterSubscriptionOrder(t, admin!.id);
    await t.database.db.insert(subscriptions).values({
      userId: admin!.id,
      organizationId: admin!.organizationId,
      packageId: 'starter',
      status: 'active',
      provider: 'sandbox',
      setupOrderId: order.id,
      amountCents: 59_900,
      currentPeriodStart: '2026-12-01',
      currentPeriodEnd: '2026-12-31',
    });
    const callers = [''];
    for (const [n, person] of people.entries()) {
      const { cookie } = await signIn(t.app, person.email, person.password, { ip: `10.9.0.${n + 1}` });
      callers.push(cookie);
    }
    const send = (route: string, body: [string | undefined, string], cookie: string) => {
      const request = requestTo(route, { origin: OWN_ORIGIN }, body);
      return t.app.inject({ ...request, headers: { ...request.headers, ...(cookie ? { cookie } : {}) } });
    };
    const refusedTypes: Record<string, string[]> = {};
    // Answers to a form body that are neither the guard's refusal nor the 415: the body was read.
    const readAnyway: string[] = [];
    const noCallerPasses: string[] = [];
    for (const route of stateChangingRoutes(t)) {
      // The first caller the route's guard lets through: the form body is refused for them with 415.
      let passing: string | undefined;
      for (const cookie of callers) {
        const res = await send(route, NOT_JSON[0]!, cookie);
        if (res.statusCode === 415) {
          passing = cookie;
          break;
        }
        if (![401, 403, 404].includes(res.statusCode)) readAnyway.push(`${route}: ${res.statusCode}`);
      }
      if (passing === undefined) {
        noCallerPasses.push(route);
        continue;
      }
      for (const body of [...NOT_JSON, ['application/json', '{}'] as [string, string]]) {
        const res = await send(route, body, passing);
        if (res.statusCode !== 415) continue;
        expect(res.json().error.code, route).toBe('UNSUPPORTED_MEDIA_TYPE');
        (refusedTypes[route] ??= []).push(body[0]?.split(';')[0] ?? '(none)');
      }
    }
    expect(readAnyway).toEqual([]);
    expect(noCallerPasses).toEqual([]);
    const jsonOnly = [
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'text/plain',
      'application/xml',
      '(none)',
    ];
    const multipartOnly = [
      'application/x-www-form-urlencoded',
      'text/plain',
      'application/xml',
      '(none)',
      'application/json',
    ];
    const expected = Object.fromEntries(
      stateChangingRoutes(t).map((route) => [route, MULTIPART_ROUTES.includes(route) ? multipartOnly : jsonOnly]),
    );
    expect(refusedTypes).toEqual(expected);
    const form = await t.app.inject(requestTo('POST /api/newsletter/subscribe', { origin: OWN_ORIGIN }, NOT_JSON[0]));
    expect(form.json()).toEqual({
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'This address takes a body of type application/json only.' },
    });
    // Some 70 routes, 7 bodies, callers of 7 kinds: longer than one test's default.
  }, 120_000);

  it("passes the web app's own requests: JSON from our pages, an upload, a DELETE without a body", async () => {
    const user = await createUser(t.database.db, { role: 'customer' });
    // The browser's sign-in and a save, with the headers a same-origin fetch carries.
    const browser = { origin: OWN_ORIGIN, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' };
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: browser,
      payload: { email: user.email, password: user.password },
    });
    expect(signedIn.statusCode).toBe(200);
    const cookie = cookiesFrom(signedIn);
    const item = { id: 'pencil', name: 'HB pencils (12)', price: 4_500, quantity: 2 };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/payments/basket',
      headers: { ...browser, cookie, 'content-type': 'application/json; charset=utf-8' },
      payload: JSON.stringify({ items: [item] }),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ items: [item] });

    // A same-origin request whose Origin the browser left out or made opaque: Sec-Fetch-Site vouches.
    for (const origin of [undefined, 'null']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/payments/basket',
        headers: { origin, 'sec-fetch-site': 'same-origin', cookie },
        payload: { items: [] },
      });
      expect(res.statusCode, String(origin)).toBe(200);
    }

    const boundary = '----sekolo-cross-site';
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...browser, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="dot.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${upload.json().id}`,
      headers: { ...browser, cookie },
    });
    expect(removed.statusCode).toBe(204);

    // Signing out: Better Auth's own route behind the same check.
    const signedOut = await authPost(t.app, '/sign-out', {}, { cookie });
    expect(signedOut.statusCode).toBe(200);
    expect(await signedInUser(t.app, cookie)).toBeNull();
  });

  it('answers an address that does not exist the same way: refused from another site, 404 from ours', async () => {
    const send = (origin: string, contentType = 'application/json') =>
      t.app.inject({
        method: 'POST',
        url: '/api/nowhere',
        headers: { origin, 'content-type': contentType },
        payload: '{}',
      });
    expect((await send('https://evil.example')).json()).toEqual(CROSS_SITE);
    expect((await send(OWN_ORIGIN)).statusCode).toBe(404);
    expect((await send(OWN_ORIGIN, 'text/plain')).statusCode).toBe(415);
  });

  it('lets no request of another site act as the signed-in user, signed in or not', async () => {
    const user = await createUser(t.database.db, { role: 'customer' });
    const { cookie } = await signIn(t.app, user.email, user.password);
    const item = { id: 'ruler', name: '30 cm ruler', price: 1_200, quantity: 1 };
    const basket = () => t.app.inject({ method: 'GET', url: '/api/payments/basket', headers: { cookie } });
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/payments/basket',
          headers: { cookie },
          payload: { items: [item] },
        })
      ).statusCode,
    ).toBe(200);
    for (const [label, headers] of FOREIGN) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/payments/basket',
        headers: { ...headers, cookie },
        payload: { items: [] },
      });
      expect(res.statusCode, label).toBe(403);
    }
    // A form of a sibling page posting to our address with the session cookie: refused before it is read.
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/payments/basket/merge',
      headers: { origin: 'http://evil.localhost:3000', cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'items=1',
    });
    expect(form.statusCode).toBe(403);
    expect((await basket()).json()).toEqual({ items: [item] });
  });

  it('trusts the configured address, never what a proxy or a caller says the host is', async () => {
    const proxied = await createTestApp({
      PUBLIC_URL: 'https://sekolo.example',
      TRUST_PROXY: 'true',
      NODE_ENV: 'production',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
      DEV_TOOLS: 'false',
    });
    try {
      const send = (headers: Record<string, string>) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/newsletter/subscribe',
          headers,
          payload: { email: 'not-an-address' },
        });
      // Our address passes the check (and the route then answers for itself: 400 for the bad address).
      expect((await send({ origin: 'https://sekolo.example', 'x-forwarded-host': 'proxy.internal' })).statusCode).toBe(
        400,
      );
      // A host named by the request, by a forwarded header or by the dev server's origin is not ours.
      const foreign: Record<string, string>[] = [
        {
          origin: 'https://evil.example',
          host: 'evil.example',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-proto': 'https',
        },
        { origin: 'http://localhost:5173' },
        { origin: 'http://sekolo.example' },
      ];
      for (const headers of foreign) {
        const res = await send(headers);
        expect(res.statusCode, headers.origin).toBe(403);
        expect(res.json().error.code).toBe('CROSS_SITE_REQUEST');
      }
    } finally {
      await proxied.close();
    }
  });

  it("trusts the same origins as Better Auth: the public address, and outside production Vite's dev server", () => {
    const base = { AUTH_SECRET: 'test-secret-test-secret-test-secret-0123' };
    expect(
      trustedOrigins(loadConfig({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://sekolo.example/' })),
    ).toEqual(['https://sekolo.example']);
    expect(trustedOrigins(loadConfig({ ...base, NODE_ENV: 'development', PORT: '3000' }))).toEqual([
      'http://localhost:3000',
      'http://localhost:5173',
      'http://127.0.0.1:3000',
    ]);
  });
});

describe('cross-site requests (PayFast)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      PAYMENT_PROVIDER: 'payfast',
      PAYFAST_MERCHANT_ID: '10000100',
      PAYFAST_MERCHANT_KEY: '46f0cd694581a',
      PAYFAST_VALIDATE_URL: 'http://127.0.0.1:9/eng/query/validate',
      PAYFAST_ALLOWED_SOURCES: '203.0.113.7',
    });
  });
  afterAll(() => t.close());

  it("opts only PayFast's ITN out of the Origin check, and takes a form body there only", async () => {
    const SERVER_TO_SERVER = ['POST /api/payments/notify/payfast', 'POST /api/sms/bulksms/:token'];
    const FORM_ROUTES = ['POST /api/payments/notify/payfast'];
    const withoutOriginCheck: string[] = [];
    const takingForms: string[] = [];
    for (const route of stateChangingRoutes(t)) {
      const foreign = await t.app.inject(requestTo(route, { origin: 'https://evil.example' }));
      if (foreign.statusCode !== 403 || foreign.json().error?.code !== 'CROSS_SITE_REQUEST')
        withoutOriginCheck.push(route);
      // Refused before it is read: by the route's guard (nobody is signed in here) or as a form.
      const form = await t.app.inject(requestTo(route, { origin: OWN_ORIGIN }, NOT_JSON[0]));
      if (![401, 403, 404, 415].includes(form.statusCode)) takingForms.push(route);
    }
    expect(withoutOriginCheck).toEqual(SERVER_TO_SERVER);
    expect(takingForms).toEqual(FORM_ROUTES);

    // PayFast's server posts its form with no Origin: it reaches the ITN checks, which refuse this
    // sender (not one of PayFast's addresses) for themselves.
    const itn = await t.app.inject({
      method: 'POST',
      url: '/api/payments/notify/payfast',
      headers: { origin: undefined, 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: '198.51.100.1',
      payload: 'm_payment_id=SEK-0000000000&payment_status=COMPLETE',
    });
    expect(itn.statusCode).toBe(400);
    expect(itn.json().error.code).toBe('NOTIFICATION_REFUSED');
    // JSON is not what PayFast sends.
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/payments/notify/payfast',
      headers: { origin: undefined },
      payload: { m_payment_id: 'SEK-0000000000' },
    });
    expect(json.statusCode).toBe(415);
  });
});
