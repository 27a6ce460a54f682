/**
 * The accounts' limits and messages (schemas/auth.ts re-exports them), without zod: the sign-in
 * page shows these messages and checks only that both fields are filled in, so it does not load
 * the schema library.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
/** How long the set-password link of a school's invitation works, in days. */
export const INVITATION_VALID_DAYS = 7;

export const AUTH_MESSAGES = {
  // Spec 5 (Login) and 8 (error catalogue), verbatim.
  signInRequired: 'Please enter both email and password',
  invalidCredentials: 'Invalid email or password. Please try again.',
  emailNotVerified: 'Please verify your email address before logging in.',
  emailPasswordDisabled: 'Email/password login is currently disabled in the system configuration.',
  loginProblem: 'There was a problem logging in.',
  // Spec 5 (Register), verbatim: toast titles and their messages.
  missingInformationTitle: 'Missing information',
  missingInformation: 'Please fill in all required fields',
  passwordMismatchTitle: 'Password mismatch',
  passwordMismatch: "Your passwords don't match",
  registrationFailed: 'There was a problem with your registration.',
  // Ours: the spec shows no password length rule (8..128 and the common-password list are ours).
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`,
  passwordTooCommon: 'This password is too common. Please choose another.',
  emailInvalid: 'Please enter a valid email address',
  roleInvalid: 'Please choose one of the offered roles.',
  nameTooLong: `Please keep names under ${NAME_MAX_LENGTH} characters.`,
  termsRequired: 'Please accept the Terms of Service to continue.',
  privacyRequired: 'Please accept the Privacy Policy to continue.',
  rateLimited: 'Too many attempts. Please wait a few minutes before trying again.',
} as const;
