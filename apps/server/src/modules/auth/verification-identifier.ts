import { createHash } from 'node:crypto';

/**
 * How a verification identifier (e.g. `reset-password:<token>`) is stored: its SHA-256 in
 * base64url, so a leaked table holds no usable link. Better Auth is configured with this function
 * (create-auth.ts) and the school's invitations write their rows with it inside their own
 * transaction (account-invitation.ts); one function, so both always agree. It is the same digest
 * as Better Auth's built-in 'hashed' option, so rows stored before keep working.
 */
export function hashVerificationIdentifier(identifier: string): string {
  return createHash('sha256').update(identifier, 'utf8').digest('base64url');
}
