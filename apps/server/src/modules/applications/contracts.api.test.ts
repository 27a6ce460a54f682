import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Every route of the applicant's application and of the review console answers to a contract. */
const PREFIXES = ['/api/applications', '/api/console/applications'];

describe('contracts of the applications routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has a contract for every route', () => {
    const ours = t.app.apiRoutes.filter((r) => PREFIXES.some((p) => r.url === p || r.url.startsWith(`${p}/`)));
    expect(ours.length).toBeGreaterThan(PREFIXES.length);
    expect(ours.filter((r) => !r.contract).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});
