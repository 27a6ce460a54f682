import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { rowsOf } from '../db/client.ts';
import { transaction } from '../db/transaction.ts';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test/test-database.ts';
import { createJobQueue, type JobQueue } from './queue.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the job queue (pg-boss on the app database)', () => {
  let database: DatabaseHandle;
  let jobs: JobQueue;
  const ran: { name: string; data: unknown; attempt: number }[] = [];
  let failUntilAttempt = Infinity;

  beforeAll(async () => {
    database = await createTestDatabase();
    // A poll far slower than the tests: a job that runs promptly was woken, not polled.
    jobs = createJobQueue(database, { pollingIntervalSeconds: 600 });
    jobs.register<{ n: number }>({
      name: 'test.echo',
      handler: async (data, run) => {
        ran.push({ name: run.name, data, attempt: run.attempt });
        return { doubled: data.n * 2 };
      },
    });
    jobs.register<{ n: number }>({
      name: 'test.flaky',
      retryLimit: 2,
      retryDelaySeconds: 10,
      handler: async (data, run) => {
        ran.push({ name: run.name, data, attempt: run.attempt });
        if (run.attempt < failUntilAttempt) throw new Error(`the mail server is down (run ${run.attempt})`);
      },
    });
    jobs.register<{ kind: string }>({
      name: 'test.morning',
      schedule: { cron: '0 7 * * 1-5', tz: 'Africa/Johannesburg', data: { kind: 'reminders' } },
      handler: async (data, run) => {
        ran.push({ name: run.name, data, attempt: run.attempt });
      },
    });
    await jobs.start();
  });
  afterAll(async () => {
    await jobs.stop({ timeoutMs: 1000 });
    await database.close();
  });

  const jobRow = async (id: string) =>
    rowsOf<{ state: string; retry_count: number; start_after: Date; output: { message?: string; doubled?: number } }>(
      await database.db.execute(
        sql`select state, retry_count, start_after, output from pgboss.job where id = ${id}::uuid`,
      ),
    )[0]!;
  const makeDue = (id: string) =>
    database.db.execute(sql`update pgboss.job set start_after = now() where id = ${id}::uuid`);

  it('enqueues a scheduled job once in its minute, however often or by however many processes it is asked', async () => {
    const morning = () => ran.filter((r) => r.name === 'test.morning');
    // Tuesday 3 March 2026, 07:00 in Johannesburg.
    const seven = new Date('2026-03-03T05:00:00Z');
    await jobs.runSchedules(new Date('2026-03-03T05:01:00Z'));
    await jobs.runSchedules(new Date('2026-03-07T05:00:00Z')); // a Saturday
    await jobs.settle('test.morning', { timeoutMs: 5000 });
    expect(morning()).toHaveLength(0);

    // A second process on the same database (another server behind the same load balancer).
    const other = createJobQueue(database, { pollingIntervalSeconds: 600, work: false });
    other.register({
      name: 'test.morning',
      schedule: { cron: '0 7 * * 1-5', tz: 'Africa/Johannesburg' },
      handler: async () => {},
    });
    await other.start();
    try {
      await Promise.all([
        jobs.runSchedules(seven),
        jobs.runSchedules(new Date('2026-03-03T05:00:42Z')),
        other.runSchedules(seven),
      ]);
    } finally {
      await other.stop({ timeoutMs: 1000 });
    }
    await jobs.settle('test.morning', { timeoutMs: 5000 });
    expect(morning()).toEqual([{ name: 'test.morning', data: { kind: 'reminders' }, attempt: 1 }]);

    // The next weekday's 07:00 is a job of its own.
    await jobs.runSchedules(new Date('2026-03-04T05:00:00Z'));
    await jobs.settle('test.morning', { timeoutMs: 5000 });
    expect(morning()).toHaveLength(2);
  });

  it('refuses a schedule it cannot read when the job is declared', () => {
    expect(() =>
      jobs.register({ name: 'test.never', schedule: { cron: '0 25 * * *' }, handler: async () => {} }),
    ).toThrow(/hour/);
  });

  it('runs a job enqueued, with its data, and keeps its output', async () => {
    const id = await jobs.send('test.echo', { n: 21 });
    expect(id).toBeTruthy();
    await jobs.settle('test.echo', { timeoutMs: 5000 });
    expect(ran).toContainEqual({ name: 'test.echo', data: { n: 21 }, attempt: 1 });
    expect(await jobRow(id!)).toMatchObject({ state: 'completed', output: { doubled: 42 } });
  });

  it('refuses a job nobody registered', async () => {
    await expect(jobs.send('test.unknown', {})).rejects.toThrow(/no job is registered as test.unknown/);
  });

  it('runs a job with a singleton key once, however often it is enqueued', async () => {
    const first = await jobs.send('test.echo', { n: 1 }, { singletonKey: 'renew:2026-07-01' });
    const second = await jobs.send('test.echo', { n: 2 }, { singletonKey: 'renew:2026-07-01' });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
    await jobs.settle('test.echo');
    // Still once after it completed.
    expect(await jobs.send('test.echo', { n: 3 }, { singletonKey: 'renew:2026-07-01' })).toBeNull();
    await jobs.settle('test.echo');
    expect(ran.filter((r) => [1, 2, 3].includes((r.data as { n: number }).n))).toEqual([
      { name: 'test.echo', data: { n: 1 }, attempt: 1 },
    ]);
  });

  it('waits for a delayed job until its time', async () => {
    const id = await jobs.send('test.echo', { n: 50 }, { startAfter: 3600 });
    await jobs.settle('test.echo');
    expect((await jobRow(id!)).state).toBe('created');
    expect(ran.some((r) => (r.data as { n: number }).n === 50)).toBe(false);
    await makeDue(id!);
    await jobs.settle('test.echo');
    expect((await jobRow(id!)).state).toBe('completed');
  });

  it('enqueues a job within a transaction only if it commits', async () => {
    await expect(
      transaction(database.db, async (tx) => {
        await jobs.send('test.echo', { n: 60 }, { within: tx });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const id = await transaction(database.db, (tx) => jobs.send('test.echo', { n: 61 }, { within: tx }));
    // Woken on the commit: the poll is ten minutes away.
    await expect.poll(async () => (await jobRow(id!)).state, { timeout: 5000 }).toBe('completed');
    expect(ran.map((r) => (r.data as { n: number }).n)).toContain(61);
    expect(ran.map((r) => (r.data as { n: number }).n)).not.toContain(60);
  });

  it('retries a failing job with a growing wait, keeps it failed after its last retry, and runs it again on retry()', async () => {
    failUntilAttempt = Infinity;
    const id = (await jobs.send('test.flaky', { n: 70 }))!;
    await jobs.settle('test.flaky');
    let row = await jobRow(id);
    expect(row.state).toBe('retry');
    // The first retry waits retryDelaySeconds to twice that.
    const firstWait = new Date(row.start_after).getTime() - Date.now();
    expect(firstWait).toBeGreaterThan(8_000);
    expect(firstWait).toBeLessThanOrEqual(20_000);

    await makeDue(id);
    await jobs.settle('test.flaky');
    row = await jobRow(id);
    expect(row.state).toBe('retry');
    // The second waits twice as long: 20 to 40 s.
    const secondWait = new Date(row.start_after).getTime() - Date.now();
    expect(secondWait).toBeGreaterThan(18_000);
    expect(secondWait).toBeLessThanOrEqual(40_000);

    await makeDue(id);
    await jobs.settle('test.flaky');
    expect(await jobRow(id)).toMatchObject({ state: 'failed', output: { message: 'the mail server is down (run 3)' } });
    expect(ran.filter((r) => r.name === 'test.flaky').map((r) => r.attempt)).toEqual([1, 2, 3]);

    const [listed] = (await jobs.list({ state: 'failed' })).filter((job) => job.id === id);
    expect(listed).toMatchObject({ name: 'test.flaky', attempts: 3, error: 'the mail server is down (run 3)' });
    expect(listed!.endedAt).toBeInstanceOf(Date);

    // The operator retries it once the cause is fixed.
    failUntilAttempt = 0;
    expect(await jobs.retry(id)).toEqual({ id, name: 'test.flaky' });
    await jobs.settle('test.flaky');
    expect((await jobRow(id)).state).toBe('completed');
    expect((await jobs.list({ state: 'failed' })).map((job) => job.id)).not.toContain(id);
    // Only a failed job can be retried.
    expect(await jobs.retry(id)).toBeNull();
  });
});

describe('stopping the job queue', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('lets a running job finish before it stops', async () => {
    const jobs = createJobQueue(database, { pollingIntervalSeconds: 600 });
    let started = false;
    let finished = false;
    jobs.register({
      name: 'test.slow',
      handler: async () => {
        started = true;
        await pause(1500);
        finished = true;
      },
    });
    await jobs.start();
    const id = await jobs.send('test.slow', {});
    await expect.poll(() => started, { timeout: 5000 }).toBe(true);
    await jobs.stop({ timeoutMs: 10_000 });
    expect(finished).toBe(true);
    const [row] = rowsOf<{ state: string }>(
      await database.db.execute(sql`select state from pgboss.job where id = ${id}::uuid`),
    );
    expect(row!.state).toBe('completed');
  });

  it('hands a job still running at the timeout back to the queue, to run again', async () => {
    const jobs = createJobQueue(database, { pollingIntervalSeconds: 600 });
    let started = false;
    jobs.register({
      name: 'test.stuck',
      retryDelaySeconds: 0,
      retryBackoff: false,
      handler: async () => {
        started = true;
        await pause(4000);
      },
    });
    await jobs.start();
    const id = await jobs.send('test.stuck', {});
    await expect.poll(() => started, { timeout: 5000 }).toBe(true);
    const before = Date.now();
    await jobs.stop({ timeoutMs: 1000 });
    expect(Date.now() - before).toBeLessThan(3000);
    const [row] = rowsOf<{ state: string }>(
      await database.db.execute(sql`select state from pgboss.job where id = ${id}::uuid`),
    );
    expect(row!.state).toBe('retry');
    await pause(3500); // the abandoned handler ends before the database closes
  });
});
