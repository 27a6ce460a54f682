#!/usr/bin/env node
/* global fetch, performance */
// School scale bench, run by `npm run bench` (BENCH_ONLY=school runs only this part), or alone:
//   node scripts/bench-school.mjs
// On PostgreSQL, against a generated school of 50 000 learners and a school year of daily attendance
// (about 10 million rows, `npm run db:seed-scale`), with 16 concurrent connections:
//   - reading one class register          GET /api/school/attendance/classes/:id/register/:date  p95 <= 10 ms
//   - saving one 40-learner register      PUT /api/school/attendance/classes/:id/register/:date  p95 <= 25 ms
//   - a learner-list page (50 rows, each sort and direction, with a name search)  GET /api/school/learners  p95 <= 15 ms
// through the real server over HTTP (signed in as the school's admin; one keep-alive connection a
// worker, from a lean client that only writes requests and reads answers' status and length:
// scripts/bench-school/http-client.mjs), then the same SQL statements
// the server runs for each operation directly with `pg` (a pool of 16), then, when pgbench is on PATH,
// the same statements run by pgbench (-M prepared, 16 clients, 2 threads: the floor PostgreSQL itself
// sets on this machine; its helper tables live in the schema `bench` of that database), and prints
// each API figure as a ratio to the SQL and the pgbench ones. When wrk is on PATH (Debian's package
// wrk), the GET operations also run through wrk, a C HTTP client (scripts/bench-school/wrk.mjs): the
// API without the Node client's CPU time, as a ratio to pgbench. With each API figure it prints the CPU
// time per request of the server, of PostgreSQL and of the bench's own Node client (all three share the
// machine's cores). Each side starts after a VACUUM ANALYZE of the tables a save writes and a
// CHECKPOINT, and each side of the saves from the generated school (settle, undoSaves). Writes
// bench-results/school-latest.json; exits 1 on a missed target (judged on the API figure only).
//
// Options (environment):
//   BENCH_DATABASE_URL      admin connection; the bench creates its own database next to it. Default: the
//                           local PostgreSQL's Unix socket when /var/run/postgresql has one (how a server on
//                           the same machine should connect: each round trip costs less than over TCP),
//                           else postgres://postgres@127.0.0.1:5432/postgres
//   BENCH_SCALE_DATABASE    that database's name (default sekolo_bench_scale); reused when it holds the data of
//                           the same generator version and size, so a second run skips the 10M-row build
//   BENCH_SCALE_LEARNERS    learners to generate (default 50000)
//   BENCH_SCALE_REBUILD=1   drop and generate the database again
//   BENCH_SCHOOL_SECONDS    measured seconds per operation and side (default 10, after 2 s of warm-up)
//   BENCH_SCHOOL_CONCURRENCY  connections (default 16)
//   BENCH_SCHOOL_PORT       port for the server (default: a free one)
//   BENCH_SCHOOL_WORKERS    server processes (the server's WEB_CONCURRENCY, default 1)
//   BENCH_SCHOOL_POOL       PostgreSQL connections per server process (the server's DATABASE_POOL_MAX; default
//                           the server's own, defaultPoolMax: twice the machine's cores, at least 4)
//   BENCH_SCHOOL_OPS        the operations to measure, comma-separated (default readRegister,saveRegister,learnerPage)
//   BENCH_SCHOOL_CPU_PROF   a folder: the server runs with --cpu-prof and writes its profile there (open the
//                           .cpuprofile in Chrome DevTools); the figures then include the profiler's cost
//   BENCH_SCHOOL_NODE_OPTIONS  the server's NODE_OPTIONS, to which the server's own V8 settings are added unless
//                           it sets them (apps/server/launch/node-options.mjs): e.g. --max-semi-space-size=16
//                           measures Node's default young generation
//   BENCH_SCHOOL_PGBENCH_KEEP  a folder: the pgbench scripts of each operation are kept there (<op>/script-0.sql),
//                           with <op>/run.sh that runs them again by hand against the same helper tables
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { createHttpClient } from './bench-school/http-client.mjs';
import { alternating, asPgbench, pgbenchVersion, runPgbench } from './bench-school/pgbench.mjs';
import { runWrk, wrkVersion } from './bench-school/wrk.mjs';
import { serverEnv } from '../apps/server/launch/node-options.mjs';

const root = path.resolve(import.meta.dirname, '..');
const LOCAL_SOCKET_DIR = '/var/run/postgresql';
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ||
  (fs.existsSync(path.join(LOCAL_SOCKET_DIR, '.s.PGSQL.5432'))
    ? `postgres://postgres@${encodeURIComponent(LOCAL_SOCKET_DIR)}/postgres`
    : 'postgres://postgres@127.0.0.1:5432/postgres');
const DB_NAME = process.env.BENCH_SCALE_DATABASE || 'sekolo_bench_scale';
const LEARNERS = Math.max(100, Number(process.env.BENCH_SCALE_LEARNERS || 50_000));
const SECONDS = Math.max(1, Number(process.env.BENCH_SCHOOL_SECONDS || 10));
const WARMUP_SECONDS = 2;
const CONCURRENCY = Math.max(1, Number(process.env.BENCH_SCHOOL_CONCURRENCY || 16));
const WORKERS = Math.max(1, Number(process.env.BENCH_SCHOOL_WORKERS || 1));
const TARGETS = { readRegister: 10, saveRegister: 25, learnerPage: 15 };
const OPS = (process.env.BENCH_SCHOOL_OPS || Object.keys(TARGETS).join(','))
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
for (const op of OPS) if (!(op in TARGETS)) throw new Error(`BENCH_SCHOOL_OPS: unknown operation ${op}`);
const LABELS = {
  readRegister: 'read one class register',
  saveRegister: 'save one 40-learner register',
  learnerPage: 'learner-list page (50 rows, sort, name search)',
};

const dbUrl = (() => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
})();
/** How the server, the SQL side and pgbench reach PostgreSQL: a Unix socket's folder, or host:port. */
const dbTransport = (() => {
  const url = new URL(dbUrl);
  const host = decodeURIComponent(url.hostname);
  return host.startsWith('/') ? `Unix socket in ${host}` : `TCP ${host}:${url.port || 5432}`;
})();
const tsx = path.join(root, 'node_modules/.bin/tsx');
const { tsImport } = await import('tsx/esm/api');
const { SCALE_SEED_VERSION, SCALE_SEED_SETTING, SCALE_ADMIN_EMAIL, SCALE_ADMIN_PASSWORD, schoolDays } = await tsImport(
  path.join(root, 'apps/server/src/seed/scale-school.ts'),
  import.meta.url,
);
const { learnerPageWithSessionQuery, pageStatementName } = await tsImport(
  path.join(root, 'apps/server/src/modules/people/list-learners.ts'),
  import.meta.url,
);
const { registerWithSessionQuery, REGISTER_SESSION_STATEMENT, saveRegisterQuery, saveAnswer, SAVE_REGISTER_STATEMENT } =
  await tsImport(path.join(root, 'apps/server/src/modules/academics/attendance/register.ts'), import.meta.url);
const { defaultPoolMax } = await tsImport(path.join(root, 'apps/server/src/platform/config/env.ts'), import.meta.url);
/** The server's PostgreSQL connections per process (its DATABASE_POOL_MAX). */
const POOL = Number(process.env.BENCH_SCHOOL_POOL || defaultPoolMax(WORKERS));
const { absenceMailTemplatesJson, ABSENCE_MAIL_TAG } = await tsImport(
  path.join(root, 'apps/server/src/modules/academics/attendance/absence-notice.ts'),
  import.meta.url,
);
// Writes SQL only: the statements below come from the server's own builders.
const dialect = new PgDialect();
/**
 * A statement the server builds (an SQL of drizzle's, its values placeholders): its text, and its
 * arguments in the order of its parameters, by the placeholders' names (`byName`); a parameter that
 * is a constant of the statement (a session lookup's `limit 1`) is `constant(value)`.
 */
function statementOf(statement) {
  const built = dialect.sqlToQuery(statement);
  return {
    text: built.sql,
    args: (byName, constant = (value) => value) =>
      built.params.map((p) => (p && typeof p === 'object' && 'name' in p ? byName[p.name] : constant(p))),
  };
}
/**
 * The register read (register.ts, registerWithSessionQuery): the caller's session and the register
 * in one statement, as the server sends it, prepared under the server's name.
 */
const REGISTER = { name: REGISTER_SESSION_STATEMENT, ...statementOf(registerWithSessionQuery()) };
/**
 * The register save's statement (register.ts, saveRegisterQuery): the whole save for the caller
 * the route's policy resolved, given as parameters with the auth generation of the session read it
 * reuses, in one statement, prepared under the server's name. Its text, and its arguments in the
 * order of its placeholders (some repeat).
 */
const SAVE = { name: SAVE_REGISTER_STATEMENT, ...statementOf(saveRegisterQuery()) };
/** Who saves, as the server's policy resolves the bench's admin: any class, no class of their own. */
const saveCaller = (auth) => ({
  organizationId: auth.org,
  schoolName: auth.schoolName,
  userId: auth.userId,
  anyClass: true,
  teacherId: '',
  generation: auth.generation,
});

const failures = [];
const fail = (message) => {
  failures.push(message);
  console.log(`  FAIL ${message}`);
};

// ----------------------------------------------------------------------------------- the database
async function storedSummary() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
    if (rows.length === 0) return { exists: false, summary: null };
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT value FROM system_settings WHERE key = $1', [SCALE_SEED_SETTING]);
    return { exists: true, summary: rows[0]?.value ?? null };
  } catch {
    return { exists: true, summary: null }; // not migrated, or an interrupted build
  } finally {
    await client.end();
  }
}

async function prepareDatabase() {
  const { exists, summary } = await storedSummary();
  if (
    process.env.BENCH_SCALE_REBUILD !== '1' &&
    summary &&
    summary.version === SCALE_SEED_VERSION &&
    summary.learners === LEARNERS
  ) {
    console.log(
      `  reusing database ${DB_NAME}: ${summary.learners} learners, ${summary.classes} classes, ${summary.attendanceRecords} attendance records ` +
        `(generator v${summary.version}; BENCH_SCALE_REBUILD=1 builds it again)`,
    );
    return summary;
  }
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    if (exists) {
      console.log(
        `  database ${DB_NAME} holds ${summary ? `generator v${summary.version}, ${summary.learners} learners` : 'no complete scale school'}: dropping it`,
      );
      await admin.query(`DROP DATABASE ${DB_NAME} WITH (FORCE)`);
    }
    await admin.query(`CREATE DATABASE ${DB_NAME}`);
  } finally {
    await admin.end();
  }
  console.log(`  generating the scale school into ${DB_NAME} (npm run db:seed-scale):`);
  const built = spawnSync(tsx, [path.join(root, 'apps/server/src/cli/seed-scale.ts'), '--learners', String(LEARNERS)], {
    cwd: root,
    stdio: 'inherit',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: dbUrl, LOG_LEVEL: 'warn' },
  });
  if (built.status !== 0) throw new Error('the scale school could not be generated');
  const after = await storedSummary();
  if (!after.summary) throw new Error('the generator finished without a summary');
  return after.summary;
}

// -------------------------------------------------------------------------------------- the server
async function freePort() {
  const probe = net.createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function startServer(port) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-bench-school-'));
  const webDist = path.join(dataDir, 'web');
  fs.mkdirSync(webDist);
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>bench</title>');
  let log = '';
  const main = path.join(root, 'apps/server/src/main.ts');
  const profile = process.env.BENCH_SCHOOL_CPU_PROF;
  const [command, args] = profile
    ? [process.execPath, ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`, '--import', 'tsx', main]]
    : [tsx, [main]];
  const child = spawn(command, args, {
    cwd: root,
    env: serverEnv({
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      AUTH_SECRET: randomBytes(24).toString('hex'),
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: path.join(dataDir, 'data'),
      WEB_DIST: webDist,
      DATABASE_URL: dbUrl,
      SEED: 'never',
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: String(WORKERS),
      ...(process.env.BENCH_SCHOOL_POOL ? { DATABASE_POOL_MAX: process.env.BENCH_SCHOOL_POOL } : {}),
      NODE_OPTIONS: process.env.BENCH_SCHOOL_NODE_OPTIONS ?? '',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  return {
    base,
    child,
    log: () => log,
    async ready() {
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`The server exited (code ${child.exitCode}):\n${log}`);
        try {
          if ((await fetch(`${base}/api/health`)).ok) return;
        } catch {
          // not listening yet
        }
        await sleep(250);
      }
      throw new Error(`The server did not start:\n${log}`);
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(15_000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// -------------------------------------------------------------------------------------- measuring
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const round = (n) => Math.round(n * 100) / 100;

/**
 * The tables a register save writes. Before each side of each operation the bench vacuums and
 * analyzes them, then checkpoints (settle), so every side starts from the same state of the
 * database: without it, each side paid for the one before. A save's corrections leave dead rows,
 * which a production PostgreSQL's autovacuum clears but this machine's (autovacuum off) kept, run
 * after run (620 saves a second after a VACUUM, 456 a dozen runs later, docs/decisions/007-school-scale-on-two-cores.md); and a side
 * that followed the saves ran during the checkpoint their WAL brought on (the learner page's API
 * side, right after the saves, p95 16.7 ms against 11.0 through wrk at the end of the same run).
 */
const WRITTEN_TABLES = ['attendance_records', 'attendance_changes', 'outbox_messages', 'audit_events'];

/**
 * Before each side of the saves, what earlier saves wrote is taken away (undoSaves): the marks of
 * this year's days (the generated school has none), every correction's history, audit event and
 * absence e-mail. Otherwise a "first save" of a register an earlier side or run had saved was a
 * correction: after a dozen runs, two thirds of this year's registers were saved, and the saves
 * measured were no longer half first saves.
 */
async function undoSaves(db, org, lastDay) {
  const started = performance.now();
  const counts = [];
  for (const [text, values] of [
    ['DELETE FROM attendance_records WHERE organization_id = $1 AND date > $2', [org, lastDay]],
    ['DELETE FROM attendance_changes WHERE organization_id = $1', [org]],
    ['DELETE FROM outbox_messages WHERE tag = $1', [ABSENCE_MAIL_TAG]],
    ["DELETE FROM audit_events WHERE action = 'attendance.corrected' AND details->>'organizationId' = $1", [org]],
  ])
    counts.push((await db.query(text, values)).rowCount);
  return { deleted: counts, ms: round(performance.now() - started) };
}

/** undoSaves when `undo` holds the school and its last generated day, then VACUUM ANALYZE of WRITTEN_TABLES and CHECKPOINT; kept in the report. */
async function settle(db, name, side, undo) {
  const started = performance.now();
  const undone = undo ? await undoSaves(db, undo.org, undo.lastDay) : undefined;
  await db.query(`VACUUM (ANALYZE) ${WRITTEN_TABLES.join(', ')}`);
  // CHECKPOINT needs a superuser or pg_checkpoint; without it the sides are measured unsettled.
  await db.query('CHECKPOINT').catch((error) => {
    if (!report.checkpointRefused)
      console.log(`  note: CHECKPOINT refused (${error.message}): the sides run without it`);
    report.checkpointRefused = error.message;
  });
  (report.settle[name] ??= {})[side] = { ms: round(performance.now() - started), ...(undone ? { undone } : {}) };
}

/**
 * CONCURRENCY workers, each running `op(worker, i)` back to back: WARMUP_SECONDS unmeasured, then
 * SECONDS measured. Returns latency percentiles (ms), throughput and errors.
 */
async function measure(op) {
  const latencies = [];
  const errors = [];
  let completed = 0;
  const warmEnd = performance.now() + WARMUP_SECONDS * 1000;
  const end = warmEnd + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      for (let i = 0; ; i++) {
        const now = performance.now();
        if (now >= end) return;
        const t0 = performance.now();
        try {
          await op(worker, i);
          completed++;
          if (t0 >= warmEnd) latencies.push(performance.now() - t0);
        } catch (error) {
          if (errors.length < 5) errors.push(String(error?.message ?? error));
          else errors.push(null);
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    withWarmup: completed,
    perSecond: round(latencies.length / SECONDS),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1)),
    errors: errors.length,
    firstErrors: errors.filter(Boolean),
  };
}

/**
 * CPU time (user + system, ms) the server's process tree has used so far, from /proc (Linux; null
 * elsewhere). Per request it is a figure the machine's load hardly moves, unlike latency.
 */
function processTreeCpuMs(pid) {
  if (!pid || !fs.existsSync(`/proc/${pid}/stat`)) return null;
  let ticks = 0;
  const visit = (p) => {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, and cutime, cstime: what its ended children used (a PostgreSQL backend that
      // closes moves its time to the postmaster's cutime, so the tree's total never goes back).
      ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      for (const task of fs.readdirSync(`/proc/${p}/task`)) {
        const children = fs.readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').trim();
        for (const child of children ? children.split(' ') : []) visit(Number(child));
      }
    } catch {
      // the process ended meanwhile
    }
  };
  visit(pid);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/**
 * What PostgreSQL did meanwhile: CPU of its processes (the postmaster's tree, when it runs on this
 * machine and /proc shows it) and the blocks it found in its shared buffers or had to read.
 */
async function databaseCounters(pool, postmasterPid) {
  const { rows } = await pool.query(
    'SELECT blks_read::bigint AS read, blks_hit::bigint AS hit FROM pg_stat_database WHERE datname = current_database()',
  );
  return { cpuMs: processTreeCpuMs(postmasterPid), read: Number(rows[0].read), hit: Number(rows[0].hit) };
}

async function postmasterPid(pool) {
  const { rows } = await pool.query('SELECT pg_backend_pid() AS pid');
  try {
    const stat = fs.readFileSync(`/proc/${rows[0].pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]); // ppid: the postmaster
  } catch {
    return null; // PostgreSQL on another machine
  }
}

/** Each percentile of side `a` as a multiple of side `b`'s. */
const ratioOf = (a, b) => ({ p50: round(a.p50 / b.p50), p95: round(a.p95 / b.p95), p99: round(a.p99 / b.p99) });

/** Per request, from two databaseCounters readings. */
function databaseCost(before, after, requests) {
  if (!requests) return {};
  const cost = {
    blocksReadPerRequest: round((after.read - before.read) / requests),
    bufferHitRatio: round((after.hit - before.hit) / Math.max(1, after.hit - before.hit + after.read - before.read)),
  };
  if (before.cpuMs !== null && after.cpuMs !== null)
    cost.databaseCpuMsPerRequest = round((after.cpuMs - before.cpuMs) / requests);
  return cost;
}

// ------------------------------------------------------------------------------------- workload
const pickOf = (list) => list[Math.floor(Math.random() * list.length)];
const STATUS_WEIGHTS = [
  ['present', 0.9],
  ['absent', 0.05],
  ['late', 0.03],
  ['excused', 0.02],
];
function randomStatus() {
  let r = Math.random();
  for (const [status, weight] of STATUS_WEIGHTS) {
    if (r < weight) return status;
    r -= weight;
  }
  return 'present';
}
const REASONS = { present: '', absent: 'Sick', late: 'Taxi was late', excused: 'Medical appointment' };

/** The day in Johannesburg (the school's calendar day, as the server's schoolToday). */
const schoolToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Johannesburg',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

async function loadWorkload(pool, summary) {
  const org = summary.organizationId;
  const classes = (
    await pool.query('SELECT id FROM register_classes WHERE organization_id = $1 ORDER BY grade, name', [org])
  ).rows.map((r) => r.id);
  const members = new Map(classes.map((id) => [id, []]));
  const learnerRows = await pool.query(
    'SELECT id, register_class_id, first_name, last_name FROM learners WHERE organization_id = $1 AND archived_at IS NULL',
    [org],
  );
  for (const r of learnerRows.rows) members.get(r.register_class_id)?.push(r.id);
  const fullClasses = classes.filter((id) => members.get(id).length > 0);
  // Name searches people type: the start of a surname, of a first name, or both ("thandi mok").
  const searches = [];
  for (let i = 0; i < 400; i++) {
    const l = pickOf(learnerRows.rows);
    const first = l.first_name.toLowerCase();
    const last = l.last_name.toLowerCase();
    const kind = i % 3;
    searches.push(
      kind === 0
        ? last.slice(0, 3 + (i % 3))
        : kind === 1
          ? first.slice(0, 4)
          : `${first.slice(0, 5)} ${last.slice(0, 3)}`,
    );
  }
  const today = schoolToday();
  const year = Number(today.slice(0, 4));
  let thisYear;
  try {
    thisYear = schoolDays(year).filter((d) => d < today);
  } catch {
    thisYear = []; // no calendar for this year
  }
  return {
    org,
    classes: fullClasses,
    members,
    searches,
    markedDays: schoolDays(Number(summary.firstDay.slice(0, 4))).filter(
      (d) => d >= summary.firstDay && d <= summary.lastDay,
    ),
    // Days of the current school year not in the generated data: registers saved for the first time.
    newDays: thisYear.length ? thisYear : [],
  };
}

/** A register to save: half corrections of a generated day, half first saves of a day this year. */
function saveJob(w, worker, i) {
  // Each worker saves its own classes, so two saves of one register never race (a real 409).
  const own = w.classes.filter((_, idx) => idx % CONCURRENCY === worker);
  const classId = own[Math.floor(Math.random() * own.length)];
  const fresh = w.newDays.length > 0 && i % 2 === 0;
  const date = fresh ? pickOf(w.newDays) : pickOf(w.markedDays);
  const marks = w.members.get(classId).map((learnerId) => {
    const status = randomStatus();
    return { learnerId, status, reason: REASONS[status] };
  });
  return { classId, date, marks };
}

const SORTS = [
  ['name', 'asc'],
  ['name', 'desc'],
  ['grade', 'asc'],
  ['grade', 'desc'],
  ['admissionNumber', 'asc'],
  ['admissionNumber', 'desc'],
];

// ----------------------------------------------------------------------------- the SQL, directly
// The statement the server runs for each request, with the same parameters, one round trip, built
// by the server's own code: the read and the page check the caller's session themselves (REGISTER,
// learnerPageSql: the session by token, its user and their first membership,
// platform/auth/session-lookup.ts).

/** The register read: one statement, the session included. */
async function sqlReadRegister(pool, auth, classId, date) {
  const values = REGISTER.args({ token: auth.token, classId, date });
  return (await pool.query({ name: REGISTER.name, text: REGISTER.text, values, rowMode: 'array' })).rows;
}

/**
 * A learner page's statement and parameters, built without a database by the server's own code
 * (list-learners.ts, learnerPageWithSessionQuery: the caller's session and the page of its school
 * in one statement): the SQL and pgbench sides run the very text the server sends. `params` are
 * its values in order, the session's token as `isToken` (a placeholder the caller fills); `values`
 * those but the token.
 */
function learnerPageSql(sort, dir, q, limit) {
  const query = { q, sort, dir, status: 'active', grade: '', limit };
  const built = dialect.sqlToQuery(learnerPageWithSessionQuery(query));
  const params = built.params.map((p) => (p && typeof p === 'object' && p.name === 'token' ? isToken : p));
  // The server prepares the first page of a search under this name (learnerPageForToken).
  return {
    name: pageStatementName(query, 'sekolo_learners_s') ?? undefined,
    text: built.sql,
    params,
    values: params.filter((p) => p !== isToken),
  };
}
/** The token's place among a learner page's parameters (learnerPageSql). */
const isToken = Symbol('token');

/** Runs `fn(client)` in a transaction on one pooled connection: commit, or rollback and rethrow. */
async function inTransaction(pool, fn) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The mail values of the register save's statement, as the bench's server gives them: the absence
 * e-mail's templates for a day (absence-notice.ts; the statement fills in the school's name), and
 * the row form of the embedded outbox mailer (the server runs with no SMTP).
 */
const BENCH_MAIL = {
  mail: (date) => absenceMailTemplatesJson('http://127.0.0.1:40000', date),
  mailStatus: 'kept',
  mailLowercase: true,
};
const BENCH_MAIL_DAY = '2025-06-02';

/**
 * saveRegister's statement (register.ts): the class's check and the marks with their absence mails
 * in one statement, with no transaction around it, for the caller as the server's policy resolved them.
 */
async function sqlSaveRegister(pool, auth, { classId, date, marks }) {
  const row = (
    await pool.query({
      name: SAVE.name,
      text: SAVE.text,
      values: SAVE.args({
        ...saveCaller(auth),
        classId,
        date,
        ip: '127.0.0.0',
        marks: JSON.stringify(marks.map((m) => ({ learner_id: m.learnerId, status: m.status, reason: m.reason }))),
        mail: BENCH_MAIL.mail(date),
        mailStatus: BENCH_MAIL.mailStatus,
        mailLowercase: BENCH_MAIL.mailLowercase,
      }),
      rowMode: 'array',
    })
  ).rows[0];
  const answer = saveAnswer(row);
  if (!answer.current || !answer.allowed) throw new Error("the save refused the bench's admin");
  if (answer.stranger) throw new Error('a learner of the marks is not in the class');
}

/** The names (a LIKE pattern) the SQL side prepares each operation's statement under, as the server does. */
const PREPARED = {
  readRegister: REGISTER.name,
  saveRegister: SAVE.name,
  learnerPage: 'sekolo\\_learners\\_s\\_%',
};

/**
 * How PostgreSQL planned the statements named like `pattern` on each of the pool's connections
 * (pg_prepared_statements): custom plans (made for a run's values; PostgreSQL makes five before it
 * weighs a generic one) and runs of the generic plan. The server's connections run the same
 * statements the same way; pgbench's are given generic plans from the start (pgbench.mjs).
 */
async function preparedPlans(pool, pattern) {
  const clients = await Promise.all(Array.from({ length: CONCURRENCY }, () => pool.connect()));
  try {
    const rows = await Promise.all(
      clients.map(
        async (c) =>
          (
            await c.query(
              `select count(*)::int as statements, coalesce(sum(generic_plans), 0)::int as generic,
                coalesce(sum(custom_plans), 0)::int as custom from pg_prepared_statements where name like $1`,
              [pattern],
            )
          ).rows[0],
      ),
    );
    return rows.reduce(
      (sum, r) => ({
        statements: sum.statements + r.statements,
        generic: sum.generic + r.generic,
        custom: sum.custom + r.custom,
      }),
      { statements: 0, generic: 0, custom: 0 },
    );
  } finally {
    for (const c of clients) c.release();
  }
}

// ------------------------------------------------------------------------------ pgbench, directly
// The same statements a third time, run by pgbench (scripts/bench-school/pgbench.mjs) with
// -M prepared, CONCURRENCY clients over two threads: the floor PostgreSQL itself sets on this
// machine, without the server and without a Node client. pgbench cannot hold the workload's lists
// (classes, days, learner ids, searches), so they go into helper tables in a schema of their own,
// `bench`, rebuilt by each run (the app's tables are not touched), and a helper statement of the
// bench draws the parameters of the next few transactions from them into pgbench variables (\gset),
// in a transaction of its own that is not measured (alternating in scripts/bench-school/pgbench.mjs).
// What the bench cannot take out: those draws take the clients' time too (their share is printed
// and recorded), so slightly fewer than CONCURRENCY measured transactions run at once.
const BENCH_SCHEMA = 'bench';

/** Groups the workload's searches by the statement text the learner page runs for them (one or two words). */
function learnerPageShapes(w) {
  const shapes = new Map();
  for (const q of w.searches) {
    const key = SORTS.map(([sort, dir]) => learnerPageSql(sort, dir, q, 50).text).join('\n');
    if (!shapes.has(key)) shapes.set(key, { q, rows: [] });
    shapes.get(key).rows.push(learnerPageSql('name', 'asc', q, 50).values.map(String));
  }
  return [...shapes.values()];
}

/** The helper tables: bench.classes (n -> class, its learners as a uuid[] literal), bench.days, bench.searches. */
async function createBenchTables(pool, w, shapes) {
  const width = Math.max(...shapes.map((s) => s.rows[0].length));
  await inTransaction(pool, async (client) => {
    await client.query(`create schema if not exists ${BENCH_SCHEMA}`);
    await client.query(`drop table if exists ${BENCH_SCHEMA}.classes, ${BENCH_SCHEMA}.days, ${BENCH_SCHEMA}.searches`);
    // n in the order of w.classes, so pgbench client c owns the classes Node's worker c saves (saveJob).
    await client.query(`create table ${BENCH_SCHEMA}.classes (n int primary key, id uuid not null, ids text not null)`);
    await client.query(
      `insert into ${BENCH_SCHEMA}.classes (n, id, ids) select * from unnest($1::int[], $2::uuid[], $3::text[])`,
      [w.classes.map((_, i) => i + 1), w.classes, w.classes.map((id) => `{${w.members.get(id).join(',')}}`)],
    );
    // kind 0: the generated days (reads, corrections); kind 1: this year's days (first saves).
    await client.query(
      `create table ${BENCH_SCHEMA}.days (kind int not null, n int not null, day date not null, primary key (kind, n))`,
    );
    for (const [kind, days] of [w.markedDays, w.newDays].entries())
      await client.query(
        `insert into ${BENCH_SCHEMA}.days (kind, n, day) select $1, i, d from unnest($2::date[]) with ordinality as u(d, i)`,
        [kind, days],
      );
    // One row per search, with the learner page's parameters for it as text, p1 = $1 ...
    const columns = Array.from({ length: width }, (_, i) => `p${i + 1}`);
    await client.query(
      `create table ${BENCH_SCHEMA}.searches (n int primary key, shape int not null, ${columns.map((c) => `${c} text`).join(', ')})`,
    );
    let n = 0;
    for (const [shape, { rows }] of shapes.entries())
      for (const params of rows)
        await client.query(
          `insert into ${BENCH_SCHEMA}.searches (n, shape, ${columns.slice(0, params.length).join(', ')}) values ($1, $2, ${params.map((_, k) => `$${k + 3}`).join(', ')})`,
          [++n, shape, ...params],
        );
  });
  await pool.query(`analyze ${BENCH_SCHEMA}.classes, ${BENCH_SCHEMA}.days, ${BENCH_SCHEMA}.searches`);
}

/**
 * Transactions run between two draws (see alternating), per operation: enough that the draws take
 * a small share of the clients' time; fewer for the save, whose script holds many statements a slot.
 */
const PGBENCH_SLOTS = { readRegister: 8, learnerPage: 8, saveRegister: 4 };
const slotList = (slots) => Array.from({ length: slots }, (_, i) => i + 1);

/**
 * One row of `slots` draws from a helper table: `table` joined to the drawn numbers :<number>_1 ...,
 * each column an array in the order of the draws, picked out as <column>_1 ... (`column` maps the
 * table's columns to the variables' names).
 */
function drawRows(slots, table, number, on, columns) {
  const numbers = slotList(slots).map((j) => `:${number}_${j}`);
  const arrays = Object.keys(columns).map((c) => `array_agg(t.${c} order by u.k) as ${c}`);
  const picked = slotList(slots).flatMap((j) => Object.entries(columns).map(([c, v]) => `r.${c}[${j}] as ${v}_${j}`));
  return `select ${picked.join(', ')} from (select ${arrays.join(', ')} from unnest(array[${numbers.join(', ')}]::int[]) with ordinality as u(n, k) join ${BENCH_SCHEMA}.${table} as t on ${on}) as r \\gset`;
}

/** readRegister: a random class and a random generated day; the session check and the register. */
function readRegisterScripts(w) {
  const slots = PGBENCH_SLOTS.readRegister;
  const draw = [
    ...slotList(slots).flatMap((j) => [
      `\\set c_${j} random(1, ${w.classes.length})`,
      `\\set d_${j} random(1, ${w.markedDays.length})`,
    ]),
    drawRows(slots, 'classes', 'c', 't.n = u.n', { id: 'class_id' }),
    drawRows(slots, 'days', 'd', 't.kind = 0 and t.n = u.n', { day: 'day' }),
  ];
  const work = (j) => [
    asPgbench(
      REGISTER.text,
      REGISTER.args({ token: 'token', date: `day_${j}`, classId: `class_id_${j}` }, () => 'one'),
    ),
  ];
  return { slots, scripts: [{ text: alternating(slots, draw, work) }] };
}

/**
 * learnerPage: a search drawn from the workload's (bench.searches: its shape, one or two words, and
 * the statement's parameters for it) and a sort and direction, then the page statement of that sort
 * and shape, the session check included (an \if chain: one script, so that the draw and the pages
 * that use it cannot come from two scripts).
 */
function learnerPageScripts(w, shapes) {
  const slots = PGBENCH_SLOTS.learnerPage;
  const width = Math.max(...shapes.map((s) => s.rows[0].length));
  const columns = { shape: 'shape', ...Object.fromEntries(slotList(width).map((i) => [`p${i}`, `p${i}`])) };
  const draw = [
    ...slotList(slots).flatMap((j) => [
      `\\set sort_${j} random(0, ${SORTS.length - 1})`,
      `\\set i_${j} random(1, ${w.searches.length})`,
    ]),
    drawRows(slots, 'searches', 'i', 't.n = u.n', columns),
  ];
  const work = (j) => [
    ...SORTS.flatMap(([sort, dir], s) =>
      shapes.map(({ q }, shape) => {
        const { text, params } = learnerPageSql(sort, dir, q, 50);
        let k = 0;
        return [
          `${s === 0 && shape === 0 ? '\\if' : '\\elif'} :sort_${j} = ${s} and :shape_${j} = ${shape}`,
          asPgbench(
            text,
            params.map((p) => (p === isToken ? 'token' : `p${++k}_${j}`)),
          ),
        ];
      }),
    ).flat(),
    '\\endif',
  ];
  return { slots, scripts: [{ text: alternating(slots, draw, work) }] };
}

/**
 * saveRegister: sqlSaveRegister's statement: the save in one statement, for the resolved caller.
 * Each client saves only its own classes (client c the classes Node's worker c saves), a day drawn
 * as saveJob draws it: half the time a day of this year (a first save, until that class and day
 * come round again), half a generated day (corrections of its marks), with marks drawn at random
 * with STATUS_WEIGHTS. The save's statement works out in PostgreSQL what is new, what changed and
 * who is newly absent, and stores their mails, as it does for the server. The differences: the
 * mails' templates are those of one day (BENCH_MAIL_DAY), whatever day is saved; a refused save
 * (which the bench never sends) is not told apart, as nothing checks the answer.
 */
function saveRegisterScripts(w) {
  const slots = PGBENCH_SLOTS.saveRegister;
  let cumulative = 0;
  const statusCase = `case ${STATUS_WEIGHTS.map(
    ([status, weight]) => `when u.r < ${Number((cumulative += weight).toFixed(6))} then '${status}'`,
  ).join(' ')} else 'present' end`;
  const reasonCase = `case m.status ${Object.entries(REASONS)
    .map(([status, reason]) => `when '${status}' then '${reason}'`)
    .join(' ')} end`;
  // One slot's draw, its variables suffixed _j: the class, the day and the marks (jsonb).
  const state = (j) => `(with c as (select id, ids from ${BENCH_SCHEMA}.classes where n = :n_${j}),
  d as (select day from ${BENCH_SCHEMA}.days where kind = :kind_${j} and n = :dn_${j})
  select c.id as class_id_${j}, d.day as day_${j},
    (select jsonb_agg(jsonb_build_object('learner_id', m.learner_id, 'status', m.status, 'reason', ${reasonCase}) order by m.ord)
      from (select u.learner_id, u.ord, ${statusCase} as status
        from (select x.learner_id, x.ord, random() as r from unnest(c.ids::uuid[]) with ordinality as x(learner_id, ord)) as u) as m
    ) as marks_${j}
  from c, d) as s${j}`;
  const draw = [
    ...slotList(slots).flatMap((j) => [
      `\\set k_${j} random(0, (${w.classes.length} - 1 - :client_id) / ${CONCURRENCY})`,
      `\\set n_${j} 1 + :client_id + ${CONCURRENCY} * :k_${j}`,
      w.newDays.length ? `\\set kind_${j} random(0, 1)` : `\\set kind_${j} 0`,
      `\\if :kind_${j} = 1`,
      `\\set dn_${j} random(1, ${Math.max(1, w.newDays.length)})`,
      '\\else',
      `\\set dn_${j} random(1, ${w.markedDays.length})`,
      '\\endif',
    ]),
    `select * from ${slotList(slots).map(state).join(',\n')} \\gset`,
  ];
  const work = (j) => {
    const v = (name) => `${name}_${j}`;
    const save = asPgbench(
      SAVE.text,
      SAVE.args(
        {
          organizationId: 'org',
          schoolName: 'school',
          userId: 'user_id',
          anyClass: 'yes',
          // pgbench takes no empty value: the admin's own id, as good as none beside anyClass.
          teacherId: 'user_id',
          generation: 'generation',
          classId: v('class_id'),
          date: v('day'),
          ip: 'ip',
          marks: v('marks'),
          mail: 'mail',
          mailStatus: 'mail_status',
          mailLowercase: 'yes',
        },
        () => 'one',
      ),
    );
    return [save];
  };
  return { slots, scripts: [{ text: alternating(slots, draw, work) }] };
}

/** The values every script reads as constants (pgbench -D): the same the SQL side passes. */
const pgbenchDefines = (auth) => ({
  token: auth.token,
  one: 1,
  // Who saves (saveCaller): the admin, as the server's policy resolves them.
  org: auth.org,
  school: auth.schoolName,
  user_id: auth.userId,
  generation: auth.generation,
  ip: '127.0.0.0',
  yes: true,
  // The absence mails' templates of one day: the pgbench side's mails all name that day.
  mail: BENCH_MAIL.mail(BENCH_MAIL_DAY),
  mail_status: BENCH_MAIL.mailStatus,
});

/**
 * The pgbench side of one operation: one pgbench run of WARMUP_SECONDS + SECONDS, the transactions
 * that started in the first WARMUP_SECONDS discarded (pgbench prepares all of a script's statements
 * in a client's first transaction, a draw: not measured either). Figures in the shape measure()
 * returns, from the --log latencies of the measured work transactions; PostgreSQL's cost a
 * transaction counts from the end of the warm-up and includes the draws' share.
 */
async function measurePgbench(name, { slots, scripts }, auth, pgPid) {
  let before = null;
  const run = await runPgbench({
    keep: process.env.BENCH_SCHOOL_PGBENCH_KEEP && path.resolve(process.env.BENCH_SCHOOL_PGBENCH_KEEP, name),
    dbUrl,
    slots,
    scripts,
    defines: pgbenchDefines(auth),
    clients: CONCURRENCY,
    threads: Math.min(2, CONCURRENCY),
    warmupSeconds: WARMUP_SECONDS,
    seconds: SECONDS,
    atWarmEnd: async () => (before = await databaseCounters(pool, pgPid)),
  });
  const latencies = run.latencies;
  const drawMs = run.drawLatencies.reduce((a, b) => a + b, 0);
  const workMs = latencies.reduce((a, b) => a + b, 0);
  return {
    command: run.command,
    clients: CONCURRENCY,
    threads: Math.min(2, CONCURRENCY),
    transactionsPerDraw: slots,
    requests: latencies.length,
    perSecond: round(latencies.length / Math.max(1e-3, run.measuredSeconds)),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1)),
    errors: run.errors,
    firstErrors: run.firstErrors,
    // The draws (alternating), not measured: their mean, and their share of the clients' time.
    drawMeanMs: round(drawMs / Math.max(1, run.drawLatencies.length)),
    drawShareOfClientTime: round(drawMs / Math.max(1, drawMs + workMs)),
    ...(before ? databaseCost(before, await databaseCounters(pool, pgPid), run.afterWarmEnd) : {}),
  };
}

// ---------------------------------------------------------------------------------------------- run
const report = {
  date: new Date().toISOString(),
  database: DB_NAME,
  concurrency: CONCURRENCY,
  serverProcesses: WORKERS,
  secondsPerPhase: SECONDS,
  targetsP95Ms: TARGETS,
  machine: { cpus: os.cpus().length, loadAverage: os.loadavg().map((n) => round(n)) },
  scale: null,
  results: {},
  /** What was done before each side (settle): its time in ms, and for the saves what undoSaves deleted. */
  settle: {},
  failures,
};
let server;
/** The API side's client (createHttpClient), once the server is up. */
let client;
const pool = new pg.Pool({ connectionString: dbUrl, max: CONCURRENCY });
pool.on('error', () => undefined);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    Promise.resolve(server?.stop()).finally(() => process.exit(130));
  });
}

try {
  console.log(
    `School scale bench (issue 6): PostgreSQL ${DB_NAME} (${dbTransport}), ${CONCURRENCY} concurrent connections, ${SECONDS} s per measurement, ` +
      `${WORKERS} server process${WORKERS === 1 ? '' : 'es'} (WEB_CONCURRENCY=${WORKERS}), ${POOL} PostgreSQL connections each`,
  );
  const summary = await prepareDatabase();
  report.scale = summary;
  report.transport = dbTransport;
  const records = await pool.query('SELECT count(*)::int AS n FROM attendance_records');
  console.log(`  ${records.rows[0].n} attendance records in the database`);
  const settings = (
    await pool.query(
      "SELECT name, setting, unit FROM pg_settings WHERE name IN ('autovacuum', 'shared_buffers', 'synchronous_commit', 'max_connections') ORDER BY name",
    )
  ).rows;
  report.postgresql = Object.fromEntries(settings.map((r) => [r.name, `${r.setting}${r.unit ? ` x ${r.unit}` : ''}`]));
  const shared = settings.find((r) => r.name === 'shared_buffers');
  console.log(
    `  PostgreSQL ${(await pool.query('SHOW server_version')).rows[0].server_version}: shared_buffers ${Math.round((Number(shared.setting) * 8) / 1024)} MB, ` +
      `synchronous_commit ${settings.find((r) => r.name === 'synchronous_commit').setting}, autovacuum ${settings.find((r) => r.name === 'autovacuum').setting}`,
  );
  // An index-only scan reads a table page wherever the visibility map does not mark it visible to
  // all, which only a VACUUM does (the generator's own, where autovacuum is off): the learner page
  // read a table row for every index entry when it had not (docs/decisions/007-school-scale-on-two-cores.md, an eighteenth machine).
  const visibility = (
    await pool.query(
      `SELECT relname AS table, round(100.0 * relallvisible / greatest(relpages, 1))::int AS percent FROM pg_class
       WHERE oid = ANY (ARRAY['learner_search_prefixes', 'learners', 'register_classes', 'attendance_records']::regclass[])
       ORDER BY relname`,
    )
  ).rows;
  report.visibleToAll = Object.fromEntries(visibility.map((r) => [r.table, r.percent]));
  console.log(
    `  pages visible to all, as the last VACUUM left them: ${visibility.map((r) => `${r.table} ${r.percent} %`).join(', ')}`,
  );
  console.log(
    `  each side starts after a VACUUM ANALYZE of the tables a save writes (${WRITTEN_TABLES.join(', ')}) and a CHECKPOINT;\n` +
      "  each side of the saves starts from the generated school: earlier saves' marks of this year, histories, audit events and e-mails deleted",
  );
  const pgPid = await postmasterPid(pool);

  const port = Number(process.env.BENCH_SCHOOL_PORT || (await freePort()));
  server = startServer(port);
  await server.ready();
  const base = server.base;
  // Signing in once, through fetch; the measured requests go through createHttpClient.
  const signedIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: SCALE_ADMIN_EMAIL, password: SCALE_ADMIN_PASSWORD, rememberMe: true }),
  });
  const signedInBody = await signedIn.text();
  if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}: ${signedInBody}`);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const sessionCookie = cookie.split('; ').find((pair) => pair.includes('session_token='));
  if (!sessionCookie) throw new Error(`no session cookie in ${cookie}`);
  const w = await loadWorkload(pool, summary);
  const caller = (
    await pool.query(
      'SELECT o.name, (SELECT n::text FROM auth_generation) AS generation FROM organizations o WHERE o.id = $1',
      [w.org],
    )
  ).rows[0];
  const auth = {
    org: w.org,
    schoolName: caller.name,
    generation: caller.generation,
    userId: JSON.parse(signedInBody).user.id,
    token: decodeURIComponent(sessionCookie.split('=')[1]).split('.')[0],
  };
  if (w.newDays.length === 0) console.log('  note: no school day of this year before today: saves are all corrections');
  console.log(
    `  server ${base}, signed in as ${SCALE_ADMIN_EMAIL}; ${w.classes.length} classes, ${w.searches.length} name searches`,
  );
  // The pgbench side, when pgbench is on PATH: its helper tables, then its scripts per operation.
  const pgbenchAt = pgbenchVersion();
  let pgbenchScripts = null;
  if (pgbenchAt) {
    const shapes = learnerPageShapes(w);
    await createBenchTables(pool, w, shapes);
    pgbenchScripts = {
      readRegister: readRegisterScripts(w),
      saveRegister: saveRegisterScripts(w),
      learnerPage: learnerPageScripts(w, shapes),
    };
    console.log(
      `  ${pgbenchAt}: a third side per operation, helper tables in schema ${BENCH_SCHEMA} (${shapes.length} learner-page statement shapes)\n`,
    );
  } else {
    console.log('  note: pgbench is not on PATH: the pgbench side is skipped\n');
  }
  report.pgbench = pgbenchAt ?? 'not on PATH: skipped';

  const ok = (res, what) => {
    if (res.status !== 200) throw new Error(`${what} answered ${res.status}: ${res.text().slice(0, 200)}`);
    return res;
  };
  // The API side's connections: one a worker (scripts/bench-school/http-client.mjs).
  client = createHttpClient(base, CONCURRENCY);
  const getHeaders = { cookie, origin: base };
  const putHeaders = { cookie, origin: base, 'content-type': 'application/json' };
  // The GET operations' paths, the i-th request's: the same for the Node client and wrk.
  const getPath = {
    readRegister: () => `/api/school/attendance/classes/${pickOf(w.classes)}/register/${pickOf(w.markedDays)}`,
    learnerPage: (i) => {
      const [sort, dir] = SORTS[i % SORTS.length];
      return `/api/school/learners?sort=${sort}&dir=${dir}&limit=50&q=${encodeURIComponent(pickOf(w.searches))}`;
    },
  };
  const sides = {
    readRegister: {
      api: async (worker) =>
        ok(await client.request(worker, 'GET', getPath.readRegister(), getHeaders), 'GET register'),
      sql: () => sqlReadRegister(pool, auth, pickOf(w.classes), pickOf(w.markedDays)),
    },
    saveRegister: {
      api: async (worker, i) => {
        const job = saveJob(w, worker, i);
        return ok(
          await client.request(
            worker,
            'PUT',
            `/api/school/attendance/classes/${job.classId}/register/${job.date}`,
            putHeaders,
            JSON.stringify({ marks: job.marks }),
          ),
          'PUT register',
        );
      },
      sql: (worker, i) => sqlSaveRegister(pool, auth, saveJob(w, worker, i)),
    },
    learnerPage: {
      api: async (worker, i) =>
        ok(await client.request(worker, 'GET', getPath.learnerPage(i), getHeaders), 'GET learners'),
      sql: async (worker, i) => {
        const [sort, dir] = SORTS[i % SORTS.length];
        const { name, text, params } = learnerPageSql(sort, dir, pickOf(w.searches), 50);
        const values = params.map((p) => (p === isToken ? auth.token : p));
        return pool.query({ name, text, values, rowMode: 'array' });
      },
    },
  };

  // The wrk side (scripts/bench-school/wrk.mjs): the GET operations' requests, sent by a C client.
  const wrkAt = wrkVersion();
  console.log(
    wrkAt
      ? `  ${wrkAt.split(' [')[0]}: a fourth side for the register read and the learner page (the API with a C client)\n`
      : '  note: wrk is not on PATH: the wrk side is skipped\n',
  );
  const wrkPaths = Object.fromEntries(
    Object.entries(getPath).map(([name, pathOf]) => [name, () => Array.from({ length: 2000 }, (_, i) => pathOf(i))]),
  );

  console.log(
    `  ${'operation'.padEnd(48)} ${'side'.padEnd(7)} ${'req/s'.padStart(7)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)}  ms`,
  );
  // The saves' sides each start from the generated school (undoSaves).
  const undo = { saveRegister: { org: w.org, lastDay: summary.lastDay } };
  for (const name of OPS) {
    const side = sides[name];
    await settle(pool, name, 'API', undo[name]);
    const cpuBefore = processTreeCpuMs(server.child.pid);
    const dbBefore = await databaseCounters(pool, pgPid);
    const clientBefore = process.cpuUsage();
    const api = await measure(side.api);
    // The bench's own Node client runs on the same cores as the server and PostgreSQL.
    const client = process.cpuUsage(clientBefore);
    if (api.withWarmup > 0) api.clientCpuMsPerRequest = round((client.user + client.system) / 1000 / api.withWarmup);
    Object.assign(api, databaseCost(dbBefore, await databaseCounters(pool, pgPid), api.withWarmup));
    const cpuAfter = processTreeCpuMs(server.child.pid);
    if (cpuBefore !== null && cpuAfter !== null && api.withWarmup > 0)
      api.serverCpuMsPerRequest = round((cpuAfter - cpuBefore) / api.withWarmup);
    await settle(pool, name, 'SQL', undo[name]);
    const sqlBefore = await databaseCounters(pool, pgPid);
    const direct = await measure(side.sql);
    direct.plans = await preparedPlans(pool, PREPARED[name]);
    Object.assign(direct, databaseCost(sqlBefore, await databaseCounters(pool, pgPid), direct.withWarmup));
    const ratio = ratioOf(api, direct);
    report.results[name] = { label: LABELS[name], targetP95Ms: TARGETS[name], api, sql: direct, ratio };
    if (pgbenchScripts) await settle(pool, name, 'pgbench', undo[name]);
    const bench = pgbenchScripts
      ? await measurePgbench(name, pgbenchScripts[name], auth, pgPid)
      : { skipped: 'pgbench is not on PATH' };
    if (!bench.skipped) bench.apiRatio = ratioOf(api, bench);
    report.results[name].pgbench = bench;
    let viaWrk = { skipped: wrkAt ? 'wrk sends GET requests only here' : 'wrk is not on PATH' };
    if (wrkAt && wrkPaths[name]) {
      await settle(pool, name, 'wrk', undo[name]);
      const before = processTreeCpuMs(server.child.pid);
      const dbAt = await databaseCounters(pool, pgPid);
      viaWrk = runWrk({
        base,
        cookie,
        paths: wrkPaths[name](),
        clients: CONCURRENCY,
        threads: 2,
        warmupSeconds: WARMUP_SECONDS,
        seconds: SECONDS,
      });
      const total = viaWrk.withWarmup;
      Object.assign(viaWrk, databaseCost(dbAt, await databaseCounters(pool, pgPid), total));
      const after = processTreeCpuMs(server.child.pid);
      if (before !== null && after !== null && total > 0)
        viaWrk.serverCpuMsPerRequest = round((after - before) / total);
      if (!bench.skipped) viaWrk.pgbenchRatio = ratioOf(viaWrk, bench);
    }
    report.results[name].wrk = viaWrk;
    for (const [label, r] of [
      ['API', api],
      ['SQL', direct],
      ...(bench.skipped ? [] : [['pgbench', bench]]),
      ...(viaWrk.skipped ? [] : [['wrk', viaWrk]]),
    ]) {
      console.log(
        `  ${(label === 'API' ? LABELS[name] : '').padEnd(48)} ${label.padEnd(7)} ${String(r.perSecond).padStart(7)} ${r.p50.toFixed(2).padStart(7)} ${r.p95.toFixed(2).padStart(7)} ${r.p99.toFixed(2).padStart(7)}${r.errors ? `  ${r.errors} errors: ${r.firstErrors[0]}` : ''}`,
      );
    }
    console.log(
      `  ${''.padEnd(48)} API/SQL ratio: p50 ${ratio.p50}x, p95 ${ratio.p95}x, p99 ${ratio.p99}x` +
        (api.serverCpuMsPerRequest === undefined ? '' : `; server CPU ${api.serverCpuMsPerRequest} ms per request`) +
        (api.clientCpuMsPerRequest === undefined ? '' : `, the bench's Node client ${api.clientCpuMsPerRequest} ms`),
    );
    if (!bench.skipped)
      console.log(
        `  ${''.padEnd(48)} API/pgbench ratio: p50 ${bench.apiRatio.p50}x, p95 ${bench.apiRatio.p95}x, p99 ${bench.apiRatio.p99}x; ` +
          `pgbench's draws (not measured) ${Math.round(bench.drawShareOfClientTime * 100)}% of its clients' time` +
          (bench.databaseCpuMsPerRequest === undefined
            ? ''
            : `; PostgreSQL CPU ${bench.databaseCpuMsPerRequest} ms a transaction`),
      );
    if (!viaWrk.skipped)
      console.log(
        `  ${''.padEnd(48)} API through wrk` +
          (viaWrk.pgbenchRatio
            ? `, as a ratio to pgbench: p50 ${viaWrk.pgbenchRatio.p50}x, p95 ${viaWrk.pgbenchRatio.p95}x, p99 ${viaWrk.pgbenchRatio.p99}x`
            : '') +
          (viaWrk.serverCpuMsPerRequest === undefined
            ? ''
            : `; server CPU ${viaWrk.serverCpuMsPerRequest} ms per request`) +
          (viaWrk.databaseCpuMsPerRequest === undefined ? '' : `, PostgreSQL CPU ${viaWrk.databaseCpuMsPerRequest} ms`),
      );
    if (api.databaseCpuMsPerRequest !== undefined)
      console.log(
        `  ${''.padEnd(48)} PostgreSQL per request: CPU ${api.databaseCpuMsPerRequest} ms (API) / ${direct.databaseCpuMsPerRequest} ms (SQL); ` +
          `blocks read ${api.blocksReadPerRequest} / ${direct.blocksReadPerRequest}, buffer hit ratio ${api.bufferHitRatio} / ${direct.bufferHitRatio}`,
      );
    if (direct.plans)
      console.log(
        `  ${''.padEnd(48)} the SQL side's ${direct.plans.statements} prepared statements (its ${CONCURRENCY} connections): ` +
          `${direct.plans.custom} custom plans, ${direct.plans.generic} runs of a generic plan`,
      );
    const pass = api.p95 <= TARGETS[name] && api.errors === 0;
    console.log(
      `  ${pass ? 'PASS' : 'FAIL'} ${LABELS[name]}: API p95 ${api.p95} ms (target <= ${TARGETS[name]} ms)${api.errors ? `, ${api.errors} errors` : ''}\n`,
    );
    if (!pass)
      failures.push(
        `${LABELS[name]}: API p95 ${api.p95} ms > ${TARGETS[name]} ms${api.errors ? ` (${api.errors} errors)` : ''}`,
      );
    if (direct.errors)
      failures.push(`${LABELS[name]}: ${direct.errors} errors on the SQL side: ${direct.firstErrors[0]}`);
    if (bench.errors)
      failures.push(`${LABELS[name]}: ${bench.errors} errors on the pgbench side: ${bench.firstErrors[0]}`);
    if (viaWrk.errors)
      failures.push(`${LABELS[name]}: ${viaWrk.errors} errors on the wrk side: ${viaWrk.firstErrors[0]}`);
  }
  report.machine.loadAverageAfter = os.loadavg().map((n) => round(n));
  console.log(
    `  load average before ${report.machine.loadAverage.join(' ')}, after ${report.machine.loadAverageAfter.join(' ')} (${report.machine.cpus} CPUs)`,
  );
} catch (error) {
  fail(`the school bench could not run: ${error instanceof Error ? error.message : error}`);
} finally {
  client?.close();
  await server?.stop();
  await pool.end().catch(() => undefined);
}

fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench-results/school-latest.json'), JSON.stringify(report, null, 2) + '\n');
console.log('Results written to bench-results/school-latest.json');
if (failures.length) {
  console.log(`School bench: ${failures.length} target(s) missed:`);
  for (const f of failures) console.log(`  - ${f}`);
  process.exit(1);
}
console.log('School bench: every target met.');
process.exit(0);
