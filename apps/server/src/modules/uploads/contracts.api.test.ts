import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Every route of the uploaded files answers to a contract. */
describe('contracts of the uploads routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has a contract for every route', () => {
    const ours = t.app.apiRoutes.filter((r) => r.url === '/api/uploads' || r.url.startsWith('/api/uploads/'));
    expect(ours.length).toBeGreaterThanOrEqual(3);
    expect(ours.filter((r) => !r.contract).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });
});
