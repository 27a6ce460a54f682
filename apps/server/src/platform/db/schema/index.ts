// Every table of the one Drizzle schema. Each module adds its file here.
export * from './core.ts';
export * from './public-site.ts';
export * from './rate-limits.ts';
export * from './auth.ts';
export * from './ledger.ts';
export * from './payments.ts';
export * from './applications.ts';
export * from './uploads.ts';
export * from './school.ts';
export * from './customer-profiles.ts';
export * from './subscriptions.ts';
export * from './invoices.ts';
export * from './basket.ts';
export * from './listings.ts';
export * from './attendance.ts';
export * from './timetable.ts';
export * from './assessment.ts';
