import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type TRole } from '@sekolo/shared/constants/roles';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { routeTable } from '../../test/route-table.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createApprovedEntrepreneur } from './test-fixtures.ts';

/**
 * Every entrepreneurs route against every role. The shop's routes take a young entrepreneur with a
 * shop; the guardian's page anyone signed in (they see only the shops their address consented to);
 * the e-mailed link anyone holding it. The listings module's seller routes now also take a young
 * entrepreneur. A caller let in gets an answer other than 401 and 403; a new route fails the last
 * test until it is in ROUTES.
 */
type TRule = 'entrepreneur' | 'seller' | 'signed_in' | 'public';
const allows = (rule: TRule, role: TRole) =>
  rule === 'public' || rule === 'signed_in'
    ? true
    : rule === 'entrepreneur'
      ? role === 'young_entrepreneur'
      : role === 'young_entrepreneur' || role === 'business_partner';
const NO_ID = '00000000-0000-4000-8000-000000000000';
const NO_TOKEN = 'no-such-token-0123456789abcdef';

const ROUTES: Record<string, { rule: TRule; url: string; payload?: object }> = {
  'GET /api/entrepreneurs/shop': { rule: 'entrepreneur', url: '/api/entrepreneurs/shop' },
  'POST /api/entrepreneurs/shop/remind': { rule: 'entrepreneur', url: '/api/entrepreneurs/shop/remind' },
  'PUT /api/entrepreneurs/shop': {
    rule: 'entrepreneur',
    url: '/api/entrepreneurs/shop',
    payload: {
      shopName: 'Access Beads',
      shopDescription: 'Beaded bracelets made after school.',
      shopCategory: 'crafts',
    },
  },
  'GET /api/entrepreneurs/earnings': { rule: 'entrepreneur', url: '/api/entrepreneurs/earnings' },
  'GET /api/entrepreneurs/approvals/link/:token': {
    rule: 'public',
    url: `/api/entrepreneurs/approvals/link/${NO_TOKEN}`,
  },
  'POST /api/entrepreneurs/approvals/link/:token': {
    rule: 'public',
    url: `/api/entrepreneurs/approvals/link/${NO_TOKEN}`,
    payload: { decision: 'approve' },
  },
  'GET /api/entrepreneurs/approvals/link/:token/picture': {
    rule: 'public',
    url: `/api/entrepreneurs/approvals/link/${NO_TOKEN}/picture`,
  },
  'GET /api/entrepreneurs/guardian/approvals/:id/picture': {
    rule: 'signed_in',
    url: `/api/entrepreneurs/guardian/approvals/${NO_ID}/picture`,
  },
  'GET /api/entrepreneurs/guardian': { rule: 'signed_in', url: '/api/entrepreneurs/guardian' },
  'POST /api/entrepreneurs/guardian/approvals/:id': {
    rule: 'signed_in',
    url: `/api/entrepreneurs/guardian/approvals/${NO_ID}`,
    payload: { decision: 'approve' },
  },
};
/** The listings module's seller routes a young entrepreneur now uses (not all of them: they share one guard). */
const SELLER_ROUTES: Record<string, { rule: TRule; url: string; payload?: object }> = {
  'GET /api/listings/own': { rule: 'seller', url: '/api/listings/own' },
  'POST /api/listings/own/:id/status': {
    rule: 'seller',
    url: `/api/listings/own/${NO_ID}/status`,
    payload: { status: 'published' },
  },
  'GET /api/marketplace/seller/orders': { rule: 'seller', url: '/api/marketplace/seller/orders' },
};

describe('entrepreneurs routes: every role', () => {
  let t: TestApp;
  const cookies: Partial<Record<TRole, string>> = {};

  beforeAll(async () => {
    t = await createTestApp();
    let ip = 1;
    for (const role of ROLES) {
      const user =
        role === 'young_entrepreneur'
          ? (
              await createApprovedEntrepreneur(t.database.db, {
                guardian: { firstName: 'Sipho', lastName: 'Dube', email: 'sipho.dube@example.test' },
              })
            ).user
          : await createUser(t.database.db, {
              role,
              ...(role === 'business_partner'
                ? { organization: { name: 'Access Traders', type: 'business' as const } }
                : ['customer', 'platform_admin', 'charity'].includes(role)
                  ? {}
                  : { organization: { name: 'Access High School', type: 'school' as const } }),
            });
      cookies[role] = (await signIn(t.app, user.email, user.password, { ip: `10.79.0.${ip++}` })).cookie;
    }
    // Thirty-odd accounts signed in (scrypt each): slow on a busy two-core machine.
  }, 300_000);
  afterAll(() => t.close());

  it(
    'lets in exactly the callers of each route; the rest get 403, the signed-out 401',
    { timeout: 300_000 },
    async () => {
      const outcome: Record<string, Record<string, string>> = {};
      const expected: Record<string, Record<string, string>> = {};
      for (const [route, { rule, url, payload }] of Object.entries({ ...ROUTES, ...SELLER_ROUTES })) {
        const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT';
        outcome[route] = {};
        expected[route] = {};
        for (const role of ROLES) {
          const response = await t.app.inject({
            method,
            url,
            headers: { cookie: cookies[role]!, origin: new URL(t.app.deps.config.publicUrl).origin },
            ...(payload ? { payload } : {}),
          });
          const code = response.statusCode;
          outcome[route]![role] = code === 401 || code === 403 ? String(code) : 'in';
          expected[route]![role] = allows(rule, role) ? 'in' : '403';
        }
        const anonymous = await t.app.inject({
          method,
          url,
          headers: { origin: new URL(t.app.deps.config.publicUrl).origin },
          ...(payload ? { payload } : {}),
        });
        outcome[route]!.signed_out =
          anonymous.statusCode === 401 || anonymous.statusCode === 403 ? String(anonymous.statusCode) : 'in';
        expected[route]!.signed_out = rule === 'public' ? 'in' : '401';
      }
      expect(outcome).toEqual(expected);
    },
  );

  it('shows a signed-in parent who consented to no shop none of them', async () => {
    const guardianPage = await t.app.inject({
      method: 'GET',
      url: '/api/entrepreneurs/guardian',
      headers: { cookie: cookies.parent! },
    });
    expect(guardianPage.json()).toEqual({ shops: [] });
  });

  it('every entrepreneurs route is in the table', () => {
    const served = routeTable(t.app, '/api/entrepreneurs/');
    expect({
      missing: served.filter((r) => !(r in ROUTES)),
      notServed: Object.keys(ROUTES).filter((r) => !served.includes(r)),
    }).toEqual({ missing: [], notServed: [] });
  });
});
