// The server parts the announcements bench drives, loaded as one module graph (one copy of
// platform/db/transaction.ts, whose open transactions the job queue checks).
export { openPostgres } from '../../apps/server/src/platform/db/client.ts';
export { createJobQueue } from '../../apps/server/src/platform/jobs/queue.ts';
export { createOutboxMailer } from '../../apps/server/src/platform/mail/mailer.ts';
export { loadConfig } from '../../apps/server/src/platform/config/env.ts';
export { createAnnouncement, registerAnnouncementJobs } from '../../apps/server/src/modules/announcements/index.ts';
