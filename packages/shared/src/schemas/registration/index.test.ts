import { describe, expect, it } from 'vitest';
import { REGISTRATION_STEPS } from '../../constants/registration.ts';
import {
  REGISTRATION_STEP_SCHEMAS,
  missingRegistrationSteps,
  paymentStepFor,
  registrationStepSchema,
  submitStepFor,
  validateRegistrationStep,
} from './index.ts';

describe('registration step registry', () => {
  it('has an entry (schema or null) for every D6 step of the wizard types it covers', () => {
    for (const type of ['school_admin', 'customer', 'young_entrepreneur'] as const) {
      const schemas = REGISTRATION_STEP_SCHEMAS[type] ?? {};
      expect(Object.keys(schemas).map(Number)).toEqual(REGISTRATION_STEPS[type].map((_, index) => index + 1));
    }
    expect(registrationStepSchema('school_admin', 5)).toBeNull();
    expect(registrationStepSchema('school_admin', 6)).toBeUndefined();
  });

  it('validates a step with dotted field paths and the first message', () => {
    const result = validateRegistrationStep('young_entrepreneur', 1, {
      shopName: '',
      shopDescription: 'long enough text',
      shopCategory: 'food',
    });
    expect(result).toEqual({
      success: false,
      message: 'Shop name is required',
      fields: { shopName: 'Shop name is required' },
    });
    expect(validateRegistrationStep('school_admin', 7, {})).toMatchObject({
      success: false,
      message: 'Invalid step 7',
    });
    expect(validateRegistrationStep('customer', 2, { termsAccepted: true, privacyAccepted: true })).toEqual({
      success: true,
      data: { termsAccepted: true, privacyAccepted: true },
    });
  });

  it('lists the steps a submission still needs', () => {
    expect(missingRegistrationSteps('young_entrepreneur', { '1': {}, '2': {} })).toEqual([3, 4, 5]);
    expect(missingRegistrationSteps('school_admin', { '1': {}, '2': {}, '3': {} })).toEqual([4]);
  });

  it('knows where each type pays and submits (D7)', () => {
    expect([paymentStepFor('school_admin'), submitStepFor('school_admin')]).toEqual([3, 4]);
    expect([paymentStepFor('business_partner'), submitStepFor('business_partner')]).toEqual([5, 6]);
    expect([paymentStepFor('charity'), submitStepFor('charity')]).toEqual([null, 3]);
    expect([paymentStepFor('young_entrepreneur'), submitStepFor('young_entrepreneur')]).toEqual([null, 5]);
    expect(paymentStepFor('teacher')).toBeNull();
  });
});
