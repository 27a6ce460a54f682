import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConsoleJob } from '@sekolo/shared/schemas/jobs';
import { auditEvents } from '../../platform/db/schema/index.ts';
import { signIn } from '../../test/auth-helpers.ts';
import { createUser } from '../../test/factories/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('the console of background jobs (API)', () => {
  let t: TestApp;
  let operator: string;
  let customer: string;
  let operatorId: string;
  let broken = true;
  const runs: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    // A job that fails while `broken`, as a delivery does while its server is down.
    t.jobs.register<{ n: number }>({
      name: 'test.fragile',
      retryLimit: 1,
      retryDelaySeconds: 60,
      handler: async ({ n }) => {
        runs.push(n);
        if (broken) throw new Error('the partner API answered 503');
      },
    });
    await t.jobs.start();
    const admin = await createUser(t.database.db, { role: 'platform_admin' });
    operatorId = admin.id;
    operator = (await signIn(t.app, admin.email, admin.password)).cookie;
    const someone = await createUser(t.database.db, { role: 'customer' });
    customer = (await signIn(t.app, someone.email, someone.password)).cookie;
  });
  afterAll(() => t.close());

  const list = (cookie: string, query = '?state=failed') =>
    t.app.inject({ method: 'GET', url: `/api/console/jobs${query}`, headers: cookie ? { cookie } : {} });
  const retry = (cookie: string, id: string) =>
    t.app.inject({ method: 'POST', url: `/api/console/jobs/${id}/retry`, headers: cookie ? { cookie } : {} });

  /** A job that fails its run and its one retry (60 to 120 s later, made due here). */
  async function failedJob(n: number): Promise<string> {
    const id = (await t.jobs.send('test.fragile', { n }))!;
    await t.jobs.settle('test.fragile');
    expect((await t.jobs.find(id))!.state).toBe('retry');
    const waits = await t.database.db.execute(
      sql`select extract(epoch from start_after - now())::int as s from pgboss.job where id = ${id}::uuid`,
    );
    const wait = (waits as unknown as { rows: { s: number }[] }).rows[0]!.s;
    expect(wait).toBeGreaterThanOrEqual(55);
    expect(wait).toBeLessThanOrEqual(120);
    await t.database.db.execute(sql`update pgboss.job set start_after = now() where id = ${id}::uuid`);
    await t.jobs.settle('test.fragile');
    return id;
  }

  it('lists failed jobs to the operator: name, error, attempts and when', async () => {
    const id = await failedJob(1);
    const res = await list(operator);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const item = (res.json().items as TConsoleJob[]).find((job) => job.id === id);
    expect(item).toMatchObject({
      name: 'test.fragile',
      state: 'failed',
      attempts: 2,
      error: 'the partner API answered 503',
    });
    expect(Date.parse(item!.endedAt!)).toBeGreaterThan(Date.now() - 60_000);
    // failed is the default.
    expect((await list(operator, '')).json().items.map((job: TConsoleJob) => job.id)).toContain(id);
  });

  it('refuses the list and the retry to anyone but a platform operator', async () => {
    const id = await failedJob(2);
    expect((await list('')).statusCode).toBe(401);
    expect((await list(customer)).statusCode).toBe(403);
    expect((await retry('', id)).statusCode).toBe(401);
    expect((await retry(customer, id)).statusCode).toBe(403);
    expect((await t.jobs.find(id))!.state).toBe('failed');
  });

  it('answers a clear message for a state or an id that is not one', async () => {
    const res = await list(operator, '?state=broken');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Choose a state');
    expect((await retry(operator, 'not-an-id')).statusCode).toBe(400);
    const unknown = await retry(operator, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { message: 'Job not found.' } });
  });

  it('runs a failed job again on retry, audited, and then lists it no more', async () => {
    const id = await failedJob(3);
    broken = false;
    const res = await retry(operator, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ job: { id, name: 'test.fragile' } });
    await t.jobs.settle('test.fragile');
    expect(await t.jobs.find(id)).toMatchObject({ state: 'completed', attempts: 3 });
    expect(runs.filter((n) => n === 3)).toHaveLength(3);
    expect((await list(operator)).json().items.map((job: TConsoleJob) => job.id)).not.toContain(id);

    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'jobs.retried'), eq(auditEvents.target, `job:${id}`)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: operatorId, details: { name: 'test.fragile' } });

    // Not failed any more: nothing to retry.
    const again = await retry(operator, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/only a failed job can be retried/);
  });
});
