#!/usr/bin/env node
/* global fetch, performance */
// Payments load bench, run by `npm run bench` after the page checks, or alone:
//   node scripts/bench-payments.mjs
// Starts the real server (sandbox provider) on a fresh embedded database, then:
//   1. BENCH_PAYMENTS_N (default 200) checkouts at once: each creates an order and pays it at the
//      sandbox gateway, which notifies the server by its signed server-to-server call;
//   2. every notification delivered twice more, all at once (a gateway retrying);
//   3. with the server stopped, checks the database: every order paid once, one credit and one
//      journal per order, every journal balanced (find-unbalanced-journals.ts).
// Prints throughput and p95; exits 1 on any error, double credit or unbalanced journal.
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(import.meta.dirname, '..');
const N = Math.max(1, Number(process.env.BENCH_PAYMENTS_N || 200));
const AUTH_SECRET = randomBytes(24).toString('hex');
const PARTNER_TYPES = ['tutor', 'service_provider', 'product_vendor', 'consultant'];
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Bench Buyer' };

async function freePort() {
  const probe = net.createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const port = Number(process.env.BENCH_PAYMENTS_PORT || (await freePort()));
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-bench-payments-'));
const webDist = path.join(dataDir, 'web');
fs.mkdirSync(webDist);
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>bench</title>');
let serverLog = '';
const server = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  env: {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    AUTH_SECRET,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: path.join(dataDir, 'data'),
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
    PAYMENT_PROVIDER: 'sandbox',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.on('data', (chunk) => (serverLog += chunk));
server.stderr.on('data', (chunk) => (serverLog += chunk));

async function stopServer() {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (server.exitCode === null) server.kill('SIGKILL');
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    stopServer().finally(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(130);
    });
  });
}

async function waitForServer() {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited (code ${server.exitCode}):\n${serverLog}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`The server did not start:\n${serverLog}`);
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const post = (url, body, headers = { 'content-type': 'application/json' }) =>
  fetch(`${base}${url}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });

/** The sandbox gateway's signature (modules/payments/providers: HMAC of the key derived from AUTH_SECRET). */
const sandboxKey = createHmac('sha256', AUTH_SECRET).update('sekolo:payments:sandbox-notifications').digest('hex');
function signedNotification(payload) {
  const body = JSON.stringify(payload);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', sandboxKey).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return { body, headers: { 'content-type': 'application/json', 'x-sandbox-timestamp': timestamp, 'x-sandbox-signature': signature } };
}

const failures = [];
let exitCode = 0;
try {
  await waitForServer();
  console.log(`Payments bench: ${N} concurrent checkouts and their notifications (${base})`);

  // 1. N checkouts at once.
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: N }, async (_, i) => {
      const t0 = performance.now();
      try {
        const types = PARTNER_TYPES.filter((_, bit) => ((i % 15) + 1) & (1 << bit));
        const created = await post('/api/payments/orders', {
          kind: 'registration',
          businessPartnerTypes: types,
          returnPath: '/payment-success',
          cancelPath: '/payment-cancel',
        });
        if (created.status !== 201) throw new Error(`create ${created.status} ${await created.text()}`);
        const { order } = await created.json();
        const paid = await post('/api/payments/sandbox/pay', { orderId: order.id, ...CARD });
        if (paid.status !== 200) throw new Error(`pay ${paid.status} ${await paid.text()}`);
        return { ok: true, ms: performance.now() - t0, order };
      } catch (error) {
        return { ok: false, ms: performance.now() - t0, error: String(error) };
      }
    }),
  );
  const wallMs = performance.now() - started;
  const okResults = results.filter((r) => r.ok);
  for (const r of results.filter((r) => !r.ok)) failures.push(`checkout failed: ${r.error}`);
  const latencies = okResults.map((r) => r.ms);
  console.log(
    `  checkouts: ${okResults.length}/${N} ok in ${(wallMs / 1000).toFixed(2)} s, ` +
      `${(okResults.length / (wallMs / 1000)).toFixed(1)} checkouts/s, p50 ${percentile(latencies, 50)?.toFixed(0)} ms, ` +
      `p95 ${percentile(latencies, 95)?.toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms`,
  );

  // 2. Every notification delivered twice more, all at once: each must be answered as a duplicate.
  const replayStarted = performance.now();
  const replays = await Promise.all(
    okResults.flatMap(({ order }) =>
      [1, 2].map(async (copy) => {
        const t0 = performance.now();
        const { body, headers } = signedNotification({
          reference: order.reference,
          transactionId: `sbx_bench_replay_${copy}_${order.id}`,
          amountCents: order.amountCents,
          status: 'COMPLETE',
          cardLast4: '4242',
        });
        const res = await post('/api/payments/notify/sandbox', body, headers);
        const answer = await res.json().catch(() => ({}));
        return { ms: performance.now() - t0, status: res.status, outcome: answer.status };
      }),
    ),
  );
  const replayWall = performance.now() - replayStarted;
  const notDuplicate = replays.filter((r) => r.status !== 200 || r.outcome !== 'duplicate');
  if (notDuplicate.length) failures.push(`${notDuplicate.length} repeated notifications were not answered as duplicates`);
  console.log(
    `  repeated notifications: ${replays.length} in ${(replayWall / 1000).toFixed(2)} s, ` +
      `${(replays.length / (replayWall / 1000)).toFixed(1)}/s, p95 ${percentile(replays.map((r) => r.ms), 95)?.toFixed(0)} ms, ` +
      `${replays.length - notDuplicate.length} answered "duplicate"`,
  );

  // 3. The database, with the server stopped (the embedded database has one owner at a time).
  await stopServer();
  const { openPglite } = await tsImport(path.join(root, 'apps/server/src/platform/db/client.ts'), import.meta.url);
  const { findUnbalancedJournals } = await tsImport(path.join(root, 'apps/server/src/modules/ledger/find-unbalanced-journals.ts'), import.meta.url);
  const database = await openPglite(path.join(dataDir, 'data', 'pgdata'));
  try {
    const { sql } = await tsImport('drizzle-orm', import.meta.url);
    const rowsOf = (result) => result.rows ?? result;
    // Only the bench's own orders count (the server may seed demo data of its own).
    const ours = new Map(okResults.map((r) => [r.order.id, r.order.reference]));
    const orders = rowsOf(await database.db.execute(sql`SELECT id, status, journal_id FROM payment_orders`)).filter((o) => ours.has(o.id));
    const notifications = rowsOf(await database.db.execute(sql`SELECT order_id, outcome FROM payment_notifications`)).filter((n) => ours.has(n.order_id));
    const journals = rowsOf(await database.db.execute(sql`SELECT reference FROM ledger_journals`));
    const references = new Set(ours.values());
    const journalsPerReference = new Map();
    for (const j of journals) if (references.has(j.reference)) journalsPerReference.set(j.reference, (journalsPerReference.get(j.reference) ?? 0) + 1);
    const counts = {
      paid: orders.filter((o) => o.status === 'paid').length,
      credited: notifications.filter((n) => n.outcome === 'credited').length,
      duplicates: notifications.filter((n) => n.outcome === 'duplicate').length,
      journals: [...journalsPerReference.values()].reduce((a, b) => a + b, 0),
      doubled: [...journalsPerReference.values()].filter((n) => n > 1).length,
    };
    const unbalanced = await findUnbalancedJournals(database.db);
    console.log(
      `  database: ${counts.paid} orders paid, ${counts.credited} credits, ${counts.duplicates} duplicates refused, ` +
        `${counts.journals} journals, ${counts.doubled} doubled, ${unbalanced.length} unbalanced`,
    );
    if (counts.paid !== okResults.length) failures.push(`${counts.paid} orders paid, expected ${okResults.length}`);
    if (counts.credited !== okResults.length) failures.push(`${counts.credited} credits, expected ${okResults.length} (double credit?)`);
    if (counts.journals !== okResults.length) failures.push(`${counts.journals} journals for ${okResults.length} orders`);
    if (counts.doubled !== 0) failures.push(`${counts.doubled} references with more than one journal`);
    if (unbalanced.length) failures.push(`${unbalanced.length} unbalanced journals`);
  } finally {
    await database.close();
  }
} catch (error) {
  failures.push(String(error?.stack ?? error));
} finally {
  await stopServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (failures.length) {
  console.log('Payments bench FAILED:');
  for (const failure of failures) console.log(`  - ${failure}`);
  exitCode = 1;
} else {
  console.log('Payments bench passed: no error, no double credit, every journal balanced.');
}
process.exit(exitCode);
