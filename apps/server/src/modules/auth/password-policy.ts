import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@sekolo/shared/schemas/auth';
import { isCommonPassword } from './common-passwords.ts';

export type TPasswordProblem = {
  code: 'PASSWORD_TOO_SHORT' | 'PASSWORD_TOO_LONG' | 'PASSWORD_TOO_COMMON';
  message: string;
};

/**
 * The rules every new password meets: 8 to 128 characters, counted as typed (no
 * trimming, no truncation: scrypt hashes the whole string), and not one of the 10 000 most common.
 */
export function checkNewPassword(password: unknown): TPasswordProblem | null {
  const value = typeof password === 'string' ? password : '';
  if (value.length < PASSWORD_MIN_LENGTH)
    return { code: 'PASSWORD_TOO_SHORT', message: AUTH_MESSAGES.passwordTooShort };
  if (value.length > PASSWORD_MAX_LENGTH) return { code: 'PASSWORD_TOO_LONG', message: AUTH_MESSAGES.passwordTooLong };
  if (isCommonPassword(value)) return { code: 'PASSWORD_TOO_COMMON', message: AUTH_MESSAGES.passwordTooCommon };
  return null;
}
