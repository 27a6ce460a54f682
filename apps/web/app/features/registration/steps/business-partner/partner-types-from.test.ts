import { describe, expect, it } from 'vitest';
import type { TRegistrationData } from '../../lib/wizard-types';
import { partnerTypesFrom } from './partner-types-from';

const registration = (stepData: Record<string, Record<string, unknown>>, formData: Record<string, unknown> = {}) =>
  ({ userType: 'business_partner', basicInfo: {}, currentStep: 2, totalSteps: 7, formData, stepData }) as unknown as TRegistrationData;

describe('partner types of an earlier step', () => {
  it('reads step 1 leniently (ids, labels, fragments)', () => {
    expect(partnerTypesFrom(registration({ 1: { businessPartnerTypes: ['Product Vendor', 'tutor'] } }))).toEqual(['tutor', 'product_vendor']);
  });

  it('falls back to the merged form data, and to none', () => {
    expect(partnerTypesFrom(registration({}, { businessPartnerTypes: ['consultant'] }))).toEqual(['consultant']);
    expect(partnerTypesFrom(registration({ 1: { businessPartnerTypes: [] } }))).toEqual([]);
    expect(partnerTypesFrom(undefined)).toEqual([]);
  });

  it('reads another step when asked (the fee step)', () => {
    expect(partnerTypesFrom(registration({ 1: { businessPartnerTypes: ['tutor'] }, 3: { partnerType: ['service_provider'] } }), 3)).toEqual(['service_provider']);
  });
});
