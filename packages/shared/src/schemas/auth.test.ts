import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  ZChangePasswordSchema,
  ZSignInSchema,
  ZSignUpRequestSchema,
  ZSignUpSchema,
  toSignUpRequest,
} from './auth.ts';

const validForm = {
  firstName: 'Lerato',
  lastName: 'Molefe',
  email: ' Lerato@Example.test ',
  password: 'a-long-passphrase',
  confirmPassword: 'a-long-passphrase',
  role: 'customer' as const,
  termsAccepted: true,
  privacyAccepted: true,
};

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('ZSignInSchema (spec 5: Login)', () => {
  it('needs both email and password', () => {
    expect(messages(ZSignInSchema.safeParse({ email: '', password: '' }))).toEqual({
      email: 'Please enter both email and password',
      password: 'Please enter both email and password',
    });
    expect(ZSignInSchema.safeParse({ email: 'a@b.co', password: 'x', rememberMe: false }).success).toBe(true);
  });
});

describe('ZSignUpSchema (spec 2.8, 5: Register)', () => {
  it('accepts a complete customer form and normalises the e-mail', () => {
    const parsed = ZSignUpSchema.parse(validForm);
    expect(parsed.email).toBe('lerato@example.test');
    expect(toSignUpRequest(parsed)).toEqual({
      email: 'lerato@example.test',
      password: 'a-long-passphrase',
      name: 'Lerato Molefe',
      firstName: 'Lerato',
      lastName: 'Molefe',
      role: 'customer',
      callbackURL: '/verification',
    });
    expect(ZSignUpRequestSchema.safeParse(toSignUpRequest(parsed)).success).toBe(true);
  });

  it('says "Please fill in all required fields" for missing fields and no role', () => {
    const result = ZSignUpSchema.safeParse({ ...validForm, firstName: ' ', email: '', role: '' });
    expect(messages(result)).toMatchObject({
      firstName: AUTH_MESSAGES.missingInformation,
      email: AUTH_MESSAGES.missingInformation,
      role: AUTH_MESSAGES.missingInformation,
    });
  });

  it('says "Your passwords don\'t match" when they differ', () => {
    expect(messages(ZSignUpSchema.safeParse({ ...validForm, confirmPassword: 'something-else' }))).toEqual({
      confirmPassword: "Your passwords don't match",
    });
  });

  it('asks customers only for the terms and privacy boxes', () => {
    const unticked = { ...validForm, termsAccepted: false, privacyAccepted: false };
    expect(Object.keys(messages(ZSignUpSchema.safeParse(unticked)))).toEqual(['termsAccepted', 'privacyAccepted']);
    expect(ZSignUpSchema.safeParse({ ...unticked, role: 'school_admin' }).success).toBe(true);
  });

  it('applies the password length rules', () => {
    expect(
      messages(ZSignUpSchema.safeParse({ ...validForm, password: 'short', confirmPassword: 'short' })).password,
    ).toBe('Password must be at least 8 characters.');
    const long = 'x'.repeat(129);
    expect(messages(ZSignUpSchema.safeParse({ ...validForm, password: long, confirmPassword: long })).password).toBe(
      'Password must be at most 128 characters.',
    );
  });

  it('refuses roles the register screen does not offer', () => {
    expect(
      ZSignUpRequestSchema.safeParse({ ...toSignUpRequest(ZSignUpSchema.parse(validForm)), role: 'platform_admin' })
        .success,
    ).toBe(false);
  });
});

describe('ZChangePasswordSchema', () => {
  it('needs matching new passwords', () => {
    const result = ZChangePasswordSchema.safeParse({
      currentPassword: 'old-one-123',
      newPassword: 'new-passphrase',
      confirmPassword: 'other',
    });
    expect(messages(result)).toEqual({ confirmPassword: "Your passwords don't match" });
  });
});
