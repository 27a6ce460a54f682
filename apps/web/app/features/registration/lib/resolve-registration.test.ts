import { describe, expect, it } from 'vitest';
import type { TRegistrationData } from '~/lib/registration-storage';
import { packageDataFor, resolveRegistration } from './resolve-registration';

const user = { email: 'naledi@example.test', firstName: 'Naledi', lastName: 'Dlamini' };
const local = (overrides: Partial<TRegistrationData> = {}): TRegistrationData => ({
  userType: 'young_entrepreneur',
  basicInfo: { firstName: 'Naledi', lastName: 'Dlamini', email: 'naledi@example.test' },
  currentStep: 3,
  totalSteps: 5,
  formData: { shopName: 'Local' },
  stepData: { '1': { shopName: 'Local' } },
  savedAt: '2026-11-23T10:00:00.000Z',
  ...overrides,
});
const server = (overrides: Record<string, unknown> = {}) => ({
  userType: 'young_entrepreneur',
  status: 'draft',
  currentStep: 2,
  stepData: { '1': { shopName: 'Server' } },
  updatedAt: '2026-11-23T09:00:00.000Z',
  ...overrides,
});

describe('resolveRegistration', () => {
  it('starts fresh at step 1 with the signed-in user', () => {
    const { registration, submitted } = resolveRegistration({
      userType: 'young_entrepreneur',
      user,
      navState: null,
      stored: null,
      server: null,
    });
    expect(submitted).toBe(false);
    expect(registration).toMatchObject({
      currentStep: 1,
      totalSteps: 5,
      stepData: {},
      basicInfo: { email: user.email },
    });
  });

  it('keeps the local copy when it is newer than the server draft', () => {
    const { registration } = resolveRegistration({
      userType: 'young_entrepreneur',
      user,
      navState: null,
      stored: local(),
      server: server(),
    });
    expect(registration.stepData['1']).toEqual({ shopName: 'Local' });
    expect(registration.currentStep).toBe(3);
  });

  it('takes the server draft when it is newer (another device) or there is no local copy', () => {
    const newer = server({ updatedAt: '2026-11-23T11:00:00.000Z', currentStep: 4 });
    expect(
      resolveRegistration({ userType: 'young_entrepreneur', user, navState: null, stored: local(), server: newer })
        .registration,
    ).toMatchObject({
      currentStep: 4,
      stepData: { '1': { shopName: 'Server' } },
      formData: { shopName: 'Server' },
    });
    expect(
      resolveRegistration({ userType: 'young_entrepreneur', user, navState: null, stored: null, server: server() })
        .registration.currentStep,
    ).toBe(2);
  });

  it('ignores local data of another account or user type', () => {
    const other = local({ basicInfo: { firstName: 'X', lastName: 'Y', email: 'someone@else.test' } });
    expect(
      resolveRegistration({ userType: 'young_entrepreneur', user, navState: null, stored: other, server: null })
        .registration.currentStep,
    ).toBe(1);
    expect(
      resolveRegistration({ userType: 'school_admin', user, navState: null, stored: local(), server: null })
        .registration,
    ).toMatchObject({
      userType: 'school_admin',
      currentStep: 1,
      totalSteps: 5,
    });
  });

  it('lets the return from the checkout win, even over a newer server draft', () => {
    const back = local({
      userType: 'school_admin',
      currentStep: 4,
      fromSubscriptionCheckout: true,
      transactionRef: 'SBX-1',
      savedAt: undefined,
    });
    const result = resolveRegistration({
      userType: 'school_admin',
      user,
      navState: null,
      stored: back,
      server: server({ userType: 'school_admin', currentStep: 3, updatedAt: '2026-11-23T12:00:00.000Z' }),
    });
    expect(result.registration).toMatchObject({
      currentStep: 4,
      fromSubscriptionCheckout: true,
      transactionRef: 'SBX-1',
    });
  });

  it('reports a submitted application', () => {
    const result = resolveRegistration({
      userType: 'young_entrepreneur',
      user,
      navState: null,
      stored: local(),
      server: server({ status: 'submitted' }),
    });
    expect(result.submitted).toBe(true);
    expect(result.registration.currentStep).toBe(5);
  });

  it("derives a school's packageData from step 2", () => {
    expect(packageDataFor('school_admin', { '2': { packageId: 'advanced' } })).toMatchObject({
      id: 'advanced',
      name: 'Advanced',
      priceCents: 399900,
    });
    expect(packageDataFor('school_admin', { '2': { packageId: 'gold' } })).toBeUndefined();
    expect(packageDataFor('charity', { '2': { packageId: 'advanced' } })).toBeUndefined();
  });
});
