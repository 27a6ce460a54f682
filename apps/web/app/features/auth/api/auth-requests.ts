/**
 * The Better Auth HTTP endpoints the web app calls (auth contracts), and our accounts endpoints
 * beside them. The app does not bundle the better-auth client: public pages stay light and every
 * call goes through `~/lib/api-client`. The sign-in page and the account menu on every page import
 * this module, so it names Better Auth's contracts by reference (their types, not their schemas)
 * and imports the accounts contracts, with their schemas (zod), only when one of their calls is made.
 */
import type { authContracts } from '@sekolo/shared/contracts/auth';
import { contractRef } from '@sekolo/shared/contracts/contract';
import type { TSignUpRequest } from '@sekolo/shared/schemas/auth';
import { callWithForm, call } from '~/lib/api-client';
import { paths } from '~/config/paths';

type TAuth = typeof authContracts;

const AUTH = {
  signInEmail: contractRef<TAuth['signInEmail']>('POST', '/api/auth/sign-in/email'),
  signUpEmail: contractRef<TAuth['signUpEmail']>('POST', '/api/auth/sign-up/email'),
  signInSocial: contractRef<TAuth['signInSocial']>('POST', '/api/auth/sign-in/social'),
  signOut: contractRef<TAuth['signOut']>('POST', '/api/auth/sign-out'),
  sendVerificationEmail: contractRef<TAuth['sendVerificationEmail']>('POST', '/api/auth/send-verification-email'),
  requestPasswordReset: contractRef<TAuth['requestPasswordReset']>('POST', '/api/auth/request-password-reset'),
  resetPassword: contractRef<TAuth['resetPassword']>('POST', '/api/auth/reset-password'),
  changePassword: contractRef<TAuth['changePassword']>('POST', '/api/auth/change-password'),
  revokeOtherSessions: contractRef<TAuth['revokeOtherSessions']>('POST', '/api/auth/revoke-other-sessions'),
  updateUser: contractRef<TAuth['updateUser']>('POST', '/api/auth/update-user'),
  deleteUser: contractRef<TAuth['deleteUser']>('POST', '/api/auth/delete-user'),
};

/** Where the e-mail verification link lands; Better Auth appends `&error=CODE` when the link is bad. */
export const VERIFICATION_CALLBACK_URL = paths.auth.verificationFromLink;

export function signInWithEmail(body: { email: string; password: string; rememberMe: boolean }) {
  return call(AUTH.signInEmail, { body });
}

/** Creates the account (customer: active; other roles: applicant); answers alike for a known address and signs no one in. */
export function signUpWithEmail(body: TSignUpRequest) {
  return call(AUTH.signUpEmail, { body });
}

/** Social sign-in: Better Auth answers with the provider's authorisation URL. */
export function signInWithProvider(provider: 'google' | 'facebook') {
  return call(AUTH.signInSocial, { body: { provider, callbackURL: paths.home } });
}

export function signOutRequest() {
  return call(AUTH.signOut, { body: {} });
}

export function sendVerificationEmail(email: string) {
  return call(AUTH.sendVerificationEmail, { body: { email, callbackURL: VERIFICATION_CALLBACK_URL } });
}

export function requestPasswordReset(email: string) {
  return call(AUTH.requestPasswordReset, { body: { email, redirectTo: paths.auth.resetPassword } });
}

/** Whether a reset or invitation link still sets a password (asked before the password is typed). */
export async function checkPasswordLink(token: string) {
  const { accountsContracts } = await import('@sekolo/shared/contracts/accounts');
  return call(accountsContracts.checkPasswordLink, { body: { token } });
}

export function resetPassword(body: { newPassword: string; token: string }) {
  return call(AUTH.resetPassword, { body });
}

export function changePassword(body: { currentPassword: string; newPassword: string; revokeOtherSessions: boolean }) {
  return call(AUTH.changePassword, { body });
}

export function revokeOtherSessions() {
  return call(AUTH.revokeOtherSessions, { body: {} });
}

export function updateUser(input: { firstName: string; lastName: string }) {
  return call(AUTH.updateUser, { body: { ...input, name: `${input.firstName} ${input.lastName}` } });
}

export function deleteUser(password: string) {
  return call(AUTH.deleteUser, { body: { password } });
}

export async function uploadAvatar(file: File) {
  const { accountsContracts } = await import('@sekolo/shared/contracts/accounts');
  const body = new FormData();
  body.append('file', file);
  return callWithForm(accountsContracts.uploadAvatar, body);
}
