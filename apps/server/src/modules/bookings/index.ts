// The bookings module's public door: its routes and jobs, and what the seed needs.
export { bookingRoutes } from './routes.ts';
export { registerBookingJobs, EXPIRE_HOLDS_JOB, BOOKING_REMINDERS_JOB } from './jobs.ts';
export { BOOKING_PURPOSE, HOLD_MINUTES, expireHolds } from './book.ts';
export { sendReminders } from './manage.ts';
export { bookingSubject } from './booking-conversation.ts';
