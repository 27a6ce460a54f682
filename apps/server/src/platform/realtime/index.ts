// Realtime: each signed-in user's event stream (Server-Sent Events), fanned out across server
// processes through PostgreSQL LISTEN/NOTIFY. Modules publish with publishToUsers.
export { publishToUsers, REALTIME_CHANNEL, type TRealtimeEvent } from './publish.ts';
export { realtimePlugin, realtimeRoutes } from './stream-routes.ts';
export { registerRealtimeJobs, purgeRealtimeEvents } from './retention.ts';
