#!/usr/bin/env node
/* global fetch, performance */
// `npm run scale-out`: Sekolo on several processes, run here with the real parts (docs/scaling.md).
//
//   nginx ──┬── server one ──┐                 ┌── PostgreSQL primary ── streaming ──> replica
//           └── server two ──┴── PgBouncer ────┘         (LISTEN, migrations)       (reports)
//
// It starts its own PostgreSQL 15 primary (initdb, as the postgres user when run as root), a
// streaming replica made with pg_basebackup on another port, PgBouncer 1.18 in transaction mode
// between the servers and the primary (so DATABASE_NAMED_STATEMENTS=false), two server processes,
// nginx in front of them, and an SMTP stand-in. Then it shows, and exits 1 when one fails:
//   1. a session made on one process is known to the other, and signing out on one ends it on both;
//   2. a rate limit counts requests to both processes together;
//   3. realtime: a message sent on one process reaches a stream kept on the other;
//   4. jobs: mail asked for through nginx is delivered by the processes' shared queue;
//   5. reports and exports read the replica; the replica's lag, from /metrics and pg_stat_replication;
//   6. one process killed (SIGKILL) under a write load through nginx: no accepted write is lost, and
//      at most the requests in flight fail; mail asked for afterwards is still delivered;
//   7. the learner list through PgBouncer (statements unnamed) against a process on PostgreSQL
//      directly (named prepared statements): p50/p95 of each, and their ratio.
// Needs nginx, pgbouncer and PostgreSQL 15's server binaries (apt install nginx pgbouncer
// postgresql-15). Results: bench-results/scale-out-latest.json.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { tsImport } from 'tsx/esm/api';
import { freePort, startServer } from './bench-lib/server.mjs';
import { openStream, signIn } from './bench-lib/session.mjs';

const root = path.resolve(import.meta.dirname, '..');
const PG_BIN = process.env.PG_BIN || '/usr/lib/postgresql/15/bin';
const NGINX = process.env.NGINX || '/usr/sbin/nginx';
const PGBOUNCER = process.env.PGBOUNCER || '/usr/sbin/pgbouncer';
const asRoot = process.getuid?.() === 0;
const PASSWORD = `scale-${randomBytes(6).toString('hex')}`;
const AUTH_SECRET = randomBytes(24).toString('hex');

for (const binary of [path.join(PG_BIN, 'initdb'), path.join(PG_BIN, 'pg_basebackup'), NGINX, PGBOUNCER]) {
  if (!fs.existsSync(binary)) {
    console.error(
      `scale-out: ${binary} is missing (apt install nginx pgbouncer postgresql-15; PG_BIN, NGINX, PGBOUNCER name other places).`,
    );
    process.exit(2);
  }
}

const results = {};
const checks = [];
function check(name, ok, detail) {
  checks.push({ name, ok, detail });
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
}
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/** Runs a PostgreSQL or PgBouncer binary as the postgres user (they refuse to run as root). */
function asPostgres(command, args) {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}
function run(command, args) {
  const [c, a] = asPostgres(command, args);
  const result = spawnSync(c, a, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

const children = [];
function daemon(name, command, args, log) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (c) => fs.appendFileSync(log, c));
  child.stderr.on('data', (c) => fs.appendFileSync(log, c));
  children.push({ name, child });
  return child;
}

async function waitForPort(port, what, seconds = 30) {
  const net = await import('node:net');
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`${what} did not listen on ${port}`);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-scale-'));
fs.chmodSync(dir, 0o777);
const ports = {};
for (const name of ['primary', 'replica', 'pgbouncer', 'nginx', 'one', 'two', 'direct', 'smtp'])
  ports[name] = await freePort();
const site = `http://127.0.0.1:${ports.nginx}`;
const url = (port, db = 'sekolo') => `postgres://postgres@127.0.0.1:${port}/${db}`;

async function setUpDatabases() {
  const primary = path.join(dir, 'primary');
  const replica = path.join(dir, 'replica');
  run(path.join(PG_BIN, 'initdb'), ['-D', primary, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  fs.appendFileSync(
    path.join(primary, 'postgresql.conf'),
    `\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\nwal_level = replica\nmax_wal_senders = 5\nmax_connections = 100\n`,
  );
  run(path.join(PG_BIN, 'pg_ctl'), [
    '-D',
    primary,
    '-o',
    `-p ${ports.primary}`,
    '-l',
    path.join(dir, 'primary.log'),
    '-w',
    'start',
  ]);
  const admin = new pg.Client({ connectionString: url(ports.primary, 'postgres') });
  await admin.connect();
  await admin.query('CREATE DATABASE sekolo');
  await admin.end();
  run(path.join(PG_BIN, 'pg_basebackup'), [
    '-h',
    '127.0.0.1',
    '-p',
    String(ports.primary),
    '-U',
    'postgres',
    '-D',
    replica,
    '-R',
    '-X',
    'stream',
    '-N',
  ]);
  run(path.join(PG_BIN, 'pg_ctl'), [
    '-D',
    replica,
    '-o',
    `-p ${ports.replica}`,
    '-l',
    path.join(dir, 'replica.log'),
    '-w',
    'start',
  ]);
  return { primary, replica };
}

function startPgbouncer() {
  const ini = path.join(dir, 'pgbouncer.ini');
  fs.writeFileSync(
    ini,
    [
      '[databases]',
      `sekolo = host=127.0.0.1 port=${ports.primary} dbname=sekolo user=postgres`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${ports.pgbouncer}`,
      'unix_socket_dir =',
      'auth_type = any',
      'pool_mode = transaction',
      'default_pool_size = 8',
      'max_client_conn = 400',
      'ignore_startup_parameters = extra_float_digits,options',
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  fs.chmodSync(ini, 0o644);
  const [c, a] = asPostgres(PGBOUNCER, [ini]);
  daemon('pgbouncer', c, a, path.join(dir, 'pgbouncer.log'));
  return waitForPort(ports.pgbouncer, 'PgBouncer');
}

function startNginx() {
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/nginx-body;
  proxy_temp_path ${dir}/nginx-proxy;
  fastcgi_temp_path ${dir}/nginx-fastcgi;
  uwsgi_temp_path ${dir}/nginx-uwsgi;
  scgi_temp_path ${dir}/nginx-scgi;
  upstream sekolo {
    server 127.0.0.1:${ports.one} max_fails=1 fail_timeout=10s;
    server 127.0.0.1:${ports.two} max_fails=1 fail_timeout=10s;
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${ports.nginx};
    location / {
      proxy_pass http://sekolo;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_buffering off;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout;
    }
  }
}
`,
  );
  daemon('nginx', NGINX, ['-c', conf, '-p', dir], path.join(dir, 'nginx.log'));
  return waitForPort(ports.nginx, 'nginx');
}

const mails = [];
async function startSmtp() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      mails.push(address.address);
      callback();
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise((resolve) => server.listen(ports.smtp, '127.0.0.1', resolve));
  return server;
}

const serverEnv = (port, overrides = {}) => ({
  AUTH_SECRET,
  PUBLIC_URL: site,
  TRUST_PROXY: 'true',
  DATA_DIR: path.join(dir, `data-${port}`),
  WEB_DIST: path.join(dir, 'web'),
  DATABASE_URL: url(ports.pgbouncer),
  DATABASE_DIRECT_URL: url(ports.primary),
  DATABASE_REPLICA_URL: url(ports.replica),
  DATABASE_NAMED_STATEMENTS: 'false',
  DATABASE_POOL_MAX: '6',
  SEED: 'never',
  MAIL_TRANSPORT: 'smtp',
  SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
  MAIL_FROM: 'Sekolo <no-reply@scale.sekolo.test>',
  AUTH_RATE_LIMIT_EMAIL_PER_ADDRESS: '1000',
  AUTH_RATE_LIMIT_SIGN_IN_PER_ADDRESS: '1000',
  ...overrides,
});

async function waitForMails(count, seconds) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline && mails.length < count) await sleep(200);
  return mails.length;
}

async function main() {
  console.log(`Scale-out drill in ${dir}`);
  const { primary, replica } = await setUpDatabases();
  await startPgbouncer();
  const smtp = await startSmtp();
  fs.mkdirSync(path.join(dir, 'web'));
  fs.writeFileSync(path.join(dir, 'web', 'index.html'), '<!doctype html><title>scale</title>');
  const one = startServer(ports.one, serverEnv(ports.one), { startSeconds: 300 });
  await one.ready(); // migrates through DATABASE_DIRECT_URL
  const two = startServer(ports.two, serverEnv(ports.two), { startSeconds: 300 });
  await two.ready();
  await startNginx();
  let direct;
  try {
    // The people: a school with its admin and a teacher, parents to mail, learners to list.
    const { openPostgres } = await tsImport(path.join(root, 'apps/server/src/platform/db/client.ts'), import.meta.url);
    const { createUser } = await tsImport(
      path.join(root, 'apps/server/src/test/factories/accounts.ts'),
      import.meta.url,
    );
    const { createLearner } = await tsImport(
      path.join(root, 'apps/server/src/test/factories/school.ts'),
      import.meta.url,
    );
    const database = await openPostgres(url(ports.primary), { max: 2 });
    const school = { name: 'Scale-Out High School', type: 'school' };
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
    const parents = [];
    for (let i = 0; i < 25; i++) parents.push(await createUser(database.db, { role: 'parent', password: PASSWORD }));
    const surnames = [
      'Dlamini',
      'Nkosi',
      'Botha',
      'Naidoo',
      'Mokoena',
      'van der Merwe',
      'Khumalo',
      'Pillay',
      'Mahlangu',
      'Smith',
    ];
    for (let i = 0; i < 600; i++) {
      await createLearner(database.db, ada.organizationId, {
        firstName: ['Thabo', 'Lerato', 'Pieter', 'Ayesha', 'Sizwe', 'Anele'][i % 6],
        lastName: surnames[i % surnames.length],
        grade: 8 + (i % 5),
      });
    }
    await database.close();

    console.log('1. Sessions across processes');
    const cookieOne = await signIn(one.base, ada.email, PASSWORD, site);
    const me = async (base, cookie) =>
      (await (await fetch(`${base}/api/me`, { headers: { cookie } })).json())?.user?.email ?? null;
    check(
      'a session made on one is known to two',
      (await me(two.base, cookieOne)) === ada.email,
      `GET /api/me on two: ${await me(two.base, cookieOne)}`,
    );
    const signedOut = await fetch(`${two.base}/api/auth/sign-out`, {
      method: 'POST',
      headers: { cookie: cookieOne, origin: site, 'content-type': 'application/json' },
      body: '{}',
    });
    check(
      'signing out on two ends it on one',
      signedOut.ok && (await me(one.base, cookieOne)) === null,
      `sign-out ${signedOut.status}, then /api/me on one: ${await me(one.base, cookieOne)}`,
    );

    console.log('2. A rate limit counts both processes');
    let firstRefused = null;
    for (let i = 1; i <= 40 && firstRefused === null; i++) {
      const base = i % 2 ? one.base : two.base;
      const response = await fetch(`${base}/api/password-links/check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site },
        body: JSON.stringify({ token: 'x'.repeat(24) }),
      });
      if (response.status === 429) firstRefused = i;
    }
    check(
      'the 31st password-link check is refused, the requests alternating between the processes',
      firstRefused === 31,
      `first 429 at request ${firstRefused} (limit 30 per address)`,
    );

    console.log('3. Realtime across processes');
    const adaCookie = await signIn(one.base, ada.email, PASSWORD, site);
    const benCookie = await signIn(two.base, ben.email, PASSWORD, site);
    const adaStream = await openStream(one.base, adaCookie);
    const started = await fetch(`${two.base}/api/messages/conversations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site, cookie: benCookie },
      body: JSON.stringify({ recipient: { kind: 'user', userId: ada.id }, subject: 'Scale-out', body: 'Hello Ada' }),
    });
    const { conversationId } = await started.json();
    const arrivals = [];
    for (let i = 0; i < 20; i++) {
      const marker = `across ${i} ${randomBytes(3).toString('hex')}`;
      const arrived = adaStream.waitFor(marker);
      const sent = performance.now();
      await fetch(`${two.base}/api/messages/conversations/${conversationId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: site, cookie: benCookie },
        body: JSON.stringify({ body: marker }),
      });
      const at = await Promise.race([arrived, sleep(5000).then(() => null)]);
      if (at !== null) arrivals.push(at - sent);
    }
    adaStream.close();
    results.realtimeAcrossP95Ms = percentile(arrivals, 95);
    check(
      '20 messages sent on two reach a stream on one',
      arrivals.length === 20,
      `${arrivals.length} arrived, p95 ${results.realtimeAcrossP95Ms?.toFixed(1)} ms`,
    );

    console.log('4. Jobs: mail through the shared queue');
    const resets = parents.slice(0, 15);
    await Promise.all(
      resets.map((p) =>
        fetch(`${site}/api/auth/request-password-reset`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: site },
          body: JSON.stringify({ email: p.email, redirectTo: '/reset-password' }),
        }),
      ),
    );
    const delivered = await waitForMails(15, 90);
    check(
      '15 password-reset mails asked for through nginx are delivered',
      delivered >= 15,
      `${delivered} delivered to the SMTP stand-in`,
    );

    console.log('5. Reports read the replica');
    const replicaClient = new pg.Client({ connectionString: url(ports.replica) });
    await replicaClient.connect();
    const replicaReads = async () =>
      Number(
        (await replicaClient.query(`SELECT tup_returned FROM pg_stat_database WHERE datname = 'sekolo'`)).rows[0]
          .tup_returned,
      );
    const adaSite = await signIn(site, ada.email, PASSWORD, site);
    const before = await replicaReads();
    let reportsOk = 0;
    const refusals = new Set();
    for (let i = 0; i < 10; i++) {
      for (const report of ['/api/school/finance/age-analysis', '/api/school/learners/export.csv']) {
        const response = await fetch(`${site}${report}`, { headers: { cookie: adaSite } });
        if (response.ok) reportsOk++;
        else refusals.add(`${report} ${response.status} ${(await response.text()).slice(0, 120)}`);
        await response.arrayBuffer().catch(() => undefined);
      }
    }
    await sleep(600); // the statistics collector's delay
    const after = await replicaReads();
    check(
      'age analysis and learner exports answer, read on the replica',
      reportsOk === 20 && after > before,
      `${reportsOk}/20 answered${[...refusals].map((r) => `; ${r}`).join('')}; the replica returned ${after - before} more rows`,
    );
    const metrics = await (await fetch(`${one.base}/metrics`)).text();
    const lag = /^sekolo_db_replica_lag_seconds (\S+)/m.exec(metrics)?.[1];
    const primaryClient = new pg.Client({ connectionString: url(ports.primary) });
    await primaryClient.connect();
    const replication = (
      await primaryClient.query(
        `SELECT state, coalesce(extract(epoch FROM replay_lag), 0)::float8 AS replay_lag FROM pg_stat_replication`,
      )
    ).rows[0];
    results.replicaLagSeconds = Number(lag);
    results.replicationReplayLagSeconds = replication?.replay_lag ?? null;
    check(
      'the replica lag is reported',
      lag !== undefined && replication?.state === 'streaming',
      `/metrics sekolo_db_replica_lag_seconds ${lag}; pg_stat_replication ${replication?.state}, replay lag ${replication?.replay_lag?.toFixed?.(4)} s`,
    );

    console.log('6. One process killed under load');
    const benSite = await signIn(site, ben.email, PASSWORD, site);
    const accepted = [];
    let failed = 0;
    let stop = false;
    const senders = 8;
    const load = Array.from({ length: senders }, async (_, s) => {
      for (let i = 0; !stop; i++) {
        const body = `load ${s}-${i} ${randomBytes(3).toString('hex')}`;
        try {
          const response = await fetch(`${site}/api/messages/conversations/${conversationId}/messages`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: site, cookie: benSite },
            body: JSON.stringify({ body }),
          });
          if (response.status === 201) accepted.push(body);
          else failed++;
        } catch {
          failed++;
        }
      }
    });
    await sleep(4000);
    const acceptedBeforeKill = accepted.length;
    one.child.kill('SIGKILL');
    await sleep(6000);
    stop = true;
    await Promise.all(load);
    const stored = new Set(
      (await primaryClient.query(`SELECT body FROM messages WHERE conversation_id = $1`, [conversationId])).rows.map(
        (r) => r.body,
      ),
    );
    const lost = accepted.filter((body) => !stored.has(body)).length;
    results.killUnderLoad = { accepted: accepted.length, acceptedBeforeKill, failed, lost, senders };
    check(
      'no accepted write is lost',
      lost === 0,
      `${accepted.length} accepted (${acceptedBeforeKill} before the kill), ${lost} missing from the database`,
    );
    check(
      'at most the requests in flight fail',
      failed <= senders,
      `${failed} failed with ${senders} senders in flight`,
    );
    const mailsBefore = mails.length;
    await Promise.all(
      parents.slice(15, 20).map((p) =>
        fetch(`${site}/api/auth/request-password-reset`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: site },
          body: JSON.stringify({ email: p.email, redirectTo: '/reset-password' }),
        }),
      ),
    );
    const afterKill = (await waitForMails(mailsBefore + 5, 90)) - mailsBefore;
    check(
      'mail asked for after the kill is delivered by the process left',
      afterKill >= 5,
      `${afterKill} of 5 delivered`,
    );
    await replicaClient.end();
    await primaryClient.end();

    console.log('7. Through PgBouncer (unnamed statements) and on PostgreSQL directly (named)');
    direct = startServer(
      ports.direct,
      serverEnv(ports.direct, {
        DATABASE_URL: url(ports.primary),
        DATABASE_DIRECT_URL: '',
        DATABASE_REPLICA_URL: '',
        DATABASE_NAMED_STATEMENTS: 'true',
      }),
      { startSeconds: 300 },
    );
    await direct.ready();
    // In turns, one request to each, so both see the same machine (other work on it moves both).
    const cookies = [
      await signIn(two.base, ada.email, PASSWORD, site),
      await signIn(direct.base, ada.email, PASSWORD, site),
    ];
    const samples = [[], []];
    for (let i = 0; i < 260; i++) {
      for (const [k, base] of [two.base, direct.base].entries()) {
        const t0 = performance.now();
        const response = await fetch(`${base}/api/school/learners?grade=${8 + (i % 5)}`, {
          headers: { cookie: cookies[k] },
        });
        if (!response.ok) throw new Error(`learner list ${response.status}`);
        await response.arrayBuffer();
        if (i >= 60) samples[k].push(performance.now() - t0);
      }
    }
    const [viaPgbouncer, onPostgres] = samples.map((times) => ({
      p50: percentile(times, 50),
      p95: percentile(times, 95),
    }));
    results.learnerList = { viaPgbouncer, onPostgres, ratioP95: viaPgbouncer.p95 / onPostgres.p95 };
    check(
      'the learner list works through PgBouncer in transaction mode',
      true,
      `p50 ${viaPgbouncer.p50.toFixed(1)} ms, p95 ${viaPgbouncer.p95.toFixed(1)} ms through PgBouncer (unnamed); ${onPostgres.p50.toFixed(1)} / ${onPostgres.p95.toFixed(1)} ms on PostgreSQL (named): p95 ratio ${results.learnerList.ratioP95.toFixed(2)}`,
    );
    smtp.close();
  } finally {
    await direct?.stop();
    await two.stop();
    await one.stop();
    for (const { child } of children.reverse()) child.kill('SIGTERM');
    await sleep(500);
    for (const data of [replica, primary])
      spawnSync(...asPostgres(path.join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']));
  }
  fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench-results/scale-out-latest.json'),
    JSON.stringify({ at: new Date().toISOString(), loadAverage: os.loadavg(), results, checks }, null, 2) + '\n',
  );
  return checks.every((c) => c.ok);
}

main().then(
  (ok) => {
    if (ok) fs.rmSync(dir, { recursive: true, force: true });
    else console.log(`Logs kept in ${dir}`);
    process.exit(ok ? 0 : 1);
  },
  (error) => {
    console.error(`scale-out: ${error instanceof Error ? error.stack : error}`);
    console.log(`Logs kept in ${dir}`);
    process.exit(1);
  },
);
