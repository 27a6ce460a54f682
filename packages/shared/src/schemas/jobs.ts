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
export const ZConsoleJob = z.object({
  id: z.string(),
  /** What kind of work: 'mail.deliver', 'subscriptions.renew'. */
  name: z.string(),
  state: z.enum(JOB_STATE_IDS),
  attempts: z.number(),
  /** The last failure's reason; never the job's data. */
  error: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  /** When it completed or failed for good. */
  endedAt: z.string().nullable(),
});
export type TConsoleJob = z.infer<typeof ZConsoleJob>;

export const ZConsoleJobList = z.object({ items: z.array(ZConsoleJob) });
export type TConsoleJobList = z.infer<typeof ZConsoleJobList>;
export const ZConsoleJobRetry = z.object({ job: z.object({ id: z.string(), name: z.string() }) });
export type TConsoleJobRetry = z.infer<typeof ZConsoleJobRetry>;
