import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TConfig } from '../../../platform/config/env.ts';
import type { Database } from '../../../platform/db/client.ts';
import { resolveAuthSecret } from '../../auth/index.ts';

/**
 * A ticket's QR code holds `<ticket id>.<signature>`: an HMAC-SHA256 (128 bits, base64url) of the
 * id under a key derived from the server's secret. It names the ticket and nothing about the
 * person; a changed character makes it invalid. Door phones never hold the key: they compare a
 * scan with the event's tokens downloaded from the server.
 */
const keys = new WeakMap<TConfig, Promise<Buffer>>();
function ticketKey(config: TConfig, db: Database): Promise<Buffer> {
  let key = keys.get(config);
  if (!key) {
    key = resolveAuthSecret(config, db).then((secret) =>
      createHmac('sha256', secret).update('sekolo:events:ticket-tokens').digest(),
    );
    keys.set(config, key);
  }
  return key;
}

const sign = (key: Buffer, ticketId: string) =>
  createHmac('sha256', key).update(`ticket:${ticketId}`).digest().subarray(0, 16).toString('base64url');

export type TTicketSigner = {
  tokenOf(ticketId: string): string;
  /** The ticket id a token names, or null when the token is not one this server signed. */
  ticketIdOf(token: string): string | null;
};

export async function ticketSigner(config: TConfig, db: Database): Promise<TTicketSigner> {
  const key = await ticketKey(config, db);
  return {
    tokenOf: (ticketId) => `${ticketId}.${sign(key, ticketId)}`,
    ticketIdOf(token) {
      const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{22})$/.exec(token.trim());
      if (!match) return null;
      const expected = Buffer.from(sign(key, match[1]!));
      const given = Buffer.from(match[2]!);
      return expected.length === given.length && timingSafeEqual(expected, given) ? match[1]! : null;
    },
  };
}

// Crockford base32 without I, L, O, U: easy to read out and type at the door.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
function code(prefix: string, length: number): string {
  let out = '';
  for (const byte of randomBytes(length)) out += ALPHABET[byte % 32];
  return `${prefix}-${out}`;
}
/** A ticket's code, printed under its QR code and typed at the door when the code will not scan. */
export const newTicketCode = () => code('T', 8);
export const newTicketOrderReference = () => code('EV', 8);

/** A typed code as the database keeps it: upper case, the look-alike letters read as digits. */
export function normaliseTicketCode(value: string): string | null {
  const cleaned = value.trim().toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  const match = /^T([0-9A-HJKMNP-TV-Z]{8})$/.exec(cleaned);
  return match ? `T-${match[1]}` : null;
}
