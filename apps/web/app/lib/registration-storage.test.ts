import { describe, expect, it } from 'vitest';
import { parseRegistrationData, registrationDataFromState } from './registration-storage';

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
