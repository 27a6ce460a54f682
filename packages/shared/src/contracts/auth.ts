import { z } from 'zod';
import { ZPasswordSchema, ZSignUpRequestSchema } from '../schemas/auth.ts';
import { NAME_MAX_LENGTH } from '../schemas/auth-messages.ts';
import { contract } from './contract.ts';

/**
 * The user Better Auth answers with. It sends more fields than these (timestamps, our additional
 * fields); the web reads none of them.
 */
const ZAuthUser = z.looseObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.string().nullish(),
  emailVerified: z.boolean(),
});

/** `{ status: true }`: Better Auth's answer to a request that only succeeds or fails. */
const ZDone = z.object({ status: z.boolean() });
/** A path on this site (the server refuses any other place to come back to). */
const ZSitePath = z.string().regex(/^\/(?![/\\])/);
const ZEmail = z.email().max(254);

/**
 * Better Auth's endpoints the web calls, mounted at /api/auth/* as one handler (modules/auth):
 * Better Auth checks the requests itself, and the server adds its limits, the common-password
 * check and the sign-up answer. These contracts describe the requests and answers as the web
 * sends and reads them; the session token Better Auth puts in some answers never leaves the server.
 */
export const authContracts = {
  signInEmail: contract({
    method: 'POST',
    path: '/api/auth/sign-in/email',
    body: z.object({ email: z.string().min(1), password: z.string().min(1), rememberMe: z.boolean().optional() }),
    response: z.object({ redirect: z.boolean(), url: z.string().optional(), user: ZAuthUser }),
  }),
  /** The same answer for a new address and for one that has an account (nobody is signed in). */
  signUpEmail: contract({
    method: 'POST',
    path: '/api/auth/sign-up/email',
    body: ZSignUpRequestSchema,
    response: z.object({ status: z.literal(true), message: z.string() }),
  }),
  /** The provider's authorisation URL to go to. */
  signInSocial: contract({
    method: 'POST',
    path: '/api/auth/sign-in/social',
    body: z.object({ provider: z.enum(['google', 'facebook']), callbackURL: ZSitePath }),
    response: z.object({ url: z.string().optional(), redirect: z.boolean() }),
  }),
  signOut: contract({
    method: 'POST',
    path: '/api/auth/sign-out',
    body: z.object({}),
    response: z.object({ success: z.boolean() }),
  }),
  sendVerificationEmail: contract({
    method: 'POST',
    path: '/api/auth/send-verification-email',
    body: z.object({ email: ZEmail, callbackURL: ZSitePath }),
    response: ZDone,
  }),
  /** The same answer whether or not the address has an account. */
  requestPasswordReset: contract({
    method: 'POST',
    path: '/api/auth/request-password-reset',
    body: z.object({ email: ZEmail, redirectTo: ZSitePath }),
    response: z.object({ status: z.boolean(), message: z.string() }),
  }),
  resetPassword: contract({
    method: 'POST',
    path: '/api/auth/reset-password',
    body: z.object({ newPassword: ZPasswordSchema, token: z.string().min(1) }),
    response: ZDone,
  }),
  changePassword: contract({
    method: 'POST',
    path: '/api/auth/change-password',
    body: z.object({
      currentPassword: z.string().min(1),
      newPassword: ZPasswordSchema,
      revokeOtherSessions: z.boolean(),
    }),
    response: z.object({ user: ZAuthUser }),
  }),
  revokeOtherSessions: contract({
    method: 'POST',
    path: '/api/auth/revoke-other-sessions',
    body: z.object({}),
    response: ZDone,
  }),
  updateUser: contract({
    method: 'POST',
    path: '/api/auth/update-user',
    body: z.object({
      firstName: z.string().min(1).max(NAME_MAX_LENGTH),
      lastName: z.string().min(1).max(NAME_MAX_LENGTH),
      name: z.string().max(NAME_MAX_LENGTH * 2 + 1),
    }),
    response: ZDone,
  }),
  deleteUser: contract({
    method: 'POST',
    path: '/api/auth/delete-user',
    body: z.object({ password: z.string().min(1) }),
    response: z.object({ success: z.boolean(), message: z.string() }),
  }),
};
