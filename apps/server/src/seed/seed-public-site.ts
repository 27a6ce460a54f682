import type { TSeeder } from './index.ts';

/** Filled by the public-site module (newsletter subscribers, contact messages, demo bookings). */
export const seedPublicSite: TSeeder = async () => [];
