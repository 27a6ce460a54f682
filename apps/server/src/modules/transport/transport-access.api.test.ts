import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInSouthAfrica } from '@sekolo/shared/domain/sa-calendar';
import { hasPermission, SCHOOL_STAFF_ROLES, type TRole } from '@sekolo/shared/constants/roles';
import { transportRiders, transportRoutes, transportStops, transportVehicles } from '../../platform/db/schema/index.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { createGuardian, createLearner } from '../../test/factories/school.ts';
import { routeTable } from '../../test/route-table.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Every transport route against every role of spec 6. The transport office's routes (routes,
 * vehicles, riders) take manage_transport with manage_settings (the school admin by default); the
 * register (trips) takes manage_transport (the school admin and the driver); a guardian's view
 * takes view_child_profile. A caller the policy lets in gets past it (200, 201, 400, 404 or 409
 * for an id that is nobody's); a refused caller gets 403, the signed-out 401. Then, with real
 * records: a driver of another route and a second school see and change nothing of the route.
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

type TRule = 'office' | 'register' | 'guardian';
const NO_ID = '00000000-0000-4000-8000-000000000000';
const S = '/api/school/transport';
const TRIP = `${S}/trips/${NO_ID}/morning`;

const ROUTES: Record<string, { rule: TRule; url: string; payload?: object }> = {
  'GET /api/school/transport': { rule: 'office', url: S },
  'POST /api/school/transport/vehicles': { rule: 'office', url: `${S}/vehicles`, payload: {} },
  'PUT /api/school/transport/vehicles/:vehicleId': { rule: 'office', url: `${S}/vehicles/${NO_ID}`, payload: {} },
  'POST /api/school/transport/routes': { rule: 'office', url: `${S}/routes`, payload: {} },
  'GET /api/school/transport/routes/:routeId': { rule: 'office', url: `${S}/routes/${NO_ID}` },
  'PUT /api/school/transport/routes/:routeId': { rule: 'office', url: `${S}/routes/${NO_ID}`, payload: {} },
  'PUT /api/school/transport/routes/:routeId/stops': {
    rule: 'office',
    url: `${S}/routes/${NO_ID}/stops`,
    payload: { stops: [] },
  },
  'POST /api/school/transport/routes/:routeId/riders': {
    rule: 'office',
    url: `${S}/routes/${NO_ID}/riders`,
    payload: { learnerId: NO_ID, morningStopId: NO_ID, afternoonStopId: NO_ID },
  },
  'PUT /api/school/transport/routes/:routeId/riders/:learnerId': {
    rule: 'office',
    url: `${S}/routes/${NO_ID}/riders/${NO_ID}`,
    payload: { morningStopId: NO_ID, afternoonStopId: NO_ID },
  },
  'DELETE /api/school/transport/routes/:routeId/riders/:learnerId': {
    rule: 'office',
    url: `${S}/routes/${NO_ID}/riders/${NO_ID}`,
  },
  'GET /api/school/transport/learners': { rule: 'office', url: `${S}/learners?q=Mokoena` },
  'GET /api/school/transport/trips': { rule: 'register', url: `${S}/trips` },
  'GET /api/school/transport/trips/:routeId/:period': { rule: 'register', url: TRIP },
  'POST /api/school/transport/trips/:routeId/:period/start': { rule: 'register', url: `${TRIP}/start` },
  'POST /api/school/transport/trips/:routeId/:period/complete': { rule: 'register', url: `${TRIP}/complete` },
  'PUT /api/school/transport/trips/:routeId/:period/marks/:learnerId': {
    rule: 'register',
    url: `${TRIP}/marks/${NO_ID}`,
    payload: { status: 'boarded' },
  },
  'GET /api/transport/my-children': { rule: 'guardian', url: '/api/transport/my-children' },
};

describe('transport routes: every role of spec 6', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  /** [cookie key, role, whether the caller is a school member] */
  const callers: [string, TRole, boolean][] = [];
  const SCHOOL = { name: 'Mabopane High', type: 'school' as const, slug: 'mabopane-high' };
  let routeId: string;
  let learnerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    let ip = 1;
    let schoolId = '';
    let driverId = '';
    for (const role of MEMBER_ROLES) {
      const user = await createUser(db, { role, organization: SCHOOL });
      schoolId = user.organizationId!;
      if (role === 'driver') driverId = user.id;
      cookies[role] = (await signIn(t.app, user.email, user.password, { ip: `10.83.0.${ip++}` })).cookie;
      callers.push([role, role, true]);
    }
    for (const role of OUTSIDERS) {
      const user = await createUser(db, {
        role,
        ...(role === 'business_partner' ? { organization: { name: 'Outside Tutors', type: 'business' as const } } : {}),
      });
      cookies[`outsider_${role}`] = (await signIn(t.app, user.email, user.password, { ip: `10.83.1.${ip++}` })).cookie;
      callers.push([`outsider_${role}`, role, false]);
    }
    const applicant = await createUser(db, { role: 'business_partner', status: 'applicant' });
    cookies.applicant = (await signIn(t.app, applicant.email, applicant.password, { ip: '10.83.2.1' })).cookie;
    // A second driver of the school, who drives no route; and a second school's admin and parent.
    const otherDriver = await createUser(db, { role: 'driver', organization: SCHOOL });
    cookies.otherDriver = (await signIn(t.app, otherDriver.email, otherDriver.password, { ip: '10.83.2.2' })).cookie;
    const second = { name: 'Akasia Combined', type: 'school' as const, slug: 'akasia-combined' };
    const secondAdmin = await createUser(db, { role: 'school_admin', organization: second });
    cookies.secondAdmin = (await signIn(t.app, secondAdmin.email, secondAdmin.password, { ip: '10.83.2.3' })).cookie;
    const secondParent = await createUser(db, { role: 'parent', organization: second });
    cookies.secondParent = (await signIn(t.app, secondParent.email, secondParent.password, { ip: '10.83.2.4' })).cookie;

    // A route of the first school driven by its driver, with one rider.
    const [vehicle] = await db
      .insert(transportVehicles)
      .values({
        organizationId: schoolId,
        registration: 'GP 77-88',
        capacity: 14,
        roadworthyExpiresOn: addDays(todayInSouthAfrica(), 90),
      })
      .returning();
    const [route] = await db
      .insert(transportRoutes)
      .values({ organizationId: schoolId, name: 'Route B – Mabopane', vehicleId: vehicle!.id, driverUserId: driverId })
      .returning();
    routeId = route!.id;
    const [stop] = await db
      .insert(transportStops)
      .values({
        organizationId: schoolId,
        routeId,
        position: 1,
        name: 'Mabopane station',
        morningTime: '06:10',
        afternoonTime: '15:00',
      })
      .returning();
    const learner = await createLearner(db, schoolId, { firstName: 'Mpho', lastName: 'Mokoena' });
    learnerId = learner.id;
    await db
      .insert(transportRiders)
      .values({ organizationId: schoolId, learnerId, routeId, morningStopId: stop!.id, afternoonStopId: stop!.id });
    await createGuardian(db, schoolId, learnerId, { userId: null });
  }, 300_000);
  afterAll(() => t.close());

  it('lets in exactly the callers of each route; the rest get 403, the signed-out 401', async () => {
    const outcome: Record<string, Record<string, string>> = {};
    const expected: Record<string, Record<string, string>> = {};
    const allows = (rule: TRule, role: TRole, member: boolean) =>
      rule === 'office'
        ? member && hasPermission(role, 'manage_transport') && hasPermission(role, 'manage_settings')
        : rule === 'register'
          ? member && hasPermission(role, 'manage_transport')
          : hasPermission(role, 'view_child_profile');
    for (const [route, { rule, url, payload }] of Object.entries(ROUTES)) {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
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
        expected[route]![key] = key === 'applicant' ? '403' : allows(rule, role, member) ? 'in' : '403';
      }
      const anonymous = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      outcome[route]!.signed_out = String(anonymous.statusCode);
      expected[route]!.signed_out = '401';
    }
    expect(outcome).toEqual(expected);
    // Who holds the register by default, and who runs the transport office.
    expect(MEMBER_ROLES.filter((role) => hasPermission(role, 'manage_transport'))).toEqual(['school_admin', 'driver']);
    expect(
      MEMBER_ROLES.filter((role) => hasPermission(role, 'manage_transport') && hasPermission(role, 'manage_settings')),
    ).toEqual(['school_admin']);
  });

  it('shows a route’s trips to its driver only, and nothing of it to another school', async () => {
    const trip = `${S}/trips/${routeId}/morning`;
    const as = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: cookies[who]! }, ...(payload ? { payload } : {}) });
    const attempts: [string, 'GET' | 'POST' | 'PUT', string, object?][] = [
      ['detail', 'GET', trip],
      ['start', 'POST', `${trip}/start`],
      ['mark', 'PUT', `${trip}/marks/${learnerId}`, { status: 'boarded' }],
      ['complete', 'POST', `${trip}/complete`],
    ];
    for (const who of ['otherDriver', 'secondAdmin']) {
      const codes = [];
      for (const [, method, url, payload] of attempts) codes.push((await as(who, method, url, payload)).statusCode);
      expect({ who, codes }).toEqual({ who, codes: [404, 404, 404, 404] });
      expect((await as(who, 'GET', `${S}/trips`)).json().trips).toEqual([]);
    }
    for (const [, method, url] of [
      ['route', 'GET', `${S}/routes/${routeId}`],
      ['rider', 'PUT', `${S}/routes/${routeId}/riders/${learnerId}`],
    ] as const) {
      const payload = method === 'PUT' ? { morningStopId: learnerId, afternoonStopId: learnerId } : undefined;
      expect((await as('secondAdmin', method, url, payload)).statusCode).toBe(404);
    }
    expect((await as('secondAdmin', 'GET', S)).json().routes).toEqual([]);
    expect((await as('secondParent', 'GET', '/api/transport/my-children')).json().children).toEqual([]);
    // The route's own driver gets in: detail, start, mark, complete.
    const codes = [];
    for (const [, method, url, payload] of attempts) codes.push((await as('driver', method, url, payload)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200]);
  });

  it('every transport route is in the table', () => {
    const served = [...routeTable(t.app, '/api/school/transport'), ...routeTable(t.app, '/api/transport/')];
    expect({
      missing: served.filter((r) => !(r in ROUTES)),
      notServed: Object.keys(ROUTES).filter((r) => !served.includes(r)),
    }).toEqual({ missing: [], notServed: [] });
  });
});
