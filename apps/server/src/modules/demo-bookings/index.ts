// The demo bookings module's public door.
export { demoBookingRoutes } from './routes.ts';
