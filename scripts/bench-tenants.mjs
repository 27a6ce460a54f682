#!/usr/bin/env node
// `BENCH_ONLY=tenants npm run bench` (issue 44, "growth past one database"): many schools in one
// database against the one big school. 200 schools of 500 learners with a year of attendance each
// (sekolo_bench_tenants, 20 million attendance rows, built once by `npm run db:seed-scale -- --schools
// 200`) beside the 50 000-learner scale school (sekolo_bench_scale, built by BENCH_ONLY=school).
// The same client, in the same run, reads and saves class registers on both: on the scale school
// with the one admin's session on every connection, on the tenants' database with a different
// school's admin on each connection (16 schools at once). The target: each school's register read
// and save p95 within 20 % of the single school's (ratio ≤ 1.2).
//
// Options (environment): BENCH_TENANT_SCHOOLS (200), BENCH_TENANT_LEARNERS (500 a school),
// BENCH_TENANT_SECONDS (10 a side), BENCH_TENANT_REBUILD=1 (generate the tenants' database again),
// BENCH_DATABASE_URL (the PostgreSQL admin URL, as the school bench).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { createHttpClient } from './bench-school/http-client.mjs';
import { freePort, startServer } from './bench-lib/server.mjs';
import { signIn } from './bench-lib/session.mjs';
import { ADMIN_URL, databaseUrl, measureConcurrently, round } from './bench-lib/postgres.mjs';

const root = path.resolve(import.meta.dirname, '..');
const SCHOOLS = Math.max(2, Number(process.env.BENCH_TENANT_SCHOOLS || 200));
const LEARNERS = Math.max(40, Number(process.env.BENCH_TENANT_LEARNERS || 500));
const SECONDS = Math.max(1, Number(process.env.BENCH_TENANT_SECONDS || 10));
const WARMUP_SECONDS = 2;
const CONCURRENCY = 16;
const MAX_RATIO = 1.2;
const SINGLE_DB = process.env.BENCH_SCALE_DATABASE || 'sekolo_bench_scale';
const TENANT_DB = process.env.BENCH_TENANT_DATABASE || 'sekolo_bench_tenants';
const urlOf = databaseUrl;
const tsx = path.join(root, 'node_modules/.bin/tsx');
const scale = await tsImport(path.join(root, 'apps/server/src/seed/scale-school.ts'), import.meta.url);
const { ABSENCE_MAIL_TAG } = await tsImport(
  path.join(root, 'apps/server/src/modules/academics/attendance/absence-notice.ts'),
  import.meta.url,
);
const { serverEnv } = await import('../apps/server/launch/node-options.mjs');

const pickOf = (list) => list[Math.floor(Math.random() * list.length)];

// ------------------------------------------------------------------------------------ databases
async function setting(name, key) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rows.length === 0) return { exists: false, value: null };
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ connectionString: urlOf(name) });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT value FROM system_settings WHERE key = $1', [key]);
    return { exists: true, value: rows[0]?.value ?? null };
  } catch {
    return { exists: true, value: null };
  } finally {
    await client.end();
  }
}

async function prepareTenants() {
  const { exists, value } = await setting(TENANT_DB, scale.TENANT_SEED_SETTING);
  if (
    process.env.BENCH_TENANT_REBUILD !== '1' &&
    value &&
    value.version === scale.SCALE_SEED_VERSION &&
    value.schools === SCHOOLS &&
    value.learnersPerSchool === LEARNERS
  ) {
    console.log(
      `  reusing ${TENANT_DB}: ${value.schools} schools of ${value.learnersPerSchool} learners, ${value.attendanceRecords} attendance records`,
    );
    return value;
  }
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    if (exists) await admin.query(`DROP DATABASE ${TENANT_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TENANT_DB}`);
  } finally {
    await admin.end();
  }
  console.log(`  generating ${SCHOOLS} schools of ${LEARNERS} learners into ${TENANT_DB}:`);
  const built = spawnSync(
    tsx,
    [
      path.join(root, 'apps/server/src/cli/seed-scale.ts'),
      '--schools',
      String(SCHOOLS),
      '--learners',
      String(LEARNERS),
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: urlOf(TENANT_DB), LOG_LEVEL: 'warn' },
    },
  );
  if (built.status !== 0) throw new Error('the tenant schools could not be generated');
  const after = await setting(TENANT_DB, scale.TENANT_SEED_SETTING);
  if (!after.value) throw new Error('the generator finished without a summary');
  return after.value;
}

// ----------------------------------------------------------------------------------- workload
/** The day in Johannesburg (the school's calendar day). */
const schoolToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Johannesburg',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

/** Each school's classes and their learners, the generated days, and this year's days before today. */
async function loadSchools(pool, organizationIds, firstDay, lastDay) {
  const schools = new Map(organizationIds.map((id) => [id, { id, classes: [], members: new Map() }]));
  const { rows } = await pool.query(
    `SELECT organization_id, register_class_id, id FROM learners
     WHERE organization_id = ANY($1::uuid[]) AND archived_at IS NULL ORDER BY organization_id, register_class_id`,
    [organizationIds],
  );
  for (const r of rows) {
    const school = schools.get(r.organization_id);
    if (!school.members.has(r.register_class_id)) {
      school.members.set(r.register_class_id, []);
      school.classes.push(r.register_class_id);
    }
    school.members.get(r.register_class_id).push(r.id);
  }
  const today = schoolToday();
  let newDays;
  try {
    newDays = scale.schoolDays(Number(today.slice(0, 4))).filter((d) => d < today);
  } catch {
    newDays = []; // no calendar for this year
  }
  return {
    schools,
    markedDays: scale.schoolDays(Number(firstDay.slice(0, 4))).filter((d) => d >= firstDay && d <= lastDay),
    newDays: newDays.filter((d) => d > lastDay),
  };
}

const STATUSES = [
  ['present', 0.9, ''],
  ['absent', 0.05, 'Sick'],
  ['late', 0.03, 'Taxi was late'],
  ['excused', 0.02, 'Medical appointment'],
];
function marksFor(learnerIds) {
  return learnerIds.map((learnerId) => {
    let r = Math.random();
    for (const [status, weight, reason] of STATUSES) {
      if (r < weight) return { learnerId, status, reason };
      r -= weight;
    }
    return { learnerId, status: 'present', reason: '' };
  });
}

/** What the saves wrote (this year's marks, histories, audit events, absence mails), then VACUUM and CHECKPOINT. */
async function settle(pool, organizationIds, lastDay) {
  await pool.query('DELETE FROM attendance_records WHERE organization_id = ANY($1::uuid[]) AND date > $2', [
    organizationIds,
    lastDay,
  ]);
  await pool.query('DELETE FROM attendance_changes WHERE organization_id = ANY($1::uuid[])', [organizationIds]);
  await pool.query('DELETE FROM outbox_messages WHERE tag = $1', [ABSENCE_MAIL_TAG]);
  await pool.query(
    "DELETE FROM audit_events WHERE action = 'attendance.corrected' AND details->>'organizationId' = ANY($1::text[])",
    [organizationIds],
  );
  await pool.query('VACUUM (ANALYZE) attendance_records, attendance_changes, outbox_messages, audit_events');
  await pool.query('CHECKPOINT').catch(() => undefined);
}

const measure = (op) =>
  measureConcurrently(op, { concurrency: CONCURRENCY, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS });

/**
 * One database's side: a server on it, CONCURRENCY connections, each signed in as `callers[worker]`
 * and working in that caller's school; the register read, then the save (half corrections of a
 * generated day, half first saves of a day this year), each from a settled database.
 */
async function side(label, database, callers, organizationIds, firstDay, lastDay) {
  const pool = new pg.Pool({ connectionString: urlOf(database), max: 2 });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-bench-tenants-'));
  const webDist = path.join(dataDir, 'web');
  fs.mkdirSync(webDist);
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>bench</title>');
  const server = startServer(
    await freePort(),
    serverEnv({
      AUTH_SECRET: randomBytes(24).toString('hex'),
      DATA_DIR: path.join(dataDir, 'data'),
      WEB_DIST: webDist,
      DATABASE_URL: urlOf(database),
      SEED: 'never',
      WEB_CONCURRENCY: '1',
    }),
  );
  const client = createHttpClient(server.base, CONCURRENCY);
  try {
    await server.ready();
    const w = await loadSchools(pool, organizationIds, firstDay, lastDay);
    const cookies = new Map();
    for (const caller of new Set(callers.map((c) => c.email)))
      cookies.set(
        caller,
        await signIn(server.base, caller, callers.find((c) => c.email === caller).password, server.base),
      );
    const workers = callers.map((caller, worker) => {
      const school = w.schools.get(caller.organizationId);
      // A worker saves only its own classes of its school, so two saves of one register never race.
      const own = school.classes.filter((_, i) => organizationIds.length > 1 || i % CONCURRENCY === worker);
      return {
        school,
        own,
        headers: { cookie: cookies.get(caller.email), origin: server.base, 'content-type': 'application/json' },
      };
    });
    const ok = (res, what) => {
      if (res.status !== 200) throw new Error(`${what} answered ${res.status}: ${res.text().slice(0, 200)}`);
    };
    const results = {};
    await settle(pool, organizationIds, lastDay);
    results.readRegister = await measure(async (worker) => {
      const { school, headers } = workers[worker];
      ok(
        await client.request(
          worker,
          'GET',
          `/api/school/attendance/classes/${pickOf(school.classes)}/register/${pickOf(w.markedDays)}`,
          { cookie: headers.cookie },
        ),
        'GET register',
      );
    });
    await settle(pool, organizationIds, lastDay);
    results.saveRegister = await measure(async (worker, i) => {
      const { school, own, headers } = workers[worker];
      const classId = pickOf(own);
      const date = w.newDays.length > 0 && i % 2 === 0 ? pickOf(w.newDays) : pickOf(w.markedDays);
      ok(
        await client.request(
          worker,
          'PUT',
          `/api/school/attendance/classes/${classId}/register/${date}`,
          headers,
          JSON.stringify({ marks: marksFor(school.members.get(classId)) }),
        ),
        'PUT register',
      );
    });
    await settle(pool, organizationIds, lastDay);
    for (const [name, r] of Object.entries(results))
      console.log(
        `  ${label.padEnd(34)} ${name.padEnd(13)} ${String(r.perSecond).padStart(8)} ${String(r.p50).padStart(8)} ${String(r.p95).padStart(8)} ${String(r.p99).padStart(8)}${r.errors ? `  errors ${r.errors}: ${r.firstErrors.join(' | ')}` : ''}`,
      );
    return results;
  } finally {
    client.close();
    await server.stop();
    await pool.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------- run
console.log(
  `Multi-tenant bench (issue 44): ${SCHOOLS} schools of ${LEARNERS} learners in ${TENANT_DB} against the scale school in ${SINGLE_DB}; ${CONCURRENCY} connections, ${SECONDS} s a measurement`,
);
const single = await setting(SINGLE_DB, scale.SCALE_SEED_SETTING);
if (!single.value || single.value.version !== scale.SCALE_SEED_VERSION) {
  console.error(`  ${SINGLE_DB} holds no scale school of this version: run BENCH_ONLY=school npm run bench first.`);
  process.exit(1);
}
const tenants = await prepareTenants();
const loadBefore = os.loadavg().map((n) => round(n));
console.log(`  load average before: ${loadBefore.join(' ')}`);
console.log(
  `  ${'side'.padEnd(34)} ${'operation'.padEnd(13)} ${'req/s'.padStart(8)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)}  ms`,
);
const singleResults = await side(
  `one school of ${single.value.learners}`,
  SINGLE_DB,
  Array.from({ length: CONCURRENCY }, () => ({
    email: scale.SCALE_ADMIN_EMAIL,
    password: scale.SCALE_ADMIN_PASSWORD,
    organizationId: single.value.organizationId,
  })),
  [single.value.organizationId],
  single.value.firstDay,
  single.value.lastDay,
);
// Sixteen schools spread over the database (the first, the last and evenly between).
const picked = Array.from({ length: CONCURRENCY }, (_, k) =>
  Math.round((k * (tenants.schools - 1)) / (CONCURRENCY - 1)),
);
const tenantResults = await side(
  `${CONCURRENCY} of ${tenants.schools} schools of ${tenants.learnersPerSchool}`,
  TENANT_DB,
  picked.map((i) => ({
    email: scale.tenantAdminEmail(i),
    password: scale.TENANT_ADMIN_PASSWORD,
    organizationId: tenants.organizationIds[i],
  })),
  picked.map((i) => tenants.organizationIds[i]),
  tenants.firstDay,
  tenants.lastDay,
);
const loadAfter = os.loadavg().map((n) => round(n));
const failures = [];
const ratios = {};
for (const op of ['readRegister', 'saveRegister']) {
  ratios[op] = round(tenantResults[op].p95 / singleResults[op].p95);
  console.log(
    `  ${op}: p95 ratio, a school among ${tenants.schools} / the one big school = ${ratios[op]}x (target ≤ ${MAX_RATIO})`,
  );
  if (ratios[op] > MAX_RATIO) failures.push(`${op} p95 ratio ${ratios[op]} > ${MAX_RATIO}`);
  if (tenantResults[op].errors || singleResults[op].errors) failures.push(`${op} had errors`);
}
console.log(`  load average after: ${loadAfter.join(' ')}`);
const out = path.join(root, 'bench-results');
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(
  path.join(out, 'tenants.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      loadAverage: { before: loadBefore, after: loadAfter },
      tenants: {
        database: TENANT_DB,
        schools: tenants.schools,
        learnersPerSchool: tenants.learnersPerSchool,
        attendanceRecords: tenants.attendanceRecords,
      },
      single: {
        database: SINGLE_DB,
        learners: single.value.learners,
        attendanceRecords: single.value.attendanceRecords,
      },
      singleResults,
      tenantResults,
      ratios,
      failures,
    },
    null,
    2,
  ),
);
if (failures.length) {
  console.log(`\n${failures.length} check(s) failed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('\nBoth ratios within target.');
