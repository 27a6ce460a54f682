import client from 'prom-client';
import { sql } from 'drizzle-orm';
import { rowsOf, type DatabaseHandle } from '../db/client.ts';
import { JOBS_SCHEMA } from '../jobs/queue.ts';
import { jobRunFailures } from './job-metrics.ts';

/**
 * Metrics of the whole process, kept across apps (the CPU, memory and event loop of Node, and the
 * job runs that failed here). Made on the first scrape: a test that builds many apps starts one
 * event-loop monitor, not one per app.
 */
let processRegistry: client.Registry | undefined;
function processMetrics(): client.Registry {
  if (!processRegistry) {
    processRegistry = new client.Registry();
    client.collectDefaultMetrics({ register: processRegistry, prefix: 'sekolo_' });
    processRegistry.registerMetric(jobRunFailures);
  }
  return processRegistry;
}


export type TMetrics = {
  /** Records one answered request: the route's pattern (never its URL), its method and status. */
  observeRequest(request: { method: string; route: string; statusCode: number; seconds: number }): void;
  /** The Prometheus text of every metric, with its content type. */
  scrape(): Promise<{ contentType: string; body: string }>;
};

/**
 * The app's metrics (Prometheus, prom-client): request rate, latency and errors per route, the
 * database pool, the job queue's depth and failures, and the mail backlog. The queue and mail
 * gauges are read from the database when scraped (two small queries), so every server process
 * reports the same shared queue: sum them per instance, or read one.
 */
export function createMetrics(database: DatabaseHandle): TMetrics {
  const registry = new client.Registry();
  const requests = new client.Counter({
    name: 'sekolo_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const errors = new client.Counter({
    name: 'sekolo_http_errors_total',
    help: 'HTTP requests answered with a server error (5xx), by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: 'sekolo_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new client.Gauge({
    name: 'sekolo_db_pool_connections',
    help: 'PostgreSQL connections of this process: max (the pool size), total open, idle, and requests waiting for one.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats?.();
      if (!stats) return;
      for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
    },
  });
  new client.Gauge({
    name: 'sekolo_db_replica_lag_seconds',
    help: 'How far the read replica (DATABASE_REPLICA_URL) is behind the primary, in seconds; absent without a replica.',
    registers: [registry],
    async collect() {
      if (database.replicaLagSeconds) this.set(await database.replicaLagSeconds());
    },
  });
  new client.Gauge({
    name: 'sekolo_jobs',
    help: 'Background jobs in the queue by name and state: created and retry are waiting (the depth), active running, failed kept for the operator (a week).',
    labelNames: ['job', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = rowsOf<{ name: string; state: string; count: number }>(
        await database.db.execute(
          sql.raw(`SELECT name, state::text AS state, count(*)::int AS count FROM ${JOBS_SCHEMA}.job
            WHERE state IN ('created', 'retry', 'active', 'failed') GROUP BY 1, 2`),
        ),
      );
      for (const row of rows) this.set({ job: row.name, state: row.state }, row.count);
    },
  });
  new client.Gauge({
    name: 'sekolo_mail_backlog',
    help: 'Mail waiting for SMTP delivery (outbox_messages): pending (due or waiting for a retry) and sending.',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const rows = rowsOf<{ status: string; count: number }>(
        await database.db.execute(sql`SELECT status, count(*)::int AS count FROM outbox_messages
          WHERE status IN ('pending', 'sending') GROUP BY status`),
      );
      const counts = new Map(rows.map((row) => [row.status, row.count]));
      for (const status of ['pending', 'sending']) this.set({ status }, counts.get(status) ?? 0);
    },
  });
  new client.Gauge({
    name: 'sekolo_mail_oldest_pending_seconds',
    help: 'How long the oldest mail still waiting for delivery has waited (0 when none).',
    registers: [registry],
    async collect() {
      const [row] = rowsOf<{ age: number | null }>(
        await database.db.execute(sql`SELECT extract(epoch FROM now() - min(created_at))::float8 AS age
          FROM outbox_messages WHERE status IN ('pending', 'sending')`),
      );
      this.set(Math.max(0, Number(row?.age ?? 0)));
    },
  });

  return {
    observeRequest({ method, route, statusCode, seconds }) {
      requests.inc({ method, route, status_code: String(statusCode) });
      duration.observe({ method, route }, seconds);
      if (statusCode >= 500) errors.inc({ method, route });
    },
    async scrape() {
      const merged = client.Registry.merge([registry, processMetrics()]);
      return { contentType: merged.contentType, body: await merged.metrics() };
    },
  };
}
