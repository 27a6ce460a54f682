import { MIN_ONLINE_PAYMENT_CENTS } from '@sekolo/shared/schemas/finance';

/** What the amount box starts with: the balance owed, or the smallest payment when nothing is owed. */
export function suggestedPayment(balanceCents: number): number {
  return balanceCents >= MIN_ONLINE_PAYMENT_CENTS ? balanceCents : MIN_ONLINE_PAYMENT_CENTS;
}
