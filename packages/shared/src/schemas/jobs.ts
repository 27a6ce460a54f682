import { z } from 'zod';

/** A background job's states (platform/jobs, pg-boss). */
export const JOB_STATE_IDS = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type TJobStateId = (typeof JOB_STATE_IDS)[number];

/** GET /api/console/jobs */
export const ZConsoleJobsQuery = z.object({
  state: z.enum(JOB_STATE_IDS, { error: `Choose a state: ${JOB_STATE_IDS.join(', ')}.` }).default('failed'),
});
export type TConsoleJobsQuery = z.input<typeof ZConsoleJobsQuery>;

export const ZConsoleJobId = z.object({ id: z.uuid('Job not found.') });

/** A job as the operator's console lists it: what ran, how often, why it failed. */
export type TConsoleJob = {
  id: string;
  /** What kind of work: 'mail.deliver', 'subscriptions.renew'. */
  name: string;
  state: TJobStateId;
  attempts: number;
  /** The last failure's reason; never the job's data. */
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  /** When it completed or failed for good. */
  endedAt: string | null;
};

export type TConsoleJobList = { items: TConsoleJob[] };
export type TConsoleJobRetry = { job: { id: string; name: string } };
