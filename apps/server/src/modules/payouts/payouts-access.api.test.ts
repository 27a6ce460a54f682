import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type TRole } from '@sekolo/shared/constants/roles';
import { applications, guardianConsents, schoolPayoutAccounts } from '../../platform/db/schema/index.ts';
import type { TOrganizationType } from '../../platform/tenancy/organizations.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser, type TCreatedUser } from '../../test/factories/accounts.ts';
import { routeTable } from '../../test/route-table.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { postJournal } from '../ledger/index.ts';
import { PAYEE_ROLES } from './payees.ts';

/**
 * Every role against every payouts route: each role of roles.ts in its kind of organisation, and a
 * caller signed out. Payees (business partners under every name, charities, young entrepreneurs)
 * use their organisation's routes; a parent reads the shops they consented to; the operator the
 * batch; the guardian's link is public (the token is the proof).
 */
const ORGANIZATION_OF: Partial<Record<TRole, TOrganizationType>> = {
  business_partner: 'business',
  service_vendor: 'business',
  product_vendor: 'business',
  lms_tutor: 'business',
  charity: 'charity',
  young_entrepreneur: 'shop',
};
const SCHOOL_ROLES = ROLES.filter(
  (role) => !ORGANIZATION_OF[role] && !['customer', 'platform_admin', 'parent'].includes(role),
);

type TCaller = { key: string; role: TRole | null };
const CALLERS: TCaller[] = [...ROLES.map((role) => ({ key: role, role })), { key: 'signed_out', role: null }];

const isPayee = (c: TCaller) => (PAYEE_ROLES as readonly string[]).includes(c.role ?? '');
const TOKEN = 'a-token-that-no-link-carries-0123456789';

describe('payouts: every role against every route', () => {
  let t: TestApp;
  const users: Record<string, TCreatedUser> = {};
  const cookies: Record<string, string> = {};
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    for (const role of ROLES) {
      const type = ORGANIZATION_OF[role] ?? (SCHOOL_ROLES.includes(role) ? 'school' : null);
      users[role] = await createUser(db, {
        role,
        organization: type ? { name: `Access ${role}`, type } : undefined,
      });
    }
    // Each payee holds R100 and a confirmed account; the shop has its consenting guardian.
    for (const role of PAYEE_ROLES) {
      const organizationId = users[role]!.organizationId!;
      await postJournal(db, {
        kind: 'payment',
        reference: `access-${randomUUID()}`,
        description: 'Access test sale',
        entries: [
          { account: 'provider_clearing', amountCents: 10_000 },
          { account: 'organization_payable', organizationId, amountCents: -10_000 },
        ],
      });
      await db.insert(schoolPayoutAccounts).values({
        organizationId,
        bankName: 'Nedbank',
        branchCode: '198765',
        accountNumber: '1098765432',
        accountHolder: `Access ${role}`,
        accountType: 'current',
        status: 'confirmed',
        expiresAt: new Date(),
        confirmedAt: new Date(),
      });
    }
    const [application] = await db
      .insert(applications)
      .values({
        userId: users.young_entrepreneur!.id,
        userType: 'young_entrepreneur',
        status: 'approved',
        organizationId: users.young_entrepreneur!.organizationId,
      })
      .returning();
    await db.insert(guardianConsents).values({
      applicationId: application!.id,
      tokenHash: `access-${randomUUID()}`,
      guardianName: 'Access Guardian',
      guardianEmail: users.parent!.email,
      relation: 'parent',
      expiresAt: new Date(),
      consentedAt: new Date(),
    });
    for (const [key, user] of Object.entries(users))
      cookies[key] = (await signIn(t.app, user.email, user.password)).cookie;
  });
  afterAll(() => t?.close());

  const account = {
    accountHolder: 'Access Holder',
    bank: 'absa',
    accountNumber: '4051234567',
    branchCode: '632005',
    accountType: 'current',
  };
  /** Who may use each route, what they get, and the request (run in this order). */
  const MATRIX: Record<
    string,
    {
      allows: (c: TCaller) => boolean;
      ok: number;
      request: () => { url: string; payload?: object };
    }
  > = {
    'GET /api/payouts': { allows: isPayee, ok: 200, request: () => ({ url: '/api/payouts' }) },
    'POST /api/payouts': {
      allows: isPayee,
      ok: 201,
      request: () => ({ url: '/api/payouts', payload: { amountCents: 2_000 } }),
    },
    'POST /api/payouts/bank-account': {
      allows: isPayee,
      ok: 202,
      request: () => ({ url: '/api/payouts/bank-account', payload: account }),
    },
    'DELETE /api/payouts/bank-account/pending': {
      allows: isPayee,
      ok: 200,
      request: () => ({ url: '/api/payouts/bank-account/pending' }),
    },
    // Allowed callers reach the link check: no pending change carries this token.
    'POST /api/payouts/bank-account/confirm': {
      allows: isPayee,
      ok: 404,
      request: () => ({ url: '/api/payouts/bank-account/confirm', payload: { token: TOKEN } }),
    },
    'GET /api/payouts/guardian-confirmation': {
      allows: () => true,
      ok: 404,
      request: () => ({ url: `/api/payouts/guardian-confirmation?token=${TOKEN}` }),
    },
    'POST /api/payouts/guardian-confirmation': {
      allows: () => true,
      ok: 404,
      request: () => ({ url: '/api/payouts/guardian-confirmation', payload: { token: TOKEN } }),
    },
    'GET /api/payouts/billing': {
      allows: (c) => ['business_partner', 'service_vendor', 'product_vendor', 'lms_tutor'].includes(c.role ?? ''),
      ok: 200,
      request: () => ({ url: '/api/payouts/billing' }),
    },
    'GET /api/payouts/guardian': {
      allows: (c) => c.role === 'parent',
      ok: 200,
      request: () => ({ url: '/api/payouts/guardian' }),
    },
    'GET /api/console/payouts': {
      allows: (c) => c.role === 'platform_admin',
      ok: 200,
      request: () => ({ url: '/api/console/payouts' }),
    },
    // Nothing of this id waits to be marked: the operator reaches the rule (409).
    'POST /api/console/payouts/mark-paid': {
      allows: (c) => c.role === 'platform_admin',
      ok: 409,
      request: () => ({ url: '/api/console/payouts/mark-paid', payload: { payoutIds: [randomUUID()] } }),
    },
  };

  it('every payouts route has an expectation (a new route fails here until MATRIX has it)', () => {
    expect([...routeTable(t.app, '/api/payouts'), ...routeTable(t.app, '/api/console/payouts')].sort()).toEqual(
      Object.keys(MATRIX).sort(),
    );
  });

  it.each(Object.keys(MATRIX))('%s', async (route) => {
    const entry = MATRIX[route]!;
    const method = route.split(' ')[0] as 'GET' | 'POST' | 'DELETE';
    const wrong: string[] = [];
    for (const caller of CALLERS) {
      const request = entry.request();
      const response = await t.app.inject({
        method,
        url: request.url,
        // Each caller from its own address: the public guardian link is rate limited per address.
        remoteAddress: `10.66.${(address = (address + 1) % 250)}.1`,
        headers: caller.role ? { cookie: cookies[caller.key]! } : {},
        ...(request.payload ? { payload: request.payload } : {}),
      });
      const expected = entry.allows(caller) ? entry.ok : caller.role ? 403 : 401;
      if (response.statusCode !== expected)
        wrong.push(`${caller.key}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the guardian sees the shop they consented to, and its payout', async () => {
    const seen = await t.app.inject({
      method: 'GET',
      url: '/api/payouts/guardian',
      headers: { cookie: cookies.parent! },
    });
    expect(seen.json().shops).toMatchObject([
      { organization: { name: 'Access young_entrepreneur' }, availableCents: 8_000, payouts: [{ amountCents: 2_000 }] },
    ]);
  });
});
