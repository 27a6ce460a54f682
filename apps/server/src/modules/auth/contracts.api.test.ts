import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Every route of the accounts, payments, applications, uploads, listings, public forms, console
 * jobs and dev tools modules (and the health check) answers to a contract in packages/shared.
 * Better Auth's own /api/auth/* handler is not ours to describe.
 */
const PREFIXES = [
  '/api/health',
  '/api/auth-config',
  '/api/password-links',
  '/api/me',
  '/api/admin/audit-events',
  '/api/customer-profile',
  '/api/listings',
  '/api/contact',
  '/api/demo-bookings',
  '/api/console/jobs',
  '/api/dev',
  '/api/payments',
];

describe('contracts of the accounts and the public, console and dev routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PAYMENT_PROVIDER: 'sandbox' });
  });
  afterAll(() => t.close());

  it('has a contract for every route', () => {
    const ours = t.app.apiRoutes.filter((r) => PREFIXES.some((p) => r.url === p || r.url.startsWith(`${p}/`)));
    expect(ours.length).toBeGreaterThan(PREFIXES.length);
    expect(ours.filter((r) => !r.contract).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});
