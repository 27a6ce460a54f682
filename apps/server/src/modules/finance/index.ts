// The finance module's public door: its routes and its jobs; the seed and the benchmarks use the rest through here.
export { financeRoutes } from './routes.ts';
export { registerFinanceJobs } from './jobs.ts';
export { executeInvoiceRun, startInvoiceRun } from './use-cases/run-invoices.ts';
export { createStructure } from './use-cases/manage-fee-structures.ts';
export { recordFeePayment, creditInvoice, allocateCredit } from './lib/money.ts';
export { ensureFamilyAccounts, accountsOfLearners } from './lib/accounts.ts';
// For modules/activities: a sign-up opts the learner into the activity's optional fee item, a withdrawal out.
export { readLearnerFinance, setLearnerOptions } from './use-cases/manage-learner-concessions.ts';
export { callerOf, type TFinanceCaller } from './lib/caller.ts';
export {
  chargeFamilyAccount,
  familyAccountOfLearner,
  payingGuardianOf,
  type TAccountCharge,
  type TAccountChargeInput,
} from './use-cases/charge-account.ts';
