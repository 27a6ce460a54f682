import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission, SCHOOL_STAFF_ROLES, type TRole } from '@sekolo/shared/constants/roles';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { routeTable } from '../../test/route-table.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Every facility route against every role of spec 6. The school's routes take manage_events (the
 * school admin, the administrator and the coach by default; a school may grant it to a staff role, D26); booking and one's own
 * bookings take any active account (customers, parents, partners, staff); a school's facilities
 * and their availability are public. A caller the policy lets in gets past it (200, 201, 400 or 404
 * for an id that is nobody's); a refused caller gets 403, the signed-out 401. A new facility route
 * fails the last test until it is in ROUTES.
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

type TRule = 'school' | 'booker' | 'public';
const NO_ID = '00000000-0000-4000-8000-000000000000';

const ROUTES: Record<string, { rule: TRule; url: string; payload?: object }> = {
  'GET /api/facilities/schools/:slug': { rule: 'public', url: '/api/facilities/schools/no-such-school' },
  'GET /api/facilities/:facilityId/availability': { rule: 'public', url: `/api/facilities/${NO_ID}/availability` },
  'POST /api/facilities/bookings': {
    rule: 'booker',
    url: '/api/facilities/bookings',
    payload: { facilityId: NO_ID, date: '2030-03-05', unit: 'day', acceptRules: true },
  },
  'GET /api/facilities/my-bookings': { rule: 'booker', url: '/api/facilities/my-bookings' },
  'POST /api/facilities/my-bookings/:bookingId/pay': {
    rule: 'booker',
    url: `/api/facilities/my-bookings/${NO_ID}/pay`,
  },
  'POST /api/facilities/my-bookings/:bookingId/cancel': {
    rule: 'booker',
    url: `/api/facilities/my-bookings/${NO_ID}/cancel`,
  },
  'GET /api/facilities/photos/:photoId': { rule: 'public', url: `/api/facilities/photos/${NO_ID}` },
  'GET /api/school/facilities': { rule: 'school', url: '/api/school/facilities' },
  'POST /api/school/facilities/:facilityId/photos': {
    rule: 'school',
    url: `/api/school/facilities/${NO_ID}/photos`,
    payload: {},
  },
  'PATCH /api/school/facilities/:facilityId/photos/:photoId': {
    rule: 'school',
    url: `/api/school/facilities/${NO_ID}/photos/${NO_ID}`,
    payload: { alt: 'The hall from the stage' },
  },
  'PUT /api/school/facilities/:facilityId/photo-order': {
    rule: 'school',
    url: `/api/school/facilities/${NO_ID}/photo-order`,
    payload: { photoIds: [NO_ID] },
  },
  'DELETE /api/school/facilities/:facilityId/photos/:photoId': {
    rule: 'school',
    url: `/api/school/facilities/${NO_ID}/photos/${NO_ID}`,
  },
  'POST /api/school/facilities': { rule: 'school', url: '/api/school/facilities', payload: {} },
  'PUT /api/school/facilities/:facilityId': { rule: 'school', url: `/api/school/facilities/${NO_ID}`, payload: {} },
  'POST /api/school/facilities/:facilityId/blocked-dates': {
    rule: 'school',
    url: `/api/school/facilities/${NO_ID}/blocked-dates`,
    payload: { startsOn: '2030-03-05', endsOn: '2030-03-05' },
  },
  'DELETE /api/school/facilities/:facilityId/blocked-dates/:blockId': {
    rule: 'school',
    url: `/api/school/facilities/${NO_ID}/blocked-dates/${NO_ID}`,
  },
  'GET /api/school/facility-bookings': { rule: 'school', url: '/api/school/facility-bookings' },
  'POST /api/school/facility-bookings/:bookingId/approve': {
    rule: 'school',
    url: `/api/school/facility-bookings/${NO_ID}/approve`,
  },
  'POST /api/school/facility-bookings/:bookingId/decline': {
    rule: 'school',
    url: `/api/school/facility-bookings/${NO_ID}/decline`,
    payload: { reason: 'The hall is booked for exams.' },
  },
  'POST /api/school/facility-bookings/:bookingId/cancel': {
    rule: 'school',
    url: `/api/school/facility-bookings/${NO_ID}/cancel`,
    payload: { reason: 'A burst pipe flooded the hall.' },
  },
};

describe('facility routes: every role of spec 6', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  /** [cookie key, role, whether the caller is a school member] */
  const callers: [string, TRole, boolean][] = [];

  beforeAll(async () => {
    t = await createTestApp();
    let ip = 1;
    for (const role of MEMBER_ROLES) {
      const user = await createUser(t.database.db, { role, organization: { name: 'Alpha Academy', type: 'school' } });
      cookies[role] = (await signIn(t.app, user.email, user.password, { ip: `10.79.0.${ip++}` })).cookie;
      callers.push([role, role, true]);
    }
    for (const role of OUTSIDERS) {
      const user = await createUser(t.database.db, {
        role,
        ...(role === 'business_partner' ? { organization: { name: 'Outside Tutors', type: 'business' as const } } : {}),
      });
      cookies[`outsider_${role}`] = (await signIn(t.app, user.email, user.password, { ip: `10.79.1.${ip++}` })).cookie;
      callers.push([`outsider_${role}`, role, false]);
    }
    // An applicant (signed up, not approved yet): signed in, but books nothing.
    const applicant = await createUser(t.database.db, { role: 'business_partner', status: 'applicant' });
    cookies.applicant = (await signIn(t.app, applicant.email, applicant.password, { ip: '10.79.2.1' })).cookie;
  }, 300_000);
  afterAll(() => t.close());

  it('lets in exactly the callers of each route; the rest get 403, the signed-out 401', async () => {
    const outcome: Record<string, Record<string, string>> = {};
    const expected: Record<string, Record<string, string>> = {};
    const allows = (rule: TRule, role: TRole, member: boolean) =>
      rule === 'school' ? member && hasPermission(role, 'manage_events') : true;
    for (const [route, { rule, url, payload }] of Object.entries(ROUTES)) {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      outcome[route] = {};
      expected[route] = {};
      for (const [key, role, member] of [
        ...callers,
        ['applicant', 'business_partner', false] as [string, TRole, boolean],
      ]) {
        const response = await t.app.inject({
          method,
          url,
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
    // Who manages facilities by default: the school admin, the administrator and the coach (spec 6's manage_events).
    expect(MEMBER_ROLES.filter((role) => hasPermission(role, 'manage_events'))).toEqual([
      'school_admin',
      'administrator',
      'coach',
    ]);
  }, 120_000);

  it('every facility route is in the table', () => {
    const served = [
      ...routeTable(t.app, '/api/facilities/'),
      ...routeTable(t.app, '/api/school/facilities'),
      ...routeTable(t.app, '/api/school/facility-bookings'),
    ];
    expect({
      missing: served.filter((r) => !(r in ROUTES)),
      notServed: Object.keys(ROUTES).filter((r) => !served.includes(r)),
    }).toEqual({ missing: [], notServed: [] });
  });
});
