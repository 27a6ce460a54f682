#!/usr/bin/env node
/* global document, SVGElement */
// What a page costs the browser's main thread, in figures that hold on a busy machine:
//   node scripts/bench-lib/page-work.mjs <origin> [runs, default 3] [paths...]
// e.g. node scripts/bench-lib/page-work.mjs http://127.0.0.1:3000 5 / /pricing
// opens each page as a phone would (412 x 823, no throttling) with a Chrome trace, waits for React's
// root and 3 s more, and
// prints the medians of: DOM elements; React fibers after hydration (all, host elements, SVG
// elements); the main thread's CPU time (thread time, which a loaded machine does not stretch as it
// does wall time) in all tasks and in those after the first contentful paint; the same tasks'
// blocking at Lighthouse's 4x (CPU time x 4 - 50 ms, summed); script and style/layout time; the
// script files requested; and per run the CPU time of each task after the first paint over 10 ms.
// Compare builds by running them side by side, alternately, at the same load.
import { chromium } from 'playwright-core';

const [origin, runsArg, ...pathArgs] = process.argv.slice(2);
if (!origin) {
  console.error('usage: page-work.mjs <origin> [runs] [paths...]');
  process.exit(2);
}
const RUNS = Number(runsArg || 3);
const PATHS = pathArgs.length ? pathArgs : ['/', '/pricing', '/features', '/login', '/register', '/marketplace'];
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'loading', 'toplevel'];
const SCRIPT_EVENTS = new Set([
  'EvaluateScript',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
]);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});

async function measure(path) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  let scripts = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts++;
  });
  const cdp = await context.newCDPSession(page);
  const events = [];
  cdp.on('Tracing.dataCollected', (chunk) => events.push(...chunk.value));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: CATEGORIES } });
  await page.goto(origin + path, { waitUntil: 'load' });
  // Hydrated (React's root on the document and no spinner for the session), then 3 s for idle work.
  await page
    .waitForFunction(() => Object.keys(document).some((name) => name.startsWith('__reactContainer$')), null, {
      timeout: 30_000,
    })
    .catch(() => undefined);
  await page.waitForTimeout(3000);
  const tree = await page.evaluate(() => {
    const key = Object.keys(document).find((name) => name.startsWith('__reactContainer$'));
    let fibers = 0;
    let host = 0;
    let svg = 0;
    const stack = key ? [document[key]] : [];
    while (stack.length) {
      const fiber = stack.pop();
      if (!fiber) continue;
      fibers++;
      if (fiber.tag === 5) {
        host++;
        if (fiber.stateNode instanceof SVGElement) svg++;
      }
      if (fiber.sibling) stack.push(fiber.sibling);
      if (fiber.child) stack.push(fiber.child);
    }
    return { elements: document.getElementsByTagName('*').length, fibers, host, svg };
  });
  await cdp.send('Tracing.end');
  await complete;
  await context.close();

  // The page's main thread: the renderer thread that parsed its HTML.
  const threadNames = new Map();
  for (const e of events) if (e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args.name);
  const parsed = new Map();
  for (const e of events) {
    const thread = `${e.pid}:${e.tid}`;
    if (
      threadNames.get(thread) === 'CrRendererMain' &&
      e.name === 'ParseHTML' &&
      String(e.args?.beginData?.url).startsWith('http')
    )
      parsed.set(thread, (parsed.get(thread) ?? 0) + e.dur);
  }
  const main = [...parsed.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X');
  const cpu = (e) => (e.tdur ?? e.dur) / 1000;
  const tasks = onMain.filter((e) => e.name === 'RunTask');
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && `${e.pid}:${e.tid}` === main)?.ts ?? 0;
  const afterPaint = tasks.filter((task) => task.ts >= fcp);
  const sum = (list) => list.reduce((total, e) => total + cpu(e), 0);
  return {
    ...tree,
    scripts,
    cpuMs: sum(tasks),
    cpuAfterPaintMs: sum(afterPaint),
    blockingAt4xMs: afterPaint.reduce((total, task) => total + Math.max(0, cpu(task) * 4 - 50), 0),
    scriptMs: sum(onMain.filter((e) => SCRIPT_EVENTS.has(e.name))),
    styleLayoutMs: sum(onMain.filter((e) => e.name === 'UpdateLayoutTree' || e.name === 'Layout')),
    longTasks: afterPaint.filter((task) => cpu(task) >= 10).map((task) => cpu(task).toFixed(1)),
  };
}

for (const path of PATHS) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure(path));
  const m = (key) => Math.round(median(runs.map((run) => run[key])));
  console.log(
    `${path.padEnd(13)} elements ${m('elements')}  fibers ${m('fibers')} (host ${m('host')}, svg ${m('svg')})  scripts ${m('scripts')}` +
      `  CPU ${m('cpuMs')} ms, after first paint ${m('cpuAfterPaintMs')} ms (blocking at 4x ${m('blockingAt4xMs')})` +
      `  script ${m('scriptMs')}  style+layout ${m('styleLayoutMs')}  tasks >= 10 ms after paint: ${runs.map((run) => run.longTasks.join('/') || '-').join(' | ')}`,
  );
}
await browser.close();
