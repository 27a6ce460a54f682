import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission, SCHOOL_STAFF_ROLES, type TRole } from '@sekolo/shared/constants/roles';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { routeTable } from '../../test/route-table.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Every admissions route against every role of spec 6. The school's routes take manage_students
 * (the school admin, the administrator); the guardian's take a parent account (requireRole);
 * the public page and the parent sign-up take nobody. A caller the policy lets in gets past it
 * (an answer other than 401 and 403: here 200, 201, 400 or 404 for an id that is not theirs); a
 * refused caller gets 403, the signed-out 401. A new admissions route fails the last test until
 * it is in ROUTES.
 */

const MEMBER_ROLES = [
  'school_admin',
  'teacher',
  'student',
  'parent',
  ...SCHOOL_STAFF_ROLES,
  'ai_assistant',
] as const satisfies readonly TRole[];
const OUTSIDERS = ['customer', 'platform_admin', 'business_partner', 'charity'] as const satisfies readonly TRole[];

type TRule = 'school' | 'guardian' | 'public';
const allows = (rule: TRule, role: TRole) =>
  rule === 'public' ? true : rule === 'school' ? hasPermission(role, 'manage_students') : role === 'parent';
const NO_ID = '00000000-0000-4000-8000-000000000000';

/** Each route, who may call it, and a request with ids that are nobody's. */
const ROUTES: Record<string, { rule: TRule; url: string; payload?: object }> = {
  'GET /api/admissions/schools/:slug': { rule: 'public', url: '/api/admissions/schools/no-such-school' },
  'POST /api/admissions/account': { rule: 'public', url: '/api/admissions/account', payload: {} },
  'GET /api/admissions/my-applications': { rule: 'guardian', url: '/api/admissions/my-applications' },
  'POST /api/admissions/my-applications': {
    rule: 'guardian',
    url: '/api/admissions/my-applications',
    payload: { roundId: NO_ID, grade: '8', relation: 'parent', consent: true },
  },
  'GET /api/admissions/my-applications/:applicationId': {
    rule: 'guardian',
    url: `/api/admissions/my-applications/${NO_ID}`,
  },
  'PUT /api/admissions/my-applications/:applicationId': {
    rule: 'guardian',
    url: `/api/admissions/my-applications/${NO_ID}`,
    payload: { child: {}, guardian: { relation: 'parent' }, answers: {} },
  },
  'DELETE /api/admissions/my-applications/:applicationId': {
    rule: 'guardian',
    url: `/api/admissions/my-applications/${NO_ID}`,
  },
  'POST /api/admissions/my-applications/:applicationId/documents': {
    rule: 'guardian',
    url: `/api/admissions/my-applications/${NO_ID}/documents`,
    payload: { documentKey: 'birth_certificate', uploadId: NO_ID },
  },
  'DELETE /api/admissions/my-applications/:applicationId/documents/:documentId': {
    rule: 'guardian',
    url: `/api/admissions/my-applications/${NO_ID}/documents/${NO_ID}`,
  },
  'POST /api/admissions/my-applications/:applicationId/submit': {
    rule: 'guardian',
    url: `/api/admissions/my-applications/${NO_ID}/submit`,
  },
  'POST /api/admissions/my-applications/:applicationId/accept': {
    rule: 'guardian',
    url: `/api/admissions/my-applications/${NO_ID}/accept`,
  },
  'POST /api/admissions/my-applications/:applicationId/decline': {
    rule: 'guardian',
    url: `/api/admissions/my-applications/${NO_ID}/decline`,
  },
  'GET /api/school/admissions/rounds': { rule: 'school', url: '/api/school/admissions/rounds' },
  'POST /api/school/admissions/rounds': { rule: 'school', url: '/api/school/admissions/rounds', payload: {} },
  'PUT /api/school/admissions/rounds/:roundId': {
    rule: 'school',
    url: `/api/school/admissions/rounds/${NO_ID}`,
    payload: {},
  },
  'GET /api/school/admissions/applications': { rule: 'school', url: '/api/school/admissions/applications' },
  'GET /api/school/admissions/applications.csv': { rule: 'school', url: '/api/school/admissions/applications.csv' },
  'GET /api/school/admissions/applications/:applicationId': {
    rule: 'school',
    url: `/api/school/admissions/applications/${NO_ID}`,
  },
  'POST /api/school/admissions/applications/status': {
    rule: 'school',
    url: '/api/school/admissions/applications/status',
    payload: { ids: [NO_ID], status: 'declined' },
  },
  'POST /api/school/admissions/applications/:applicationId/notes': {
    rule: 'school',
    url: `/api/school/admissions/applications/${NO_ID}/notes`,
    payload: { body: 'A note' },
  },
  'POST /api/school/admissions/applications/:applicationId/document-requests': {
    rule: 'school',
    url: `/api/school/admissions/applications/${NO_ID}/document-requests`,
    payload: { label: 'Proof of residence', note: 'Please upload it.' },
  },
  'POST /api/school/admissions/applications/:applicationId/waitlist-position': {
    rule: 'school',
    url: `/api/school/admissions/applications/${NO_ID}/waitlist-position`,
    payload: { position: 1 },
  },
  'POST /api/school/admissions/applications/:applicationId/enrol': {
    rule: 'school',
    url: `/api/school/admissions/applications/${NO_ID}/enrol`,
    payload: { admissionNumber: 'X-1' },
  },
};

describe('admissions routes: every role of spec 6', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    let ip = 1;
    for (const role of MEMBER_ROLES) {
      const user = await createUser(t.database.db, { role, organization: { name: 'Alpha Academy', type: 'school' } });
      cookies[role] = (await signIn(t.app, user.email, user.password, { ip: `10.78.0.${ip++}` })).cookie;
    }
    for (const role of OUTSIDERS) {
      const user = await createUser(t.database.db, {
        role,
        ...(role === 'business_partner' ? { organization: { name: 'Outside Tutors', type: 'business' as const } } : {}),
      });
      cookies[`outsider_${role}`] = (await signIn(t.app, user.email, user.password, { ip: `10.78.1.${ip++}` })).cookie;
    }
    // A parent of no school yet: a family that signed up on a school's admissions page.
    const family = await createUser(t.database.db, { role: 'parent' });
    cookies.family = (await signIn(t.app, family.email, family.password, { ip: `10.78.2.1` })).cookie;
  });
  afterAll(() => t.close());

  it('lets in exactly the callers of each route; the rest get 403, the signed-out 401', async () => {
    const outcome: Record<string, Record<string, string>> = {};
    const expected: Record<string, Record<string, string>> = {};
    const callers: [string, TRole][] = [
      ...MEMBER_ROLES.map((r) => [r, r] as [string, TRole]),
      ...OUTSIDERS.map((r) => [`outsider_${r}`, r] as [string, TRole]),
      ['family', 'parent'],
    ];
    for (const [route, { rule, url, payload }] of Object.entries(ROUTES)) {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
      outcome[route] = {};
      expected[route] = {};
      for (const [key, role] of callers) {
        // The sign-up is for the signed-out; its rate limit is not what this table checks.
        if (route === 'POST /api/admissions/account') continue;
        const response = await t.app.inject({
          method,
          url,
          headers: { cookie: cookies[key]! },
          ...(payload ? { payload } : {}),
        });
        const code = response.statusCode;
        outcome[route]![key] = code === 401 || code === 403 ? String(code) : 'in';
        expected[route]![key] = allows(rule, role) ? 'in' : '403';
      }
      const anonymous = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      outcome[route]!.signed_out =
        anonymous.statusCode === 401 || anonymous.statusCode === 403 ? String(anonymous.statusCode) : 'in';
      expected[route]!.signed_out = rule === 'public' ? 'in' : '401';
    }
    expect(outcome).toEqual(expected);
    // The parent of no school reaches their applications but none of the school's.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/admissions/my-applications',
          headers: { cookie: cookies.family! },
        })
      ).json(),
    ).toEqual({ applications: [] });
  });

  it('every admissions route is in the table', () => {
    const served = [...routeTable(t.app, '/api/admissions/'), ...routeTable(t.app, '/api/school/admissions/')];
    expect({
      missing: served.filter((r) => !(r in ROUTES)),
      notServed: Object.keys(ROUTES).filter((r) => !served.includes(r)),
    }).toEqual({ missing: [], notServed: [] });
  });
});
