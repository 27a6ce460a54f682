import { describe, expect, it } from 'vitest';
import { CHARITY_PACKAGE, ZCharityDetailsStep, ZCharityTermsPackageStep } from './charity.ts';

type TResult = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const messageAt = (result: TResult, path: string) =>
  result.error?.issues.find((issue) => issue.path.map(String).join('.') === path)?.message;

const validCharity = {
  registeredName: 'Hope for Learners NPC',
  registrationNumber: '123-456 NPO',
  businessType: 'npo',
  streetAddress: '4 Long Street',
  suburb: 'Gardens',
  town: 'Cape Town',
  postalCode: '8001',
  province: 'western_cape',
  country: 'south_africa',
  displayName: 'Hope for Learners',
};

describe('charity details step', () => {
  it('accepts the details without tag line and map link', () => {
    expect(ZCharityDetailsStep.parse(validCharity)).toMatchObject({ tagLine: '', googleMapsLink: '' });
  });

  it('gives the spec message for every required field', () => {
    const result = ZCharityDetailsStep.safeParse({});
    expect(messageAt(result, 'registeredName')).toBe('Registered name is required');
    expect(messageAt(result, 'registrationNumber')).toBe('Registration number is required');
    expect(messageAt(result, 'businessType')).toBe('Charity type is required');
    expect(messageAt(result, 'streetAddress')).toBe('Street address is required');
    expect(messageAt(result, 'suburb')).toBe('Suburb is required');
    expect(messageAt(result, 'town')).toBe('Town/City is required');
    expect(messageAt(result, 'postalCode')).toBe('Postal code is required');
    expect(messageAt(result, 'province')).toBe('Province/State is required');
    expect(messageAt(result, 'country')).toBe('Country is required');
    expect(messageAt(result, 'displayName')).toBe('Display name is required');
    expect(messageAt(result, 'tagLine')).toBeUndefined();
    expect(messageAt(result, 'googleMapsLink')).toBeUndefined();
  });

  it('takes only the charity types', () => {
    expect(messageAt(ZCharityDetailsStep.safeParse({ ...validCharity, businessType: 'private_company' }), 'businessType')).toBe('Charity type is required');
    expect(ZCharityDetailsStep.safeParse({ ...validCharity, businessType: 'pbo' }).success).toBe(true);
  });
});

describe('charity terms and package step', () => {
  it('needs both boxes ticked and records the free charity package', () => {
    expect(ZCharityTermsPackageStep.parse({ termsAccepted: true, privacyAccepted: true })).toEqual({
      termsAccepted: true,
      privacyAccepted: true,
      packageId: CHARITY_PACKAGE.id,
    });
    const result = ZCharityTermsPackageStep.safeParse({ termsAccepted: false, privacyAccepted: false });
    expect(messageAt(result, 'termsAccepted')).toBe('You must accept the Terms & Conditions');
    expect(messageAt(result, 'privacyAccepted')).toBe('You must accept the Privacy Policy');
    expect(CHARITY_PACKAGE.priceCents).toBe(0);
  });
});
