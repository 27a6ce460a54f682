import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peopleContracts } from '@sekolo/shared/contracts/people';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Every route of the school's people and of the guardian links answers to a contract of peopleContracts. */
describe('people contracts', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  // Attendance and the timetable live under /api/school too, with contracts of their own.
  const ours = (url: string) =>
    (url.startsWith('/api/school/') && !/^\/api\/school\/(attendance|timetable)(\/|$)/.test(url)) ||
    url.startsWith('/api/guardian-links/');

  it('registers each route from its contract', () => {
    const routes = t.app.apiRoutes.filter((route) => ours(route.url));
    expect(routes.filter((route) => !route.contract)).toEqual([]);
    const contracts = Object.values(peopleContracts);
    expect(routes.map((route) => route.contract)).toEqual(expect.arrayContaining(contracts));
    expect(routes).toHaveLength(contracts.length);
    for (const route of routes) {
      expect(route.url).toBe(route.contract!.path);
      expect(route.method).toBe(route.contract!.method);
    }
  });
});
