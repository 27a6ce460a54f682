// The library module's public door: its routes and jobs, and what the demo seed uses.
export { schoolLibraryRoutes, libraryRoutes, MANAGE_LIBRARY, ACCESS_LIBRARY } from './routes.ts';
export { registerLibraryJobs } from './jobs.ts';
export { insertCopies } from './catalogue.ts';
export { sendOverdueReminders, OVERDUE_REMINDERS_JOB, EXPIRE_HOLDS_JOB } from './reminders.ts';
