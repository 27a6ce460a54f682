import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../platform/db/client.ts';
import { auditEvents, users } from '../../platform/db/schema/index.ts';
import { badRequest } from '../../platform/http/errors.ts';

export type TListAuditEventsInput = { limit: number; cursor?: string; action?: string; actorUserId?: string };

/** Newest first, keyset-paginated on (at, id): the log only grows, pages stay stable. */
export async function listAuditEvents(db: DbExecutor, input: TListAuditEventsInput) {
  const conditions: SQL[] = [];
  if (input.action) conditions.push(eq(auditEvents.action, input.action));
  if (input.actorUserId) conditions.push(eq(auditEvents.actorUserId, input.actorUserId));
  if (input.cursor) {
    const { at, id } = decodeCursor(input.cursor);
    conditions.push(or(lt(auditEvents.at, at), and(eq(auditEvents.at, at), lt(auditEvents.id, id)))!);
  }
  const rows = await db
    .select({
      id: auditEvents.id,
      at: auditEvents.at,
      action: auditEvents.action,
      actorUserId: auditEvents.actorUserId,
      actorEmail: users.email,
      target: auditEvents.target,
      ip: auditEvents.ip,
      details: auditEvents.details,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    events: page.map((row) => ({ ...row, at: row.at.toISOString() })),
    nextCursor: rows.length > input.limit && last ? encodeCursor(last.at, last.id) : null,
  };
}

function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(iso ?? '');
  if (!id || Number.isNaN(at.getTime()) || !/^[0-9a-f-]{36}$/.test(id))
    throw badRequest('This page link is not valid.');
  return { at, id };
}
