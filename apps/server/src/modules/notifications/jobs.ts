import type { TConfig } from '../../platform/config/env.ts';
import type { Database } from '../../platform/db/client.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { deliverPendingNotifications } from './deliver.ts';
import { NOTIFICATIONS_DELIVER_JOB } from './notify.ts';

export const NOTIFICATIONS_SWEEP_JOB = 'notifications.sweep';

/**
 * The delivery of notifications' e-mail and SMS: a job per event (notify() enqueues it with the
 * change), and a sweep each minute for notifications a statement wrote itself (the register
 * save's absences) or whose job was lost. Both send only what is still pending: idempotent.
 */
export function registerNotificationJobs(
  jobs: JobQueue,
  db: Database,
  mailer: Mailer,
  config: TConfig,
): void {
  const handler = async () => deliverPendingNotifications(db, mailer, config);
  jobs.register<{ eventKey?: string }>({
    name: NOTIFICATIONS_DELIVER_JOB,
    handler,
    retryLimit: 3,
    retryDelaySeconds: 30,
    expireInSeconds: 600,
  });
  jobs.register<Record<string, never>>({
    name: NOTIFICATIONS_SWEEP_JOB,
    handler,
    retryLimit: 1,
    schedule: { cron: '* * * * *' },
  });
}
