/* global performance */
// The benches' PostgreSQL: the admin connection and a database's URL beside it, and the figures' arithmetic.
import fs from 'node:fs';
import path from 'node:path';

const LOCAL_SOCKET_DIR = '/var/run/postgresql';

/** BENCH_DATABASE_URL, else the local PostgreSQL's Unix socket when present, else TCP on 127.0.0.1:5432. */
export const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ||
  (fs.existsSync(path.join(LOCAL_SOCKET_DIR, '.s.PGSQL.5432'))
    ? `postgres://postgres@${encodeURIComponent(LOCAL_SOCKET_DIR)}/postgres`
    : 'postgres://postgres@127.0.0.1:5432/postgres');

/** The URL of database `name` on the admin connection's server. */
export function databaseUrl(name) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export const round = (n) => Math.round(n * 100) / 100;

/** The p-th percentile of ascending `sorted` (nearest rank). */
export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/**
 * `concurrency` workers running `op(worker, i)` back to back: `warmupSeconds` unmeasured, then
 * `seconds` measured. Answers throughput, latency percentiles (ms) and the errors.
 */
export async function measureConcurrently(op, { concurrency, seconds, warmupSeconds = 2 }) {
  const latencies = [];
  const errors = [];
  const warmEnd = performance.now() + warmupSeconds * 1000;
  const end = warmEnd + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = 0; performance.now() < end; i++) {
        const t0 = performance.now();
        try {
          await op(worker, i);
          if (t0 >= warmEnd) latencies.push(performance.now() - t0);
        } catch (error) {
          errors.push(String(error?.message ?? error));
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: round(latencies.length / seconds),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    errors: errors.length,
    firstErrors: errors.slice(0, 3),
  };
}
