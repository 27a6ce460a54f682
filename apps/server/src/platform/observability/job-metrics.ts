import client from 'prom-client';

/**
 * Failed runs of jobs in this process, by job name and whether it was the last try (platform/jobs
 * counts them; /metrics reports them with the process's own metrics, platform/observability/metrics.ts).
 */
export const jobRunFailures = new client.Counter({
  name: 'sekolo_job_run_failures_total',
  help: 'Runs of background jobs that failed in this process, by job and whether the job has failed for good.',
  labelNames: ['job', 'final'] as const,
  registers: [],
});
