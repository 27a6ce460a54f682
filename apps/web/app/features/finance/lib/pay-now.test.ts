import { describe, expect, it } from 'vitest';
import { schoolPaymentBreakdown } from '@sekolo/shared/domain/fee-calculator';
import { formatZar } from '@sekolo/shared/domain/money';
import { suggestedPayment } from './pay-now';
import { randToCents } from './money-input';

describe('Pay now', () => {
  it('shows on R1 000 typed what spec 9 says: the parent pays R1 068,00, the school receives R950,00', () => {
    const b = schoolPaymentBreakdown(randToCents('1 000')!);
    expect(formatZar(b.parentPaysCents)).toBe('R1 068,00');
    expect(formatZar(b.schoolReceivesCents)).toBe('R950,00');
    expect(formatZar(b.processingFeeCents)).toBe('R68,00');
  });

  it('starts from the balance owed, or the smallest online payment when nothing is owed', () => {
    expect(suggestedPayment(345_000)).toBe(345_000);
    expect(suggestedPayment(0)).toBe(1_000);
    expect(suggestedPayment(-20_000)).toBe(1_000);
    expect(suggestedPayment(500)).toBe(1_000);
  });
});
