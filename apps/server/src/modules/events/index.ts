// The events module's public door: its routes and jobs, and what the demo seed uses.
export { eventRoutes, schoolEventRoutes, EVENTS_MANAGE_PERMISSION } from './routes.ts';
export { registerEventJobs } from './jobs.ts';
export { EVENT_TICKETS_PURPOSE, releaseExpiredHolds } from './tickets.ts';
export { ticketSigner } from './lib/ticket-token.ts';
