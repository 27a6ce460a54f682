#!/usr/bin/env node
/* global fetch, performance */
// Messages bench (D20), run by `npm run bench` or alone (BENCH_ONLY=messages):
//   node scripts/bench-messages.mjs
// Two server processes on one PostgreSQL database of their own (BENCH_DATABASE_URL, as the school
// bench), each with its own pool and LISTEN connection. Two colleagues of a school sign in, one on
// each process, and each keeps their event stream (Server-Sent Events) open on their own process.
// They send BENCH_MESSAGES_N (default 100) messages in turn; each is timed from the send (POST on
// the sender's process) until it arrives on the other's stream (the other process, through
// LISTEN/NOTIFY). Prints p50, p95 and the slowest; exits 1 when p95 exceeds 250 ms (issue 39).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { freePort, startServer } from './bench-lib/server.mjs';
import { openStream, signIn } from './bench-lib/session.mjs';

const root = path.resolve(import.meta.dirname, '..');
const N = Math.max(10, Number(process.env.BENCH_MESSAGES_N || 100));
const TARGET_P95_MS = 250;
const LOCAL_SOCKET_DIR = '/var/run/postgresql';
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ||
  (fs.existsSync(path.join(LOCAL_SOCKET_DIR, '.s.PGSQL.5432'))
    ? `postgres://postgres@${encodeURIComponent(LOCAL_SOCKET_DIR)}/postgres`
    : 'postgres://postgres@127.0.0.1:5432/postgres');
const DB_NAME = process.env.BENCH_MESSAGES_DATABASE || 'sekolo_bench_messages';
const dbUrl = (() => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
})();
const AUTH_SECRET = randomBytes(24).toString('hex');
const PASSWORD = `bench-${randomBytes(6).toString('hex')}`;

/** One of the two processes serving one site (as behind one port): the same address and origin. */
const benchServer = (port, dataDir, site) =>
  startServer(port, {
    AUTH_SECRET,
    PUBLIC_URL: site,
    DATA_DIR: path.join(dataDir, `data-${port}`),
    WEB_DIST: path.join(dataDir, 'web'),
    DATABASE_URL: dbUrl,
    SEED: 'never',
  });

let site = '';

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main() {
  console.log(`Messages: ${N} messages between two server processes on PostgreSQL (${DB_NAME})`);
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  await admin.end();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-bench-messages-'));
  fs.mkdirSync(path.join(dataDir, 'web'));
  fs.writeFileSync(path.join(dataDir, 'web', 'index.html'), '<!doctype html><title>bench</title>');
  const portOne = await freePort();
  site = `http://127.0.0.1:${portOne}`;
  const one = benchServer(portOne, dataDir, site);
  let two;
  try {
    await one.ready(); // migrates the database
    two = benchServer(await freePort(), dataDir, site);
    await two.ready();
    const { openPostgres } = await tsImport(path.join(root, 'apps/server/src/platform/db/client.ts'), import.meta.url);
    const { createUser } = await tsImport(
      path.join(root, 'apps/server/src/test/factories/accounts.ts'),
      import.meta.url,
    );
    const database = await openPostgres(dbUrl, { max: 2 });
    const school = { name: 'Bench High School', type: 'school' };
    const ada = await createUser(database.db, {
      role: 'school_admin',
      firstName: 'Ada',
      lastName: 'Mbeki',
      password: PASSWORD,
      organization: school,
    });
    const ben = await createUser(database.db, {
      role: 'teacher',
      firstName: 'Ben',
      lastName: 'Sithole',
      password: PASSWORD,
      organization: school,
    });
    await database.close();

    const adaCookie = await signIn(one.base, ada.email, PASSWORD, site);
    const benCookie = await signIn(two.base, ben.email, PASSWORD, site);
    const adaStream = await openStream(one.base, adaCookie);
    const benStream = await openStream(two.base, benCookie);
    const started = await fetch(`${one.base}/api/messages/conversations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site, cookie: adaCookie },
      body: JSON.stringify({ recipient: { kind: 'user', userId: ben.id }, subject: 'Bench', body: 'Hello Ben' }),
    });
    if (started.status !== 201)
      throw new Error(`could not start a conversation (${started.status}): ${await started.text()}`);
    const { conversationId } = await started.json();

    const times = [];
    for (let i = 0; i < N; i++) {
      // In turn: Ada sends on process one to Ben's stream on two, then Ben on two to Ada on one.
      const [from, cookie, to] = i % 2 === 0 ? [one, adaCookie, benStream] : [two, benCookie, adaStream];
      const marker = `bench message ${i} ${randomBytes(4).toString('hex')}`;
      const arrived = to.waitFor(marker);
      const sent = performance.now();
      const response = await fetch(`${from.base}/api/messages/conversations/${conversationId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site, cookie },
        body: JSON.stringify({ body: marker }),
      });
      if (response.status !== 201) throw new Error(`send ${i} failed (${response.status})`);
      const at = await Promise.race([arrived, sleep(5000).then(() => null)]);
      if (at === null) throw new Error(`message ${i} never arrived on the other process`);
      times.push(at - sent);
    }
    adaStream.close();
    benStream.close();
    const sorted = [...times].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    console.log(
      `  send on one process → arrival on the other's stream: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, slowest ${sorted.at(-1).toFixed(1)} ms (target p95 ≤ ${TARGET_P95_MS} ms)`,
    );
    fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'bench-results/messages-latest.json'),
      JSON.stringify(
        { n: N, p50Ms: p50, p95Ms: p95, maxMs: sorted.at(-1), targetP95Ms: TARGET_P95_MS, loadAverage: os.loadavg() },
        null,
        2,
      ) + '\n',
    );
    return p95 <= TARGET_P95_MS;
  } finally {
    await two?.stop();
    await one.stop();
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
    console.error(`messages bench: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
