import { describe, expect, it } from 'vitest';
import { missingRegistrationSteps, validateRegistrationStep } from './index.ts';

/** The business partner and charity entries of the step-schema registry, as the server uses them. */
describe('registry: business partner and charity steps', () => {
  it('validates the business partner steps with their schemas, by dotted field path', () => {
    const result = validateRegistrationStep('business_partner', 3, { businessPartnerTypes: [], commissionTier: 'free' });
    expect(result).toMatchObject({ success: false, message: 'Please select at least one role', fields: { businessPartnerTypes: 'Please select at least one role' } });
    const step1 = validateRegistrationStep('business_partner', 1, { documentFiles: {} });
    expect(step1.success).toBe(false);
    if (!step1.success) expect(step1.fields['documentFiles.bankProof']).toBe('This file is required');
    expect(validateRegistrationStep('business_partner', 4, { acceptedSLA: true })).toEqual({ success: true, data: { acceptedSLA: true } });
    expect(validateRegistrationStep('business_partner', 6, { transactionRef: 'SEK-1', packageData: null }).success).toBe(true);
    expect(validateRegistrationStep('business_partner', 7, {}).success).toBe(true);
    expect(validateRegistrationStep('business_partner', 8, {})).toMatchObject({ success: false, message: 'Invalid step 8' });
  });

  it('stores the charity terms step with its free package', () => {
    expect(validateRegistrationStep('charity', 3, { termsAccepted: true, privacyAccepted: true })).toEqual({
      success: true,
      data: { termsAccepted: true, privacyAccepted: true, packageId: 'charity' },
    });
    expect(validateRegistrationStep('charity', 2, {})).toEqual({ success: true, data: { overview: '', products: [], services: [] } });
  });

  it('lists the steps a submission still needs', () => {
    expect(missingRegistrationSteps('business_partner', { 1: {}, 2: {}, 3: {} })).toEqual([4, 5, 6]);
    expect(missingRegistrationSteps('charity', { 1: {} })).toEqual([2, 3]);
    expect(missingRegistrationSteps('charity', { 1: {}, 2: {}, 3: {} })).toEqual([]);
  });
});
