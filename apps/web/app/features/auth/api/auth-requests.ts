/**
 * The Better Auth HTTP endpoints the web app calls (accounts contract). The app does not bundle the
 * better-auth client: public pages stay light and every call goes through `~/lib/api-client`. The
 * account menu on every page imports this module, so the contracts with their schemas (zod) load
 * only when one of their calls is made.
 */
import type { TSignUpRequest } from '@sekolo/shared/schemas/auth';
import { api, callWithForm, call } from '~/lib/api-client';
import { paths } from '~/config/paths';

/** Where the e-mail verification link lands; Better Auth appends `&error=CODE` when the link is bad. */
export const VERIFICATION_CALLBACK_URL = paths.auth.verificationFromLink;

export function signInWithEmail(input: { email: string; password: string; rememberMe: boolean }) {
  return api.post<unknown>('/api/auth/sign-in/email', input);
}

/** Creates the account (customer: active; other roles: applicant); answers alike for a known address and signs no one in. */
export function signUpWithEmail(body: TSignUpRequest) {
  return api.post<unknown>('/api/auth/sign-up/email', body);
}

/** Social sign-in: Better Auth answers with the provider's authorisation URL. */
export function signInWithProvider(provider: 'google' | 'facebook') {
  return api.post<{ url?: string; redirect?: boolean }>('/api/auth/sign-in/social', { provider, callbackURL: '/' });
}

export function signOutRequest() {
  return api.post<unknown>('/api/auth/sign-out', {});
}

export function sendVerificationEmail(email: string) {
  return api.post<unknown>('/api/auth/send-verification-email', { email, callbackURL: VERIFICATION_CALLBACK_URL });
}

export function requestPasswordReset(email: string) {
  return api.post<unknown>('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
}

/** Whether a reset or invitation link still sets a password (asked before the password is typed). */
export async function checkPasswordLink(token: string) {
  const { accountsContracts } = await import('@sekolo/shared/contracts/accounts');
  return call(accountsContracts.checkPasswordLink, { body: { token } });
}

export function resetPassword(input: { newPassword: string; token: string }) {
  return api.post<unknown>('/api/auth/reset-password', input);
}

export function changePassword(input: { currentPassword: string; newPassword: string; revokeOtherSessions: boolean }) {
  return api.post<unknown>('/api/auth/change-password', input);
}

export function revokeOtherSessions() {
  return api.post<unknown>('/api/auth/revoke-other-sessions', {});
}

export function updateUser(input: { firstName: string; lastName: string }) {
  return api.post<unknown>('/api/auth/update-user', { ...input, name: `${input.firstName} ${input.lastName}` });
}

export function deleteUser(password: string) {
  return api.post<unknown>('/api/auth/delete-user', { password });
}

export async function uploadAvatar(file: File) {
  const { accountsContracts } = await import('@sekolo/shared/contracts/accounts');
  const body = new FormData();
  body.append('file', file);
  return callWithForm(accountsContracts.uploadAvatar, body);
}
