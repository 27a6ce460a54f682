import { createHash, randomBytes } from 'node:crypto';

/** Confirm links work this long; unsubscribe links never expire (they sit in old mail). */
export const CONFIRM_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Only the hash is stored; the raw token exists in the mail and nowhere else. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** 32 random bytes, base64url (safe in a URL as is), and its hash. */
export function createToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function newsletterLinks(publicUrl: string, tokens: { confirm: string; unsubscribe: string }) {
  return {
    confirmUrl: `${publicUrl}/newsletter/confirm?token=${tokens.confirm}`,
    unsubscribeUrl: `${publicUrl}/newsletter/unsubscribe?token=${tokens.unsubscribe}`,
  };
}
