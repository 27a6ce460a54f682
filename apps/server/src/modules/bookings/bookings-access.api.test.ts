import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRole } from '@sekolo/shared/constants/roles';
import { TEST_ORIGIN, signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { routeTable } from '../../test/route-table.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSeller } from '../../test/factories/marketplace.ts';
import { at, bookingRequests, workingDay } from './test-fixtures.ts';

/**
 * Every bookings route against every role, and two providers and two customers kept apart. The
 * public routes take anybody; /mine and booking take any signed-in person; /own takes a business
 * partner whose partner types include tutor, consultant or service provider (a product-only seller
 * is refused with 403). A caller let in answers something other than 401 and 403 (here 200, 201,
 * 400, 404 or 409 for ids that are nobody's). A new bookings route fails the last test until it is
 * in ROUTES.
 */

type TRule = 'public' | 'signed_in' | 'provider';
const NO_ID = '00000000-0000-4000-8000-000000000000';
const START = '2030-01-07T09:00:00+02:00';

const ROUTES: Record<string, { rule: TRule; url: string; payload?: object }> = {
  'GET /api/bookings/services/:id': { rule: 'public', url: `/api/bookings/services/${NO_ID}` },
  'GET /api/bookings/services/:id/slots': { rule: 'public', url: `/api/bookings/services/${NO_ID}/slots` },
  'GET /api/bookings/providers/:slug/services': {
    rule: 'public',
    url: '/api/bookings/providers/no-such-provider/services',
  },
  'POST /api/bookings/services/:id/book': {
    rule: 'signed_in',
    url: `/api/bookings/services/${NO_ID}/book`,
    payload: { startsAt: START },
  },
  'GET /api/bookings/mine': { rule: 'signed_in', url: '/api/bookings/mine' },
  'GET /api/bookings/mine/:id/calendar.ics': { rule: 'signed_in', url: `/api/bookings/mine/${NO_ID}/calendar.ics` },
  'POST /api/bookings/mine/:id/cancel': { rule: 'signed_in', url: `/api/bookings/mine/${NO_ID}/cancel`, payload: {} },
  'POST /api/bookings/mine/:id/reschedule': {
    rule: 'signed_in',
    url: `/api/bookings/mine/${NO_ID}/reschedule`,
    payload: { startsAt: START },
  },
  'GET /api/bookings/own/services': { rule: 'provider', url: '/api/bookings/own/services' },
  'POST /api/bookings/own/services': { rule: 'provider', url: '/api/bookings/own/services', payload: { title: 'x' } },
  'PUT /api/bookings/own/services/:id': {
    rule: 'provider',
    url: `/api/bookings/own/services/${NO_ID}`,
    payload: { title: 'Physical Sciences lesson', durationMinutes: 60, priceCents: 35_000 },
  },
  'POST /api/bookings/own/services/:id/sessions': {
    rule: 'provider',
    url: `/api/bookings/own/services/${NO_ID}/sessions`,
    payload: { startsAt: START },
  },
  'POST /api/bookings/own/sessions/:id/cancel': {
    rule: 'provider',
    url: `/api/bookings/own/sessions/${NO_ID}/cancel`,
    payload: {},
  },
  'GET /api/bookings/own/availability': { rule: 'provider', url: '/api/bookings/own/availability' },
  'PUT /api/bookings/own/availability': {
    rule: 'provider',
    url: '/api/bookings/own/availability',
    payload: { weekly: 'none' },
  },
  'GET /api/bookings/own/bookings': { rule: 'provider', url: '/api/bookings/own/bookings' },
  'POST /api/bookings/own/bookings/:id/cancel': {
    rule: 'provider',
    url: `/api/bookings/own/bookings/${NO_ID}/cancel`,
    payload: {},
  },
};

describe('bookings routes: every role, and each provider and customer kept to their own', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const roleOf: Record<string, TRole> = {};

  beforeAll(async () => {
    t = await createTestApp();
    let ip = 1;
    // One of each kind of caller (each sign-in hashes a password: the machine is shared).
    const roles: TRole[] = [
      'customer',
      'parent',
      'student',
      'teacher',
      'school_admin',
      'accountant',
      'platform_admin',
      'charity',
      'business_partner',
    ];
    for (const role of roles) {
      const user = await createUser(t.database.db, {
        role,
        ...(role === 'customer' || role === 'platform_admin'
          ? {}
          : {
              organization: {
                name: `Org of ${role}`,
                type: role === 'business_partner' ? ('business' as const) : ('school' as const),
              },
            }),
      });
      cookies[role] = (await signIn(t.app, user.email, user.password, { ip: `10.79.0.${ip++}` })).cookie;
      roleOf[role] = role;
    }
    // The business partner above sells products only (createUser's business has no partner types).
    const tutor = await createSeller(t, { name: 'Access Tutors', partnerTypes: ['tutor'] });
    cookies.tutor = tutor.cookie;
    roleOf.tutor = 'business_partner';
  }, 600_000);
  afterAll(() => t.close());

  const allows = (rule: TRule, key: string) => (rule === 'public' || rule === 'signed_in' ? true : key === 'tutor');

  it('lets in exactly the callers of each route; the rest get 403, the signed-out 401', async () => {
    const outcome: Record<string, Record<string, string>> = {};
    const expected: Record<string, Record<string, string>> = {};
    for (const [route, { rule, url, payload }] of Object.entries(ROUTES)) {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT';
      outcome[route] = {};
      expected[route] = {};
      for (const key of Object.keys(cookies)) {
        const response = await t.app.inject({
          method,
          url,
          headers: { cookie: cookies[key]!, ...(method === 'GET' ? {} : { origin: TEST_ORIGIN }) },
          ...(payload ? { payload } : {}),
        });
        const code = response.statusCode;
        outcome[route]![key] = code === 401 || code === 403 ? String(code) : 'in';
        expected[route]![key] = allows(rule, key) ? 'in' : '403';
      }
      const anonymous = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      outcome[route]!.signed_out =
        anonymous.statusCode === 401 || anonymous.statusCode === 403 ? String(anonymous.statusCode) : 'in';
      expected[route]!.signed_out = rule === 'public' ? 'in' : '401';
    }
    expect(outcome).toEqual(expected);
  }, 600_000);

  it("a second provider and a second customer reach nothing of the first's by id (404) and list none of it", async () => {
    const r = bookingRequests(t);
    const alpha = await createSeller(t, { name: 'Alpha Lessons', partnerTypes: ['tutor'] });
    const bravo = await createSeller(t, { name: 'Bravo Lessons', partnerTypes: ['service_provider'] });
    await r.send('PUT', '/api/bookings/own/availability', alpha.cookie, {
      weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, startMinute: 480, endMinute: 1020 })),
    });
    const lesson = (
      await r.send('POST', '/api/bookings/own/services', alpha.cookie, {
        title: 'Alpha lesson',
        durationMinutes: 60,
        priceCents: 30_000,
      })
    ).json().service;
    const group = (
      await r.send('POST', '/api/bookings/own/services', alpha.cookie, {
        title: 'Alpha class',
        kind: 'group',
        seatLimit: 5,
        durationMinutes: 60,
        priceCents: 10_000,
      })
    ).json().service;
    const day = workingDay(2);
    const session = (
      await r.send('POST', `/api/bookings/own/services/${group.id}/sessions`, alpha.cookie, {
        startsAt: at(day, '18:00'),
      })
    ).json().service.sessions[0];
    const owner = await createUser(t.database.db, { role: 'customer' });
    const ownerCookie = (await signIn(t.app, owner.email, owner.password, { ip: '10.79.9.1' })).cookie;
    const stranger = await createUser(t.database.db, { role: 'customer' });
    const strangerCookie = (await signIn(t.app, stranger.email, stranger.password, { ip: '10.79.9.2' })).cookie;
    const booked = (
      await r.send('POST', `/api/bookings/services/${lesson.id}/book`, ownerCookie, { startsAt: at(day, '09:00') })
    ).json();
    await r.pay(booked.orderId);

    const attempts: [string, 'GET' | 'POST' | 'PUT', string, string, object?][] = [
      [
        'bravo updates the service',
        'PUT',
        `/api/bookings/own/services/${lesson.id}`,
        bravo.cookie,
        { title: 'Taken', durationMinutes: 60, priceCents: 100 },
      ],
      [
        'bravo schedules a session',
        'POST',
        `/api/bookings/own/services/${group.id}/sessions`,
        bravo.cookie,
        { startsAt: at(day, '20:00') },
      ],
      ['bravo cancels the session', 'POST', `/api/bookings/own/sessions/${session.id}/cancel`, bravo.cookie, {}],
      ['bravo cancels the booking', 'POST', `/api/bookings/own/bookings/${booked.bookingId}/cancel`, bravo.cookie, {}],
      ['the stranger reads the .ics', 'GET', `/api/bookings/mine/${booked.bookingId}/calendar.ics`, strangerCookie],
      ['the stranger cancels', 'POST', `/api/bookings/mine/${booked.bookingId}/cancel`, strangerCookie, {}],
      [
        'the stranger reschedules',
        'POST',
        `/api/bookings/mine/${booked.bookingId}/reschedule`,
        strangerCookie,
        { startsAt: at(day, '10:00') },
      ],
    ];
    for (const [what, method, url, cookie, payload] of attempts) {
      const res = await r.send(method, url, cookie, payload);
      expect(res.statusCode, what).toBe(404);
    }
    expect((await r.send('GET', '/api/bookings/own/bookings', bravo.cookie)).json().bookings).toEqual([]);
    expect((await r.send('GET', '/api/bookings/own/services', bravo.cookie)).json().services).toEqual([]);
    expect((await r.send('GET', '/api/bookings/mine', strangerCookie)).json().bookings).toEqual([]);
    // Alpha's data is unchanged.
    const mine = (await r.send('GET', '/api/bookings/mine', ownerCookie)).json().bookings;
    expect(mine).toEqual([expect.objectContaining({ id: booked.bookingId, status: 'confirmed' })]);
    const services = (await r.send('GET', '/api/bookings/own/services', alpha.cookie)).json().services;
    expect(services.find((s: { id: string }) => s.id === lesson.id).title).toBe('Alpha lesson');
    expect(services.find((s: { id: string }) => s.id === group.id).sessions[0].status).toBe('scheduled');
  }, 300_000);

  it('every bookings route is in the table', () => {
    const served = routeTable(t.app, '/api/bookings/');
    expect({
      missing: served.filter((r) => !(r in ROUTES)),
      notServed: Object.keys(ROUTES).filter((r) => !served.includes(r)),
    }).toEqual({ missing: [], notServed: [] });
  });
});
