import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission, SCHOOL_STAFF_ROLES, type TRole } from '@sekolo/shared/constants/roles';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { signInEveryRole } from '../../test/role-callers.ts';
import { routeTable } from '../../test/route-table.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Every events route against every role of spec 6. The school's routes take manage_events (the
 * school admin, the administrator and the coach by default; a school may change that, D26); the
 * calendar takes view_events or manage_events at a school; tickets take any active account; a
 * school's public events are public. A caller the policy lets in gets past it (200, 201, 400 or 404
 * for an id that is nobody's); a refused caller gets 403, the signed-out 401. A second school's
 * admin finds nothing of the first. A new events route fails the last test until it is in ROUTES.
 */

const MEMBER_ROLES = [
  'school_admin',
  'teacher',
  'student',
  'parent',
  ...SCHOOL_STAFF_ROLES,
  'ai_assistant',
] as const satisfies readonly TRole[];
const OUTSIDERS = [
  'customer',
  'platform_admin',
  'business_partner',
  'charity',
  'young_entrepreneur',
] as const satisfies readonly TRole[];

type TRule = 'school' | 'calendar' | 'buyer' | 'public';
const NO_ID = '00000000-0000-4000-8000-000000000000';
const EVENT = {
  title: 'Inter-house athletics',
  place: 'Sports field',
  startDate: '2030-03-05',
  startTime: '08:00',
  endDate: '2030-03-05',
  endTime: '15:00',
  capacity: 800,
  audience: 'school',
  status: 'published',
  ticketTypes: [{ name: 'Spectator', priceCents: 0 }],
};

const ROUTES: Record<string, { rule: TRule; url: string; payload?: object }> = {
  'GET /api/events/schools/:slug': { rule: 'public', url: '/api/events/schools/no-such-school' },
  'GET /api/events/public/:eventId': { rule: 'public', url: `/api/events/public/${NO_ID}` },
  'GET /api/events/calendar': { rule: 'calendar', url: '/api/events/calendar?from=2030-03-01&to=2030-03-31' },
  'GET /api/events/calendar/:eventId': { rule: 'calendar', url: `/api/events/calendar/${NO_ID}` },
  'POST /api/events/:eventId/tickets': {
    rule: 'buyer',
    url: `/api/events/${NO_ID}/tickets`,
    payload: { tickets: [{ ticketTypeId: NO_ID, holderName: 'Thabo Mokoena' }] },
  },
  'GET /api/events/my-tickets': { rule: 'buyer', url: '/api/events/my-tickets' },
  'POST /api/events/my-orders/:orderId/pay': { rule: 'buyer', url: `/api/events/my-orders/${NO_ID}/pay` },
  'GET /api/school/events': { rule: 'school', url: '/api/school/events' },
  'POST /api/school/events': { rule: 'school', url: '/api/school/events', payload: {} },
  'PUT /api/school/events/:eventId': { rule: 'school', url: `/api/school/events/${NO_ID}`, payload: EVENT },
  'GET /api/school/events/:eventId/attendees': { rule: 'school', url: `/api/school/events/${NO_ID}/attendees` },
  'GET /api/school/events/:eventId/attendees.csv': { rule: 'school', url: `/api/school/events/${NO_ID}/attendees.csv` },
  'GET /api/school/events/:eventId/door-list': { rule: 'school', url: `/api/school/events/${NO_ID}/door-list` },
  'POST /api/school/events/:eventId/check-ins': {
    rule: 'school',
    url: `/api/school/events/${NO_ID}/check-ins`,
    payload: {
      deviceId: 'phone-0001',
      checks: [{ value: 'T-00000000', scannedAt: '2030-03-05T08:00:00+02:00', scanId: 'scan-00001' }],
    },
  },
};

describe('events routes: every role of spec 6', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  /** [cookie key, role, whether the caller is a school member] */
  const callers: [string, TRole, boolean][] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const everyRole = await signInEveryRole(t, {
      memberRoles: MEMBER_ROLES,
      outsiders: OUTSIDERS,
      schoolName: 'Alpha Academy',
      ipPrefix: '10.80',
    });
    Object.assign(cookies, everyRole.cookies);
    callers.push(...everyRole.callers);
    const applicant = await createUser(t.database.db, { role: 'business_partner', status: 'applicant' });
    cookies.applicant = (await signIn(t.app, applicant.email, applicant.password, { ip: '10.80.2.1' })).cookie;
    const second = await createUser(t.database.db, {
      role: 'school_admin',
      organization: { name: 'Beta College', type: 'school' },
    });
    cookies.second = (await signIn(t.app, second.email, second.password, { ip: '10.80.2.2' })).cookie;
  }, 300_000);
  afterAll(() => t.close());

  it('lets in exactly the callers of each route; the rest get 403, the signed-out 401', async () => {
    const outcome: Record<string, Record<string, string>> = {};
    const expected: Record<string, Record<string, string>> = {};
    const allows = (rule: TRule, role: TRole, member: boolean) =>
      rule === 'school'
        ? member && hasPermission(role, 'manage_events')
        : rule === 'calendar'
          ? member && (hasPermission(role, 'manage_events') || hasPermission(role, 'view_events'))
          : true;
    let n = 0;
    for (const [route, { rule, url, payload }] of Object.entries(ROUTES)) {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT';
      outcome[route] = {};
      expected[route] = {};
      for (const [key, role, member] of [
        ...callers,
        ['applicant', 'business_partner', false] as [string, TRole, boolean],
      ]) {
        const response = await t.app.inject({
          method,
          url,
          remoteAddress: `10.81.${Math.floor(n / 250)}.${(n++ % 250) + 1}`,
          headers: { cookie: cookies[key]! },
          ...(payload ? { payload } : {}),
        });
        const code = response.statusCode;
        outcome[route]![key] = code === 401 || code === 403 ? String(code) : 'in';
        expected[route]![key] =
          key === 'applicant' ? (rule === 'public' ? 'in' : '403') : allows(rule, role, member) ? 'in' : '403';
      }
      const anonymous = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      outcome[route]!.signed_out =
        anonymous.statusCode === 401 || anonymous.statusCode === 403 ? String(anonymous.statusCode) : 'in';
      expected[route]!.signed_out = rule === 'public' ? 'in' : '401';
    }
    expect(outcome).toEqual(expected);
    expect(MEMBER_ROLES.filter((role) => hasPermission(role, 'manage_events'))).toEqual([
      'school_admin',
      'administrator',
      'coach',
    ]);
    expect(MEMBER_ROLES.filter((role) => hasPermission(role, 'view_events'))).toEqual([
      'student',
      'parent',
      'school_staff',
    ]);
  });

  it('a second school sees nothing of the first', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/school/events',
      headers: { cookie: cookies.school_admin! },
      payload: EVENT,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().event.id;
    const as = (url: string, method: 'GET' | 'PUT' | 'POST' = 'GET', payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: cookies.second! }, ...(payload ? { payload } : {}) });
    expect((await as('/api/school/events')).json().events).toEqual([]);
    expect((await as('/api/events/calendar?from=2030-03-01&to=2030-03-31')).json().events).toEqual([]);
    for (const url of [
      `/api/events/calendar/${id}`,
      `/api/school/events/${id}/attendees`,
      `/api/school/events/${id}/attendees.csv`,
      `/api/school/events/${id}/door-list`,
      `/api/events/public/${id}`,
    ])
      expect((await as(url)).statusCode, url).toBe(404);
    expect((await as(`/api/school/events/${id}`, 'PUT', EVENT)).statusCode).toBe(404);
    expect(
      (
        await as(
          `/api/school/events/${id}/check-ins`,
          'POST',
          ROUTES['POST /api/school/events/:eventId/check-ins']!.payload,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await as(`/api/events/${id}/tickets`, 'POST', {
          tickets: [{ ticketTypeId: created.json().event.ticketTypes[0].id, holderName: 'Beta Parent' }],
        })
      ).statusCode,
    ).toBe(404);
  });

  it('every events route is in the table', () => {
    const served = [...routeTable(t.app, '/api/events'), ...routeTable(t.app, '/api/school/events')];
    expect({
      missing: served.filter((r) => !(r in ROUTES)),
      notServed: Object.keys(ROUTES).filter((r) => !served.includes(r)),
    }).toEqual({ missing: [], notServed: [] });
  });
});
