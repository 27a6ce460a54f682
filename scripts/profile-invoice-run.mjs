#!/usr/bin/env node
/* global performance */
// Where an invoice run's time goes, on the scale school (a copy of sekolo_bench_scale: this
// script writes to it):
//   BENCH_SCALE_DATABASE=<copy> node scripts/profile-invoice-run.mjs
// Undoes the bench's previous run of the year (scripts/bench-lib/finance-run.mjs), makes the
// bench's fee structures when missing, then runs executeInvoiceRun in this process on a pg pool
// whose statements are timed: per statement shape, its count and milliseconds, and what is left
// of the wall time (this process's own work: building the rows). PROFILE_EXPLAIN=<ms> also has
// PostgreSQL's auto_explain send the plan (with its triggers: the foreign-key checks) of every
// statement slower than that, as notices, printed at the end.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { databaseUrl, round } from './bench-lib/postgres.mjs';
import { scaleSchoolOf, undoInvoiceRun } from './bench-lib/finance-run.mjs';

const root = path.resolve(import.meta.dirname, '..');
const DB_NAME = process.env.BENCH_SCALE_DATABASE || 'sekolo_bench_scale';
if (DB_NAME === 'sekolo_bench_scale' && process.env.PROFILE_ON_TEMPLATE !== '1')
  throw new Error('profile-invoice-run writes: point BENCH_SCALE_DATABASE at a copy of sekolo_bench_scale');
// PROFILE_GRADE=<0-12>: one grade's run (a thirteenth of the school), for a quicker look.
const GRADE = process.env.PROFILE_GRADE ? Number(process.env.PROFILE_GRADE) : null;
const EXPLAIN_MS = process.env.PROFILE_EXPLAIN ? Number(process.env.PROFILE_EXPLAIN) : null;

const { tsImport } = await import('tsx/esm/api');
const imp = (file) => tsImport(path.join(root, file), import.meta.url);
const schema = await imp('apps/server/src/platform/db/schema/index.ts');
const { openPostgres } = await imp('apps/server/src/platform/db/client.ts');
const { executeInvoiceRun } = await imp('apps/server/src/modules/finance/use-cases/run-invoices.ts');
const { todayInSouthAfrica } = await imp('packages/shared/src/domain/sa-calendar.ts');
const { createStructure } = await imp('apps/server/src/modules/finance/use-cases/manage-fee-structures.ts');
const { ZFeeStructureSchema } = await imp('packages/shared/src/schemas/finance.ts');
const { SCALE_ADMIN_EMAIL } = await imp('apps/server/src/seed/scale-school.ts');
const YEAR = Number(process.env.BENCH_FINANCE_YEAR || todayInSouthAfrica().slice(0, 4));

const url = databaseUrl(DB_NAME);
const migrated = await openPostgres(url, { max: 2 });
await migrated.migrate();
await migrated.close();

const pool = new pg.Pool({ connectionString: url, max: 4, idleTimeoutMillis: 0 });
const notices = [];
pool.on('connect', (client) => {
  client.on('notice', (n) => notices.push(n.message));
  // PROFILE_NO_TRIGGERS=1: the foreign keys' checks (triggers) left out, to see what they cost; never for real data.
  if (process.env.PROFILE_NO_TRIGGERS === '1') void client.query("SET session_replication_role = 'replica'");
  if (EXPLAIN_MS !== null)
    void client.query(
      `LOAD 'auto_explain'; SET auto_explain.log_min_duration = ${EXPLAIN_MS}; SET auto_explain.log_analyze = on;
       SET auto_explain.log_buffers = on; SET auto_explain.log_triggers = on; SET auto_explain.log_nested_statements = on;
       SET auto_explain.log_level = notice`,
    );
});

const school = await scaleSchoolOf(pool);
if (!school) throw new Error(`no scale school in ${DB_NAME}`);
console.log(`Invoice run profile: ${school.name}, ${YEAR}, database ${DB_NAME}`);
console.log('  undone:', await undoInvoiceRun(pool, school.org, YEAR));
const adminUserId = (await pool.query('SELECT id FROM users WHERE email = $1', [SCALE_ADMIN_EMAIL])).rows[0].id;
{
  // The bench's fee (scripts/bench-finance.mjs): R24 000 tuition in 10 monthly instalments, every grade.
  const structureDb = drizzle({ client: pool, schema });
  const have = new Set(
    (
      await pool.query('SELECT grade FROM fee_structures WHERE organization_id = $1 AND year = $2', [school.org, YEAR])
    ).rows.map((r) => Number(r.grade)),
  );
  const grades = (await pool.query('SELECT DISTINCT grade FROM learners WHERE organization_id = $1', [school.org])).rows
    .map((r) => Number(r.grade))
    .filter((g) => !have.has(g));
  const caller = { organizationId: school.org, userId: adminUserId, ip: '127.0.0.1', schoolName: school.name };
  for (const grade of grades)
    await createStructure(
      structureDb,
      caller,
      ZFeeStructureSchema.parse({
        year: YEAR,
        grade: grade === 0 ? 'R' : String(grade),
        items: [{ name: 'Tuition', kind: 'tuition', amountCents: 2_400_000, plan: 'monthly_10' }],
      }),
    );
  console.log(`  fee structures: ${grades.length} made now`);
}
await pool.query('VACUUM (ANALYZE) fee_invoices, fee_invoice_lines, ledger_journals, ledger_entries, notifications');

// Each statement timed by its shape (its first words, numbers and JSON left out).
const shapes = new Map();
const shapeOf = (text) => text.replace(/\s+/g, ' ').replace(/\$\d+/g, '$').trim().slice(0, 110);
const query = pg.Client.prototype.query;
// PROFILE_REPLAY=1: every statement of the run kept (its text and values, which are the run's own
// strings, not copies), then the run undone and the same statements sent again, in order, on one
// connection: the same SQL run directly, without this process's work between them.
const REPLAY = process.env.PROFILE_REPLAY === '1';
const recorded = [];
let recording = false;
let sqlMs = 0;
pg.Client.prototype.query = function (config, values, callback) {
  const text = typeof config === 'string' ? config : config?.text;
  if (typeof text !== 'string' || typeof callback === 'function' || typeof values === 'function')
    return query.call(this, config, values, callback);
  if (recording) recorded.push({ text, values: Array.isArray(values) ? values : (config?.values ?? []) });
  const started = performance.now();
  const done = () => {
    const ms = performance.now() - started;
    sqlMs += ms;
    const key = shapeOf(text);
    const s = shapes.get(key) ?? { count: 0, ms: 0, max: 0 };
    s.count++;
    s.ms += ms;
    s.max = Math.max(s.max, ms);
    shapes.set(key, s);
  };
  const result = query.call(this, config, values);
  return result.then(
    (r) => (done(), r),
    (e) => {
      done();
      throw e;
    },
  );
};

const db = drizzle({ client: pool, schema });
const [run] = (
  await pool.query(
    `INSERT INTO invoice_runs (organization_id, year, grade, created_by) VALUES ($1, $2, $3, $4) RETURNING id, created_at`,
    [school.org, YEAR, GRADE, adminUserId],
  )
).rows;
// PostgreSQL's CPU: its backends' user and system time (Linux /proc), before and after.
const backendPids = async () =>
  (await pool.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')).rows.map((r) => r.pid);
const ticksOf = (pid) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
};
// Every pool connection opened now, so the run's backends are the ones measured.
const held = await Promise.all(Array.from({ length: 4 }, () => pool.connect()));
for (const c of held) c.release();
const pgCpuBefore = new Map((await backendPids()).map((pid) => [pid, ticksOf(pid)]));
const cpuBefore = process.cpuUsage();
const started = performance.now();
sqlMs = 0;
recording = REPLAY;
await executeInvoiceRun(db, run.id);
recording = false;
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const pgCpuMs = [...pgCpuBefore].reduce((sum, [pid, ms]) => sum + ticksOf(pid) - ms, 0);
const state = (await pool.query('SELECT * FROM invoice_runs WHERE id = $1', [run.id])).rows[0];
console.log(
  `  ${state.status}: ${state.learners_done}/${state.learners_total} learners, ${state.invoices_created} invoices in ${round(wallMs / 1000)} s; ` +
    `waiting on PostgreSQL ${round(sqlMs / 1000)} s, this process's CPU ${round((cpu.user + cpu.system) / 1e6)} s, PostgreSQL's CPU ${round(pgCpuMs / 1000)} s`,
);
console.log(`  ${'ms'.padStart(9)} ${'count'.padStart(6)} ${'max ms'.padStart(8)}  statement`);
for (const [key, s] of [...shapes].sort((a, b) => b[1].ms - a[1].ms).slice(0, 30))
  console.log(
    `  ${round(s.ms).toFixed(0).padStart(9)} ${String(s.count).padStart(6)} ${round(s.max).toFixed(0).padStart(8)}  ${key}`,
  );
if (REPLAY) {
  console.log(
    `  replaying its ${recorded.length} statements: undone first`,
    await undoInvoiceRun(pool, school.org, YEAR),
  );
  await pool.query('VACUUM (ANALYZE) fee_invoices, fee_invoice_lines, ledger_journals, ledger_entries, notifications');
  // The run's row again (the invoices name it), as it was before the run.
  await pool.query(
    'INSERT INTO invoice_runs (id, organization_id, year, grade, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [run.id, school.org, YEAR, GRADE, adminUserId, run.created_at],
  );
  pg.Client.prototype.query = query;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const pid = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
  const before = ticksOf(pid);
  const replayStarted = performance.now();
  for (const r of recorded) await client.query(r.text, r.values);
  const replayMs = performance.now() - replayStarted;
  const replayCpuMs = ticksOf(pid) - before;
  const after = (await client.query('SELECT count(*)::int AS n FROM fee_invoices WHERE run_id = $1', [run.id])).rows[0]
    .n;
  await client.end();
  console.log(
    `  the same SQL directly: ${round(replayMs / 1000)} s (PostgreSQL's CPU ${round(replayCpuMs / 1000)} s), ${after} invoices; ` +
      `the run / the SQL: ${round(wallMs / replayMs)}x`,
  );
}
if (EXPLAIN_MS !== null) {
  const plans = notices.filter((n) => n.includes('duration'));
  console.log(`\n${plans.length} plans over ${EXPLAIN_MS} ms:`);
  for (const plan of plans) console.log(plan.slice(0, 8000), '\n');
}
await pool.end();
