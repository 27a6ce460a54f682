import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { authPost, signedInUser, signIn, TEST_ORIGIN } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import { routeTable } from '../../test/route-table.ts';
import { APPLICATION_MESSAGES } from '@sekolo/shared/schemas/applications';
import { SUBSCRIPTION_CHECKOUT_MESSAGES } from '@sekolo/shared/schemas/payments';
import { auditEvents, users } from '../db/schema/index.ts';
import { assertGuardsRunFirst, getSessionUser, requirePermission, requireRole, requireSession } from './guards.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(fileName: string, contentType: string, bytes: Buffer) {
  const boundary = '----sekolo-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('guards, /api/me, avatars and the audit log', () => {
  let t: TestApp;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-auth-guards-'));
  const cookies: Record<string, string> = {};
  const people: Record<string, TCreatedUser> = {};
  let ip = 0;
  const nextIp = () => `10.2.0.${++ip}`;

  beforeAll(async () => {
    t = await createTestApp(
      { DATA_DIR: dataDir },
      {
        beforeReady(app) {
          app.get('/api/test/students', { onRequest: requirePermission('manage_students') }, async (request) => ({
            organization: (await getSessionUser(request))?.organization?.name,
          }));
          app.get('/api/test/staff-room', { onRequest: requireRole('teacher', 'school_admin') }, async () => ({
            ok: true,
          }));
          app.get('/api/test/wizard', { onRequest: requireSession }, async (request) => ({
            status: (await getSessionUser(request))?.status,
          }));
        },
      },
    );
    const db = t.database.db;
    const school = { name: 'Guard High School', type: 'school' as const };
    people.admin = await createUser(db, { role: 'school_admin', organization: school });
    people.teacher = await createUser(db, { role: 'teacher', organization: school });
    people.applicant = await createUser(db, { role: 'school_admin', status: 'applicant' });
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

  const get = (url: string, who?: string) =>
    t.app.inject({ method: 'GET', url, headers: who ? { cookie: cookies[who]! } : {} });

  it('answers 401 without a session; /api/me answers who is signed in: nobody (null)', async () => {
    // The session probe of every page: an anonymous visitor's browser logs no error for it.
    const anonymous = await get('/api/me');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    expect(anonymous.json()).toBeNull();
    for (const url of ['/api/me/avatar/someone', '/api/test/students', '/api/test/wizard', '/api/admin/audit-events']) {
      const res = await get(url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } });
    }
  });

  it('answers 401 to an anonymous caller on every route of the API but the public ones, whatever is sent', async () => {
    // Public by design: the session probe (null when signed out), the sign-in options, health, the
    // marketplace's listings and basket prices, a guardian's consent page by its mailed token, the
    // public forms (newsletter, contact, demo), bookable services and their free times, the reset-password link check, the payment provider's
    // notifications and the sandbox gateway's page and card payment (not in production; cancelling is
    // the signed-in buyer's), and the dev outbox, job rehearsal and job run (not in production). Better Auth's /api/auth/*
    // answers for itself. An order is its buyer's to read.
    // No route creates orders for an anonymous caller: the basket and registration checkouts are
    // signed in, and there is no open POST /api/payments/orders.
    const PUBLIC = [
      'GET /api/admissions/schools/:slug',
      'GET /api/applications/guardian-consent/:token',
      'GET /api/auth-config',
      'GET /api/bookings/providers/:slug/services',
      'GET /api/bookings/services/:id',
      'GET /api/bookings/services/:id/slots',
      'GET /api/dev/outbox',
      'GET /api/dev/sms',
      'GET /api/events/public/:eventId',
      'GET /api/events/schools/:slug',
      'GET /api/facilities/:facilityId/availability',
      // A listed facility's photos (its own school sees those of a facility taken off the page).
      'GET /api/facilities/photos/:photoId',
      'GET /api/facilities/schools/:slug',
      'GET /api/entrepreneurs/approvals/link/:token',
      'GET /api/entrepreneurs/approvals/link/:token/picture',
      // Charities' campaigns and their pictures; an s18A receipt by the thank-you mail's signed link.
      'GET /api/funding/campaigns',
      'GET /api/funding/campaigns/:slug',
      'GET /api/funding/images/:id',
      'GET /api/funding/receipts/:id',
      'GET /api/directory',
      'GET /api/directory/',
      'GET /api/directory/logos/:organizationId',
      'GET /api/directory/profiles/:slug',
      'GET /api/health',
      'GET /api/health/live',
      'GET /api/health/ready',
      'GET /api/listings',
      'GET /api/listings/',
      'GET /api/listings/images/:id',
      'GET /api/marketplace/listings',
      'GET /api/marketplace/listings/:id',
      'GET /api/marketplace/sellers/:slug',
      'GET /api/me',
      'GET /api/payments/sandbox/checkout/:orderId',
      // A shop's bank account change, shown to and confirmed by the consenting guardian with the signed link (D23).
      'GET /api/payouts/guardian-confirmation',
      'GET /api/schools/:organizationId/logo',
      'POST /api/admissions/account',
      'POST /api/applications/guardian-consent',
      'POST /api/contact',
      'POST /api/contact/',
      'POST /api/demo-bookings',
      'POST /api/demo-bookings/',
      'POST /api/dev/jobs/rehearsal',
      'POST /api/dev/jobs/run',
      // A young entrepreneur's guardian answers by the e-mailed link: proven by its token.
      'POST /api/entrepreneurs/approvals/link/:token',
      'POST /api/newsletter/confirm',
      'POST /api/newsletter/subscribe',
      'POST /api/newsletter/unsubscribe',
      'POST /api/password-links/check',
      'POST /api/payments/basket-quote',
      'POST /api/payments/notify/sandbox',
      'POST /api/payments/sandbox/pay',
      'POST /api/payouts/guardian-confirmation',
      // The SMS gateway's delivery reports and replies: proven by the secret token in the address.
      'POST /api/sms/bulksms/:token',
    ];
    const UNAUTHORIZED = { error: { code: 'UNAUTHORIZED', message: 'Please sign in to continue.' } };
    const open: string[] = [];
    const answers: Record<string, string[]> = {};
    const routes = routeTable(t.app, '/api');
    for (const route of routes) {
      const [method, path] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      const withIds = (id: string) => path.replace(/:[A-Za-z]+/g, id);
      // Parameters that pass validation and parameters that fail it; a body that fails any schema
      // (an array) and one that is not JSON at all: none of it is read before the guard answers.
      const requests = [
        { method, url: withIds('00000000-0000-4000-8000-000000000000') },
        { method, url: `${withIds('not-an-id')}?page=-1&date=someday&limit=0` },
        ...(method === 'GET'
          ? []
          : [
              { method, url: withIds('not-an-id'), payload: JSON.stringify(['not', 'a', 'form']) },
              { method, url: withIds('not-an-id'), payload: '{"unfinished": ' },
            ].map((r) => ({ ...r, headers: { 'content-type': 'application/json' } }))),
      ];
      for (const request of requests) {
        const res = await t.app.inject(request);
        (answers[route] ??= []).push(`${res.statusCode}`);
        if (res.statusCode === 401) expect(res.json(), route).toEqual(UNAUTHORIZED);
      }
      if (answers[route]!.some((status) => status !== '401')) open.push(route);
    }
    expect(open).toEqual([...PUBLIC].sort());
    // Every method is covered, not only GET.
    expect(new Set(routes.map((r) => r.split(' ')[0]))).toEqual(new Set(['DELETE', 'GET', 'PATCH', 'POST', 'PUT']));
  });

  it('answers 403, not 400, to a signed-in caller without the role or permission, whatever is sent', async () => {
    // Outsiders of a school are told the dashboard is for its members; the rest, no permission.
    const FORBIDDEN = { code: 'FORBIDDEN' };
    const id = '00000000-0000-4000-8000-000000000000';
    const send = (who: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload: string) =>
      t.app.inject({ method, url, payload, headers: { cookie: cookies[who]!, 'content-type': 'application/json' } });
    const broken = ['{}', '["not", "a", "form"]', '{"unfinished": '];
    // [route, who is refused, the refusal]: the console, the school, payments and the wizard's profiles.
    const cases: [method: 'POST' | 'PUT' | 'DELETE', url: string, refused: string[], error: Record<string, string>][] =
      [
        ['POST', `/api/console/applications/not-an-id/reject`, ['admin', 'customer', 'applicant'], FORBIDDEN],
        ['POST', `/api/console/applications/${id}/request-changes`, ['teacher'], FORBIDDEN],
        ['POST', '/api/school/learners', ['teacher', 'customer', 'operator', 'applicant'], FORBIDDEN],
        ['PUT', '/api/school/classes/not-an-id', ['teacher', 'operator'], FORBIDDEN],
        ['DELETE', '/api/school/timetable/rooms/not-an-id', ['teacher'], FORBIDDEN],
        ['PUT', `/api/school/attendance/classes/not-an-id/teacher`, ['teacher', 'customer'], FORBIDDEN],
        ['PUT', `/api/school/attendance/classes/${id}/register/someday`, ['customer', 'operator'], FORBIDDEN],
        [
          'POST',
          '/api/payments/subscription-checkout',
          ['admin', 'customer'],
          { code: 'FORBIDDEN', message: SUBSCRIPTION_CHECKOUT_MESSAGES.notApplicant },
        ],
        ['PUT', '/api/customer-profile/me', ['teacher', 'operator', 'applicant'], FORBIDDEN],
        [
          'PUT',
          '/api/applications/me',
          ['customer', 'teacher'],
          { code: 'FORBIDDEN', message: APPLICATION_MESSAGES.notApplicant },
        ],
      ];
    const otherwise: string[] = [];
    for (const [method, url, refused, error] of cases) {
      for (const who of refused) {
        for (const payload of broken) {
          const res = await send(who, method, url, payload);
          const body = res.json().error as Record<string, string>;
          if (res.statusCode !== 403 || Object.entries(error).some(([key, value]) => body[key] !== value))
            otherwise.push(`${who} ${method} ${url} ${payload}: ${res.statusCode} ${JSON.stringify(body)}`);
        }
      }
    }
    expect(otherwise).toEqual([]);
  });

  it('shows the validation rules only to a caller who may use the route (400 with the fields)', async () => {
    const send = (who: string, method: 'POST' | 'PUT', url: string, payload: unknown) =>
      t.app.inject({ method, url, payload: payload as object, headers: { cookie: cookies[who]! } });
    const invalid = [
      await send('operator', 'POST', '/api/console/applications/not-an-id/reject', {}),
      await send('admin', 'POST', '/api/school/learners', {}),
      await send('customer', 'PUT', '/api/customer-profile/me', {}),
      await send('applicant', 'POST', '/api/payments/subscription-checkout', {}),
      await send('applicant', 'PUT', '/api/applications/me', {}),
    ];
    for (const res of invalid) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', fields: expect.any(Object) });
    }
  });

  it('enforces permissions with 403 and a clear message', async () => {
    expect((await get('/api/test/students', 'admin')).json()).toEqual({ organization: 'Guard High School' });
    for (const who of ['teacher', 'customer', 'operator', 'applicant']) {
      const res = await get('/api/test/students', who);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'You do not have permission to do that.' } });
    }
  });

  it('enforces roles; an applicant holds none until approved but still has a session', async () => {
    expect((await get('/api/test/staff-room', 'teacher')).statusCode).toBe(200);
    expect((await get('/api/test/staff-room', 'admin')).statusCode).toBe(200);
    expect((await get('/api/test/staff-room', 'applicant')).statusCode).toBe(403);
    expect((await get('/api/test/staff-room', 'customer')).statusCode).toBe(403);
    expect((await get('/api/test/wizard', 'applicant')).json()).toEqual({ status: 'applicant' });
  });

  it('tells the web app who is signed in, with permissions, organisation and dashboard', async () => {
    const me = (await get('/api/me', 'teacher')).json();
    expect(me).toMatchObject({
      user: { email: people.teacher!.email, firstName: 'Thandi', lastName: 'Nkosi', emailVerified: true, image: null },
      role: 'teacher',
      status: 'active',
      permissions: [
        'view_students',
        'manage_attendance',
        'manage_grades',
        'view_curriculum',
        'create_assignments',
        'view_reports',
      ],
      organization: { name: 'Guard High School', type: 'school' },
      dashboardPath: '/dashboard/teacher',
    });
    expect((await get('/api/me', 'operator')).json()).toMatchObject({
      role: 'platform_admin',
      dashboardPath: '/console',
    });
    expect((await get('/api/me', 'applicant')).json()).toMatchObject({
      status: 'applicant',
      permissions: [],
      dashboardPath: '/registration-steps',
    });
  });

  it('lets only platform operators read the audit log, newest first, page by page', async () => {
    expect((await get('/api/admin/audit-events', 'customer')).statusCode).toBe(403);
    expect((await get('/api/admin/audit-events', 'admin')).statusCode).toBe(403);

    const first = await get('/api/admin/audit-events?limit=2&action=auth.sign_in', 'operator');
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.events).toHaveLength(2);
    expect(page1.events[0]).toMatchObject({ action: 'auth.sign_in', actorEmail: people.operator!.email });
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = (
      await get(`/api/admin/audit-events?limit=10&action=auth.sign_in&cursor=${page1.nextCursor}`, 'operator')
    ).json();
    const ids = [...page1.events, ...page2.events].map((e: { id: string }) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(5);
    expect(JSON.stringify(page2)).not.toContain(people.customer!.password);
  });

  it('stores an avatar recognised by its bytes and shows it only to the owner, their organisation and operators', async () => {
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      ...withCookie(multipart('me.png', 'image/png', PNG), cookies.teacher!),
    });
    expect(upload.statusCode).toBe(200);
    const { image } = upload.json();
    expect(image).toMatch(new RegExp(`^/api/me/avatar/${people.teacher!.id}\\?v=\\d+$`));
    expect((await get('/api/me', 'teacher')).json().user.image).toBe(image);
    expect(fs.existsSync(path.join(dataDir, 'files/avatars', `${people.teacher!.id}.png`))).toBe(true);

    for (const who of ['teacher', 'admin', 'operator']) {
      const res = await get(image, who);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.equals(PNG)).toBe(true);
    }
    expect((await get(image, 'customer')).statusCode).toBe(404);
    expect((await get(image)).statusCode).toBe(401);

    // The profile may point back at its own picture (e.g. after removing and re-adding it).
    expect((await authPost(t.app, '/update-user', { image: null }, { cookie: cookies.teacher })).statusCode).toBe(200);
    expect((await authPost(t.app, '/update-user', { image }, { cookie: cookies.teacher })).statusCode).toBe(200);
    expect((await get('/api/me', 'teacher')).json().user.image).toBe(image);
  });

  it('ends the other sessions on request and keeps this one', async () => {
    const person = await createUser(t.database.db);
    const here = await signIn(t.app, person.email, person.password, { ip: nextIp() });
    const there = await signIn(t.app, person.email, person.password, { ip: nextIp() });
    const res = await authPost(t.app, '/revoke-other-sessions', {}, { cookie: here.cookie });
    expect(res.statusCode).toBe(200);
    expect(await signedInUser(t.app, here.cookie)).toMatchObject({ user: { id: person.id } });
    expect(await signedInUser(t.app, there.cookie)).toBeNull();
  });

  it('refuses files that are not pictures, whatever their name, and pictures over 2 MB', async () => {
    const fake = await t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      ...withCookie(multipart('cat.png', 'image/png', Buffer.from('<svg onload="alert(1)"></svg>')), cookies.customer!),
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error).toEqual({
      code: 'UNSUPPORTED_FILE_TYPE',
      message: 'Please choose a PNG, JPEG or WebP picture.',
    });

    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooLarge = await t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      ...withCookie(multipart('big.png', 'image/png', big), cookies.customer!),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.code).toBe('FILE_TOO_LARGE');
    expect((await get('/api/me', 'customer')).json().user.image).toBeNull();

    // Above the app's 1 MB JSON body limit but within the 2 MB picture limit: accepted.
    const nearly = Buffer.concat([PNG, Buffer.alloc(1536 * 1024)]);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/me/avatar',
      ...withCookie(multipart('big.png', 'image/png', nearly), cookies.admin!),
    });
    expect(accepted.statusCode).toBe(200);
  });

  it('lets users change their names but not their role, status or a foreign picture URL', async () => {
    const post = (body: unknown) => authPost(t.app, '/update-user', body, { cookie: cookies.customer });
    const renamed = await post({ firstName: ' Naledi ', lastName: 'Khumalo' });
    expect(renamed.statusCode).toBe(200);
    expect((await get('/api/me', 'customer')).json().user).toMatchObject({
      firstName: 'Naledi',
      lastName: 'Khumalo',
      name: 'Naledi Khumalo',
    });

    expect((await post({ role: 'platform_admin' })).statusCode).toBe(400);
    expect((await post({ status: 'active' })).statusCode).toBe(400);
    expect((await post({ image: 'https://tracker.example/pixel.gif' })).statusCode).toBe(400);
    expect((await post({ image: `/api/me/avatar/${people.teacher!.id}?v=1` })).statusCode).toBe(400);
    expect((await post({ firstName: '' })).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, people.customer!.id));
    expect(row).toMatchObject({ role: 'customer', status: 'active', image: null });
  });

  it('deletes an account only with its password, and audits it', async () => {
    const person = await createUser(t.database.db);
    const { cookie } = await signIn(t.app, person.email, person.password, { ip: nextIp() });
    const without = await authPost(t.app, '/delete-user', {}, { cookie });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toEqual({
      code: 'PASSWORD_REQUIRED',
      message: 'Please enter your password to delete your account.',
    });
    expect((await authPost(t.app, '/delete-user', { password: 'wrong-password-0' }, { cookie })).statusCode).toBe(400);

    const deleted = await authPost(t.app, '/delete-user', { password: person.password }, { cookie });
    expect(deleted.statusCode).toBe(200);
    expect(await signedInUser(t.app, cookie)).toBeNull();
    expect(await t.database.db.select().from(users).where(eq(users.id, person.id))).toHaveLength(0);
    const [audit] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'user.deleted'));
    expect(audit).toMatchObject({ actorUserId: person.id, target: `user:${person.id}` });
  });

  it('reports which ways of signing in are configured', async () => {
    expect((await get('/api/auth-config')).json()).toEqual({ emailPassword: true, google: false, facebook: false });
  });
});

describe('where a guard may sit', () => {
  it('refuses to start a route whose guard would run after its body is read; onRequest starts', async () => {
    for (const hook of ['preParsing', 'preValidation', 'preHandler'] as const) {
      const app = Fastify();
      app.addHook('onRoute', assertGuardsRunFirst);
      // As a module registers its routes (register-modules.ts).
      void app.register(async (module) => {
        module.post('/api/x', { [hook]: [requireSession] }, async () => 'ok');
      });
      await expect(app.ready()).rejects.toThrow(
        `POST /api/x: its guard is a ${hook} hook; guards are onRequest hooks ({ onRequest: guard })`,
      );
    }
    const app = Fastify();
    app.addHook('onRoute', assertGuardsRunFirst);
    app.post('/api/x', { onRequest: requireRole('teacher'), preHandler: async () => {} }, async () => 'ok');
    await app.ready();
    expect((await app.inject({ method: 'POST', url: '/api/x' })).statusCode).toBe(401);
    await app.close();
  });
});

describe('configuration switches', () => {
  it('offers Google only when configured, and answers 403 EMAIL_PASSWORD_DISABLED when e-mail sign-in is off', async () => {
    const t = await createTestApp({
      GOOGLE_CLIENT_ID: 'id.apps.example',
      GOOGLE_CLIENT_SECRET: 'secret',
      AUTH_EMAIL_PASSWORD: 'false',
    });
    try {
      expect((await t.app.inject({ url: '/api/auth-config' })).json()).toEqual({
        emailPassword: false,
        google: true,
        facebook: false,
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        payload: { email: 'someone@example.test', password: 'whatever-it-is-1' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('EMAIL_PASSWORD_DISABLED');
    } finally {
      await t.close();
    }
  });
});

function withCookie(request: { payload: Buffer; headers: Record<string, string> }, cookie: string) {
  return { payload: request.payload, headers: { ...request.headers, cookie } };
}
