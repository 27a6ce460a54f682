import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearRegistrationData,
  parseRegistrationData,
  readStepDrafts,
  registrationDataFromState,
  writeStepDrafts,
} from './registration-storage';

const VALID = {
  userType: 'school_admin',
  basicInfo: { firstName: 'Thandi', lastName: 'Nkosi', email: 'thandi@example.test', password: 'secret-password' },
  currentStep: 2,
  totalSteps: 5,
  formData: {},
  stepData: { '1': { registeredName: 'Sunrise' } },
};

describe('registrationData in local storage', () => {
  it('reads valid data and never keeps a password (D5)', () => {
    const result = parseRegistrationData(JSON.stringify(VALID));
    expect(result.status).toBe('ok');
    if (result.status !== 'ok') return;
    expect(result.data.basicInfo).toEqual({ firstName: 'Thandi', lastName: 'Nkosi', email: 'thandi@example.test' });
    expect(JSON.stringify(result.data)).not.toContain('secret-password');
  });

  it('reports missing and unreadable data (spec 2.2: unreadable data goes back to /register)', () => {
    expect(parseRegistrationData(null).status).toBe('missing');
    expect(parseRegistrationData('').status).toBe('missing');
    expect(parseRegistrationData('{not json').status).toBe('unreadable');
    expect(parseRegistrationData(JSON.stringify({ userType: 'school_admin' })).status).toBe('unreadable');
    expect(parseRegistrationData('"just a string"').status).toBe('unreadable');
  });

  it('accepts the same shape as navigation state', () => {
    expect(registrationDataFromState(VALID)?.currentStep).toBe(2);
    expect(registrationDataFromState({ foo: 1 })).toBeNull();
    expect(registrationDataFromState(null)).toBeNull();
  });
});

describe('the unfinished steps of a wizard without an application (the customer, D6)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are kept for one account and user type, and cleared with the registration data', () => {
    const items = new Map<string, string>();
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => items.set(key, value),
        removeItem: (key: string) => items.delete(key),
      },
    });
    const owner = { userType: 'customer', email: 'Lerato@example.test' };
    expect(readStepDrafts(owner)).toEqual({});
    writeStepDrafts(owner, { '1': { displayName: 'Lerato M', phoneNumber: '082' } });
    expect(readStepDrafts({ userType: 'customer', email: 'lerato@example.test' })).toEqual({
      '1': { displayName: 'Lerato M', phoneNumber: '082' },
    });
    expect(readStepDrafts({ userType: 'customer', email: 'someone@example.test' })).toEqual({});
    expect(readStepDrafts({ userType: 'school_admin', email: 'lerato@example.test' })).toEqual({});
    clearRegistrationData();
    expect(readStepDrafts(owner)).toEqual({});
  });
});
