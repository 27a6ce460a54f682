import { describe, expect, it } from 'vitest';
import { awaitingPaymentStep, chosenCommissionTier, chosenPackageId, chosenPartnerTypes, paymentHandoffStep } from './registration-handoff';

describe('reading the wizard state for the checkout', () => {
  it('takes the school package from packageData, else the package step', () => {
    expect(chosenPackageId({ packageData: { id: 'growth' }, stepData: { 2: { packageId: 'basic' } } })).toBe('growth');
    expect(chosenPackageId({ stepData: { 2: { packageId: 'basic' } } })).toBe('basic');
    expect(chosenPackageId({ stepData: {} })).toBeNull();
  });

  it("reads the partner's roles leniently, the fee step (later) winning over step 1", () => {
    const data = {
      stepData: {
        1: { businessPartnerTypes: ['tutor', 'product_vendor'] },
        3: { businessPartnerTypes: ['Consultant', 'vendor'], commissionTier: 'premium' },
      },
    };
    expect(chosenPartnerTypes(data)).toEqual(['product_vendor', 'consultant']);
    expect(chosenCommissionTier(data)).toBe('premium');
    expect(chosenPartnerTypes({ stepData: {} })).toEqual([]);
  });

  it('knows the hand-off and awaiting-payment steps of each type', () => {
    expect([paymentHandoffStep('school_admin'), awaitingPaymentStep('school_admin')]).toEqual([3, 4]);
    expect([paymentHandoffStep('business_partner'), awaitingPaymentStep('business_partner')]).toEqual([5, 6]);
    expect(awaitingPaymentStep('customer')).toBeNull();
  });
});
