import { describe, expect, it } from 'vitest';
import { REGISTRATION_MESSAGES } from './common.ts';
import { CUSTOMER_MESSAGES, ZCustomerInfoStep, ZCustomerProfile, ZCustomerTermsStep } from './customer.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('customer step 1 (spec 5 "Customer info")', () => {
  it('accepts a display name of 2 characters and a phone number of 10', () => {
    expect(ZCustomerInfoStep.parse({ displayName: ' Jo ', phoneNumber: '0821234567' })).toEqual({
      displayName: 'Jo',
      phoneNumber: '0821234567',
    });
  });

  it("says 'Display name must be at least 2 characters' and 'Phone number must be at least 10 characters'", () => {
    const result = ZCustomerInfoStep.safeParse({ displayName: 'J', phoneNumber: '082123456' });
    expect(messagesOf(result)).toEqual({
      displayName: 'Display name must be at least 2 characters',
      phoneNumber: 'Phone number must be at least 10 characters',
    });
    expect(CUSTOMER_MESSAGES.displayNameTooShort).toBe('Display name must be at least 2 characters');
  });

  it('gives the same messages for missing or blank fields', () => {
    expect(messagesOf(ZCustomerInfoStep.safeParse({}))).toEqual({
      displayName: CUSTOMER_MESSAGES.displayNameTooShort,
      phoneNumber: CUSTOMER_MESSAGES.phoneTooShort,
    });
    expect(messagesOf(ZCustomerInfoStep.safeParse({ displayName: '   ', phoneNumber: '          ' }))).toEqual({
      displayName: CUSTOMER_MESSAGES.displayNameTooShort,
      phoneNumber: CUSTOMER_MESSAGES.phoneTooShort,
    });
  });
});

describe('customer step 2 (terms)', () => {
  it('needs both boxes ticked', () => {
    expect(ZCustomerTermsStep.safeParse({ termsAccepted: true, privacyAccepted: true }).success).toBe(true);
    expect(messagesOf(ZCustomerTermsStep.safeParse({ termsAccepted: false, privacyAccepted: false }))).toEqual({
      termsAccepted: REGISTRATION_MESSAGES.termsRequired,
      privacyAccepted: REGISTRATION_MESSAGES.privacyRequired,
    });
    expect(messagesOf(ZCustomerTermsStep.safeParse({}))).toEqual({
      termsAccepted: REGISTRATION_MESSAGES.termsRequired,
      privacyAccepted: REGISTRATION_MESSAGES.privacyRequired,
    });
  });

  it('the whole profile combines both steps', () => {
    expect(
      ZCustomerProfile.parse({
        displayName: 'Jo',
        phoneNumber: '0821234567',
        termsAccepted: true,
        privacyAccepted: true,
      }),
    ).toEqual({
      displayName: 'Jo',
      phoneNumber: '0821234567',
      termsAccepted: true,
      privacyAccepted: true,
    });
  });
});
