// The ledger module's public door: posting journals and reading balances (payments posts through it).
export { accountOf, normalSign } from './chart.ts';
export { balanceOf, partyBalanceOf } from './balance-of.ts';
export { findUnbalancedJournals } from './find-unbalanced-journals.ts';
export { inTransaction } from './in-transaction.ts';
export {
  assertValidJournal,
  postJournal,
  postJournals,
  readEntries,
  type TJournalEntryInput,
  type TPostJournalResult,
} from './post-journal.ts';
