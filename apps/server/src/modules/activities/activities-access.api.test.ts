import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission, SCHOOL_STAFF_ROLES, type TPermission, type TRole } from '@sekolo/shared/constants/roles';
import { signInEveryRole } from '../../test/role-callers.ts';
import { routeTable } from '../../test/route-table.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Every activity route against every role of spec 6. Managing activities takes manage_events (the
 * school admin, the administrator and the coach by default; a school may change it, D26); the
 * coach's routes take manage_attendance or manage_events (the use case then lets only the
 * activity's coach mark); the family's take view_events. A caller the policy lets in gets past it
 * (200, 201, 400 or 404 for an id that is nobody's); a refused caller gets 403, the signed-out 401.
 * A new activity route fails the last test until it is in ROUTES.
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

const NO_ID = '00000000-0000-4000-8000-000000000000';
const DAY = '2030-03-05';

const RULES: Record<'manage' | 'coach' | 'family', TPermission[]> = {
  manage: ['manage_events'],
  coach: ['manage_attendance', 'manage_events'],
  family: ['view_events'],
};
type TRule = keyof typeof RULES;

const ROUTES: Record<string, { rule: TRule; url: string; payload?: object }> = {
  'GET /api/school/activities': { rule: 'manage', url: '/api/school/activities' },
  'POST /api/school/activities': { rule: 'manage', url: '/api/school/activities', payload: {} },
  'PUT /api/school/activities/:activityId': { rule: 'manage', url: `/api/school/activities/${NO_ID}`, payload: {} },
  'GET /api/school/activities/:activityId': { rule: 'coach', url: `/api/school/activities/${NO_ID}` },
  'POST /api/school/activities/:activityId/members/:learnerId/withdraw': {
    rule: 'manage',
    url: `/api/school/activities/${NO_ID}/members/${NO_ID}/withdraw`,
  },
  'GET /api/school/activity-sessions/today': { rule: 'coach', url: '/api/school/activity-sessions/today' },
  'GET /api/school/activities/:activityId/sessions/:date': {
    rule: 'coach',
    url: `/api/school/activities/${NO_ID}/sessions/${DAY}`,
  },
  'PUT /api/school/activities/:activityId/sessions/:date/attendance': {
    rule: 'coach',
    url: `/api/school/activities/${NO_ID}/sessions/${DAY}/attendance`,
    payload: { marks: [{ learnerId: NO_ID, mark: 'present' }] },
  },
  'POST /api/school/activities/:activityId/sessions/:date/cancel': {
    rule: 'coach',
    url: `/api/school/activities/${NO_ID}/sessions/${DAY}/cancel`,
    payload: { reason: 'Rain' },
  },
  'GET /api/school/my-activities': { rule: 'family', url: '/api/school/my-activities' },
  'POST /api/school/my-activities/:activityId/sign-up': {
    rule: 'family',
    url: `/api/school/my-activities/${NO_ID}/sign-up`,
    payload: { learnerId: NO_ID },
  },
  'POST /api/school/my-activities/:activityId/withdraw': {
    rule: 'family',
    url: `/api/school/my-activities/${NO_ID}/withdraw`,
    payload: { learnerId: NO_ID },
  },
};

describe('activity routes: every role of spec 6', () => {
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
      ipPrefix: '10.57',
    });
    Object.assign(cookies, everyRole.cookies);
    callers.push(...everyRole.callers);
  }, 300_000);
  afterAll(() => t.close());

  it('lets in exactly the callers of each route; the rest get 403, the signed-out 401', async () => {
    const outcome: Record<string, Record<string, string>> = {};
    const expected: Record<string, Record<string, string>> = {};
    for (const [route, { rule, url, payload }] of Object.entries(ROUTES)) {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT';
      outcome[route] = {};
      expected[route] = {};
      for (const [key, role, member] of callers) {
        const response = await t.app.inject({
          method,
          url,
          headers: { cookie: cookies[key]! },
          ...(payload ? { payload } : {}),
        });
        const code = response.statusCode;
        outcome[route]![key] = code === 401 || code === 403 ? String(code) : 'in';
        expected[route]![key] = member && RULES[rule].some((p) => hasPermission(role, p)) ? 'in' : '403';
      }
      const anonymous = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      outcome[route]!.signed_out = String(anonymous.statusCode);
      expected[route]!.signed_out = '401';
    }
    expect(outcome).toEqual(expected);
    // By default: the school admin, the administrator and the coach manage activities; learners,
    // parents and general staff see the families' side.
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

  it('every activity route is in the table', () => {
    const served = [
      ...routeTable(t.app, '/api/school/activities'),
      ...routeTable(t.app, '/api/school/activity-sessions'),
      ...routeTable(t.app, '/api/school/my-activities'),
    ];
    expect({
      missing: served.filter((r) => !(r in ROUTES)),
      notServed: Object.keys(ROUTES).filter((r) => !served.includes(r)),
    }).toEqual({ missing: [], notServed: [] });
  });
});
