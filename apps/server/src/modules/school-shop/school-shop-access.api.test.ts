import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission, SCHOOL_STAFF_ROLES, type TRole } from '@sekolo/shared/constants/roles';
import { signInEveryRole } from '../../test/role-callers.ts';
import { routeTable } from '../../test/route-table.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Every school shop route against every role of spec 6. The shop's side takes manage_shop (the
 * shop manager by default) or manage_settings (the school admin); a school may grant or withdraw
 * either (D26). The parent's side takes manage_payments (parents, and the accountant, who has no
 * children to order for). A caller the policy lets in gets past it (200, 201, 400 or 404 for an id
 * that is nobody's); a refused caller gets 403, the signed-out 401. A new route fails the last test
 * until it is in ROUTES.
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

type TRule = 'shop' | 'parent';
const NO_ID = '00000000-0000-4000-8000-000000000000';

const ROUTES: Record<string, { rule: TRule; url: string; payload?: object }> = {
  'GET /api/school-shop/catalogue': { rule: 'parent', url: '/api/school-shop/catalogue' },
  'POST /api/school-shop/orders': {
    rule: 'parent',
    url: '/api/school-shop/orders',
    payload: { learnerId: NO_ID, lines: [{ variantId: NO_ID, quantity: 1 }], payment: 'online' },
  },
  'GET /api/school-shop/orders': { rule: 'parent', url: '/api/school-shop/orders' },
  'POST /api/school-shop/orders/:orderId/pay': { rule: 'parent', url: `/api/school-shop/orders/${NO_ID}/pay` },
  'POST /api/school-shop/orders/:orderId/cancel': { rule: 'parent', url: `/api/school-shop/orders/${NO_ID}/cancel` },
  'GET /api/school/shop/products': { rule: 'shop', url: '/api/school/shop/products' },
  'POST /api/school/shop/products': { rule: 'shop', url: '/api/school/shop/products', payload: {} },
  'PUT /api/school/shop/products/:productId': {
    rule: 'shop',
    url: `/api/school/shop/products/${NO_ID}`,
    payload: { name: 'School blazer', category: 'uniform' },
  },
  'POST /api/school/shop/products/:productId/variants': {
    rule: 'shop',
    url: `/api/school/shop/products/${NO_ID}/variants`,
    payload: { label: '36', priceCents: 69_500 },
  },
  'PUT /api/school/shop/variants/:variantId': {
    rule: 'shop',
    url: `/api/school/shop/variants/${NO_ID}`,
    payload: { label: '36', priceCents: 69_500 },
  },
  'GET /api/school/shop/variants/:variantId/movements': {
    rule: 'shop',
    url: `/api/school/shop/variants/${NO_ID}/movements`,
  },
  'POST /api/school/shop/variants/:variantId/movements': {
    rule: 'shop',
    url: `/api/school/shop/variants/${NO_ID}/movements`,
    payload: { kind: 'received', quantity: 10 },
  },
  'GET /api/school/shop/orders': { rule: 'shop', url: '/api/school/shop/orders' },
  'POST /api/school/shop/orders/:orderId/pack': { rule: 'shop', url: `/api/school/shop/orders/${NO_ID}/pack` },
  'POST /api/school/shop/orders/:orderId/ready': { rule: 'shop', url: `/api/school/shop/orders/${NO_ID}/ready` },
  'POST /api/school/shop/orders/:orderId/collect': {
    rule: 'shop',
    url: `/api/school/shop/orders/${NO_ID}/collect`,
    payload: { collectedBy: 'The learner' },
  },
  'POST /api/school/shop/orders/:orderId/cancel': {
    rule: 'shop',
    url: `/api/school/shop/orders/${NO_ID}/cancel`,
    payload: { reason: 'Out of stock' },
  },
};

describe('school shop routes: every role of spec 6', () => {
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
      ipPrefix: '10.83',
    });
    Object.assign(cookies, everyRole.cookies);
    callers.push(...everyRole.callers);
  }, 300_000);
  afterAll(() => t.close());

  it('lets in exactly the callers of each route; the rest get 403, the signed-out 401', async () => {
    const outcome: Record<string, Record<string, string>> = {};
    const expected: Record<string, Record<string, string>> = {};
    const allows = (rule: TRule, role: TRole, member: boolean) =>
      member &&
      (rule === 'shop'
        ? hasPermission(role, 'manage_shop') || hasPermission(role, 'manage_settings')
        : hasPermission(role, 'manage_payments'));
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
        outcome[route]![key] = code === 401 || code === 403 ? String(code) : code >= 500 ? `error ${code}` : 'in';
        expected[route]![key] = allows(rule, role, member) ? 'in' : '403';
      }
      const anonymous = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      outcome[route]!.signed_out = String(anonymous.statusCode);
      expected[route]!.signed_out = '401';
    }
    expect(outcome).toEqual(expected);
    // Who runs the shop by default: the shop manager (manage_shop) and the school admin (manage_settings).
    expect(
      MEMBER_ROLES.filter((role) => hasPermission(role, 'manage_shop') || hasPermission(role, 'manage_settings')),
    ).toEqual(['school_admin', 'school_shop_manager']);
    // Who orders: parents (and the accountant, who pays but has no children linked).
    expect(MEMBER_ROLES.filter((role) => hasPermission(role, 'manage_payments'))).toEqual(['parent', 'accountant']);
  });

  it('every school shop route is in the table', () => {
    const served = [...routeTable(t.app, '/api/school-shop/'), ...routeTable(t.app, '/api/school/shop/')];
    expect({
      missing: served.filter((r) => !(r in ROUTES)),
      notServed: Object.keys(ROUTES).filter((r) => !served.includes(r)),
    }).toEqual({ missing: [], notServed: [] });
  });
});
