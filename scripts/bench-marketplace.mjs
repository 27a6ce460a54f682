#!/usr/bin/env node
/* global fetch, performance, URLSearchParams */
// Marketplace bench, run by `npm run bench` or alone (BENCH_ONLY=marketplace):
//   node scripts/bench-marketplace.mjs
// One production server process on a PostgreSQL database of its own (BENCH_MARKETPLACE_DATABASE,
// default sekolo_bench_marketplace, on BENCH_DATABASE_URL's server as the school bench) holding
// BENCH_MARKETPLACE_LISTINGS (default 100 000) published listings from BENCH_MARKETPLACE_SELLERS
// (default 2 000) sellers. The database is built once and reused while it holds the same fill
// (BENCH_MARKETPLACE_REBUILD=1 builds it again); each run adds its own buyers and orders.
// BENCH_MARKETPLACE_PARTS (default catalogue,checkouts) chooses the parts:
//
// catalogue: the search (GET /api/marketplace/listings with a word, a typo, a filter or a sort;
//   target p95 <= 20 ms) asked BENCH_MARKETPLACE_N times (default 1 000) and a listing's page (GET
//   /api/marketplace/listings/:id, which counts the view; target p95 <= 10 ms) asked
//   BENCH_MARKETPLACE_PAGE_N times (default five times N), 16 at once after a warm-up, through the
//   school bench's lean HTTP client (one keep-alive connection a worker,
//   scripts/bench-school/http-client.mjs); then the very statements each sends (captured from the
//   catalogue's own code, scripts/bench-marketplace-capture.ts) run directly through pg the same number of times at the
//   same concurrency. Both sides hold the same number of PostgreSQL connections,
//   BENCH_MARKETPLACE_POOL (default 16: the server's DATABASE_POOL_MAX and the direct pool's max).
//   Prints both p95 and their ratio, and the CPU each request costs the server process, the
//   database's backends (from /proc, when PostgreSQL runs on this machine) and the bench's own
//   client, which load does not inflate as it does the milliseconds.
//
// checkouts: BENCH_MARKETPLACE_CHECKOUTS (default 200) buyers, made in the database and signed in
//   through the real sign-in, each with a basket of items from two or three sellers (one in five
//   also wants one of a few listings with only a few units left), all at once: save the basket,
//   check out (one payment, Idempotency-Key), open the sandbox gateway's page, pay. Three in four
//   pay by test card (the sandbox gateway posts its signed notification to the server itself); one
//   in four has the gateway's notification posted twice at the same moment (a retry racing the
//   first). Then every paid order's notification arrives once more. Then the database is checked
//   (scripts/bench-marketplace-checkouts.ts): no error, each payment credited once, every basket
//   split into one order per seller with each line's seller, every journal balanced, no stock
//   below zero, the scarce listings sold exactly their units and the other buyers refused with a
//   clear message, each seller told of each order once.
//
// BENCH_MARKETPLACE_CPU_PROF=<dir>: the server writes its CPU profile (node --cpu-prof) there.
// Writes bench-results/marketplace-latest.json; exits 1 on a missed target or a failed check.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { createHttpClient } from './bench-school/http-client.mjs';
import { ADMIN_URL, databaseUrl, percentile, round } from './bench-lib/postgres.mjs';
import { freePort, startServer } from './bench-lib/server.mjs';
import { signIn } from './bench-lib/session.mjs';

const root = path.resolve(import.meta.dirname, '..');
const LISTINGS = Math.max(1000, Number(process.env.BENCH_MARKETPLACE_LISTINGS || 100_000));
const SELLERS = Math.max(10, Number(process.env.BENCH_MARKETPLACE_SELLERS || 2_000));
const N = Math.max(32, Number(process.env.BENCH_MARKETPLACE_N || 1000));
// A listing's page costs about a twentieth of a search: asked five times as often, so its run lasts
// long enough for a p95 and for /proc's CPU ticks (10 ms each, per process) to add up to a figure.
const PAGE_N = Math.max(32, Number(process.env.BENCH_MARKETPLACE_PAGE_N || 5 * N));
const WARMUP = 64;
const CONCURRENCY = 16;
const POOL = Math.max(1, Number(process.env.BENCH_MARKETPLACE_POOL || CONCURRENCY));
const CHECKOUTS = Math.max(10, Number(process.env.BENCH_MARKETPLACE_CHECKOUTS || 200));
const PARTS = new Set((process.env.BENCH_MARKETPLACE_PARTS || 'catalogue,checkouts').split(',').map((p) => p.trim()));
const TARGETS = { searchP95Ms: 20, listingP95Ms: 10 };
const DB_NAME = process.env.BENCH_MARKETPLACE_DATABASE || 'sekolo_bench_marketplace';
const dbUrl = databaseUrl(DB_NAME);
/** The fill's version and size, kept in system_settings: a database holding another is built again. */
const FILL_KEY = 'bench_marketplace_fill';
const FILL_VERSION = 2;
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Bench Buyer' };

/** The searches a shopper makes: words, a typo, a section, a price band, a sort. */
const SEARCHES = [
  { q: 'calculator' },
  { q: 'calculater' },
  { q: 'school bag', sort: 'price_asc' },
  { q: 'maths study guide' },
  { category: 'supplies' },
  { category: 'technology', sort: 'rating' },
  { q: 'pencils', province: 'gauteng' },
  { minPriceCents: '10000', maxPriceCents: '50000', sort: 'newest' },
];

/** The sellers and their listings, titles made of real school words so searches find hundreds. */
async function fill(client) {
  await client.query(`
    INSERT INTO organizations (name, slug, type)
    SELECT 'Bench Seller ' || n, 'bench-seller-' || n, 'business' FROM generate_series(1, ${SELLERS}) n`);
  await client.query(`
    INSERT INTO marketplace_sellers (organization_id, partner_types, commission_tier, province, seller_type, rating_sum, rating_count)
    SELECT o.id, '{product_vendor}',
      (ARRAY['free','basic','standard','premium'])[1 + (row_number() OVER () % 4)],
      (ARRAY['gauteng','western_cape','kwazulu_natal','eastern_cape','limpopo'])[1 + (row_number() OVER () % 5)],
      'business', (row_number() OVER () % 20) * 4, (row_number() OVER () % 20)
    FROM organizations o WHERE o.slug LIKE 'bench-seller-%'`);
  await client.query(`
    WITH sellers AS (SELECT id, row_number() OVER (ORDER BY slug) AS k FROM organizations WHERE slug LIKE 'bench-seller-%')
    INSERT INTO listings (organization_id, title, description, price_cents, status, published_at, kind, category, subcategory, stock, rating_sum, rating_count)
    SELECT s.id,
      (ARRAY['Scientific','Graphing','Basic','Premium','Junior','Senior','Compact','Deluxe'])[1 + n % 8] || ' ' ||
      (ARRAY['calculator','school bag','pencils','exercise books','maths study guide','tablet','geometry set','lunch box','science kit','English reader'])[1 + (n / 8) % 10] || ' ' || n,
      'Bench listing for the catalogue search: school supplies, books and technology from South African sellers.',
      1000 + (n * 37) % 200000, 'published', now() - (n || ' minutes')::interval, 'product',
      (ARRAY['supplies','resources','technology','services'])[1 + n % 4], 'other', 5 + n % 50, (n % 6) * 4, n % 6
    FROM generate_series(1, ${LISTINGS}) n JOIN sellers s ON s.k = 1 + n % ${SELLERS}`);
  await client.query('VACUUM ANALYZE');
}

/** The fill the bench database holds (null: none, another, or no database). */
async function storedFill() {
  const client = new pg.Client({ connectionString: dbUrl });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch {
    return null;
  }
  try {
    const { rows } = await client.query('SELECT value FROM system_settings WHERE key = $1', [FILL_KEY]);
    return rows[0]?.value ?? null;
  } catch {
    return null;
  } finally {
    await client.end();
  }
}

/** Milliseconds of CPU (user + system) process `pid` has used, from /proc; null where it cannot be read. */
function cpuMsOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in USER_HZ (100)
  } catch {
    return null;
  }
}

/** CPU so far of each PostgreSQL backend on the bench database (null when PostgreSQL is not on this machine). */
async function backendsCpu(probe) {
  const { rows } = await probe.query(
    'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [DB_NAME],
  );
  const cpu = new Map();
  for (const { pid } of rows) {
    const ms = cpuMsOf(pid);
    if (ms === null) return null;
    cpu.set(pid, ms);
  }
  return cpu;
}

/** Runs `task(i, worker)` `count` times, CONCURRENCY workers at once; answers each run's milliseconds, sorted. */
async function timed(task, count) {
  const times = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      while (next < count) {
        const i = next++;
        const started = performance.now();
        await task(i, worker);
        times.push(performance.now() - started);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

/**
 * `task` warmed up (the pools open their connections), then timed `n` times; with the CPU per task
 * of process `pid` (the server; null for none), of the database's backends and of the bench itself.
 */
async function measure(task, probe, pid, n) {
  await timed(task, WARMUP);
  const before = { own: pid ? cpuMsOf(pid) : null, db: await backendsCpu(probe), bench: process.cpuUsage() };
  const times = await timed(task, n);
  const after = { own: pid ? cpuMsOf(pid) : null, db: await backendsCpu(probe) };
  const bench = process.cpuUsage(before.bench);
  let dbCpu = null;
  if (before.db && after.db) {
    dbCpu = 0;
    for (const [backend, ms] of after.db) dbCpu += ms - (before.db.get(backend) ?? 0);
  }
  return {
    times,
    serverCpuMsPerRequest: before.own !== null && after.own !== null ? round((after.own - before.own) / n) : null,
    dbCpuMsPerRequest: dbCpu === null ? null : round(dbCpu / n),
    benchCpuMsPerRequest: round((bench.user + bench.system) / 1000 / n),
  };
}

async function catalogueBench(server, probe) {
  const paths = SEARCHES.map((s) => `/api/marketplace/listings?${new URLSearchParams(s)}`);
  for (const p of paths) {
    const response = await fetch(`${server.base}${p}`);
    if (!response.ok) throw new Error(`search failed (${response.status}): ${p}`);
    const page = await response.json();
    if (page.total === 0) throw new Error(`search found nothing: ${p}`);
  }
  // The measured requests go through the lean client the school bench uses (one keep-alive
  // connection a worker): fetch's own CPU per request, on the same two cores, would be counted
  // against the server.
  const client = createHttpClient(server.base, CONCURRENCY);
  const get = async (worker, p, what) => {
    const answer = await client.request(worker, 'GET', p);
    if (answer.status !== 200) throw new Error(`${what} failed (${answer.status}): ${answer.text().slice(0, 200)}`);
  };
  const pid = server.child.pid;
  const search = await measure((i, worker) => get(worker, paths[i % paths.length], `search ${i}`), probe, pid, N);
  const ids = (
    await probe.query(`SELECT id FROM listings WHERE status = 'published' ORDER BY random() LIMIT 20`)
  ).rows.map((r) => r.id);
  const page = await measure(
    (i, worker) => get(worker, `/api/marketplace/listings/${ids[i % ids.length]}`, `listing page ${i}`),
    probe,
    pid,
    PAGE_N,
  );
  client.close();

  const { captureCatalogueSql, captureListingSql } = await tsImport(
    path.join(root, 'scripts/bench-marketplace-capture.ts'),
    import.meta.url,
  );
  const searchStatements = [];
  for (const s of SEARCHES) searchStatements.push(await captureCatalogueSql(dbUrl, s));
  const pageStatements = [];
  for (const id of ids) pageStatements.push(await captureListingSql(dbUrl, id));
  const pool = new pg.Pool({ connectionString: dbUrl, max: POOL });
  pool.on('error', () => {});
  const runDirect = (statements, n) =>
    measure(
      async (i) => {
        const c = await pool.connect();
        try {
          for (const s of statements[i % statements.length])
            await c.query(
              s.name ? { name: s.name, text: s.text, values: s.values } : { text: s.text, values: s.values },
            );
        } finally {
          c.release();
        }
      },
      probe,
      null,
      n,
    );
  const searchSql = await runDirect(searchStatements, N);
  const pageSql = await runDirect(pageStatements, PAGE_N);
  await pool.end();

  const figures = (http, sql, targetP95Ms) => ({
    httpP50Ms: round(percentile(http.times, 50)),
    httpP95Ms: round(percentile(http.times, 95)),
    sqlP50Ms: round(percentile(sql.times, 50)),
    sqlP95Ms: round(percentile(sql.times, 95)),
    ratioP95: round(percentile(http.times, 95) / percentile(sql.times, 95)),
    serverCpuMsPerRequest: http.serverCpuMsPerRequest,
    dbCpuMsPerRequest: http.dbCpuMsPerRequest,
    sqlDbCpuMsPerRun: sql.dbCpuMsPerRequest,
    benchCpuMsPerRequest: http.benchCpuMsPerRequest,
    sqlBenchCpuMsPerRun: sql.benchCpuMsPerRequest,
    statements: (sql === searchSql ? searchStatements : pageStatements).map((s) => s.length),
    targetP95Ms,
  });
  const result = {
    search: figures(search, searchSql, TARGETS.searchP95Ms),
    listingPage: figures(page, pageSql, TARGETS.listingP95Ms),
  };
  for (const [name, f] of [
    ['search', result.search],
    ['listing page', result.listingPage],
  ]) {
    const cpu = (ms) => (ms === null ? 'n/a' : `${ms.toFixed(2)} ms`);
    console.log(
      `  ${name} over HTTP: p50 ${f.httpP50Ms.toFixed(1)} ms, p95 ${f.httpP95Ms.toFixed(1)} ms (target ≤ ${f.targetP95Ms} ms); ` +
        `the same SQL through pg: p50 ${f.sqlP50Ms.toFixed(1)} ms, p95 ${f.sqlP95Ms.toFixed(1)} ms; ratio (p95) ${f.ratioP95.toFixed(2)}\n` +
        `    CPU per request: server ${cpu(f.serverCpuMsPerRequest)}, PostgreSQL ${cpu(f.dbCpuMsPerRequest)} ` +
        `(the SQL alone: PostgreSQL ${cpu(f.sqlDbCpuMsPerRun)}); the bench's own client ${cpu(f.benchCpuMsPerRequest)} ` +
        `(through pg: ${cpu(f.sqlBenchCpuMsPerRun)})`,
    );
  }
  const ok = result.search.httpP95Ms <= TARGETS.searchP95Ms && result.listingPage.httpP95Ms <= TARGETS.listingP95Ms;
  return { ...result, failures: ok ? [] : ['a catalogue p95 above its target'] };
}

/** Runs `task` over `items`, `width` at a time. */
async function inBatches(items, width, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}

async function checkoutsBench(server, serverEnv) {
  const helper = await tsImport(path.join(root, 'scripts/bench-marketplace-checkouts.ts'), import.meta.url);
  const run = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const password = `bench-${randomBytes(12).toString('base64url')}`;
  // One buyer in five wants one of the scarce listings: eight of them for three units at 200 buyers.
  const contenders = Math.ceil(CHECKOUTS / 5);
  const scarceCount = Math.max(1, Math.min(5, Math.floor(CHECKOUTS / 40)));
  const scarceStock = Math.max(1, Math.floor((Math.floor(contenders / scarceCount) * 3) / 8));
  const prepared = await helper.prepareCheckouts(dbUrl, {
    run,
    buyers: CHECKOUTS,
    sellers: 30,
    scarceCount,
    scarceStock,
    password,
  });
  const { shelf, scarce } = prepared;
  const sellerOf = {};
  const listingOf = new Map();
  for (const seller of shelf)
    for (const listing of seller.listings) {
      sellerOf[listing.id] = seller.organizationId;
      listingOf.set(listing.id, listing);
    }
  for (const s of scarce) {
    sellerOf[s.id] = s.organizationId;
    listingOf.set(s.id, s);
  }
  /** Buyer i's basket: items of two or three sellers, and every fifth buyer one of the scarce listings. */
  const basketOf = (i) => {
    const items = Array.from({ length: 2 + (i % 2) }, (_, k) => {
      const seller = shelf[(i * 3 + k) % shelf.length];
      return { id: seller.listings[(i + k) % seller.listings.length].id, quantity: 1 + ((i + k) % 2) };
    });
    if (i % 5 === 0) items.push({ id: scarce[(i / 5) % scarce.length].id, quantity: 1 });
    return items;
  };
  const flows = prepared.buyers.map((buyer, i) => ({
    i,
    buyer,
    items: basketOf(i),
    cookie: '',
    orderId: null,
    reference: null,
    amountCents: 0,
    refused: false,
    error: null,
    ms: null,
  }));
  const signInStarted = performance.now();
  await inBatches(flows, 4, async (f) => {
    f.cookie = await signIn(server.base, f.buyer.email, password, server.base);
  });
  console.log(
    `  ${flows.length} buyers signed in (${((performance.now() - signInStarted) / 1000).toFixed(1)} s); ` +
      `${shelf.length} sellers, ${scarce.length} listings with ${scarceStock} units left for ${contenders} buyers`,
  );

  const notice = helper.sandboxNotifier(serverEnv);
  const expectStatus = async (response, status, what) => {
    if (response.status !== status)
      throw new Error(`${what}: ${response.status} ${(await response.text()).slice(0, 300)}`);
    return response.status === 204 ? null : response.json();
  };
  const post = async (url, notification) =>
    fetch(url, { method: 'POST', headers: notification.headers, body: notification.body });
  let gatewayNotices = 0;
  let doubledNotices = 0;

  const flow = async (f) => {
    const started = performance.now();
    const json = { 'content-type': 'application/json', cookie: f.cookie, origin: server.base };
    try {
      // The basket page keeps the basket in the account, then checks out.
      const basket = f.items.map((item) => ({
        id: item.id,
        name: listingOf.get(item.id).title,
        price: listingOf.get(item.id).priceCents,
        quantity: item.quantity,
      }));
      await expectStatus(
        await fetch(`${server.base}/api/payments/basket`, {
          method: 'PUT',
          headers: json,
          body: JSON.stringify({ items: basket }),
        }),
        200,
        'saving the basket',
      );
      const checkoutStarted = performance.now();
      const checkout = await fetch(`${server.base}/api/payments/basket-checkout`, {
        method: 'POST',
        headers: { ...json, 'idempotency-key': `bench-${run}-${f.i}` },
        body: JSON.stringify({ items: f.items }),
      });
      const checkoutMs = performance.now() - checkoutStarted;
      if (checkout.status === 409) {
        const message = (await checkout.json()).error?.message ?? '';
        const wanted = f.items.find((item) => scarce.some((s) => s.id === item.id));
        if (!wanted || !message.includes(listingOf.get(wanted.id).title) || !/sold out|left/.test(message))
          throw new Error(`checkout refused: ${message}`);
        f.refused = true;
        f.refusal = message;
        f.ms = { checkout: checkoutMs };
        return;
      }
      const { orderId } = await expectStatus(checkout, 201, 'checkout');
      f.orderId = orderId;
      // The sandbox gateway's page, then the payment.
      const { order } = await expectStatus(
        await fetch(`${server.base}/api/payments/sandbox/checkout/${orderId}`, { headers: { cookie: f.cookie } }),
        200,
        'the gateway page',
      );
      f.reference = order.reference;
      f.amountCents = order.amountCents;
      const payStarted = performance.now();
      if (f.i % 4 === 3) {
        // The gateway's notification and its retry arriving together: one credits, one is a duplicate.
        const signed = await notice({
          reference: order.reference,
          transactionId: `sbx_bench_${run}_${f.i}`,
          amountCents: order.amountCents,
        });
        const answers = await Promise.all(
          [1, 2].map(async () => (await expectStatus(await post(signed.url, signed), 200, 'notification')).status),
        );
        if (answers.sort().join() !== 'credited,duplicate')
          throw new Error(`the notification and its copy answered ${answers.join(', ')}`);
        doubledNotices += 2;
      } else {
        await expectStatus(
          await fetch(`${server.base}/api/payments/sandbox/pay`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ orderId, ...CARD }),
          }),
          200,
          'paying at the gateway',
        );
        gatewayNotices++;
      }
      const payMs = performance.now() - payStarted;
      // The return page: the order is paid.
      const back = await expectStatus(
        await fetch(`${server.base}/api/payments/basket-checkout/${orderId}`, { headers: { cookie: f.cookie } }),
        200,
        'the return page',
      );
      if (back.order.status !== 'paid') throw new Error(`the return page says ${back.order.status}`);
      f.ms = { checkout: checkoutMs, pay: payMs, total: performance.now() - started };
    } catch (error) {
      f.error = String(error?.message ?? error);
    }
  };

  const load = os.loadavg();
  const started = performance.now();
  await Promise.all(flows.map(flow));
  const wallMs = performance.now() - started;

  // Every paid order's notification once more (a gateway's late retry), all at once.
  const paidFlows = flows.filter((f) => f.orderId && !f.error);
  const retries = await Promise.all(
    paidFlows.map(async (f) => {
      const signed = await notice({
        reference: f.reference,
        transactionId: `sbx_bench_${run}_${f.i}_late`,
        amountCents: f.amountCents,
      });
      const response = await post(signed.url, signed);
      return response.status === 200 ? (await response.json()).status : `HTTP ${response.status}`;
    }),
  );
  const lateNotDuplicate = retries.filter((r) => r !== 'duplicate').length;

  const errors = flows.filter((f) => f.error);
  const refused = flows.filter((f) => f.refused);
  const expectedRefusals = contenders - scarceCount * scarceStock;
  const failures = [];
  if (errors.length)
    failures.push(
      `${errors.length} checkouts failed: ${[...new Set(errors.map((f) => f.error))].slice(0, 3).join(' | ')}`,
    );
  if (refused.length !== expectedRefusals)
    failures.push(`${refused.length} checkouts refused for the scarce listings, expected ${expectedRefusals}`);
  if (lateNotDuplicate) failures.push(`${lateNotDuplicate} late notifications not answered as duplicates`);

  const checked = await helper.checkCheckouts(dbUrl, {
    flows: flows.map((f) => ({ buyerId: f.buyer.id, items: f.items, orderId: f.orderId, refused: f.refused })),
    sellerOf,
    scarce,
  });
  failures.push(...checked.failures);

  const times = (key) =>
    flows
      .map((f) => f.ms?.[key])
      .filter((ms) => ms !== undefined)
      .sort((a, b) => a - b);
  const p = (key, q) => round(percentile(times(key), q) ?? NaN);
  const result = {
    buyers: flows.length,
    paid: paidFlows.length,
    refused: refused.length,
    refusal: refused[0]?.refusal ?? null,
    errors: errors.length,
    wallSeconds: round(wallMs / 1000),
    checkoutsPerSecond: round(paidFlows.length / (wallMs / 1000)),
    checkoutP50Ms: p('checkout', 50),
    checkoutP95Ms: p('checkout', 95),
    payP95Ms: p('pay', 95),
    flowP95Ms: p('total', 95),
    notifications: { byGateway: gatewayNotices, sentTwiceAtOnce: doubledNotices, lateRetries: retries.length },
    database: checked.figures,
    loadAverageAtStart: load.map(round),
    failures,
  };
  console.log(
    `  checkouts: ${result.buyers} buyers at once, ${result.paid} paid, ${result.refused} refused for the scarce listings, ` +
      `${result.errors} errors in ${result.wallSeconds} s (${result.checkoutsPerSecond}/s); checkout p50 ${result.checkoutP50Ms} ms, ` +
      `p95 ${result.checkoutP95Ms} ms; payment p95 ${result.payP95Ms} ms; whole flow p95 ${result.flowP95Ms} ms\n` +
      `    notifications: ${gatewayNotices} posted by the sandbox gateway, ${doubledNotices} posted in pairs at once, ` +
      `${retries.length} late retries (${retries.length - lateNotDuplicate} answered "duplicate")\n` +
      `    database: ${checked.figures.paymentsPaid} payments paid into ${checked.figures.sellerOrders} seller orders, ` +
      `${checked.figures.doubleCredits} double credits, ${checked.figures.duplicatesRefused} duplicates refused, ` +
      `journals ${JSON.stringify(checked.figures.journals)}, ${checked.figures.unbalancedJournals} unbalanced, ` +
      `${checked.figures.negativeStock} below zero stock, ${checked.figures.sellerNotices} seller notices` +
      (result.refusal ? `\n    a refusal reads: ${result.refusal}` : ''),
  );
  return result;
}

async function main() {
  console.log(
    `Marketplace on PostgreSQL (${DB_NAME}): ${LISTINGS} listings from ${SELLERS} sellers; ${[...PARTS].join(' and ')}; ` +
      `server and direct SQL on ${POOL} connections each, ${CONCURRENCY} requests at once`,
  );
  const stored = await storedFill();
  const reuse =
    process.env.BENCH_MARKETPLACE_REBUILD !== '1' &&
    stored?.version === FILL_VERSION &&
    stored.listings === LISTINGS &&
    stored.sellers === SELLERS;
  if (!reuse) {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DB_NAME}`);
    await admin.end();
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-bench-marketplace-'));
  fs.mkdirSync(path.join(dataDir, 'web'));
  fs.writeFileSync(path.join(dataDir, 'web', 'index.html'), '<!doctype html><title>bench</title>');
  const port = await freePort();
  const serverEnv = {
    NODE_ENV: 'production',
    AUTH_SECRET: randomBytes(24).toString('hex'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: path.join(dataDir, 'data'),
    WEB_DIST: path.join(dataDir, 'web'),
    DATABASE_URL: dbUrl,
    DATABASE_POOL_MAX: String(POOL),
    PAYMENT_PROVIDER: 'sandbox',
    SEED: 'never',
  };
  // The server's CPU profile for a closer look (node --cpu-prof), written when it stops.
  const profileDir = process.env.BENCH_MARKETPLACE_CPU_PROF;
  const server = startServer(port, serverEnv, {
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [],
  });
  const probe = new pg.Client({ connectionString: dbUrl });
  probe.on('error', () => {});
  try {
    await server.ready(); // migrates the database
    await probe.connect();
    if (reuse) {
      console.log(`  reusing ${DB_NAME} (fill v${stored.version}; BENCH_MARKETPLACE_REBUILD=1 builds it again)`);
    } else {
      const started = performance.now();
      await fill(probe);
      await probe.query(
        `INSERT INTO system_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        [FILL_KEY, JSON.stringify({ version: FILL_VERSION, listings: LISTINGS, sellers: SELLERS })],
      );
      console.log(`  built ${DB_NAME} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    const report = {
      listings: LISTINGS,
      sellers: SELLERS,
      n: N,
      pageN: PAGE_N,
      concurrency: CONCURRENCY,
      pool: POOL,
      loadAverage: null,
    };
    const loadBefore = os.loadavg();
    if (PARTS.has('catalogue')) Object.assign(report, await catalogueBench(server, probe));
    const catalogueFailures = report.failures ?? [];
    delete report.failures;
    if (PARTS.has('checkouts')) report.checkouts = await checkoutsBench(server, serverEnv);
    report.loadAverage = { before: loadBefore.map(round), after: os.loadavg().map(round) };
    console.log(
      `  load average before ${report.loadAverage.before.join(' ')}, after ${report.loadAverage.after.join(' ')}`,
    );
    fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench-results/marketplace-latest.json'), JSON.stringify(report, null, 2) + '\n');
    const failures = [...catalogueFailures, ...(report.checkouts?.failures ?? [])];
    for (const failure of failures) console.log(`  FAILED: ${failure}`);
    return failures.length === 0;
  } catch (error) {
    const log = server.log().trim();
    if (log) console.error(`The server's output:\n${log.split('\n').slice(-30).join('\n')}`);
    throw error;
  } finally {
    await probe.end().catch(() => {});
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error) => {
    console.error(`marketplace bench: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
