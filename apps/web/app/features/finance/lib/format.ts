import { formatZar } from '@sekolo/shared/domain/money';
import { labelOf } from '@sekolo/shared/domain/options';
import { gradeLabel } from '@sekolo/shared/constants/enumerations';
import { PAYMENT_METHODS } from '@sekolo/shared/schemas/finance';

const MONTH_SHORT = new Intl.DateTimeFormat('en-ZA', { month: 'short', timeZone: 'UTC' });
const MONTH_LONG = new Intl.DateTimeFormat('en-ZA', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-03' → 'Mar'. */
export function monthShort(month: string): string {
  return MONTH_SHORT.format(new Date(`${month.slice(0, 7)}-01T00:00:00Z`));
}

/** '2026-03' → 'March 2026'. */
export function monthLong(month: string): string {
  return MONTH_LONG.format(new Date(`${month.slice(0, 7)}-01T00:00:00Z`));
}

/** '2026-03-07' → '07/03/2026', the day as South African statements print it. */
export function formatShortDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/** Basis points as a rate to one decimal: 8750 → '87,5 %'. */
export function formatBps(bps: number): string {
  return `${(bps / 100).toFixed(1).replace('.', ',')} %`;
}

export function paymentMethodLabel(method: string): string {
  return labelOf(PAYMENT_METHODS, method) ?? method;
}

/** A balance as a family reads it: what is owed, or the credit in their favour. */
export function balanceText(cents: number): string {
  if (cents < 0) return `${formatZar(-cents)} credit`;
  return formatZar(cents);
}

/** What copying a year's fees did: "12 grades’ fees copied to 2027; Grade 8 already had fees." */
export function copiedText(copied: number, skippedGrades: readonly string[], toYear: number): string {
  const what = `${copied} ${copied === 1 ? 'grade’s fees' : 'grades’ fees'} copied to ${toYear}`;
  if (skippedGrades.length === 0) return `${what}.`;
  const names = skippedGrades.map((g) => gradeLabel(g) ?? g).join(', ');
  return `${what}; ${names} already had fees.`;
}
