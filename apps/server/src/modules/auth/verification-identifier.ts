import { createHash } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/client.ts';
import { authVerifications } from '../../platform/db/schema/index.ts';

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

/**
 * Whether a password link's token (a reset the user asked for, or a school's invitation) still
 * sets a password: its row is there and not past its time. The page asks before the password is
 * typed, so a used or expired link says so at once.
 */
export async function passwordLinkOpen(db: DbExecutor, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: authVerifications.id })
    .from(authVerifications)
    .where(
      and(
        eq(authVerifications.identifier, hashVerificationIdentifier(`reset-password:${token}`)),
        gt(authVerifications.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return Boolean(row);
}
