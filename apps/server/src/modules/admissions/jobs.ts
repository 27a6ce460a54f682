import type { Database } from '../../platform/db/client.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { IFileStorage } from '../uploads/index.ts';
import {
  LAPSE_OFFERS_JOB,
  lapseExpiredOffers,
  PURGE_APPLICATIONS_JOB,
  purgeExpiredApplications,
} from './use-cases/lapse-and-purge.ts';

/**
 * The admissions jobs: offers past their date lapse (just after midnight), and applications past
 * the school's retention period are deleted with their files (at night). Both are idempotent.
 */
export function registerAdmissionsJobs(
  jobs: JobQueue,
  db: Database,
  mailer: Mailer,
  publicUrl: string,
  storage: IFileStorage,
): void {
  jobs.register<Record<string, never>>({
    name: LAPSE_OFFERS_JOB,
    handler: async () => lapseExpiredOffers(db, { mailer, publicUrl }),
    retryLimit: 3,
    retryDelaySeconds: 300,
    schedule: { cron: '5 0 * * *', tz: 'Africa/Johannesburg' },
  });
  jobs.register<Record<string, never>>({
    name: PURGE_APPLICATIONS_JOB,
    handler: async () => purgeExpiredApplications(db, storage),
    retryLimit: 3,
    retryDelaySeconds: 600,
    schedule: { cron: '30 2 * * *', tz: 'Africa/Johannesburg' },
  });
}
