// The payouts module's public door: its routes and job, the bank-account confirmation every
// organisation uses (school-settings words it for schools), and what the seed needs.
export { consolePayoutRoutes, payoutRoutes } from './routes.ts';
export { registerPayoutJobs, WEEKLY_PAYEE_PAYOUTS_JOB } from './jobs.ts';
export {
  bankNameOf,
  cancelBankAccountChange,
  confirmBankAccount,
  confirmedPayoutAccount,
  maskAccountNumber,
  PAYOUT_CONFIRMATION_HOURS,
  readBankAccounts,
  requestBankAccountChange,
  type TAccountWording,
} from './bank-account.ts';
export { availableBalance, isoWeek, payOut, runWeeklyPayouts } from './payouts.ts';
