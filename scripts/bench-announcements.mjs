#!/usr/bin/env node
/* global performance */
// Announcements at scale, run by `npm run bench` (BENCH_ONLY=announcements runs only this part), or alone:
//   node scripts/bench-announcements.mjs
// On PostgreSQL, the 50 000-learner school of the scale bench (scripts/bench-school.mjs) sends one
// announcement to every family (in the app, by e-mail), through the announcements module's own use
// case and send job (modules/announcements/send.ts) over the server's database code:
//   - accepted and queued (recipients expanded, in-app notifications written, the send job queued,
//     one transaction)                                         <= 5 s
//   - in-app notifications visible at once: counted right after the accept returns
//   - every e-mail in the outbox (the send job, 5 000 a statement) <= 60 s after the accept
// then the same expansion SQL run directly (EXPLAIN ANALYZE of the recipients INSERT … SELECT).
// The database is a copy of the scale bench's (BENCH_ANNOUNCE_DATABASE, default sekolo_bench_announce,
// made with CREATE DATABASE … TEMPLATE sekolo_bench_scale when missing), so the shared one is not
// changed; each guardian there gets an account once (reused), so every family has an in-app bell.
// Writes bench-results/announcements-latest.json; exits 1 on a missed target.
//
// Options (environment): BENCH_DATABASE_URL (admin connection, as bench-school.mjs),
//   BENCH_ANNOUNCE_DATABASE, BENCH_SCALE_DATABASE (the template, default sekolo_bench_scale).
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(import.meta.dirname, '..');
const LOCAL_SOCKET_DIR = '/var/run/postgresql';
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ||
  (fs.existsSync(path.join(LOCAL_SOCKET_DIR, '.s.PGSQL.5432'))
    ? `postgres://postgres@${encodeURIComponent(LOCAL_SOCKET_DIR)}/postgres`
    : 'postgres://postgres@127.0.0.1:5432/postgres');
const TEMPLATE = process.env.BENCH_SCALE_DATABASE || 'sekolo_bench_scale';
const DB_NAME = process.env.BENCH_ANNOUNCE_DATABASE || 'sekolo_bench_announce';
const TARGETS = { acceptMs: 5_000, allMailMs: 60_000 };
const dbUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
})();
const imp = (p) => tsImport(path.join(root, p), import.meta.url);

async function prepareDatabase() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const { rows } = await admin.query('select 1 from pg_database where datname = $1', [DB_NAME]);
  if (!rows.length) {
    console.log(`  copying ${TEMPLATE} to ${DB_NAME} (once)…`);
    await admin.query(`create database "${DB_NAME}" template "${TEMPLATE}"`);
  }
  await admin.end();
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  // This branch's migration, when the copy's migrator would skip it (a later one was applied there).
  const { rows: has } = await client.query("select to_regclass('public.announcements') as t");
  if (!has[0].t) {
    const text = fs.readFileSync(
      path.join(root, 'apps/server/src/platform/db/migrations/0040_notifications.sql'),
      'utf8',
    );
    for (const statement of text.split('--> statement-breakpoint')) await client.query(statement);
  }
  // Every guardian with an account (once), so each family has a bell.
  const started = performance.now();
  const { rowCount } = await client.query(`
    with made as (
      insert into users (id, name, email, first_name, last_name, role, email_verified)
      select 'bench-g-' || g.id, g.first_name || ' ' || g.last_name, 'bench-' || g.id || '@families.bench.test',
        g.first_name, g.last_name, 'parent', true
      from guardians g where g.user_id is null
      returning id
    )
    update guardians g set user_id = 'bench-g-' || g.id, email = coalesce(g.email, 'bench-' || g.id || '@families.bench.test')
    where g.user_id is null`);
  if (rowCount)
    console.log(`  gave ${rowCount} guardians an account in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await client.query('vacuum analyze guardians, users, learner_guardians, learners');
  const { rows: org } = await client.query(`
    select o.id, o.name, m.user_id from organizations o
    join organization_members m on m.organization_id = o.id and m.role = 'school_admin'
    where exists (select 1 from learners l where l.organization_id = o.id)
    order by (select count(*) from learners l where l.organization_id = o.id) desc limit 1`);
  await client.end();
  return org[0];
}

async function main() {
  console.log(`Announcements bench on ${DB_NAME}`);
  const school = await prepareDatabase();
  const { openPostgres, createJobQueue, createOutboxMailer, loadConfig, ...announcements } = await imp(
    'scripts/bench-announcements/server-parts.ts',
  );
  const database = await openPostgres(dbUrl, { max: 8 });
  const { db, pool } = { db: database.db, pool: new pg.Pool({ connectionString: dbUrl, max: 2 }) };
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: dbUrl,
    AUTH_SECRET: 'x'.repeat(40),
    PUBLIC_URL: 'https://sekolo.example',
  });
  const mailer = createOutboxMailer(db);
  const jobs = createJobQueue(database, { pollingIntervalSeconds: 1 });
  announcements.registerAnnouncementJobs(jobs, db, mailer, config);
  await jobs.start();

  const families = Number(
    (
      await pool.query(
        `select count(distinct lg.guardian_id)::int as n from learner_guardians lg
    join learners l on l.id = lg.learner_id where l.organization_id = $1 and lg.receives_communications and l.archived_at is null`,
        [school.id],
      )
    ).rows[0].n,
  );
  const ctx = {
    organizationId: school.id,
    schoolName: school.name,
    ip: '127.0.0.1',
    user: { id: school.user_id, permissions: ['manage_settings'], role: 'school_admin', status: 'active' },
  };
  const title = `Bench notice ${Date.now()}`;
  const t0 = performance.now();
  const made = await announcements.createAnnouncement(db, jobs, ctx, {
    title,
    body: 'The school closes at 12:00 on Friday for the staff development day. Aftercare runs as usual.',
    audience: { type: 'school' },
    channels: ['in_app', 'email'],
    attachmentIds: [],
  });
  const acceptMs = performance.now() - t0;
  const inApp = Number(
    (await pool.query('select count(*)::int as n from notifications where event_key = $1', [`announcement:${made.id}`]))
      .rows[0].n,
  );
  const inAppAtMs = performance.now() - t0;

  let allMailMs = null;
  // The send job is done when the announcement is 'sent': every recipient's e-mail is in the outbox.
  while (performance.now() - t0 < 180_000) {
    const { status } = (await pool.query('select status from announcements where id = $1', [made.id])).rows[0];
    if (status === 'sent') {
      allMailMs = performance.now() - t0;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const mailed = Number(
    (
      await pool.query(
        "select count(*)::int as n from announcement_recipients where announcement_id = $1 and email_status = 'written'",
        [made.id],
      )
    ).rows[0].n,
  );
  const recipients = Number(
    (await pool.query('select count(*)::int as n from announcement_recipients where announcement_id = $1', [made.id]))
      .rows[0].n,
  );
  const outbox = Number(
    (
      await pool.query(
        'select count(*)::int as n from outbox_messages m join announcement_recipients r on r.mail_id = m.id where r.announcement_id = $1',
        [made.id],
      )
    ).rows[0].n,
  );
  // The expansion's SQL alone, run directly, on a throwaway copy of the announcement (rolled back).
  const client = await pool.connect();
  let sqlExpandMs;
  try {
    await client.query('begin');
    const copy = (
      await client.query(
        `insert into announcements (organization_id, title, body, audience, audience_label, channels, status)
       select organization_id, title, body, audience, audience_label, channels, 'sending' from announcements where id = $1 returning id`,
        [made.id],
      )
    ).rows[0].id;
    const s = performance.now();
    await client.query(
      `insert into announcement_recipients (announcement_id, recipient_key, guardian_id, user_id, name, email, phone, email_status, sms_status)
       select $1::uuid, 'g:' || g.id, g.id, g.user_id, trim(g.first_name || ' ' || g.last_name), g.email, nullif(g.phone, ''),
         case when g.email is not null and g.email <> '' and coalesce(p.email, true) then 'queued' else 'skipped' end, 'none'
       from guardians g left join notification_preferences p on p.user_id = g.user_id and p.kind = 'announcement'
       where g.organization_id = $2 and exists (select 1 from learner_guardians lg join learners l on l.id = lg.learner_id
         where lg.guardian_id = g.id and lg.organization_id = $2 and lg.receives_communications and l.archived_at is null)`,
      [copy, school.id],
    );
    sqlExpandMs = performance.now() - s;
    await client.query('rollback');
  } finally {
    client.release();
  }
  await jobs.stop({ timeoutMs: 5_000 });
  await database.close?.();
  await pool.end();

  const result = {
    at: new Date().toISOString(),
    database: DB_NAME,
    families,
    recipients,
    acceptMs: Math.round(acceptMs),
    inAppVisible: inApp,
    inAppCountedAtMs: Math.round(inAppAtMs),
    allMailMs: allMailMs === null ? null : Math.round(allMailMs),
    mailWritten: mailed,
    outboxRows: outbox,
    sqlExpandMs: sqlExpandMs === undefined ? null : Math.round(sqlExpandMs),
    targets: TARGETS,
  };
  const ok =
    result.acceptMs <= TARGETS.acceptMs &&
    result.allMailMs !== null &&
    result.allMailMs <= TARGETS.allMailMs &&
    result.inAppVisible === result.recipients &&
    result.outboxRows === result.mailWritten;
  console.log(`  families ${families}, recipients ${result.recipients}`);
  console.log(
    `  accepted and queued in ${result.acceptMs} ms (target ${TARGETS.acceptMs}); in-app notifications visible then: ${inApp}`,
  );
  console.log(
    `  every e-mail in the outbox after ${result.allMailMs} ms (target ${TARGETS.allMailMs}); ${outbox} outbox rows`,
  );
  console.log(`  the recipients INSERT … SELECT alone, directly: ${result.sqlExpandMs} ms`);
  fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench-results/announcements-latest.json'),
    JSON.stringify({ ...result, ok }, null, 2),
  );
  console.log(ok ? '  announcements: all targets met' : '  announcements: a target was missed');
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
