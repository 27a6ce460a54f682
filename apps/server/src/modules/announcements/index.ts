// The announcements module's public door: its routes and job; the seed and the bench use the rest.
export { announcementRoutes, receivedAnnouncementRoutes } from './routes.ts';
export { registerAnnouncementJobs } from './jobs.ts';
export { createAnnouncement, expandRecipients, sendAnnouncement, ANNOUNCEMENT_SEND_JOB } from './send.ts';
export { reportOf } from './views.ts';
