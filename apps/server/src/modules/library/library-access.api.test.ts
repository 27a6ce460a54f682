import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission, SCHOOL_STAFF_ROLES, type TPermission, type TRole } from '@sekolo/shared/constants/roles';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { signInEveryRole } from '../../test/role-callers.ts';
import { routeTable } from '../../test/route-table.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Every library route against every role of spec 6. The librarian's routes take manage_library
 * (the school admin and the librarian by default; a school may grant or withdraw it, D26); the
 * borrower's take access_library (learners by default); a parent's view of their children's loans
 * takes view_child_profile. A caller the policy lets in gets past it (200, 201, 400, 404 or 409 for
 * an id that is nobody's); a refused caller gets 403, the signed-out 401. A new library route
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

const NO_ID = '00000000-0000-4000-8000-000000000000';
const SETTINGS = {
  learnerLoanLimit: 3,
  learnerLoanDays: 14,
  staffLoanLimit: 10,
  staffLoanDays: 28,
  maxRenewals: 2,
  reminderIntervalDays: 7,
  holdPickupDays: 5,
};
const BORROWER = { kind: 'learner', id: NO_ID };

const ROUTES: Record<string, { rule: TPermission; url: string; payload?: object }> = {
  'GET /api/school/library/titles': { rule: 'manage_library', url: '/api/school/library/titles' },
  'POST /api/school/library/titles': {
    rule: 'manage_library',
    url: '/api/school/library/titles',
    payload: { title: 'Spud', author: 'John van de Ruit', copies: 0 },
  },
  'GET /api/school/library/titles/:titleId': { rule: 'manage_library', url: `/api/school/library/titles/${NO_ID}` },
  'PUT /api/school/library/titles/:titleId': {
    rule: 'manage_library',
    url: `/api/school/library/titles/${NO_ID}`,
    payload: { title: 'Spud', author: 'John van de Ruit' },
  },
  'POST /api/school/library/titles/:titleId/copies': {
    rule: 'manage_library',
    url: `/api/school/library/titles/${NO_ID}/copies`,
    payload: { count: 1 },
  },
  'POST /api/school/library/copies/:copyId/status': {
    rule: 'manage_library',
    url: `/api/school/library/copies/${NO_ID}/status`,
    payload: { status: 'lost' },
  },
  'GET /api/school/library/labels.pdf': { rule: 'manage_library', url: '/api/school/library/labels.pdf' },
  'GET /api/school/library/import-template.csv': {
    rule: 'manage_library',
    url: '/api/school/library/import-template.csv',
  },
  'POST /api/school/library/import': {
    rule: 'manage_library',
    url: '/api/school/library/import',
    payload: { csv: 'title,author,isbn,copies\n', mode: 'check' },
  },
  'GET /api/school/library/borrowers': { rule: 'manage_library', url: '/api/school/library/borrowers?q=zulu' },
  'GET /api/school/library/borrowers/:kind/:borrowerId': {
    rule: 'manage_library',
    url: `/api/school/library/borrowers/learner/${NO_ID}`,
  },
  'POST /api/school/library/issue': {
    rule: 'manage_library',
    url: '/api/school/library/issue',
    payload: { barcode: 'LIB-999999', borrower: BORROWER },
  },
  'POST /api/school/library/return': {
    rule: 'manage_library',
    url: '/api/school/library/return',
    payload: { barcode: 'LIB-999999' },
  },
  'POST /api/school/library/loans/:loanId/renew': {
    rule: 'manage_library',
    url: `/api/school/library/loans/${NO_ID}/renew`,
  },
  'GET /api/school/library/loans': { rule: 'manage_library', url: '/api/school/library/loans?status=overdue' },
  'GET /api/school/library/holds': { rule: 'manage_library', url: '/api/school/library/holds' },
  'POST /api/school/library/holds': {
    rule: 'manage_library',
    url: '/api/school/library/holds',
    payload: { titleId: NO_ID, borrower: BORROWER },
  },
  'POST /api/school/library/holds/:holdId/cancel': {
    rule: 'manage_library',
    url: `/api/school/library/holds/${NO_ID}/cancel`,
  },
  'GET /api/school/library/settings': { rule: 'manage_library', url: '/api/school/library/settings' },
  'PUT /api/school/library/settings': {
    rule: 'manage_library',
    url: '/api/school/library/settings',
    payload: SETTINGS,
  },
  'GET /api/library/titles': { rule: 'access_library', url: '/api/library/titles?q=spud' },
  'GET /api/library/titles/:titleId': { rule: 'access_library', url: `/api/library/titles/${NO_ID}` },
  'GET /api/library/mine': { rule: 'access_library', url: '/api/library/mine' },
  'POST /api/library/holds': { rule: 'access_library', url: '/api/library/holds', payload: { titleId: NO_ID } },
  'POST /api/library/holds/:holdId/cancel': { rule: 'access_library', url: `/api/library/holds/${NO_ID}/cancel` },
  'GET /api/library/children': { rule: 'view_child_profile', url: '/api/library/children' },
};

describe('library routes: every role of spec 6', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  /** [cookie key, role, whether the caller is a school member] */
  const callers: [string, TRole, boolean][] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const everyRole = await signInEveryRole(t, {
      memberRoles: MEMBER_ROLES,
      outsiders: OUTSIDERS,
      schoolName: 'Soweto High',
      ipPrefix: '10.80',
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
        expect(code, `${route} as ${key}: ${response.body}`).toBeLessThan(500);
        outcome[route]![key] = code === 401 || code === 403 ? String(code) : 'in';
        expected[route]![key] = member && hasPermission(role, rule) ? 'in' : '403';
      }
      const anonymous = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      outcome[route]!.signed_out = String(anonymous.statusCode);
      expected[route]!.signed_out = '401';
    }
    expect(outcome).toEqual(expected);
    // By default: the school admin and the librarian run the library, learners use it, parents see their children's loans.
    expect(MEMBER_ROLES.filter((role) => hasPermission(role, 'manage_library'))).toEqual(['school_admin', 'librarian']);
    expect(MEMBER_ROLES.filter((role) => hasPermission(role, 'access_library'))).toEqual(['student']);
    expect(MEMBER_ROLES.filter((role) => hasPermission(role, 'view_child_profile'))).toEqual(['parent']);
  });

  it('shows a second school nothing of the first school’s library', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/school/library/titles',
      headers: { cookie: cookies.school_admin! },
      payload: { title: 'Long Walk to Freedom', author: 'Nelson Mandela', isbn: '9780349106533', copies: 1 },
    });
    expect(created.statusCode).toBe(201);
    const titleId = created.json().title.id as string;
    const elsewhere = { name: 'Mitchells Plain Secondary', type: 'school' as const };
    const librarian = await createUser(t.database.db, { role: 'librarian', organization: elsewhere });
    const learner = await createUser(t.database.db, { role: 'student', organization: elsewhere });
    const other = async (user: { email: string; password: string }, url: string, ip: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: (await signIn(t.app, user.email, user.password, { ip })).cookie },
      });
    expect((await other(librarian, '/api/school/library/titles', '10.80.2.1')).json().titles).toEqual([]);
    expect((await other(librarian, `/api/school/library/titles/${titleId}`, '10.80.2.2')).statusCode).toBe(404);
    expect((await other(learner, '/api/library/titles?q=freedom', '10.80.2.3')).json().titles).toEqual([]);
    expect((await other(learner, `/api/library/titles/${titleId}`, '10.80.2.4')).statusCode).toBe(404);
    // The first school's learner finds it.
    const found = await t.app.inject({
      method: 'GET',
      url: '/api/library/titles?q=freedom',
      headers: { cookie: cookies.student! },
    });
    expect(found.json().titles.map((x: { title: string }) => x.title)).toEqual(['Long Walk to Freedom']);
  });

  it('every library route is in the table', () => {
    const served = [...routeTable(t.app, '/api/school/library'), ...routeTable(t.app, '/api/library')];
    expect({
      missing: served.filter((r) => !(r in ROUTES)),
      notServed: Object.keys(ROUTES).filter((r) => !served.includes(r)),
    }).toEqual({ missing: [], notServed: [] });
  });
});
