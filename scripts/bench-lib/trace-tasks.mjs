#!/usr/bin/env node
// The main thread's long tasks of a saved Lighthouse trace (BENCH_LIGHTHOUSE_JSON_DIR keeps them):
//   node scripts/bench-lib/trace-tasks.mjs /tmp/lh/pricing-1.trace.json [min ms, default 10]
// prints each top-level task of the page's renderer main thread that ran at least that long, with the
// observed (unthrottled) milliseconds of what it did inside: script evaluation by URL, HTML parsing,
// style, layout, paint, garbage collection. Lighthouse's simulation multiplies these by its CPU
// slowdown (4) and counts what exceeds 50 ms as blocking.
import fs from 'node:fs';

const [file, minArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: trace-tasks.mjs <trace.json> [min ms]');
  process.exit(2);
}
const minMs = Number(minArg ?? 10);
const raw = JSON.parse(fs.readFileSync(file, 'utf8'));
const events = Array.isArray(raw) ? raw : raw.traceEvents;

const threadNames = new Map();
for (const e of events) if (e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args.name);
// The renderer main thread with the most work is the page's.
const work = new Map();
for (const e of events) {
  const key = `${e.pid}:${e.tid}`;
  if (threadNames.get(key) === 'CrRendererMain' && e.ph === 'X' && e.name === 'RunTask')
    work.set(key, (work.get(key) ?? 0) + (e.dur ?? 0));
}
const [mainKey] = [...work.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
if (!mainKey) throw new Error('no renderer main thread in this trace');
const onMain = events.filter((e) => `${e.pid}:${e.tid}` === mainKey && e.ph === 'X').sort((a, b) => a.ts - b.ts);
const navigation = events.find((e) => e.name === 'navigationStart' || e.name === 'TracingStartedInBrowser');
const origin = navigation?.ts ?? onMain[0].ts;

const label = (e) => {
  const d = e.args?.data ?? {};
  switch (e.name) {
    case 'EvaluateScript':
    case 'v8.compile':
    case 'v8.compileModule':
    case 'v8.evaluateModule':
      return `${e.name} ${(d.url ?? e.args?.fileName ?? '').replace(/^https?:\/\/[^/]+/, '')}`;
    case 'FunctionCall':
      return `FunctionCall ${(d.url ?? '').replace(/^https?:\/\/[^/]+/, '')}`;
    case 'ParseHTML':
    case 'ParseAuthorStyleSheet':
    case 'UpdateLayoutTree':
    case 'Layout':
    case 'Paint':
    case 'MinorGC':
    case 'MajorGC':
    case 'V8.GC_SCAVENGER':
    case 'TimerFire':
    case 'FireAnimationFrame':
    case 'RunMicrotasks':
    case 'v8.run':
      return e.name;
    default:
      return null;
  }
};

let totalOver = 0;
const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur / 1000 >= minMs);
for (const task of tasks) {
  const end = task.ts + task.dur;
  const inside = new Map();
  for (const e of onMain) {
    if (e.ts < task.ts || e.ts >= end || e === task) continue;
    const name = label(e);
    if (!name) continue;
    inside.set(name, (inside.get(name) ?? 0) + e.dur / 1000);
  }
  const ms = task.dur / 1000;
  totalOver += Math.max(0, ms * 4 - 50);
  console.log(`task at ${((task.ts - origin) / 1000).toFixed(0)} ms: ${ms.toFixed(1)} ms (x4 ${(ms * 4).toFixed(0)})`);
  for (const [name, t] of [...inside.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8))
    console.log(`    ${t.toFixed(1).padStart(7)} ms  ${name}`);
}
console.log(
  `\n${tasks.length} tasks of ${minMs} ms or more; their blocking at 4x: ${totalOver.toFixed(0)} ms (all tasks, not only after first paint)`,
);
