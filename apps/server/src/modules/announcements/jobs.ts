import type { TConfig } from '../../platform/config/env.ts';
import type { Database } from '../../platform/db/client.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { ANNOUNCEMENT_SEND_JOB, sendAnnouncement } from './send.ts';

/** The send job of each announcement (at once, or at its scheduled time); idempotent (send.ts). */
export function registerAnnouncementJobs(
  jobs: JobQueue,
  db: Database,
  mailer: Mailer,
  config: TConfig,
): void {
  jobs.register<{ announcementId: string }>({
    name: ANNOUNCEMENT_SEND_JOB,
    handler: async ({ announcementId }) => sendAnnouncement(db, mailer, config, announcementId),
    retryLimit: 5,
    retryDelaySeconds: 30,
    expireInSeconds: 1800,
    concurrency: 2,
  });
}
