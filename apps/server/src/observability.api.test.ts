import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.ts';
import { loadConfig } from './platform/config/env.ts';
import type { DatabaseHandle } from './platform/db/client.ts';
import { createJobQueue, type JobQueue } from './platform/jobs/queue.ts';
import { loggerOptions } from './platform/http/logger.ts';
import { createSmtpMailer, MAIL_DELIVER_JOB, type TSmtpMailer } from './platform/mail/mailer.ts';
import { createTestDatabase } from './test/test-database.ts';
import { currentRequestId } from './platform/observability/request-context.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A value of one series in Prometheus text: `name{labels} value`, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const wanted = Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`));
    if (wanted) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

type TSetup = {
  app: App;
  database: DatabaseHandle;
  jobs: JobQueue;
  mailer: TSmtpMailer;
  lines: Record<string, unknown>[];
  received: string[];
  smtp: SMTPServer;
};

/**
 * The server as production builds it (its real logger, written to memory; the SMTP mailer behind
 * the job queue, to a loopback SMTP server), with a few routes of the test's own: one that logs
 * personal data by mistake, one that enqueues a job and sends a mail, one that fails.
 */
async function setUp(env: Record<string, string> = {}): Promise<TSetup> {
  const received: string[] = [];
  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), 'sekolo-test-unused'),
    WEB_DIST: path.join(os.tmpdir(), 'sekolo-test-no-web'),
    PUBLIC_URL: 'http://localhost:3000',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    ...env,
  });
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  // The app logs what the mailer and the queue report, once it exists (as server.ts does).
  const built: { app?: App } = {};
  const log = {
    warn: (details: Record<string, unknown>, message: string) => built.app?.log.warn(details, message),
    info: (details: Record<string, unknown>, message: string) => built.app?.log.info(details, message),
  };
  const jobs = createJobQueue(database, { pollingIntervalSeconds: 600, log });
  const mailer = createSmtpMailer(database.db, { jobs, url: config.SMTP_URL!, from: config.MAIL_FROM, log });
  const seen: { requestId: string | undefined; data: unknown }[] = [];
  jobs.register<{ learner: string }>({
    name: 'test.observed',
    retryLimit: 0,
    async handler(data) {
      seen.push({ requestId: currentRequestId(), data });
      built.app?.log.info({ job: 'test.observed' }, 'test job ran');
    },
  });
  await jobs.start();
  const app = await buildApp(
    { config, database, mailer, jobs },
    { logger: { ...(loggerOptions({ LOG_LEVEL: 'info', NODE_ENV: 'production' }) as object), stream } },
  );
  app.get('/api/test-observe/:learnerId', async (request) => {
    // Personal data passed to the logger by mistake, at the top and one level down.
    request.log.info(
      { email: 'thandi@example.test', guardian: { phone: '+27821234567', to: 'sipho@example.test' } },
      'test route',
    );
    await jobs.send('test.observed', { learner: (request.params as { learnerId: string }).learnerId });
    await mailer.send({ to: 'sipho@example.test', subject: 'Absent today', text: 'Sipho was absent.', tag: 'test' });
    return { ok: true };
  });
  app.get('/api/test-observe-fail', async () => {
    throw new Error('the database fell over');
  });
  built.app = app;
  await app.ready();
  Object.assign(setUp, { seen });
  return { app, database, jobs, mailer, lines, received, smtp };
}

describe('watching the server: metrics, health, request ids and logs', () => {
  let t: TSetup;
  let seen: { requestId: string | undefined; data: unknown }[];
  beforeAll(async () => {
    t = await setUp();
    seen = (setUp as unknown as { seen: typeof seen }).seen;
  });
  afterAll(async () => {
    await t.app.close();
    await t.jobs.stop({ timeoutMs: 5000 });
    await t.mailer.close();
    await t.database.close();
    await new Promise<void>((resolve) => t.smtp.close(() => resolve()));
  });

  it('carries each request id through the job and the mail it starts, and logs no personal data', async () => {
    const res = await t.app.inject({ url: '/api/test-observe/learner-42' });
    expect(res.statusCode).toBe(200);
    const requestId = res.headers['x-request-id'] as string;
    expect(requestId).toMatch(UUID);
    await t.jobs.settle('test.observed');
    await t.mailer.flush();
    await t.jobs.settle(MAIL_DELIVER_JOB);

    // The job ran with the request's id, and its handler saw only its own data.
    expect(seen).toContainEqual({ requestId, data: { learner: 'learner-42' } });
    expect(t.received).toHaveLength(1);
    const ofRequest = t.lines.filter((line) => line.requestId === requestId);
    const messages = ofRequest.map((line) => line.msg);
    expect(messages).toEqual(expect.arrayContaining(['test route', 'test job ran', 'mail: delivered']));
    // A second request has an id of its own.
    const other = await t.app.inject({ url: '/api/health/live' });
    expect(other.headers['x-request-id']).toMatch(UUID);
    expect(other.headers['x-request-id']).not.toBe(requestId);

    const logged = JSON.stringify(t.lines);
    for (const personal of ['thandi@example.test', '+27821234567', 'sipho@example.test', 'Sipho was absent']) {
      expect(logged).not.toContain(personal);
    }
    const routeLine = ofRequest.find((line) => line.msg === 'test route')!;
    expect(routeLine).toMatchObject({ email: '[redacted]', guardian: { phone: '[redacted]', to: '[redacted]' } });
  });

  it('takes no request id from a caller without a proxy in front', async () => {
    const res = await t.app.inject({ url: '/api/health/live', headers: { 'x-request-id': 'chosen-by-caller-1' } });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('reports request rate, latency and errors per route pattern, never per URL', async () => {
    await t.app.inject({ url: '/api/test-observe/learner-7' });
    const failed = await t.app.inject({ url: '/api/test-observe-fail' });
    expect(failed.statusCode).toBe(500);
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    const route = { method: 'GET', route: '/api/test-observe/:learnerId', status_code: '200' };
    expect(sample(text, 'sekolo_http_requests_total', route)).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain('learner-7');
    expect(
      sample(text, 'sekolo_http_request_duration_seconds_count', { route: '/api/test-observe/:learnerId' }),
    ).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'sekolo_http_errors_total', { route: '/api/test-observe-fail' })).toBe(1);
    expect(sample(text, 'sekolo_http_requests_total', { route: '/api/test-observe-fail', status_code: '500' })).toBe(1);
    // Node's own, once per process.
    expect(sample(text, 'sekolo_process_resident_memory_bytes')).toBeGreaterThan(0);
    if (t.database.engine === 'postgres') {
      expect(sample(text, 'sekolo_db_pool_connections', { state: 'max' })).toBe(4);
      expect(sample(text, 'sekolo_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    }
  });

  it('reports the job queue depth and failures and the mail backlog from the database', async () => {
    // The earlier tests' mail delivered first: nothing is waiting.
    await t.mailer.flush();
    expect(sample((await t.app.inject({ url: '/metrics' })).body, 'sekolo_mail_backlog', { status: 'pending' })).toBe(
      0,
    );
    await t.jobs.send('test.observed', { learner: 'later' }, { startAfter: 3600 });
    await t.database.db
      .execute(sql`INSERT INTO outbox_messages ("to", subject, text, status, next_attempt_at, created_at)
      VALUES ('a@example.test', 's', 't', 'pending', now() + interval '1 hour', now() - interval '90 seconds')`);
    const text = (await t.app.inject({ url: '/metrics' })).body;
    expect(sample(text, 'sekolo_jobs', { job: 'test.observed', state: 'created' })).toBe(1);
    expect(sample(text, 'sekolo_mail_backlog', { status: 'pending' })).toBe(1);
    expect(sample(text, 'sekolo_mail_backlog', { status: 'sending' })).toBe(0);
    expect(sample(text, 'sekolo_mail_oldest_pending_seconds')).toBeGreaterThanOrEqual(89);

    // A job that fails is counted, and kept as failed for the console.
    t.jobs.register({
      name: 'test.failing',
      retryLimit: 0,
      handler: async () => {
        throw new Error('no');
      },
    });
    const before = sample((await t.app.inject({ url: '/metrics' })).body, 'sekolo_job_run_failures_total', {
      job: 'test.failing',
    });
    await t.jobs.send('test.failing', {});
    await t.jobs.settle('test.failing');
    const after = (await t.app.inject({ url: '/metrics' })).body;
    expect(sample(after, 'sekolo_job_run_failures_total', { job: 'test.failing', final: 'true' })).toBe(
      (before ?? 0) + 1,
    );
    expect(sample(after, 'sekolo_jobs', { job: 'test.failing', state: 'failed' })).toBe(1);
  });

  it('serves /metrics only on this machine, not to a request a proxy forwarded', async () => {
    const forwarded = await t.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(forwarded.statusCode).toBe(403);
    expect(forwarded.body).not.toContain('sekolo_http');
    const remote = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
  });

  it('answers live and ready, and not ready while a migration is pending', async () => {
    expect((await t.app.inject({ url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: t.database.engine, pendingMigrations: 0 });
    // The existing health check keeps its contract.
    expect((await t.app.inject({ url: '/api/health' })).json()).toMatchObject({
      status: 'ok',
      database: t.database.engine,
    });

    // The last migration forgotten: as after a release whose migrations have not run.
    const [last] = (
      (await t.database.db.execute(
        sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = (SELECT max(id) FROM drizzle.__drizzle_migrations) RETURNING hash, created_at`,
      )) as unknown as { rows: { hash: string; created_at: string }[] }
    ).rows;
    try {
      const pending = await t.app.inject({ url: '/api/health/ready' });
      expect(pending.statusCode).toBe(503);
      expect(pending.json()).toMatchObject({ status: 'not_ready', reasons: [expect.stringMatching(/1 migration/)] });
    } finally {
      await t.database.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${last!.hash}, ${last!.created_at})`,
      );
    }
    expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });
});

describe('watching the server: the metrics token and an unreachable database', () => {
  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    const t = await setUp({ METRICS_TOKEN: 'a-long-metrics-token-0123' });
    try {
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
      const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer nope' } });
      expect(wrong.statusCode).toBe(401);
      const right = await t.app.inject({
        url: '/metrics',
        headers: { authorization: 'Bearer a-long-metrics-token-0123', 'x-forwarded-for': '203.0.113.9' },
      });
      expect(right.statusCode).toBe(200);
      expect(right.body).toContain('sekolo_http_requests_total');
    } finally {
      await t.app.close();
      await t.jobs.stop({ timeoutMs: 5000 });
      await t.mailer.close();
      await t.database.close();
      await new Promise<void>((resolve) => t.smtp.close(() => resolve()));
    }
  });

  it('answers not ready while the database is unreachable, and alive all the same', async () => {
    const t = await setUp();
    await t.jobs.stop({ timeoutMs: 5000 });
    await t.database.close();
    try {
      const ready = await t.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        status: 'not_ready',
        reasons: [expect.stringMatching(/^The database is unreachable/)],
      });
      expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await t.app.close();
      await t.mailer.close();
      await new Promise<void>((resolve) => t.smtp.close(() => resolve()));
    }
  });
});
