import { describe, it, expect } from 'vitest';
import { initials, roleLabel } from './user-display.ts';

describe('roleLabel', () => {
  it("shows 'School Administrator' for school_admin and for a missing role", () => {
    expect(roleLabel('school_admin')).toBe('School Administrator');
    expect(roleLabel()).toBe('School Administrator');
    expect(roleLabel(null)).toBe('School Administrator');
    expect(roleLabel(undefined)).toBe('School Administrator');
    expect(roleLabel('')).toBe('School Administrator');
  });

  it('replaces underscores with spaces and capitalises each word', () => {
    expect(roleLabel('business_partner')).toBe('Business Partner');
    expect(roleLabel('teacher')).toBe('Teacher');
    expect(roleLabel('school_shop_manager')).toBe('School Shop Manager');
    expect(roleLabel('young_entrepreneur')).toBe('Young Entrepreneur');
    expect(roleLabel('platform_admin')).toBe('Platform Admin');
  });
});

describe('initials', () => {
  it("uses the first letters of the full name's first two words", () => {
    expect(initials({ fullName: 'thandi nomvula dlamini', firstName: 'X', lastName: 'Y', email: 'z@x.co.za' })).toBe(
      'TN',
    );
    expect(initials({ fullName: '  Pieter   van Wyk ' })).toBe('PV');
  });

  it('uses one initial for a one-word full name', () => {
    expect(initials({ fullName: 'Sipho', firstName: 'Sipho', lastName: 'Ndlovu' })).toBe('S');
  });

  it('falls back to first and last name', () => {
    expect(initials({ fullName: '', firstName: 'lerato', lastName: 'mokoena', email: 'lm@x.co.za' })).toBe('LM');
    expect(initials({ fullName: '   ', firstName: 'Lerato', lastName: 'Mokoena' })).toBe('LM');
    expect(initials({ fullName: null, firstName: 'Lerato', lastName: 'Mokoena' })).toBe('LM');
  });

  it('needs both first and last name, else falls back to the e-mail prefix', () => {
    expect(initials({ firstName: 'Lerato', email: 'jane.doe@example.com' })).toBe('JA');
    expect(initials({ lastName: 'Mokoena', email: 'kb@example.com' })).toBe('KB');
  });

  it('uses the first two characters of the e-mail prefix, upper-case', () => {
    expect(initials({ email: 'naledi@sekolo.co.za' })).toBe('NA');
    expect(initials({ email: 'x@sekolo.co.za' })).toBe('X');
    expect(initials({ email: 'no-at-sign' })).toBe('NO');
  });

  it("falls back to 'U'", () => {
    expect(initials({})).toBe('U');
    expect(initials({ fullName: null, firstName: null, lastName: null, email: null })).toBe('U');
    expect(initials({ email: '@sekolo.co.za' })).toBe('U');
  });
});
