import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, SCHOOL_STAFF_ROLES, type TRole } from '@sekolo/shared/constants/roles';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { routeTable } from '../../test/route-table.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Every campaigns route against every role. The charity dashboard's routes take the charity role
 * (a member of a charity organisation); a donor's take any signed-in account; the console's take
 * the platform operator; the funding pages and the signed receipt link take anybody. A caller the
 * policy lets in gets past it (200, 201, 400 or 404 for ids that are nobody's); a refused caller
 * gets 403, the signed-out 401. A new route fails the last test until it is in ROUTES.
 */

type TRule = 'charity' | 'signed_in' | 'operator' | 'public';
const allows = (rule: TRule, role: TRole) =>
  rule === 'public' || rule === 'signed_in'
    ? true
    : rule === 'charity'
      ? role === 'charity'
      : role === 'platform_admin';
const NO_ID = '00000000-0000-4000-8000-000000000000';
const SCHOOL_ROLES = new Set<string>(['school_admin', 'teacher', 'student', 'parent', ...SCHOOL_STAFF_ROLES]);
const campaign = { title: 'A campaign', goalCents: 100_000, startsOn: '2026-12-01' };

const ROUTES: Record<string, { rule: TRule; url: string; payload?: object }> = {
  'GET /api/charity/profile': { rule: 'charity', url: '/api/charity/profile' },
  'PUT /api/charity/profile': { rule: 'charity', url: '/api/charity/profile', payload: { registeredName: '' } },
  'GET /api/charity/campaigns': { rule: 'charity', url: '/api/charity/campaigns' },
  'POST /api/charity/campaigns': { rule: 'charity', url: '/api/charity/campaigns', payload: { title: '' } },
  'GET /api/charity/campaigns/:id': { rule: 'charity', url: `/api/charity/campaigns/${NO_ID}` },
  'PUT /api/charity/campaigns/:id': { rule: 'charity', url: `/api/charity/campaigns/${NO_ID}`, payload: campaign },
  'POST /api/charity/campaigns/:id/state': {
    rule: 'charity',
    url: `/api/charity/campaigns/${NO_ID}/state`,
    payload: { state: 'ended' },
  },
  'POST /api/charity/campaigns/:id/images': { rule: 'charity', url: `/api/charity/campaigns/${NO_ID}/images` },
  'DELETE /api/charity/campaigns/:id/images/:imageId': {
    rule: 'charity',
    url: `/api/charity/campaigns/${NO_ID}/images/${NO_ID}`,
  },
  'GET /api/charity/donations': { rule: 'charity', url: '/api/charity/donations' },
  'GET /api/funding/campaigns': { rule: 'public', url: '/api/funding/campaigns' },
  'GET /api/funding/campaigns/:slug': { rule: 'public', url: '/api/funding/campaigns/no-such-campaign' },
  'GET /api/funding/images/:id': { rule: 'public', url: `/api/funding/images/${NO_ID}` },
  'POST /api/funding/campaigns/:slug/donations': {
    rule: 'signed_in',
    url: '/api/funding/campaigns/no-such-campaign/donations',
    payload: { amountCents: 10_000 },
  },
  'GET /api/funding/my-donations': { rule: 'signed_in', url: '/api/funding/my-donations' },
  'POST /api/funding/my-monthly-gifts/:id/cancel': {
    rule: 'signed_in',
    url: `/api/funding/my-monthly-gifts/${NO_ID}/cancel`,
  },
  'GET /api/funding/my-donations/:id/receipt': { rule: 'signed_in', url: `/api/funding/my-donations/${NO_ID}/receipt` },
  'GET /api/funding/my-summaries/:organizationId/:taxYear': {
    rule: 'signed_in',
    url: `/api/funding/my-summaries/${NO_ID}/2027`,
  },
  'GET /api/funding/receipts/:id': { rule: 'public', url: `/api/funding/receipts/${NO_ID}?token=${'a'.repeat(43)}` },
  'GET /api/console/charities': { rule: 'operator', url: '/api/console/charities' },
  'GET /api/console/charities/': { rule: 'operator', url: '/api/console/charities/' },
  'POST /api/console/charities/:organizationId/pbo-verification': {
    rule: 'operator',
    url: `/api/console/charities/${NO_ID}/pbo-verification`,
    payload: { verified: true },
  },
};

describe('campaigns routes: every role', () => {
  let t: TestApp;
  const cookies: Partial<Record<TRole, string>> = {};

  beforeAll(async () => {
    t = await createTestApp();
    let ip = 1;
    for (const role of ROLES) {
      const organization = SCHOOL_ROLES.has(role)
        ? { name: 'Campaign Access High', type: 'school' as const }
        : role === 'business_partner'
          ? { name: 'Campaign Access Tutors', type: 'business' as const }
          : role === 'charity'
            ? { name: 'Campaign Access Trust', type: 'charity' as const }
            : undefined;
      const user = await createUser(t.database.db, { role, ...(organization ? { organization } : {}) });
      cookies[role] = (await signIn(t.app, user.email, user.password, { ip: `10.92.0.${ip++}` })).cookie;
    }
  }, 300_000);
  afterAll(() => t.close());

  it('lets in exactly the callers of each route; the rest get 403, the signed-out 401', async () => {
    const outcome: Record<string, Record<string, string>> = {};
    const expected: Record<string, Record<string, string>> = {};
    const origin = new URL(t.app.deps.config.publicUrl).origin;
    for (const [route, { rule, url, payload }] of Object.entries(ROUTES)) {
      const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
      outcome[route] = {};
      expected[route] = {};
      for (const role of ROLES) {
        const response = await t.app.inject({
          method,
          url,
          headers: { cookie: cookies[role]!, origin },
          ...(payload ? { payload } : {}),
        });
        const code = response.statusCode;
        outcome[route]![role] = code === 401 || code === 403 ? String(code) : 'in';
        expected[route]![role] = allows(rule, role) ? 'in' : '403';
      }
      const anonymous = await t.app.inject({ method, url, headers: { origin }, ...(payload ? { payload } : {}) });
      outcome[route]!.signed_out =
        anonymous.statusCode === 401 || anonymous.statusCode === 403 ? String(anonymous.statusCode) : 'in';
      expected[route]!.signed_out = rule === 'public' ? 'in' : '401';
    }
    expect(outcome).toEqual(expected);
  }, 300_000);

  it('every campaigns route is in the table', () => {
    const served = [
      ...routeTable(t.app, '/api/charity/'),
      ...routeTable(t.app, '/api/funding/'),
      ...routeTable(t.app, '/api/console/charities'),
    ];
    expect({
      missing: served.filter((r) => !(r in ROUTES)),
      notServed: Object.keys(ROUTES).filter((r) => !served.includes(r)),
    }).toEqual({ missing: [], notServed: [] });
  });
});
