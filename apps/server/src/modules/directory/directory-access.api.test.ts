import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission, ROLES, SCHOOL_STAFF_ROLES, type TRole } from '@sekolo/shared/constants/roles';
import type { TOrganizationType } from '../../platform/tenancy/organizations.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { routeTable } from '../../test/route-table.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Every directory route against every role of roles.ts (each a member of its kind of
 * organisation: a school's roles of a school, a business partner of a business, a charity of a
 * charity, a young entrepreneur of a shop; the rest of none), an applicant and the signed-out.
 * The search and profiles are public; the "Public profile" settings belong to the organisation's
 * admin: a school's (manage_settings), a business partner, a charity. A refused caller gets 403,
 * the signed-out 401. A new directory route fails the last test until it is in ROUTES.
 */

const SCHOOL_ROLES = ['school_admin', 'teacher', 'student', 'parent', ...SCHOOL_STAFF_ROLES, 'ai_assistant'];
const ORGANIZATION_OF: Partial<Record<TRole, TOrganizationType>> = {
  business_partner: 'business',
  charity: 'charity',
  young_entrepreneur: 'shop',
};

type TRule = 'public' | 'organisation-admin';
const allows = (rule: TRule, role: TRole | 'applicant') => {
  if (rule === 'public') return true;
  if (role === 'applicant') return false;
  if (SCHOOL_ROLES.includes(role)) return hasPermission(role, 'manage_settings');
  return role === 'business_partner' || role === 'charity';
};

const SETTINGS = {
  listed: true,
  showEmail: true,
  showPhone: true,
  showAddress: false,
  showMap: true,
  tagLine: 'Open to everyone',
};
/** `answers`: the status a caller who is let in gets (200 unless the route's target does not exist). */
const ROUTES: Record<string, { rule: TRule; url: string; payload?: object; answers?: number }> = {
  'GET /api/directory': { rule: 'public', url: '/api/directory?q=academy' },
  'GET /api/directory/': { rule: 'public', url: '/api/directory/?type=school' },
  'GET /api/directory/profiles/:slug': { rule: 'public', url: '/api/directory/profiles/directory-access-academy' },
  'GET /api/directory/logos/:organizationId': {
    rule: 'public',
    url: '/api/directory/logos/00000000-0000-4000-8000-000000000000',
    answers: 404,
  },
  'GET /api/directory/settings': { rule: 'organisation-admin', url: '/api/directory/settings' },
  'PUT /api/directory/settings': { rule: 'organisation-admin', url: '/api/directory/settings', payload: SETTINGS },
};

describe('directory routes: every role', () => {
  let t: TestApp;
  const cookies: Partial<Record<TRole | 'applicant', string>> = {};

  beforeAll(async () => {
    t = await createTestApp();
    let ip = 1;
    for (const role of ROLES) {
      const type = SCHOOL_ROLES.includes(role) ? 'school' : ORGANIZATION_OF[role];
      const name =
        type === 'school' ? 'Directory Access Academy' : `Directory ${role.replace(/_/g, ' ')} ${type ?? ''}`.trim();
      const user = await createUser(t.database.db, {
        role,
        ...(type
          ? { organization: { name, type, slug: type === 'school' ? 'directory-access-academy' : undefined } }
          : {}),
      });
      cookies[role] = (await signIn(t.app, user.email, user.password, { ip: `10.79.0.${ip++}` })).cookie;
    }
    const applicant = await createUser(t.database.db, { role: 'business_partner', status: 'applicant' });
    cookies.applicant = (await signIn(t.app, applicant.email, applicant.password, { ip: '10.79.1.1' })).cookie;
  });
  afterAll(() => t.close());

  it('lets in exactly the callers of each route; the rest get 403, the signed-out 401', async () => {
    const origin = new URL(t.app.deps.config.publicUrl).origin;
    const outcome: Record<string, Record<string, string>> = {};
    const expected: Record<string, Record<string, string>> = {};
    const callers = [...ROLES, 'applicant'] as const;
    for (const [route, { rule, url, payload, answers = 200 }] of Object.entries(ROUTES)) {
      const method = route.split(' ')[0] as 'GET' | 'PUT';
      outcome[route] = {};
      expected[route] = {};
      for (const who of callers) {
        const response = await t.app.inject({
          method,
          url,
          headers: { cookie: cookies[who]!, origin },
          ...(payload ? { payload } : {}),
        });
        const code = response.statusCode;
        outcome[route]![who] =
          code === 401 || code === 403 ? String(code) : code === answers ? 'in' : `unexpected ${code}`;
        expected[route]![who] = allows(rule, who) ? 'in' : '403';
      }
      const anonymous = await t.app.inject({ method, url, headers: { origin }, ...(payload ? { payload } : {}) });
      outcome[route]!.signed_out = anonymous.statusCode === answers ? 'in' : String(anonymous.statusCode);
      expected[route]!.signed_out = rule === 'public' ? 'in' : '401';
    }
    expect(outcome).toEqual(expected);
  });

  it('every directory route is in the table', () => {
    const served = routeTable(t.app, '/api/directory');
    expect({
      missing: served.filter((r) => !(r in ROUTES)),
      notServed: Object.keys(ROUTES).filter((r) => !served.includes(r)),
    }).toEqual({ missing: [], notServed: [] });
  });
});
