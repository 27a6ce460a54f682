/**
 * Accounts: the sign-in and register forms and the requests the server checks with the same rules.
 * Every message lives here once. The register form keeps
 * `z.input<typeof ZSignUpSchema>` values and sends `toSignUpRequest(values)`.
 *
 * The 10 000 most common passwords are refused by the server only (the list is too large for the
 * browser); the server answers 400 PASSWORD_TOO_COMMON with `AUTH_MESSAGES.passwordTooCommon`.
 */

import { z } from 'zod';
import { REGISTRATION_ROLES, type TRegistrationRole } from '../constants/roles.ts';
import { AUTH_MESSAGES, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth-messages.ts';

export {
  AUTH_MESSAGES,
  INVITATION_VALID_DAYS,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './auth-messages.ts';

const M = AUTH_MESSAGES;

/** Length rules every new password meets (sign-up, reset, change). No trimming: spaces count. */
export const ZPasswordSchema = z
  .string({ error: M.missingInformation })
  .min(PASSWORD_MIN_LENGTH, M.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, M.passwordTooLong);

// ---------------------------------------------------------------------------------------------
// Sign in (spec 2.6, 5)

export const ZSignInSchema = z.object({
  email: z.string({ error: M.signInRequired }).trim().min(1, M.signInRequired),
  password: z.string({ error: M.signInRequired }).min(1, M.signInRequired),
  rememberMe: z.boolean().optional(),
});
export type TSignInInput = z.input<typeof ZSignInSchema>;

// ---------------------------------------------------------------------------------------------
// Register (spec 2.8, 5): the form, then the request the server checks

const requiredName = z
  .string({ error: M.missingInformation })
  .trim()
  .min(1, M.missingInformation)
  .max(NAME_MAX_LENGTH, M.nameTooLong);

const ZEmail = z
  .string({ error: M.missingInformation })
  .trim()
  .min(1, M.missingInformation)
  .max(254, M.emailInvalid)
  .toLowerCase()
  .pipe(z.email({ error: M.emailInvalid }));

export const ZRegistrationRoleSchema = z.enum(REGISTRATION_ROLES, { error: M.roleInvalid });

/** The register form: required fields, matching passwords, and the customer's two boxes. */
export const ZSignUpSchema = z
  .object({
    firstName: requiredName,
    lastName: requiredName,
    email: ZEmail,
    password: z.string({ error: M.missingInformation }).min(1, M.missingInformation).pipe(ZPasswordSchema),
    confirmPassword: z.string({ error: M.missingInformation }).min(1, M.missingInformation),
    // '' while no card is chosen: the form keeps the button disabled then (spec 5).
    role: z.union([ZRegistrationRoleSchema, z.literal('')]),
    termsAccepted: z.boolean().optional(),
    privacyAccepted: z.boolean().optional(),
  })
  .superRefine((values, ctx) => {
    if (values.role === '') ctx.addIssue({ code: 'custom', path: ['role'], message: M.missingInformation });
    if (values.confirmPassword && values.password !== values.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: M.passwordMismatch });
    }
    if (values.role === 'customer') {
      if (values.termsAccepted !== true)
        ctx.addIssue({ code: 'custom', path: ['termsAccepted'], message: M.termsRequired });
      if (values.privacyAccepted !== true)
        ctx.addIssue({ code: 'custom', path: ['privacyAccepted'], message: M.privacyRequired });
    }
  });
export type TSignUpInput = z.input<typeof ZSignUpSchema>;
export type TSignUpValues = z.output<typeof ZSignUpSchema>;

/**
 * The body of POST /api/auth/sign-up/email as the server checks it (Better Auth's own fields plus
 * ours). `name` is derived from the two names when empty.
 */
export const ZSignUpRequestSchema = z.object({
  email: ZEmail,
  password: ZPasswordSchema,
  name: z
    .string()
    .trim()
    .max(NAME_MAX_LENGTH * 2 + 1, M.nameTooLong)
    .optional(),
  firstName: requiredName,
  lastName: requiredName,
  role: ZRegistrationRoleSchema,
  rememberMe: z.boolean().optional(),
  callbackURL: z.string().optional(),
});
export type TSignUpRequest = z.input<typeof ZSignUpRequestSchema>;

/** What the register screen sends once its form is valid. */
export function toSignUpRequest(values: TSignUpValues, options: { callbackURL?: string } = {}): TSignUpRequest {
  const role = values.role as TRegistrationRole;
  return {
    email: values.email,
    password: values.password,
    name: `${values.firstName} ${values.lastName}`.trim(),
    firstName: values.firstName,
    lastName: values.lastName,
    role,
    callbackURL: options.callbackURL ?? '/verification',
  };
}

// ---------------------------------------------------------------------------------------------
// Password reset and change, profile

export const ZResetPasswordSchema = z
  .object({
    newPassword: z.string({ error: M.missingInformation }).min(1, M.missingInformation).pipe(ZPasswordSchema),
    confirmPassword: z.string({ error: M.missingInformation }).min(1, M.missingInformation),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: M.passwordMismatch,
  });

export const ZChangePasswordSchema = z
  .object({
    currentPassword: z.string({ error: M.missingInformation }).min(1, M.missingInformation),
    newPassword: z.string({ error: M.missingInformation }).min(1, M.missingInformation).pipe(ZPasswordSchema),
    confirmPassword: z.string({ error: M.missingInformation }).min(1, M.missingInformation),
    revokeOtherSessions: z.boolean().optional(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: M.passwordMismatch,
  });

export const ZForgotPasswordSchema = z.object({ email: ZEmail });

/** POST /api/auth/update-user: the fields a user may change about themselves. */
export const ZUpdateProfileSchema = z.object({
  firstName: requiredName,
  lastName: requiredName,
});

/** Avatars: what POST /api/me/avatar accepts (recognised by content, not by name). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_MESSAGES = {
  tooLarge: 'Please choose a picture of at most 2 MB.',
  wrongType: 'Please choose a PNG, JPEG or WebP picture.',
  missing: 'Please choose a picture to upload.',
} as const;
