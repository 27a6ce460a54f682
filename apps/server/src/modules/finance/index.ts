// The finance module's public door: its routes and its jobs; the seed and the benchmarks use the rest through here.
export { financeRoutes } from './routes.ts';
export { registerFinanceJobs } from './jobs.ts';
export { executeInvoiceRun, startInvoiceRun } from './use-cases/run-invoices.ts';
export { createStructure } from './use-cases/manage-fee-structures.ts';
export { recordFeePayment, creditInvoice, allocateCredit } from './lib/money.ts';
export { ensureFamilyAccounts, accountsOfLearners } from './lib/accounts.ts';
// For modules/transport: a rider takes the route's optional fee item (and gives it up) through these.
export { readLearnerFinance, setLearnerOptions } from './use-cases/manage-learner-concessions.ts';
