import { CHART_OF_ACCOUNTS, type TAccountCode, type TAccountType } from '../../platform/db/schema/ledger.ts';

/** Assets grow with debits (positive amounts); liabilities and revenue grow with credits (negative). */
export function normalSign(type: TAccountType): 1 | -1 {
  return type === 'asset' ? 1 : -1;
}

export function accountOf(code: string) {
  return CHART_OF_ACCOUNTS.find((account) => account.code === code);
}

export function isAccountCode(code: string): code is TAccountCode {
  return accountOf(code) !== undefined;
}
