// The admissions module's public door: its routes, its jobs, and what the demo seed uses.
export { admissionRoutes, schoolAdmissionRoutes } from './routes.ts';
export { registerAdmissionsJobs } from './jobs.ts';
export { LAPSE_OFFERS_JOB, PURGE_APPLICATIONS_JOB } from './use-cases/lapse-and-purge.ts';
export { newReference } from './use-cases/guardian-applications.ts';
