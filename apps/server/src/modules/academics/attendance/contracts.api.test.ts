import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendanceContracts } from '@sekolo/shared/contracts/academics';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** Every route under /api/school/attendance answers to a contract, and every contract has its route. */
describe('attendance contracts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('registers each route from its contract', () => {
    const routes = t.app.apiRoutes.filter((r) => r.url.startsWith('/api/school/attendance/'));
    expect(routes.filter((r) => !r.contract)).toEqual([]);
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      Object.values(attendanceContracts)
        .map((c) => `${c.method} ${c.path}`)
        .sort(),
    );
  });
});
