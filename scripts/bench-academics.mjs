#!/usr/bin/env node
/* global fetch */
// `BENCH_ONLY=academics npm run bench`: the academics scale bench (issue 38), on PostgreSQL, in the
// 50 000-learner school the school bench generates (database sekolo_bench_scale; this bench never
// generates, drops or empties it: run BENCH_ONLY=school once first).
//
//   - a class's gradebook grid (40 learners × 10 tasks of the term) loads  GET  .../subject-classes/:id/gradebook  p95 <= 20 ms
//   - a save of one task's column for the 40 learners (a paste)           PUT  .../subject-classes/:id/gradebook  p95 <= 30 ms
//     each at 16 connections through the API (scripts/bench-school/http-client.mjs), then the very
//     statements the server sent for that class, replayed directly with `pg` (a pool of 16) with the
//     server's concurrency (statements it ran together run together, a transaction on one
//     connection): each API percentile as a ratio to the SQL's. The grid's statement reads the
//     session itself (so does its replay); the save's session read is not replayed (the server
//     reuses a recent one).
//   - a class's 40 report cards: the per-class generation (POST /api/school/report-cards/generate)
//     and the class's cards as a zip of a PDF per learner (GET /api/school/report-cards/bundle),
//     <= 10 s; class after class for a sample of classes, the cards per minute and the whole
//     school's time at that rate; then one class's cards each downloaded on its own, and the
//     statements the server's code sends for a class's zip and for one card.
//
// What it adds, idempotently, and never removes: in the first BENCH_ACAD_CLASSES (default 16) Grade
// 10 register classes, seven subject classes (taught by the scale school's admin); the Grade 10
// programmes of those subjects for this year (Mathematics' term 1 widened to 10 tasks); term 1 marks
// of every Grade 10 learner in those subjects (the whole grade, as at the end of a term, so each
// query meets the grade's marks, not only the class's). The saves change marks of the sample classes.
//
// Options (environment): BENCH_DATABASE_URL (admin connection, as bench-school.mjs),
// BENCH_SCALE_DATABASE (default sekolo_bench_scale), BENCH_ACAD_SECONDS (default 10),
// BENCH_ACAD_CONCURRENCY (default 16), BENCH_ACAD_CLASSES (default 16), BENCH_ACAD_CARD_CLASSES
// (classes whose report cards are made, default 6), BENCH_ACAD_PARTS (what to measure, comma-separated:
// grid, cards; default both), BENCH_ACAD_CPU_PROF (a folder: the server runs with --cpu-prof and writes
// its profile there when it stops; the figures then include the profiler's cost). Writes
// bench-results/academics.json; exits 1 when a target is missed.
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { unzipSync } from 'fflate';
import { createHttpClient } from './bench-school/http-client.mjs';
import { freePort, startServer } from './bench-lib/server.mjs';
import { signIn } from './bench-lib/session.mjs';
import { databaseUrl, percentile, round } from './bench-lib/postgres.mjs';

const root = path.resolve(import.meta.dirname, '..');
const DB_NAME = process.env.BENCH_SCALE_DATABASE || 'sekolo_bench_scale';
const dbUrl = databaseUrl(DB_NAME);
const SECONDS = Math.max(1, Number(process.env.BENCH_ACAD_SECONDS || 10));
const WARMUP_SECONDS = 2;
const CONCURRENCY = Math.max(1, Number(process.env.BENCH_ACAD_CONCURRENCY || 16));
const CLASSES = Math.max(1, Number(process.env.BENCH_ACAD_CLASSES || 16));
const CARD_CLASSES = Math.max(1, Number(process.env.BENCH_ACAD_CARD_CLASSES || 6));
const PARTS = new Set((process.env.BENCH_ACAD_PARTS || 'grid,cards').split(',').map((p) => p.trim()));
const CPU_PROF = process.env.BENCH_ACAD_CPU_PROF;
const TARGETS = { loadGradebook: 20, saveGradebook: 30, classReportCardsMs: 10_000 };
const GRADE = 10;
const TERM = 1;
const SUBJECTS = [
  'english',
  'afrikaans',
  'mathematics',
  'life_orientation',
  'physical_sciences',
  'life_sciences',
  'geography',
];
const GRID_SUBJECT = 'mathematics';
const GRID_TASKS = 10;

const { tsImport } = await import('tsx/esm/api');
const { SCALE_SEED_SETTING, SCALE_ADMIN_EMAIL, SCALE_ADMIN_PASSWORD } = await tsImport(
  path.join(root, 'apps/server/src/seed/scale-school.ts'),
  import.meta.url,
);

const failures = [];
const summarise = (latencies) => {
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: round(latencies.length / SECONDS),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1)),
  };
};
const ratioOf = (a, b) => ({ p50: round(a.p50 / b.p50), p95: round(a.p95 / b.p95), p99: round(a.p99 / b.p99) });

/** CONCURRENCY workers running `op(worker, i)` back to back: WARMUP_SECONDS unmeasured, then SECONDS. */
async function measure(op, workers = CONCURRENCY) {
  const latencies = [];
  const errors = [];
  const warmEnd = performance.now() + WARMUP_SECONDS * 1000;
  const end = warmEnd + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let i = 0; performance.now() < end; i++) {
        const t0 = performance.now();
        try {
          await op(worker, i);
          if (t0 >= warmEnd) latencies.push(performance.now() - t0);
        } catch (error) {
          errors.push(String(error?.message ?? error));
          if (errors.length > 50)
            throw new Error(`too many errors: ${errors.slice(0, 3).join(' | ')}`, { cause: error });
        }
      }
    }),
  );
  return { ...summarise(latencies), errors: errors.length, firstErrors: errors.slice(0, 3) };
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux; null elsewhere): per
 * request a figure the machine's load hardly moves, unlike latency (as bench-school.mjs reports).
 */
function cpuMsOf(pid) {
  let ticks = 0;
  const visit = (p) => {
    const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
    for (const task of fs.readdirSync(`/proc/${p}/task`)) {
      const children = fs.readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : []) visit(Number(child));
    }
  };
  try {
    visit(pid);
    return (ticks * 1000) / 100; // USER_HZ 100
  } catch {
    return null; // not Linux, or a process ended meanwhile
  }
}
/** `measure(op)` with the server's CPU milliseconds per measured request (warm-up included in neither). */
async function measureWithCpu(pid, op, workers) {
  const before = cpuMsOf(pid);
  const started = performance.now();
  const result = await measure(op, workers);
  const after = cpuMsOf(pid);
  const seconds = (performance.now() - started) / 1000;
  const all = result.requests * ((WARMUP_SECONDS + SECONDS) / SECONDS);
  return before === null || after === null
    ? result
    : { ...result, serverCpuMsPerRequest: round((after - before) / all), wallSeconds: round(seconds) };
}

// ------------------------------------------------------------------------------------ the school
async function schoolOf(pool) {
  const stored = await pool
    .query('SELECT value FROM system_settings WHERE key = $1', [SCALE_SEED_SETTING])
    .catch(() => ({ rows: [] }));
  const summary = stored.rows[0]?.value;
  if (!summary) throw new Error(`${DB_NAME} holds no generated school: run BENCH_ONLY=school npm run bench first.`);
  const admin = (await pool.query('SELECT id FROM users WHERE email = $1', [SCALE_ADMIN_EMAIL])).rows[0];
  return { org: summary.organizationId, learners: summary.learners, adminId: admin.id };
}

/** The sample's subject classes (idempotent: the unique key of a class's subject keeps one). */
async function addSubjectClasses(pool, school) {
  const classes = (
    await pool.query(
      `SELECT rc.id, rc.name FROM register_classes rc WHERE rc.organization_id = $1 AND rc.grade = $2
       AND (SELECT count(*) FROM learners l WHERE l.register_class_id = rc.id AND l.archived_at IS NULL) >= 40
       ORDER BY rc.name LIMIT $3`,
      [school.org, GRADE, CLASSES],
    )
  ).rows;
  await pool.query(
    `INSERT INTO subject_classes (organization_id, register_class_id, subject, teacher_user_id)
     SELECT $1, rc, s, $2 FROM unnest($3::uuid[]) rc CROSS JOIN unnest($4::text[]) s
     ON CONFLICT DO NOTHING`,
    [school.org, school.adminId, classes.map((c) => c.id), SUBJECTS],
  );
  const subjectClasses = (
    await pool.query(
      `SELECT id, register_class_id, subject FROM subject_classes
       WHERE organization_id = $1 AND register_class_id = ANY($2::uuid[]) AND subject = ANY($3::text[]) AND group_name IS NULL`,
      [school.org, classes.map((c) => c.id), SUBJECTS],
    )
  ).rows;
  return {
    registerClasses: classes,
    gridClasses: classes.map(
      (c) => subjectClasses.find((s) => s.register_class_id === c.id && s.subject === GRID_SUBJECT).id,
    ),
  };
}

/** The programmes (made by the server on first read), Mathematics' term 1 widened to GRID_TASKS tasks, and the grade's marks. */
async function addProgrammesAndMarks(api, pool, school, year) {
  for (const subject of SUBJECTS) {
    const answer = await api('GET', `/api/school/assessment/programme?year=${year}&grade=${GRADE}&subject=${subject}`);
    if (subject !== GRID_SUBJECT) continue;
    const term = answer.programme.tasks.filter((t) => t.term === TERM);
    if (term.length < GRID_TASKS) {
      const kept = term.map(({ id, name, type, weight, maxMark }) => ({ id, name, type, weight, maxMark }));
      const added = Array.from({ length: GRID_TASKS - kept.length }, (_, i) => ({
        name: `Class test ${i + 1}`,
        type: i % 3 === 2 ? 'practical' : 'test',
        weight: 10,
        maxMark: 50,
      }));
      await api('PUT', '/api/school/assessment/programme', {
        year,
        grade: GRADE,
        subject,
        term: TERM,
        tasks: [...kept, ...added],
      });
    }
  }
  const started = performance.now();
  const { rowCount } = await pool.query(
    `INSERT INTO assessment_marks (organization_id, task_id, learner_id, mark, updated_by)
     SELECT p.organization_id, t.id, l.id,
            (abs(hashtext(t.id::text || l.id::text)) % (t.max_mark * 60 / 100 + 1)) + t.max_mark * 40 / 100, $4
     FROM assessment_programmes p
     JOIN assessment_tasks t ON t.programme_id = p.id AND t.term = $5
     JOIN register_classes rc ON rc.organization_id = p.organization_id AND rc.grade = p.grade
     JOIN learners l ON l.register_class_id = rc.id AND l.archived_at IS NULL
     WHERE p.organization_id = $1 AND p.year = $2 AND p.grade = $3 AND p.subject = ANY($6::text[])
     ON CONFLICT DO NOTHING`,
    [school.org, year, GRADE, school.adminId, TERM, SUBJECTS],
  );
  await pool.query('VACUUM (ANALYZE) assessment_marks, assessment_tasks, assessment_programmes, subject_classes');
  return { marksAdded: rowCount, ms: round(performance.now() - started) };
}

// ----------------------------------------------------------------- the server's SQL, captured
// The bench runs the server's own gradebook code (gradebook.ts) in this process on a pool whose
// every statement is recorded with its connection and when it ran, then replays them with `pg`.
const recorded = [];
let recording = false;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function query(config, values, callback) {
  if (!recording) return originalQuery.call(this, config, values, callback);
  // (text, values), ({ text, values }) or ({ text }, values), with or without a callback (the pool's).
  const params = Array.isArray(values) ? values : undefined;
  const recordedConfig =
    typeof config === 'string'
      ? { text: config, values: params }
      : { ...config, ...(params ? { values: params } : {}) };
  const entry = { client: this, config: recordedConfig, start: performance.now(), end: Infinity };
  recorded.push(entry);
  const done = () => {
    entry.end = performance.now();
  };
  const args = [config, values, callback];
  const last = args.findLastIndex((a) => typeof a === 'function');
  if (last >= 0) {
    const original = args[last];
    args[last] = (...answer) => {
      done();
      return original(...answer);
    };
  }
  const answer = originalQuery.apply(this, args);
  if (answer && typeof answer.then === 'function') return answer.finally(done);
  return answer;
};

/**
 * A plan of the recorded statements: steps one after the other; a step is statements that ran
 * together (each on any connection), or a transaction (BEGIN to COMMIT on one connection).
 */
function planOf(entries) {
  if (!entries.length) throw new Error('no statement recorded: the server code did not use this process’s pg');
  const sorted = [...entries].sort((a, b) => a.start - b.start);
  const inTransaction = new Set();
  const steps = [];
  for (const [i, e] of sorted.entries()) {
    if (inTransaction.has(e)) continue;
    if (/^\s*begin\b/i.test(e.config.text)) {
      const block = [e];
      for (const next of sorted.slice(i + 1)) {
        if (next.client !== e.client) continue;
        block.push(next);
        inTransaction.add(next);
        if (/^\s*(commit|rollback)\b/i.test(next.config.text)) break;
      }
      steps.push({ transaction: block.map((b) => b.config) });
      continue;
    }
    const last = steps.at(-1);
    if (last?.together && e.start < last.until) {
      last.together.push(e.config);
      last.until = Math.max(last.until, e.end);
    } else steps.push({ together: [e.config], until: e.end });
  }
  return steps.map((s) => (s.transaction ? { transaction: s.transaction } : { together: s.together }));
}

async function replay(pool, plan) {
  for (const step of plan) {
    if (step.together) await Promise.all(step.together.map((config) => pool.query(config)));
    else {
      const client = await pool.connect();
      try {
        for (const config of step.transaction) await client.query(config);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    }
  }
}

// ------------------------------------------------------------------------------------------ main
const started = performance.now();
const report = {
  startedAt: new Date().toISOString(),
  database: DB_NAME,
  concurrency: CONCURRENCY,
  seconds: SECONDS,
  loadAverage: os.loadavg().map(round),
  cores: os.availableParallelism(),
};
const pool = new pg.Pool({ connectionString: dbUrl, max: CONCURRENCY });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-bench-academics-'));
fs.mkdirSync(path.join(dataDir, 'web'));
fs.writeFileSync(path.join(dataDir, 'web', 'index.html'), '<!doctype html><title>bench</title>');
let server;
let http;
let inProcess;
try {
  const school = await schoolOf(pool);
  const year = new Date().getFullYear();
  console.log(
    `Academics scale bench (issue 38): PostgreSQL ${DB_NAME}, ${school.learners} learners, ${CONCURRENCY} connections, ${SECONDS} s per side; ` +
      `load average ${report.loadAverage.join(', ')} on ${report.cores} cores (a shared machine: the API/SQL ratio is the figure that counts)`,
  );
  const port = await freePort();
  server = startServer(
    port,
    {
      AUTH_SECRET: randomBytes(24).toString('hex'),
      DATA_DIR: path.join(dataDir, 'data'),
      WEB_DIST: path.join(dataDir, 'web'),
      DATABASE_URL: dbUrl,
      SEED: 'never',
    },
    { nodeArgs: CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF)}`] : [] },
  );
  await server.ready();
  const cookie = await signIn(server.base, SCALE_ADMIN_EMAIL, SCALE_ADMIN_PASSWORD, server.base);
  const api = async (method, url, body) => {
    const response = await fetch(`${server.base}${url}`, {
      method,
      headers: { cookie, origin: server.base, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
    return response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  };

  const sample = await addSubjectClasses(pool, school);
  const added = await addProgrammesAndMarks(api, pool, school, year);
  console.log(
    `  sample: ${sample.registerClasses.length} Grade ${GRADE} classes × ${SUBJECTS.length} subjects; term ${TERM} marks of the whole grade ` +
      `(${added.marksAdded} added now, ${added.ms} ms)`,
  );
  report.sample = { classes: sample.registerClasses.length, subjects: SUBJECTS, marksAdded: added.marksAdded };

  // The server's own code in this process, its statements recorded (the SQL side, statement counts).
  const { openPostgres } = await tsImport(path.join(root, 'apps/server/src/platform/db/client.ts'), import.meta.url);
  inProcess = await openPostgres(dbUrl, { max: 4 });
  const name = (await pool.query('SELECT name FROM organizations WHERE id = $1', [school.org])).rows[0].name;
  const ctx = {
    organizationId: school.org,
    schoolName: name,
    user: { id: school.adminId, status: 'active', role: 'school_admin', permissions: ['manage_curriculum'] },
    ip: '127.0.0.1',
  };

  if (PARTS.has('grid')) {
    // Each worker loads and saves its own class (saves of one class queue on its lock).
    const classOf = (worker) => sample.gridClasses[worker % sample.gridClasses.length];
    const gradebookUrl = (id) => `/api/school/assessment/subject-classes/${id}/gradebook?year=${year}&term=${TERM}`;
    const grids = new Map();
    for (const id of sample.gridClasses) {
      const { gradebook } = await api('GET', gradebookUrl(id));
      if (gradebook.learners.length < 40 || gradebook.tasks.length < GRID_TASKS)
        throw new Error(`class ${id}: ${gradebook.learners.length} learners × ${gradebook.tasks.length} tasks`);
      const values = new Map(gradebook.cells.map((c) => [`${c.learnerId}:${c.taskId}`, c.value]));
      grids.set(id, { learners: gradebook.learners.map((l) => l.id), tasks: gradebook.tasks, values });
    }
    /** A column of one task for the class's 40 learners, each cell moved by one mark from what is stored. */
    const saveBody = (id, i) => {
      const grid = grids.get(id);
      const task = grid.tasks[i % grid.tasks.length];
      const cells = grid.learners.map((learnerId) => {
        const key = `${learnerId}:${task.id}`;
        const was = grid.values.get(key) ?? null;
        const base = typeof was === 'number' ? was : Math.round(task.maxMark / 2);
        const value = base >= task.maxMark ? base - 1 : base + 1;
        return { learnerId, taskId: task.id, value, was };
      });
      return { year, term: TERM, cells };
    };
    const saved = (id, body) => {
      for (const c of body.cells) grids.get(id).values.set(`${c.learnerId}:${c.taskId}`, c.value);
    };

    // API side.
    http = createHttpClient(server.base, CONCURRENCY);
    const headers = { cookie, origin: server.base };
    const loadApi = await measureWithCpu(server.child.pid, async (worker) => {
      const answer = await http.request(worker, 'GET', gradebookUrl(classOf(worker)), headers);
      if (answer.status !== 200) throw new Error(`load ${answer.status}: ${answer.text().slice(0, 200)}`);
    });
    // More connections than classes: the saves run on as many connections as classes.
    const savers = Math.min(CONCURRENCY, sample.gridClasses.length);
    const saveApi = await measureWithCpu(
      server.child.pid,
      async (worker, i) => {
        const id = classOf(worker);
        const body = saveBody(id, i);
        const answer = await http.request(
          worker,
          'PUT',
          gradebookUrl(id).split('?')[0],
          { ...headers, 'content-type': 'application/json' },
          JSON.stringify(body),
        );
        if (answer.status !== 200) throw new Error(`save ${answer.status}: ${answer.text().slice(0, 200)}`);
        saved(id, body);
      },
      savers,
    );

    // The same statements, directly: recorded from the server's own code in this process.
    const { gradebookForSession, saveMarks } = await tsImport(
      path.join(root, 'apps/server/src/modules/academics/assessment/gradebook.ts'),
      import.meta.url,
    );
    const sessionCookie = cookie.split('; ').find((pair) => pair.includes('session_token='));
    const token = decodeURIComponent(sessionCookie.split('=')[1]).split('.')[0];
    const loadPlans = new Map();
    const savePlans = new Map();
    for (const id of sample.gridClasses) {
      recorded.length = 0;
      recording = true;
      // The route's statement: the session by its token and the grid, in one.
      await gradebookForSession(inProcess.db, token, async () => ctx, id, year, TERM);
      recording = false;
      loadPlans.set(id, planOf(recorded));
      // Two saves of a column, each moving every mark by one: replayed in turn, each writes every cell.
      const plans = [];
      for (let k = 0; k < 2; k++) {
        const body = saveBody(id, 0);
        recorded.length = 0;
        recording = true;
        await saveMarks(inProcess.db, ctx, id, body);
        recording = false;
        saved(id, body);
        plans.push(planOf(recorded));
      }
      savePlans.set(id, plans);
    }
    const shape = (plan) =>
      plan.map((s) => (s.together ? `${s.together.length}` : `tx(${s.transaction.length})`)).join(' → ');
    const firstLoad = loadPlans.get(sample.gridClasses[0]);
    const firstSave = savePlans.get(sample.gridClasses[0])[0];
    console.log(
      `  the server's statements: load ${shape(firstLoad)}; save ${shape(firstSave)} (steps; tx = one transaction)`,
    );
    report.statements = { load: shape(firstLoad), save: shape(firstSave) };
    const loadSql = await measure((worker) => replay(pool, loadPlans.get(classOf(worker))));
    const saveSql = await measure((worker, i) => replay(pool, savePlans.get(classOf(worker))[i % 2]), savers);

    const line = (label, target, a, s) => {
      const ratio = ratioOf(a, s);
      const ok = a.p95 <= target && a.errors === 0;
      if (!ok)
        failures.push(
          `${label}: API p95 ${a.p95} ms (target ${target} ms), ${a.errors} errors ${a.firstErrors.join(' | ')}`,
        );
      console.log(
        `  ${ok ? 'ok  ' : 'FAIL'} ${label}: API p50 ${a.p50} / p95 ${a.p95} / p99 ${a.p99} ms (${a.perSecond}/s, target p95 <= ${target} ms); ` +
          `SQL p50 ${s.p50} / p95 ${s.p95} / p99 ${s.p99} ms (${s.perSecond}/s); API/SQL p50 ${ratio.p50}, p95 ${ratio.p95}` +
          (a.serverCpuMsPerRequest === undefined ? '' : `; the server's CPU ${a.serverCpuMsPerRequest} ms a request`),
      );
      return { api: a, sql: s, ratio, target };
    };
    report.loadGradebook = line('gradebook load (40 × 10)', TARGETS.loadGradebook, loadApi, loadSql);
    report.saveGradebook = line('gradebook save (a 40-cell column)', TARGETS.saveGradebook, saveApi, saveSql);
  }

  if (PARTS.has('cards')) {
    // Report cards, class after class: the per-class generation, then the class's cards as one zip of a
    // PDF per learner (the admin's download of a class).
    const perClass = [];
    let cards = 0;
    let bytes = 0;
    const cardsStarted = performance.now();
    const bundleUrl = (rc) =>
      `${server.base}/api/school/report-cards/bundle?year=${year}&term=${TERM}&registerClassId=${rc.id}&format=zip`;
    for (const rc of sample.registerClasses.slice(0, CARD_CLASSES)) {
      const t0 = performance.now();
      const made = await api('POST', '/api/school/report-cards/generate', { year, term: TERM, registerClassId: rc.id });
      const response = await fetch(bundleUrl(rc), { headers: { cookie } });
      const zip = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200) throw new Error(`report cards of ${rc.name}: ${response.status}`);
      const pdfs = Object.values(unzipSync(new Uint8Array(zip)));
      if (
        pdfs.length !== made.cards.length ||
        pdfs.some((pdf) => Buffer.from(pdf.subarray(0, 5)).toString() !== '%PDF-')
      )
        throw new Error(`report cards of ${rc.name}: ${pdfs.length} PDFs for ${made.cards.length} cards`);
      bytes += pdfs.reduce((sum, pdf) => sum + pdf.length, 0);
      const ms = performance.now() - t0;
      perClass.push({ className: rc.name, cards: made.cards.length, ms: round(ms) });
      cards += made.cards.length;
    }
    const cardsMs = performance.now() - cardsStarted;
    const perMinute = (cards / cardsMs) * 60_000;
    const slowest = Math.max(...perClass.map((c) => c.ms));
    const wholeSchoolMinutes = school.learners / perMinute;
    const cardsOk = slowest <= TARGETS.classReportCardsMs;
    if (!cardsOk) failures.push(`a class's report cards took ${slowest} ms (target ${TARGETS.classReportCardsMs} ms)`);
    console.log(
      `  ${cardsOk ? 'ok  ' : 'FAIL'} a class's report cards (generate + the class's zip of a PDF per learner): ` +
        `${perClass.map((c) => `${c.className} ${c.cards} in ${round(c.ms / 1000)} s`).join(', ')} (target <= ${TARGETS.classReportCardsMs / 1000} s)`,
    );
    console.log(
      `       ${cards} cards in ${round(cardsMs / 1000)} s: ${round(perMinute)} report cards a minute (${round(bytes / cards / 1024)} KB each); ` +
        `the whole school's ${school.learners} at that rate, one class after another: ${round(wholeSchoolMinutes)} minutes`,
    );
    // A class's cards each downloaded on its own, one after the other (as guardians download theirs).
    const first = sample.registerClasses[0];
    const listed = await api('GET', `/api/school/report-cards?year=${year}&term=${TERM}&registerClassId=${first.id}`);
    const singlesStarted = performance.now();
    for (const card of listed.cards) {
      const response = await fetch(`${server.base}/api/school/report-cards/${card.id}/pdf`, { headers: { cookie } });
      const pdf = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200 || pdf.subarray(0, 5).toString() !== '%PDF-')
        throw new Error(`report card ${card.id}: ${response.status}`);
    }
    const singlesMs = performance.now() - singlesStarted;
    // Statements: the server's own code in this process, recorded, for one class's zip and one card.
    const { loadConfig } = await tsImport(path.join(root, 'apps/server/src/platform/config/env.ts'), import.meta.url);
    const { createFileStorage } = await tsImport(
      path.join(root, 'apps/server/src/modules/uploads/index.ts'),
      import.meta.url,
    );
    const { reportCardBundle, reportCardPdf } = await tsImport(
      path.join(root, 'apps/server/src/modules/academics/assessment/report-cards.ts'),
      import.meta.url,
    );
    const storage = createFileStorage(loadConfig({ DATA_DIR: path.join(dataDir, 'data'), NODE_ENV: 'development' }));
    recorded.length = 0;
    recording = true;
    await reportCardBundle(inProcess.db, storage, ctx, { year, term: TERM, registerClassId: first.id, format: 'zip' });
    const bundleStatements = recorded.length;
    recorded.length = 0;
    await reportCardPdf(inProcess.db, storage, ctx, listed.cards[0].id);
    const cardStatements = recorded.length;
    recording = false;
    console.log(
      `       ${first.name}'s ${listed.cards.length} cards each downloaded on its own: ${round(singlesMs / 1000)} s; ` +
        `statements: ${bundleStatements} for the class's zip of ${listed.cards.length}, ${cardStatements} for one card's PDF`,
    );
    report.reportCards = {
      perClass,
      cards,
      ms: round(cardsMs),
      perMinute: round(perMinute),
      wholeSchoolMinutes: round(wholeSchoolMinutes),
      singleCards: { cards: listed.cards.length, ms: round(singlesMs) },
      statements: { classZip: bundleStatements, oneCard: cardStatements },
    };
  }
  report.loadAverageAfter = os.loadavg().map(round);
  console.log(
    `  load average after: ${report.loadAverageAfter.join(', ')}; ${round((performance.now() - started) / 1000)} s in all`,
  );
} catch (error) {
  failures.push(String(error?.stack ?? error));
  console.error(error);
} finally {
  http?.close();
  await inProcess?.close();
  await server?.stop();
  await pool.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
report.failures = failures;
fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench-results/academics.json'), `${JSON.stringify(report, null, 2)}\n`);
process.exit(failures.length ? 1 : 0);
