import { describe, expect, it } from 'vitest';
import { commonPasswordCount, isCommonPassword } from './common-passwords.ts';
import { checkNewPassword } from './password-policy.ts';

describe('the common-password list', () => {
  it('holds the 10 000 most common passwords, compared without case', () => {
    expect(commonPasswordCount()).toBe(10_000);
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('PassWord123')).toBe(true);
    expect(isCommonPassword('river-stone-lantern-88')).toBe(false);
  });
});

describe('checkNewPassword', () => {
  it('accepts 8 to 128 characters that are not common', () => {
    expect(checkNewPassword('zq8!vbn3')).toBeNull();
    expect(checkNewPassword('k'.repeat(127) + '7')).toBeNull();
  });

  it('counts spaces and refuses what is too short, too long or too common', () => {
    // Eight characters counting the spaces: accepted as typed, never trimmed.
    expect(checkNewPassword('  xq7b2 ')).toBeNull();
    expect(checkNewPassword('  xq7b2')?.code).toBe('PASSWORD_TOO_SHORT');
    expect(checkNewPassword('abc1234')).toEqual({
      code: 'PASSWORD_TOO_SHORT',
      message: 'Password must be at least 8 characters.',
    });
    expect(checkNewPassword('a'.repeat(129))).toEqual({
      code: 'PASSWORD_TOO_LONG',
      message: 'Password must be at most 128 characters.',
    });
    expect(checkNewPassword('sunshine1')).toEqual({
      code: 'PASSWORD_TOO_COMMON',
      message: 'This password is too common. Please choose another.',
    });
    expect(checkNewPassword(undefined)?.code).toBe('PASSWORD_TOO_SHORT');
  });
});
