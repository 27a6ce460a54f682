// The finance module's public door: its routes and its jobs; the seed and the benchmarks use the rest through here.
export { financeRoutes } from './routes.ts';
export { registerFinanceJobs } from './jobs.ts';
export { executeInvoiceRun, startInvoiceRun } from './use-cases/run-invoices.ts';
export { createStructure } from './use-cases/manage-fee-structures.ts';
export { recordFeePayment, creditInvoice, allocateCredit } from './lib/money.ts';
export { ensureFamilyAccounts, accountsOfLearners } from './lib/accounts.ts';
// For activities and transport: a sign-up or a rider opts the learner into an optional fee item, leaving opts out.
export { readLearnerFinance, setLearnerOptions } from './use-cases/manage-learner-concessions.ts';
export { callerOf, type TFinanceCaller } from './lib/caller.ts';
export {
  chargeFamilyAccount,
  familyAccountOfLearner,
  payingGuardianOf,
  type TAccountCharge,
  type TAccountChargeInput,
} from './use-cases/charge-account.ts';
export { registerFinanceSmsJobs } from './sms-jobs.ts';
export {
  applyForExemption,
  decideExemptionApplication,
  recordAutomaticExemption,
} from './use-cases/manage-exemption-applications.ts';
