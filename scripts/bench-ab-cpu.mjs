#!/usr/bin/env node
/* global performance */
// Before and after, side by side: `node scripts/bench-ab-cpu.mjs <grid-get|grid-put|listing> <treeA> <treeB> [rounds] [perRound]`
// starts the server of each tree (two checkouts of the repository, node_modules in place) on one
// database, then sends the same requests to one and then the other in alternating rounds (16 at
// once, `perRound` each), so both meet the same load of the shared machine; prints each server's
// CPU per request (from /proc) and its latencies. grid-get and grid-put use the scale school after
// the academics bench has added its subject classes (AB_SCALE_DATABASE, default
// sekolo_bench_scale), listing the marketplace bench's database (AB_MARKETPLACE_DATABASE, default
// sekolo_bench_marketplace). AB_PORT (default 3422) and the next port; AB_PROF=<folder> profiles
// tree B's server (node --cpu-prof).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
const [mode, dirA, dirB, roundsArg, perArg] = process.argv.slice(2);
const ROUNDS = Number(roundsArg || 8),
  PER = Number(perArg || 400),
  CONC = 16;
if (!['grid-get', 'grid-put', 'listing'].includes(mode) || !dirA || !dirB) {
  console.error('usage: node scripts/bench-ab-cpu.mjs <grid-get|grid-put|listing> <treeA> <treeB> [rounds] [perRound]');
  process.exit(2);
}
const db =
  mode === 'listing'
    ? process.env.AB_MARKETPLACE_DATABASE || 'sekolo_bench_marketplace'
    : process.env.AB_SCALE_DATABASE || 'sekolo_bench_scale';
const url = `postgres://postgres@127.0.0.1:5432/${db}`;
const { createHttpClient } = await import(path.join(dirB, 'scripts/bench-school/http-client.mjs'));
const { signIn } = await import(path.join(dirB, 'scripts/bench-lib/session.mjs'));
const secret = randomBytes(24).toString('hex');
const cpu = (pid) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};
const servers = [];
// A server left running would hold its port: stop both whatever happens.
const stopAll = async () => {
  for (const s of servers) await s.stop();
};
process.on('uncaughtException', (error) => {
  console.error(error);
  stopAll().finally(() => process.exit(1));
});
process.on('unhandledRejection', (error) => {
  console.error(error);
  stopAll().finally(() => process.exit(1));
});
for (const [i, dir] of [dirA, dirB].entries()) {
  const { startServer } = await import(path.join(dir, 'scripts/bench-lib/server.mjs'));
  const port = Number(process.env.AB_PORT || 3422) + i;
  const data = fs.mkdtempSync(path.join(os.tmpdir(), `sekolo-ab-${i}-`));
  fs.mkdirSync(path.join(data, 'web'));
  fs.writeFileSync(path.join(data, 'web', 'index.html'), '<!doctype html><title>ab</title>');
  const prof =
    process.env.AB_PROF && i === 1 ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${process.env.AB_PROF}`] } : {};
  const s = startServer(
    port,
    {
      AUTH_SECRET: secret,
      DATABASE_URL: url,
      DATABASE_POOL_MAX: '16',
      DATA_DIR: path.join(data, 'data'),
      WEB_DIST: path.join(data, 'web'),
      SEED: 'never',
      PAYMENT_PROVIDER: 'sandbox',
    },
    prof,
  );
  servers.push(s);
  await s.ready();
  s.name = path.basename(dir);
}
const pool = new pg.Pool({ connectionString: url, max: 2 });
let targets,
  cookie = '';
const year = new Date().getFullYear();
if (mode === 'listing') {
  targets = (
    await pool.query(`SELECT id FROM listings WHERE status='published' ORDER BY random() LIMIT 2000`)
  ).rows.map((r) => `/api/marketplace/listings/${r.id}`);
} else {
  cookie = await signIn(
    servers[0].base,
    'admin@scale-school.sekolo.test',
    'scale-school-password-2026',
    servers[0].base,
  );
  targets = (
    await pool.query(`SELECT sc.id FROM subject_classes sc JOIN register_classes rc ON rc.id = sc.register_class_id
    WHERE sc.subject = 'mathematics' AND rc.grade = 10 ORDER BY rc.name LIMIT 16`)
  ).rows.map((r) => r.id);
}
const gridUrl = (id) => `/api/school/assessment/subject-classes/${id}/gradebook?year=${year}&term=1`;
const grids = new Map();
async function runRound(s, n) {
  const http = createHttpClient(s.base, CONC);
  const headers = { cookie, origin: s.base };
  let next = 0;
  const lat = [];
  const before = cpu(s.child.pid);
  await Promise.all(
    Array.from({ length: CONC }, async (_, w) => {
      while (next < n) {
        const i = next++;
        const t0 = performance.now();
        if (mode === 'listing') {
          const a = await http.request(w, 'GET', targets[i % targets.length], headers);
          if (a.status !== 200) throw new Error(`listing ${a.status}`);
        } else if (mode === 'grid-get') {
          const a = await http.request(w, 'GET', gridUrl(targets[w % targets.length]), headers);
          if (a.status !== 200) throw new Error(`grid ${a.status} ${a.text().slice(0, 200)}`);
        } else {
          const id = targets[w % targets.length];
          let g = grids.get(id);
          if (!g) {
            const a = await http.request(w, 'GET', gridUrl(id), headers);
            const { gradebook } = JSON.parse(a.text());
            g = {
              learners: gradebook.learners.map((l) => l.id),
              tasks: gradebook.tasks,
              values: new Map(gradebook.cells.map((c) => [`${c.learnerId}:${c.taskId}`, c.value])),
            };
            grids.set(id, g);
          }
          const task = g.tasks[i % g.tasks.length];
          const cells = g.learners.map((learnerId) => {
            const k = `${learnerId}:${task.id}`;
            const was = g.values.get(k) ?? null;
            const base = typeof was === 'number' ? was : Math.round(task.maxMark / 2);
            return { learnerId, taskId: task.id, value: base >= task.maxMark ? base - 1 : base + 1, was };
          });
          const t1 = performance.now();
          const a = await http.request(
            w,
            'PUT',
            gridUrl(id).split('?')[0],
            { ...headers, 'content-type': 'application/json' },
            JSON.stringify({ year, term: 1, cells }),
          );
          if (a.status !== 200) throw new Error(`save ${a.status} ${a.text().slice(0, 200)}`);
          for (const c of cells) g.values.set(`${c.learnerId}:${c.taskId}`, c.value);
          lat.push(performance.now() - t1);
          continue;
        }
        lat.push(performance.now() - t0);
      }
    }),
  );
  const used = cpu(s.child.pid) - before;
  http.close?.();
  return { used, lat };
}
const acc = servers.map(() => ({ cpu: 0, n: 0, lat: [] }));
// warm-up
for (const s of servers) await runRound(s, Math.min(PER, 100));
for (let r = 0; r < ROUNDS; r++) {
  const order = r % 2 ? [1, 0] : [0, 1];
  for (const k of order) {
    const { used, lat } = await runRound(servers[k], PER);
    acc[k].cpu += used;
    acc[k].n += lat.length;
    acc[k].lat.push(...lat);
  }
}
const pct = (a, p) => {
  const s = [...a].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
for (const [k, s] of servers.entries()) {
  const a = acc[k];
  console.log(
    `${mode} ${s.name}: ${a.n} requests, server CPU ${(a.cpu / a.n).toFixed(3)} ms a request, p50 ${pct(a.lat, 0.5).toFixed(1)} p95 ${pct(a.lat, 0.95).toFixed(1)} ms`,
  );
}
await pool.end();
await stopAll();
process.exit(0);
