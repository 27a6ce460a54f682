import { z } from 'zod';
import { JOB_STATE_IDS } from '../schemas/jobs.ts';
import { contract } from './contract.ts';

/** A mail the embedded outbox kept (development only). */
const ZOutboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  tag: z.string().nullable(),
  createdAt: z.string(),
  status: z.string(),
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;

const ZRehearsedJob = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(JOB_STATE_IDS),
  attempts: z.number(),
  retryLimit: z.number(),
  error: z.string().nullable(),
  createdAt: z.string(),
  startAfter: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});

/** Development only (DEV_TOOLS): the embedded outbox, a rehearsal of a failing job, and a job run now. */
export const devToolsContracts = {
  rehearseJob: contract({
    method: 'POST',
    path: '/api/dev/jobs/rehearsal',
    body: z.object({ failRuns: z.number().int().min(0).max(5).default(1) }),
    response: z.object({ job: ZRehearsedJob.nullable() }),
  }),
  /** Runs a registered job now, as its schedule would (e2e specs run the daily jobs this way). */
  runJob: contract({
    method: 'POST',
    path: '/api/dev/jobs/run',
    body: z.object({
      name: z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'Give a job name, e.g. library.overdue-reminders'),
    }),
    response: z.object({ job: ZRehearsedJob.nullable() }),
  }),
  outbox: contract({
    method: 'GET',
    path: '/api/dev/outbox',
    query: z.object({
      to: z.string().optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    response: z.object({ messages: z.array(ZOutboxMessage) }),
  }),
};
