import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A credential the platform must use again (an SMS gateway's password), kept in the database sealed
 * with AES-256-GCM under a key derived from the app secret (AUTH_SECRET, or in development the one
 * generated per database): a copy of the database alone does not give it away, and a changed or
 * swapped value fails to open rather than being used.
 *
 *   sealed:v1:<base64url of 12-byte IV | 16-byte tag | ciphertext>
 *
 * A value without the prefix was stored before sealing: it opens as itself and is sealed the next
 * time it is saved.
 */
const PREFIX = 'sealed:v1:';

function keyOf(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, Buffer.alloc(0), 'sekolo:sealed-secrets', 32));
}

export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}

/** Seals `plain`; the empty string (no credential) stays empty. */
export function sealSecret(plain: string, appSecret: string): string {
  if (plain === '') return '';
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** Opens what sealSecret stored; throws when it was sealed under another secret or altered. */
export function openSecret(stored: string, appSecret: string): string {
  if (!isSealed(stored)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
