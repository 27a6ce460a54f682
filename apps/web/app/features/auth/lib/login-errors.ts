import { AUTH_MESSAGES } from '@sekolo/shared/schemas/auth-messages';
import { ApiError, isServerFault } from '~/lib/api-client';

/** Spec 8 says the disabled message comes "plus an admin-oriented message"; this is ours. */
export const EMAIL_PASSWORD_DISABLED_ADMIN_MESSAGE =
  'Administrators: e-mail and password sign-in is switched off by the AUTH_EMAIL_PASSWORD setting of the server.';

export type TLoginErrorKind =
  'invalidCredentials' | 'emailNotVerified' | 'emailPasswordDisabled' | 'rateLimited' | 'other';

export interface ILoginError {
  kind: TLoginErrorKind;
  message: string;
}

/** The login error catalogue (spec 8), keyed by the codes of the accounts contract. */
export function describeLoginError(error: unknown): ILoginError {
  if (error instanceof ApiError) {
    // The server's 429 message says how long to wait; keep it.
    if (error.code === 'RATE_LIMITED')
      return { kind: 'rateLimited', message: error.message || AUTH_MESSAGES.rateLimited };
    if (error.code === 'INVALID_EMAIL_OR_PASSWORD')
      return { kind: 'invalidCredentials', message: AUTH_MESSAGES.invalidCredentials };
    if (error.code === 'EMAIL_NOT_VERIFIED')
      return { kind: 'emailNotVerified', message: AUTH_MESSAGES.emailNotVerified };
    if (error.code === 'EMAIL_PASSWORD_DISABLED')
      return { kind: 'emailPasswordDisabled', message: AUTH_MESSAGES.emailPasswordDisabled };
    if (error.code === 'UNAUTHORIZED') return { kind: 'invalidCredentials', message: AUTH_MESSAGES.invalidCredentials };
    // Other refusals and network problems carry a message meant for people; a server fault's is generic.
    if (!isServerFault(error) && error.message) return { kind: 'other', message: error.message };
  }
  return { kind: 'other', message: AUTH_MESSAGES.loginProblem };
}
