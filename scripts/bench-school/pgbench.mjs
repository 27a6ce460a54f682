// The pgbench side of the school scale bench (scripts/bench-school.mjs): runs PostgreSQL's own load
// generator with the statements the server sends, so the figures show what PostgreSQL itself costs
// on this machine, with no application and no Node client in the way. This file only runs pgbench and
// reads what it wrote; the scripts (the statements, mirrored from the server) are built next to the
// SQL side in bench-school.mjs.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** pgbench's version line, or null when it is not on PATH (the side is then skipped). */
export function pgbenchVersion() {
  const probe = spawnSync('pgbench', ['--version'], { encoding: 'utf8' });
  return probe.error || probe.status !== 0 ? null : probe.stdout.trim();
}

/**
 * A statement of the server in pgbench's form: each `$k` becomes `:name` (names[k - 1]), a pgbench
 * variable that -M prepared sends as the k-th parameter again, so PostgreSQL parses and plans the
 * same text with the same parameters. pgbench takes any `:word` for a variable, even inside a quoted
 * literal, so the statements given here must have none (the server's have none: they use parameters).
 */
export function asPgbench(text, names) {
  return `${text.replace(/\$(\d+)/g, (_, k) => {
    const name = names[Number(k) - 1];
    if (!name) throw new Error(`asPgbench: no variable for $${k} in ${text.slice(0, 80)}`);
    return `:${name}`;
  })};`;
}

/**
 * A pgbench script whose transactions take turns (the variable `phase`, from -D phase=-1, moved on
 * first so that a failed transaction keeps the rhythm): pgbench numbers a client's transactions
 * from 1, and transactions 1, slots + 2, 2 * slots + 3 ... run `draw` (pgbench's random numbers and
 * a helper statement whose \gset stores the parameters of the next `slots` transactions); the
 * others run `work(j)`, the server's statements with the parameters of slot j. pgbench keeps a
 * client's variables from one transaction to the next, and runPgbench measures the work only: its
 * figures hold the server's statements alone, not one more round trip for the bench's own lookup
 * (pgbench cannot take a uuid or a date from a list without a query). One copy of the statements a
 * slot, as pgbench cannot pick a variable by number; each copy is a prepared statement of its own.
 */
export function alternating(slots, draw, work) {
  const lines = [`\\set phase (:phase + 1) % ${slots + 1}`, '\\if :phase = 0', ...draw];
  for (let j = 1; j <= slots; j++) lines.push(`\\elif :phase = ${j}`, ...work(j));
  lines.push('\\endif');
  return lines.join('\n');
}

/** Whether the client's transaction number `n` (from 1) is a draw of alternating(slots, ...). */
const isDraw = (n, slots) => (n - 1) % (slots + 1) === 0;

/**
 * One pgbench run: `scripts` ({ text, weight }) with -M prepared, `clients` connections over
 * `threads` threads, for warmupSeconds + seconds (-T): one run, so that the measured transactions
 * reuse the warm-up's connections and prepared statements (and their plans), as the other sides'
 * pools do. Every transaction's latency is read back from pgbench's --log files, written to a fresh
 * temp dir deleted afterwards: column 2 the client's transaction number, 3 the latency (µs), 5 and
 * 6 the end (epoch s, µs). A transaction is measured when it started warmupSeconds or more after the
 * first one; the work transactions of alternating(slots, ...) give the latencies (ms, sorted), the
 * draws apart. `atWarmEnd` is called when the warm-up should end (the caller reads its counters);
 * `afterWarmEnd` is the number of work transactions that ended after that call. With `keep` (a
 * folder), the scripts and a command line that runs them again by hand are copied there.
 */
export async function runPgbench({
  keep,
  dbUrl,
  slots,
  scripts,
  defines,
  clients,
  threads,
  warmupSeconds,
  seconds,
  atWarmEnd,
}) {
  const url = new URL(dbUrl);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sekolo-pgbench-'));
  try {
    const args = [
      '-h',
      decodeURIComponent(url.hostname), // a Unix socket's folder arrives percent-encoded
      '-p',
      url.port || '5432',
      '-U',
      decodeURIComponent(url.username || 'postgres'),
      '-n', // no vacuum of pgbench's own tables: there are none here
      '-M',
      'prepared',
      '-c',
      String(clients),
      '-j',
      String(threads),
      '-T',
      String(warmupSeconds + seconds),
      '--log',
      `--log-prefix=${path.join(dir, 'pgbench_log')}`,
    ];
    scripts.forEach((script, i) => {
      const file = path.join(dir, `script-${i}.sql`);
      fs.writeFileSync(file, `${script.text}\n`);
      args.push('-f', `${file}@${script.weight ?? 1}`);
    });
    for (const [name, value] of Object.entries({ phase: -1, ...defines })) args.push('-D', `${name}=${value}`);
    args.push(decodeURIComponent(url.pathname.slice(1)));
    if (keep) {
      fs.mkdirSync(keep, { recursive: true });
      const again = args.map((a) => (a.startsWith(dir) ? a.replace(dir, '.') : a)).filter((a) => !a.includes('--log'));
      scripts.forEach((_, i) => fs.copyFileSync(path.join(dir, `script-${i}.sql`), path.join(keep, `script-${i}.sql`)));
      const quote = (a) => `'${a.replaceAll("'", "'\\''")}'`;
      fs.writeFileSync(
        path.join(keep, 'run.sh'),
        `#!/bin/sh\ncd "$(dirname "$0")"\nexec pgbench ${again.map(quote).join(' ')}\n`,
      );
    }

    const env = { ...process.env };
    if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
    // Generic plans from the first run, as the server's prepared statements run once warm: PostgreSQL
    // plans a prepared statement five times for its values before it keeps one generic plan, and
    // the SQL side shows the server's statements doing so (its plans line). pgbench prepares each
    // statement once per slot and client (up to 96 copies of the learner page a connection), so
    // its runs would otherwise be mostly those first plans: at scale the page's one statement
    // plans in about 1.5 ms, and pgbench measured 541 pages a second against 960.
    env.PGOPTIONS = [env.PGOPTIONS, '-c plan_cache_mode=force_generic_plan'].filter(Boolean).join(' ');
    const child = spawn('pgbench', args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (status) => resolve(status));
    });
    let warmEndMs = null;
    const warmEnd = new Promise((resolve) =>
      setTimeout(async () => {
        if (child.exitCode === null) await atWarmEnd?.();
        warmEndMs = Date.now();
        resolve();
      }, warmupSeconds * 1000),
    );
    const code = await exited;
    await warmEnd;

    const rows = [];
    let failed = 0;
    // One file per thread: pgbench_log.<pid>, pgbench_log.<pid>.1, ...
    for (const file of fs.readdirSync(dir).filter((f) => f.startsWith('pgbench_log'))) {
      for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
        if (!line) continue;
        const [, transaction, time, , epoch, us] = line.split(' ');
        const latencyMs = Number(time) / 1000; // "failed" or "skipped" there for a transaction not done
        if (!Number.isFinite(latencyMs)) failed++;
        else {
          const endMs = Number(epoch) * 1000 + Number(us) / 1000;
          rows.push({ draw: isDraw(Number(transaction), slots), latencyMs, endMs, startMs: endMs - latencyMs });
        }
      }
    }
    // (reduce, not Math.min(...rows): tens of thousands of arguments)
    const firstStart = rows.reduce((min, r) => Math.min(min, r.startMs), Infinity);
    const lastEnd = rows.reduce((max, r) => Math.max(max, r.endMs), -Infinity);
    const measured = rows.filter((r) => r.startMs >= firstStart + warmupSeconds * 1000);
    const latencies = measured.filter((r) => !r.draw).map((r) => r.latencyMs);
    latencies.sort((a, b) => a - b);
    const reportedFailed = Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0);
    const errorLines = stderr
      .split('\n')
      .filter((l) => /error|abort|fatal/i.test(l))
      .slice(0, 5);
    if (code !== 0 && errorLines.length === 0) errorLines.push(`pgbench exited with code ${code}`);
    return {
      latencies,
      drawLatencies: measured.filter((r) => r.draw).map((r) => r.latencyMs),
      measuredSeconds: Math.max(0, (lastEnd - firstStart) / 1000 - warmupSeconds),
      afterWarmEnd: rows.filter((r) => !r.draw && r.endMs >= warmEndMs).length,
      errors: Math.max(failed, reportedFailed) + (code === 0 ? 0 : 1),
      firstErrors: errorLines,
      command: `pgbench ${args.map((a) => (a.length > 60 ? `${a.slice(0, 40)}...` : a)).join(' ')}`,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
