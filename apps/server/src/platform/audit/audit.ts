import { isIPv4, isIPv6 } from 'node:net';
import type { DbExecutor } from '../db/client.ts';
import { auditEvents } from '../db/schema/index.ts';

/**
 * The audit log: who did what, when, from roughly where. Other modules record their own
 * sensitive acts the same way (e.g. reads of child records). Never pass secrets in `details`:
 * no passwords, tokens, or message bodies.
 */
export type TAuditEvent = {
  /** e.g. 'auth.sign_in', 'auth.sign_in_failed', 'user.role_changed'. */
  action: string;
  actorUserId?: string | null;
  /** e.g. 'user:<id>'. */
  target?: string | null;
  /** The client address as the server saw it; stored truncated. */
  ip?: string | null;
  details?: Record<string, unknown>;
};

export type TAuditEventRow = typeof auditEvents.$inferSelect;

const SECRET_KEY = /pass(word)?|token|secret|hash/i;

export async function recordAudit(db: DbExecutor, event: TAuditEvent): Promise<void> {
  await db.insert(auditEvents).values(auditRow(event));
}

/**
 * The row recordAudit stores for `event`: for a statement that writes its audit row in the same
 * round trip as the act it records (the gradebook's save).
 */
export function auditRow(event: TAuditEvent) {
  return {
    // Millisecond precision from here (not the database's microseconds) keeps keyset pages exact.
    at: new Date(),
    action: event.action,
    actorUserId: event.actorUserId ?? null,
    target: event.target ?? null,
    ip: truncateIp(event.ip),
    details: withoutSecrets(event.details ?? {}),
  };
}

/** IPv4 keeps its /24 network, IPv6 its /48: enough to spot a pattern, not to point at a person. */
export function truncateIp(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const mapped = ip.toLowerCase().startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIPv4(mapped)) return mapped.split('.').slice(0, 3).join('.') + '.0';
  if (isIPv6(mapped)) {
    const [head = '', tail = ''] = mapped.toLowerCase().split('::');
    const left = head ? head.split(':') : [];
    const right = tail ? tail.split(':') : [];
    const groups = mapped.includes('::')
      ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
      : left;
    return `${groups
      .slice(0, 3)
      .map((g) => g.replace(/^0+(?=.)/, ''))
      .join(':')}::`;
  }
  return null;
}

function withoutSecrets(details: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(details).filter(([key]) => !SECRET_KEY.test(key)));
}
