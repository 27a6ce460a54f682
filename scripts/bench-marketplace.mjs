#!/usr/bin/env node
/* global fetch, performance, URLSearchParams */
// Marketplace bench (issue 40), run by `npm run bench` or alone (BENCH_ONLY=marketplace):
//   node scripts/bench-marketplace.mjs
// One server process on a PostgreSQL database of its own (BENCH_DATABASE_URL, as the school bench)
// holding BENCH_MARKETPLACE_LISTINGS (default 100 000) published listings from
// BENCH_MARKETPLACE_SELLERS (default 2 000) sellers. The catalogue search (GET
// /api/marketplace/listings with a word, a typo, a filter or a sort; target p95 <= 20 ms) and a
// listing's page (GET /api/marketplace/listings/:id, which counts the view; target p95 <= 10 ms) are
// each asked BENCH_MARKETPLACE_N times (default 400) at 16 at once; then the very statements each
// sends (captured from the catalogue's own code, scripts/bench-marketplace-capture.ts) are run
// directly through pg the same number of times at the same concurrency. Prints both p95 and their
// ratio (the server's cost over the SQL's), writes bench-results/marketplace-latest.json, and exits 1
// on a missed target.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { freePort, startServer } from './bench-lib/server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const LISTINGS = Math.max(1000, Number(process.env.BENCH_MARKETPLACE_LISTINGS || 100_000));
const N = Math.max(32, Number(process.env.BENCH_MARKETPLACE_N || 400));
const CONCURRENCY = 16;
const SELLERS = Math.max(10, Number(process.env.BENCH_MARKETPLACE_SELLERS || 2_000));
const TARGETS = { searchP95Ms: 20, listingP95Ms: 10 };
const LOCAL_SOCKET_DIR = '/var/run/postgresql';
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ||
  (fs.existsSync(path.join(LOCAL_SOCKET_DIR, '.s.PGSQL.5432'))
    ? `postgres://postgres@${encodeURIComponent(LOCAL_SOCKET_DIR)}/postgres`
    : 'postgres://postgres@127.0.0.1:5432/postgres');
const DB_NAME = process.env.BENCH_MARKETPLACE_DATABASE || 'sekolo_bench_marketplace';
const dbUrl = (() => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
})();

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

/** The bench's server on the database being measured, with the built web app's stand-in. */
const benchServer = (port, dataDir) =>
  startServer(port, {
    AUTH_SECRET: randomBytes(24).toString('hex'),
    DATA_DIR: path.join(dataDir, 'data'),
    WEB_DIST: path.join(dataDir, 'web'),
    DATABASE_URL: dbUrl,
    SEED: 'never',
  });

/** The sellers and their listings, titles made of real school words so searches find hundreds. */
async function fill(client) {
  await client.query(`
    INSERT INTO organizations (name, slug, type)
    SELECT 'Bench Seller ' || n, 'bench-seller-' || n, 'business' FROM generate_series(1, ${SELLERS}) n`);
  await client.query(`
    INSERT INTO marketplace_sellers (organization_id, partner_types, province, seller_type, rating_sum, rating_count)
    SELECT o.id, '{product_vendor}',
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
  await client.query('ANALYZE');
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Runs `task(i)` N times, CONCURRENCY at once; answers each run's milliseconds, sorted. */
async function timed(task) {
  const times = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < N) {
        const i = next++;
        const started = performance.now();
        await task(i);
        times.push(performance.now() - started);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

async function main() {
  console.log(
    `Marketplace: catalogue search over ${LISTINGS} listings from ${SELLERS} sellers on PostgreSQL (${DB_NAME})`,
  );
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  await admin.end();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-bench-marketplace-'));
  fs.mkdirSync(path.join(dataDir, 'web'));
  fs.writeFileSync(path.join(dataDir, 'web', 'index.html'), '<!doctype html><title>bench</title>');
  const server = benchServer(await freePort(), dataDir);
  try {
    await server.ready(); // migrates the database
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    await fill(client);
    await client.end();

    const urls = SEARCHES.map((s) => `${server.base}/api/marketplace/listings?${new URLSearchParams(s)}`);
    for (const url of urls) {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`search failed (${response.status}): ${url}`);
      const page = await response.json();
      if (page.total === 0) throw new Error(`search found nothing: ${url}`);
    }
    const http = await timed(async (i) => {
      const response = await fetch(urls[i % urls.length]);
      if (!response.ok) throw new Error(`search ${i} failed (${response.status})`);
      await response.arrayBuffer();
    });
    const probe = new pg.Client({ connectionString: dbUrl });
    await probe.connect();
    const ids = (await probe.query(`SELECT id FROM listings ORDER BY random() LIMIT 20`)).rows.map((r) => r.id);
    await probe.end();
    const pageHttp = await timed(async (i) => {
      const response = await fetch(`${server.base}/api/marketplace/listings/${ids[i % ids.length]}`);
      if (!response.ok) throw new Error(`listing page ${i} failed (${response.status})`);
      await response.arrayBuffer();
    });

    const { captureCatalogueSql, captureListingSql } = await tsImport(
      path.join(root, 'scripts/bench-marketplace-capture.ts'),
      import.meta.url,
    );
    const searchStatements = [];
    for (const search of SEARCHES) searchStatements.push(await captureCatalogueSql(dbUrl, search));
    const pageStatements = [];
    for (const id of ids) pageStatements.push(await captureListingSql(dbUrl, id));
    const pool = new pg.Pool({ connectionString: dbUrl, max: CONCURRENCY });
    pool.on('error', () => {}); // an idle client closed by the cleanup's DROP DATABASE
    const runDirect = (statements) =>
      timed(async (i) => {
        const c = await pool.connect();
        try {
          for (const s of statements[i % statements.length]) await c.query(s.text, s.values);
        } finally {
          c.release();
        }
      });
    const direct = await runDirect(searchStatements);
    const pageDirect = await runDirect(pageStatements);
    await pool.end();

    const figures = (httpTimes, sqlTimes) => ({
      httpP50Ms: percentile(httpTimes, 50),
      httpP95Ms: percentile(httpTimes, 95),
      sqlP50Ms: percentile(sqlTimes, 50),
      sqlP95Ms: percentile(sqlTimes, 95),
      ratioP95: percentile(httpTimes, 95) / percentile(sqlTimes, 95),
    });
    const report = {
      listings: LISTINGS,
      sellers: SELLERS,
      n: N,
      concurrency: CONCURRENCY,
      search: { ...figures(http, direct), targetP95Ms: TARGETS.searchP95Ms },
      listingPage: { ...figures(pageHttp, pageDirect), targetP95Ms: TARGETS.listingP95Ms },
      loadAverage: os.loadavg(),
    };
    for (const [name, f] of [
      ['search', report.search],
      ['listing page', report.listingPage],
    ]) {
      console.log(
        `  ${name} over HTTP: p50 ${f.httpP50Ms.toFixed(1)} ms, p95 ${f.httpP95Ms.toFixed(1)} ms (target ≤ ${f.targetP95Ms} ms); ` +
          `the same SQL through pg: p50 ${f.sqlP50Ms.toFixed(1)} ms, p95 ${f.sqlP95Ms.toFixed(1)} ms; ratio (p95) ${f.ratioP95.toFixed(2)}`,
      );
    }
    fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
    fs.writeFileSync(path.join(root, 'bench-results/marketplace-latest.json'), JSON.stringify(report, null, 2) + '\n');
    return report.search.httpP95Ms <= TARGETS.searchP95Ms && report.listingPage.httpP95Ms <= TARGETS.listingP95Ms;
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    const cleanup = new pg.Client({ connectionString: ADMIN_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await cleanup.end();
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error) => {
    console.error(`marketplace bench: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
