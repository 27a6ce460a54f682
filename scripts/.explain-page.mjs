import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
const root = process.cwd();
const { tsImport } = await import('tsx/esm/api');
const { learnerPageQuery } = await tsImport(path.join(root, 'apps/server/src/modules/school/list-learners.ts'), import.meta.url);
const w = drizzle.mock();
const c = new pg.Client({ connectionString: 'postgres://postgres@%2Fvar%2Frun%2Fpostgresql/sekolo_bench_scale' });
await c.connect();
const org = (await c.query(`select organization_id from learners limit 1`)).rows[0].organization_id;
const qs = (process.argv[2] || 'mok,thab,thand mok,nko,zanel').split(',');
const sorts = [['name','asc'],['grade','desc'],['admissionNumber','asc']];
for (const q of qs) for (const [sort, dir] of sorts) {
  const b = learnerPageQuery(w, org, { q, sort, dir, status: 'active', grade: '', limit: 50 }).toSQL();
  const times = [];
  let plan;
  for (let i = 0; i < 5; i++) {
    const r = await c.query('explain (analyze, buffers, format json) ' + b.sql, b.params);
    plan = r.rows[0]['QUERY PLAN'][0];
    times.push([plan['Planning Time'], plan['Execution Time']]);
  }
  const cnt = (await c.query(`select count(*) from learners where organization_id=$1 and (lower(last_name) like $2 or lower(first_name) like $2)`, [org, q.split(' ').sort((a,b)=>b.length-a.length)[0] + '%'])).rows[0].count;
  console.log(q.padEnd(12), sort.padEnd(16), dir, 'matches~', cnt, 'plan/exec ms', times.slice(2).map(t => t.map(x=>x.toFixed(2)).join('/')).join('  '));
  if (process.env.SHOW) console.log(JSON.stringify(plan.Plan, (k, v) => ['Output','Shared Hit Blocks','Shared Read Blocks','Shared Dirtied Blocks','Shared Written Blocks','Local Hit Blocks','Local Read Blocks','Local Dirtied Blocks','Local Written Blocks','Temp Read Blocks','Temp Written Blocks','Parallel Aware','Async Capable','Startup Cost','Total Cost','Plan Width'].includes(k) ? undefined : v, 1).slice(0, 6000));
}
await c.end();
