// The facilities module's public door: its routes and jobs, and what the demo seed uses.
export { facilityRoutes, schoolFacilityRoutes, FACILITY_PERMISSION } from './routes.ts';
export { registerFacilityJobs } from './jobs.ts';
export { expireHolds, FACILITY_BOOKING_PURPOSE } from './bookings.ts';
