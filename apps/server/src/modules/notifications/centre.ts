import { and, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import {
  NOTIFICATION_KINDS,
  notificationDefaults,
  type TNotificationKind,
} from '@sekolo/shared/constants/notifications';
import type { TNotification, TNotificationPreference } from '@sekolo/shared/schemas/communication';
import { COMMUNICATION_MESSAGES as M } from '@sekolo/shared/schemas/communication';
import type { DbExecutor } from '../../platform/db/client.ts';
import { guardians, notificationPreferences, notifications } from '../../platform/db/schema/index.ts';
import { notFound } from '../../platform/http/errors.ts';

/** What the bell shows: in-app notifications only (a kind the user receives only by e-mail is not listed). */
const IN_APP = sql`'in_app' = any(${notifications.channels})`;

export async function unreadCount(db: DbExecutor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), IN_APP));
  return row?.n ?? 0;
}

/** A page of the user's notifications, newest first; `before` is the last id of the previous page. */
export async function listNotifications(
  db: DbExecutor,
  userId: string,
  query: { before?: string; unread?: 'true' | 'false'; limit: number },
): Promise<{ notifications: TNotification[]; unreadCount: number; hasMore: boolean }> {
  let cursor = undefined;
  if (query.before) {
    const [at] = await db
      .select({ createdAt: notifications.createdAt, id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.id, query.before), eq(notifications.userId, userId)));
    if (at)
      cursor = or(
        lt(notifications.createdAt, at.createdAt),
        and(eq(notifications.createdAt, at.createdAt), lt(notifications.id, at.id)),
      );
  }
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        IN_APP,
        query.unread === 'true'
          ? isNull(notifications.readAt)
          : query.unread === 'false'
            ? isNotNull(notifications.readAt)
            : undefined,
        cursor,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit + 1);
  return {
    notifications: rows.slice(0, query.limit).map((n) => ({
      id: n.id,
      kind: n.kind as TNotificationKind,
      title: n.title,
      body: n.body,
      link: n.link,
      createdAt: n.createdAt.toISOString(),
      readAt: n.readAt?.toISOString() ?? null,
    })),
    unreadCount: await unreadCount(db, userId),
    hasMore: rows.length > query.limit,
  };
}

export async function markRead(db: DbExecutor, userId: string, id: string): Promise<number> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) throw notFound(M.notificationNotFound);
  return unreadCount(db, userId);
}

export async function markAllRead(db: DbExecutor, userId: string): Promise<number> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return 0;
}

/** Every kind with the user's channels (their choice, or the kind's defaults), and whether a cell number is known. */
export async function readPreferences(db: DbExecutor, userId: string) {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const [phone] = await db
    .select({ phone: guardians.phone })
    .from(guardians)
    .where(and(eq(guardians.userId, userId), sql`${guardians.phone} <> ''`))
    .limit(1);
  const preferences: TNotificationPreference[] = NOTIFICATION_KINDS.map((k) => {
    const row = rows.find((r) => r.kind === k.id);
    const d = notificationDefaults(k.id);
    return {
      kind: k.id,
      in_app: row?.inApp ?? d.in_app,
      email: row?.email ?? d.email,
      sms: row?.sms ?? d.sms,
    };
  });
  return { preferences, hasPhone: Boolean(phone) };
}

export async function savePreferences(db: DbExecutor, userId: string, preferences: TNotificationPreference[]) {
  for (const p of preferences) {
    await db
      .insert(notificationPreferences)
      .values({ userId, kind: p.kind, inApp: p.in_app, email: p.email, sms: p.sms })
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { inApp: p.in_app, email: p.email, sms: p.sms, updatedAt: sql`now()` },
      });
  }
  return readPreferences(db, userId);
}
