import cluster, { type Worker } from 'node:cluster';

/**
 * WEB_CONCURRENCY > 1 (PostgreSQL only): this process forks that many server processes sharing the
 * port (node:cluster) and serves nothing itself. The first one starts alone and the others only
 * once it listens, so migrations, demo seeding and a generated auth secret happen once, as with
 * one process. SIGTERM / SIGINT reach every worker, each finishes its in-flight requests and
 * closes its pool (main.ts), then this process exits. A worker that dies on its own is replaced.
 */
export function runPrimary(workers: number): void {
  let stopping = false;
  const live = new Set<Worker>();

  const fork = (): Worker => {
    const worker = cluster.fork();
    let listened = false;
    live.add(worker);
    worker.once('listening', () => (listened = true));
    worker.once('exit', (code, signal) => {
      live.delete(worker);
      if (stopping) {
        if (live.size === 0) process.exit(0);
        return;
      }
      if (!listened) {
        // It could not start (configuration, database): the others would not either.
        stopping = true;
        for (const other of live) other.process.kill('SIGTERM');
        process.exitCode = code || 1;
        if (live.size === 0) process.exit(process.exitCode);
        return;
      }
      console.error(`Server process ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another.`);
      fork();
    });
    return worker;
  };

  const first = fork();
  first.once('listening', () => {
    for (let i = 1; i < workers; i++) fork();
    console.log(`  ${workers} server processes (WEB_CONCURRENCY=${workers})`);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    if (live.size === 0) process.exit(0);
    for (const worker of live) worker.process.kill(signal);
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

export const isClusterWorker = (): boolean => cluster.isWorker;
