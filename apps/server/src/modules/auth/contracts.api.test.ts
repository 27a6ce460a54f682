import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The whole route table: every /api route, whatever module registers it, answers to a contract in
 * packages/shared. Better Auth's own /api/auth/* handler is not ours to describe; the routes beside
 * it (/api/me, /api/auth-config, ...) are.
 */
describe('contracts of the whole API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PAYMENT_PROVIDER: 'sandbox' });
  });
  afterAll(() => t.close());

  it('has a contract for every route but Better Auth’s handler', () => {
    const ours = t.app.apiRoutes.filter((r) => !r.url.startsWith('/api/auth/'));
    expect(ours.length).toBeGreaterThan(100);
    expect(ours.filter((r) => !r.contract).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('registers each contract once, under the path and method it names', () => {
    const withContract = t.app.apiRoutes.filter((r) => r.contract);
    for (const r of withContract) expect(`${r.method} ${r.url}`).toBe(`${r.contract!.method} ${r.contract!.path}`);
    const keys = withContract.map((r) => `${r.method} ${r.url}`);
    expect(keys.length).toBe(new Set(keys).size);
  });
});
