import type { TRole } from '@sekolo/shared/constants/roles';

/**
 * Who changes the school's finances (fee structures, invoice runs, payments, credit notes): the
 * school admin and the accountant. Others who see the financials read only; the server refuses
 * their changes too.
 */
export const FINANCE_WRITER_ROLES: readonly TRole[] = ['school_admin', 'accountant'];

export function canWriteFinance(role: string | null): boolean {
  return FINANCE_WRITER_ROLES.some((r) => r === role);
}
